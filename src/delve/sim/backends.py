"""Where simulated games are played: in this process, in worker processes, or on a Ray cluster.

Why three backends behind one function: a quick check runs sequentially (easy to debug), a
large run uses every core of the machine (``ProcessPoolExecutor``), and a very large one a Ray
cluster (``--ray ADDRESS``; Ray is an optional extra, imported only when asked for). Every
backend plays the same tasks (batches of whole games, see ``runner.batches``) with the same
per-game seeds and returns the summaries sorted by game index, so the results are identical
whichever backend played them.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from delve.sim.runner import SimConfig, batches, play_batch

Progress = Callable[[int], None]  # called with the number of games just finished
BACKENDS = ("sequential", "processes", "ray")


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _batch_size(games: int, workers: int) -> int:
    """Small enough to keep every worker busy to the end, big enough to amortise start-up."""
    return max(1, min(25, games // max(1, workers * 4) or 1))


@contextmanager
def frozen_heap() -> Iterator[None]:
    """While a run plays, keep the collector off what was alive when it started.

    Why: a game allocates containers fast, so the collector runs often, and each of its full
    collections walks every long-lived object (the content pack, the rules and AI modules: about
    a hundred thousand) although none of them becomes garbage during the run. Collected once and
    frozen (``gc.freeze``), they are skipped; games' own cycles are collected as before. Frozen
    before the workers fork, they also stay shared with them (no copy-on-write from the
    collector's bookkeeping). Measured: 2.3% of the CPU of AI-vs-AI tutorial games
    (``bench/frozen_heap_bench.py``, docs/performance.md). The objects are unfrozen after the
    run, so a long-lived process (a notebook) loses nothing; a process that froze objects itself
    is left as it is."""
    if gc.get_freeze_count():
        yield
        return
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def run_sequential(config: SimConfig, progress: Progress | None = None) -> list[dict[str, Any]]:
    """Play every game in this process, one batch at a time."""
    out: list[dict[str, Any]] = []
    warm(config)
    with frozen_heap():
        for batch in batches(config.games, _batch_size(config.games, 1)):
            done = play_batch(config, batch)
            out.extend(done)
            if progress:
                progress(len(done))
    return out


def warm(config: SimConfig) -> None:
    """Load the content pack and the player modules in this process before workers start.

    Why: worker processes are forked (Linux), so whatever the parent has loaded they share for
    free; otherwise each worker parses the pack's YAML again and imports every rules module
    (about 2-3 s of CPU each), which for short runs cost more than the second core gained."""
    from delve.api import GameSetup, new_game
    from delve.sim.runner import check_players

    check_players(config)
    try:  # the pack, the quest's map and every rules module, as a game of this run needs them
        new_game(GameSetup(ruleset=config.ruleset, quest=config.quest, pack=config.pack), transactional=False)
    except Exception:  # the games themselves report what is wrong, with their seeds
        return


def run_processes(config: SimConfig, workers: int | None = None,
                  progress: Progress | None = None) -> list[dict[str, Any]]:
    """Play the batches in worker processes (all cores by default)."""
    workers = workers or default_workers()
    if workers <= 1:
        return run_sequential(config, progress)
    warm(config)
    out: list[dict[str, Any]] = []
    with frozen_heap(), ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_batch, config, batch)
                   for batch in batches(config.games, _batch_size(config.games, workers))]
        for future in as_completed(futures):
            done = future.result()
            out.extend(done)
            if progress:
                progress(len(done))
    return sorted(out, key=lambda s: s["index"])


def ray_connect(address: str) -> tuple[Any, int]:
    """The ``ray`` module, connected to the cluster at ``address`` ("local" starts one here), and
    the cluster's CPU count (also used by the workbench's balance jobs, ``delve.workbench.jobs``)."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("Ray is not installed: pip install 'delve[ray]'") from None
    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    return ray, int(ray.cluster_resources().get("CPU", 1))


def run_ray(config: SimConfig, address: str, progress: Progress | None = None) -> list[dict[str, Any]]:
    """Play the batches as Ray tasks on the cluster at ``address`` ("local" starts one here)."""
    ray, cpus = ray_connect(address)
    remote_batch = ray.remote(play_batch)
    pending = [remote_batch.remote(config, batch) for batch in batches(config.games, _batch_size(config.games, cpus))]
    out: list[dict[str, Any]] = []
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        done = ray.get(ready[0])
        out.extend(done)
        if progress:
            progress(len(done))
    return sorted(out, key=lambda s: s["index"])


def run(config: SimConfig, *, backend: str = "processes", workers: int | None = None, ray_address: str = "",
        progress: Progress | None = None) -> list[dict[str, Any]]:
    """Play ``config.games`` games on the chosen backend; summaries sorted by game index."""
    if backend == "sequential":
        return run_sequential(config, progress)
    if backend == "processes":
        return run_processes(config, workers, progress)
    if backend == "ray":
        return run_ray(config, ray_address or "local", progress)
    raise ValueError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
