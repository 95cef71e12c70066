"""Balance jobs: many AI-against-AI games of a draft, queued and played by niced worker processes.

Why a pool of its own, niced, one job at a time: the table's processes answer people at the
table, and a designer's 500-game run must never make their moves slow. The games run in separate
worker processes started with a low priority (``os.nice``), so the system scheduler gives the
table's processes the processors first; one job runs at a time and the others wait in a queue;
each person (client address) may have only a few jobs queued or running. A job is played one game
per task, so a cancel stops it after the games already running, and progress counts whole games.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from delve.sim.runner import SimConfig, play_batch, replay
from delve.workbench.balance import balance_result, comparison

log = logging.getLogger("delve.workbench")
ACTIVE = ("queued", "running")


class JobLimit(RuntimeError):
    """A person has as many balance jobs waiting or running as allowed."""


def _lower_priority(niceness: int) -> None:
    """Worker process start: yield the processors to the table's processes."""
    with contextlib.suppress(OSError):  # not permitted here: run at the ordinary priority
        os.nice(niceness)


@dataclass
class Job:
    """One balance run and what it has found so far."""

    id: str
    user: str
    quest: str
    config: SimConfig
    status: str = "queued"
    summaries: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    previous: str | None = None  # the job of the same quest finished before this one
    result: dict[str, Any] | None = None  # cached once the job has ended
    created: float = field(default_factory=time.time)


class PoolGames:
    """A job's games as tasks of the niced worker pool."""

    def __init__(self, pool: ProcessPoolExecutor, workers: int) -> None:
        self.pool = pool
        self.slots = 2 * workers

    def submit(self, config: SimConfig, index: int) -> Future[list[dict[str, Any]]]:
        return self.pool.submit(play_batch, config, [index])

    @staticmethod
    def wait(pending: set[Any]) -> set[Any]:
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        return done

    @staticmethod
    def result(handle: Any) -> list[dict[str, Any]]:
        played: list[dict[str, Any]] = handle.result()
        return played

    @staticmethod
    def cancel(handle: Any) -> None:
        handle.cancel()


class RayGames:
    """A job's games as tasks on a Ray cluster (``DELVE_BALANCE_RAY``): the cluster's machines, not
    the table's, play them."""

    def __init__(self, address: str) -> None:
        from delve.sim.backends import ray_connect

        self.ray, cpus = ray_connect(address)
        self.remote = self.ray.remote(play_batch)
        self.slots = 2 * cpus

    def submit(self, config: SimConfig, index: int) -> Any:
        return self.remote.remote(config, [index])

    def wait(self, pending: set[Any]) -> list[Any]:
        ready, _ = self.ray.wait(list(pending), num_returns=1)
        return list(ready)

    def result(self, handle: Any) -> list[dict[str, Any]]:
        played: list[dict[str, Any]] = self.ray.get(handle)
        return played

    def cancel(self, handle: Any) -> None:
        self.ray.cancel(handle)


class BalanceJobs:
    """The queue of balance jobs and the worker processes that play them."""

    def __init__(self, *, workers: int = 1, per_user: int = 2, niceness: int = 15, kept: int = 100,
                 new_id: Callable[[], str] = lambda: secrets.token_hex(8), ray_address: str = "") -> None:
        self.workers = max(1, workers)
        self.per_user = per_user
        self.niceness = niceness
        self.kept = kept  # finished jobs kept for polling and comparison
        self.new_id = new_id  # behind the worker router: an id of this worker's shard, routed like a game's
        self.ray_address = ray_address  # when set, the games run as tasks on that Ray cluster instead
        self._jobs: dict[str, Job] = {}
        self._queue: deque[str] = deque()
        self._last: dict[str, str] = {}  # quest id -> its last finished job
        self._lock = threading.Condition()
        self._pool: ProcessPoolExecutor | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

    # -- requests --

    def submit(self, user: str, quest: str, config: SimConfig) -> Job:
        """Queue a job; ``JobLimit`` when the person already has ``per_user`` jobs waiting or running."""
        with self._lock:
            mine = sum(1 for j in self._jobs.values() if j.user == user and j.status in ACTIVE)
            if mine >= self.per_user:
                raise JobLimit(f"at most {self.per_user} balance runs at once; wait for one or cancel it")
            job = Job(id=self.new_id(), user=user, quest=quest, config=config)
            self._jobs[job.id] = job
            self._queue.append(job.id)
            self._forget_old()
            self._start()
            self._lock.notify_all()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Stop a job: a queued one never starts, a running one stops after its games in progress."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is not None and job.status in ACTIVE:
                if job.id in self._queue:
                    self._queue.remove(job.id)
                job.status = "cancelled"
                self._lock.notify_all()
            return job

    def view(self, job: Job) -> dict[str, Any]:
        """The job as the workbench page polls it (docs/workbench.md)."""
        with self._lock:
            summaries = list(job.summaries)
            status = job.status
            position = list(self._queue).index(job.id) + 1 if job.id in self._queue else 0
            previous = self._jobs.get(job.previous) if job.previous else None
        result = job.result if job.result is not None else (balance_result(summaries, job.config)
                                                            if summaries else None)
        compared = None
        if result is not None and previous is not None and previous.result is not None:
            compared = comparison(previous.result, result, previous.id)
        return {"job": job.id, "status": status, "quest": job.quest, "done": len(summaries),
                "games": job.config.games, "position": position, "result": result, "comparison": compared,
                "error": job.error}

    def close(self) -> None:
        """Stop the dispatcher and the workers (the server is shutting down)."""
        with self._lock:
            self._closed = True
            for job in self._jobs.values():
                if job.status in ACTIVE:
                    job.status = "cancelled"
            self._lock.notify_all()
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    # -- the dispatcher --

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="delve-balance", daemon=True)
            self._thread.start()

    def _forget_old(self) -> None:
        ended = [j for j in self._jobs.values() if j.status not in ACTIVE]
        for job in sorted(ended, key=lambda j: j.created)[: max(0, len(ended) - self.kept)]:
            del self._jobs[job.id]

    def _pool_now(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_lower_priority, initargs=(self.niceness,))
        return self._pool

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._queue and not self._closed:
                    self._lock.wait()
                if self._closed:
                    return
                job = self._jobs[self._queue.popleft()]
                job.status = "running"
                job.previous = self._last.get(job.quest)
                pool = self._pool_now()
            try:
                self._play(job, RayGames(self.ray_address) if self.ray_address else PoolGames(pool, self.workers))
            except Exception as exc:  # a broken pool or pack: the job says so; the queue goes on
                log.exception("balance job failed", extra={"job": job.id})
                with self._lock:
                    job.status, job.error = "failed", f"{type(exc).__name__}: {exc}"
                    self._pool = None
            with self._lock:
                if job.status == "running":
                    job.status = "done"
                    self._last[job.quest] = job.id
                if job.summaries:
                    job.result = balance_result(list(job.summaries), job.config)

    def _play(self, job: Job, games: PoolGames | RayGames) -> None:
        """Keep only a few games queued at once, so a cancel takes effect after the games in
        progress and a replay (``replay``) waits for at most those."""
        indices = iter(range(job.config.games))
        pending: set[Any] = set()

        def fill() -> None:
            while len(pending) < games.slots and job.status == "running":
                index = next(indices, None)
                if index is None:
                    return
                pending.add(games.submit(job.config, index))

        fill()
        try:
            while pending:
                for handle in games.wait(pending):
                    pending.discard(handle)
                    played = games.result(handle)
                    with self._lock:
                        if job.status == "running":
                            job.summaries.extend(played)
                if job.status != "running":
                    break
                fill()
        finally:
            for handle in pending:
                games.cancel(handle)
        with self._lock:
            job.summaries.sort(key=lambda s: s["index"])

    def replay(self, job: Job, seed: int) -> Future[list[tuple[str, str]]]:
        """Play one game of ``job`` again in the worker pool: its accepted choices, in order."""
        with self._lock:
            pool = self._pool_now()
        return pool.submit(replay_choices, job.config, seed)


def replay_choices(config: SimConfig, seed: int) -> list[tuple[str, str]]:
    """The choices of the game of ``seed`` (run in a worker process)."""
    _, game = replay(config, seed)
    return [(record.seat, record.choice) for record in game.state.history] if game is not None else []
