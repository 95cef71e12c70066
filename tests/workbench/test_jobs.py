"""Balance jobs: niced worker processes, a queue, a limit per person, cancel."""

from __future__ import annotations

import importlib.util
import multiprocessing
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from delve.sim.runner import SimConfig
from delve.workbench.jobs import BalanceJobs, JobLimit
from delve.workbench.model import Draft
from delve.workbench.packs import write_pack

Rooms = Callable[[], dict[str, Any]]  # the draft JSON maker (the fixture ``rooms``)


def test_jobs_run_in_niced_workers_one_at_a_time(tmp_path: Path, rooms: Rooms) -> None:
    write_pack(tmp_path, Draft.model_validate(rooms()))
    config = SimConfig(quest="two-rooms", games=2, pack=str(tmp_path))
    jobs = BalanceJobs(workers=1, per_user=2, niceness=7)
    try:
        first = jobs.submit("alice", "two-rooms", config)
        queued = jobs.submit("alice", "two-rooms", config)
        with pytest.raises(JobLimit):
            jobs.submit("alice", "two-rooms", config)
        other = jobs.submit("bob", "two-rooms", config)  # the limit is per person
        assert jobs.view(queued)["position"] >= 1
        assert jobs.cancel(queued.id) is not None and jobs.view(queued)["status"] == "cancelled"
        end = time.monotonic() + 240
        while jobs.view(other)["status"] != "done" and time.monotonic() < end:
            time.sleep(0.1)
        assert jobs.view(first)["status"] == "done" and jobs.view(first)["done"] == 2
        assert jobs.view(other)["comparison"]["previous_job"] == first.id
        assert jobs.view(queued)["done"] == 0  # cancelled while queued: never played
        workers = multiprocessing.active_children()
        assert workers and all(os.getpriority(os.PRIO_PROCESS, w.pid) >= 7 for w in workers if w.pid)
    finally:
        jobs.close()


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (optional extra)")
@pytest.mark.skipif(not os.environ.get("DELVE_RAY_TESTS"), reason="starts a local Ray instance (~30 s): "
                    "set DELVE_RAY_TESTS=1 to run it")
def test_a_job_on_a_ray_cluster_gives_the_same_games(  # pragma: no cover - optional
        tmp_path: Path, rooms: Rooms) -> None:
    write_pack(tmp_path, Draft.model_validate(rooms()))
    config = SimConfig(quest="two-rooms", games=2, pack=str(tmp_path))
    results = []
    for address in ("", "local"):
        jobs = BalanceJobs(ray_address=address)
        try:
            job = jobs.submit("alice", "two-rooms", config)
            end = time.monotonic() + 300
            while jobs.view(job)["status"] in ("queued", "running") and time.monotonic() < end:
                time.sleep(0.2)
            results.append([(s["seed"], s["winner"], s["rounds"]) for s in job.summaries])
        finally:
            jobs.close()
    import ray

    ray.shutdown()  # the local instance's helper processes leave with it
    assert results[0] == results[1] and len(results[0]) == 2
