"""Reachability before and after issue 18, in one run, in CPU time (process_time).

"before" is the search as it was (bench/reach_reference.py: eager Reach objects keyed by
pydantic footprints), "after" is ``delve.board.movement.reachable`` (flat indices, Reach made
on read). Each is timed answering alone, reading every cost (as ``move_choices`` does), and
reading one path (as ``start_move`` does). Same board and queries as bench/board_bench.py.

Run: PYTHONPATH=src .venv/bin/python bench/reach_bench.py [--quick]
Figures: docs/performance.md ("Issue 18: lean reachability").
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping

from board_bench import setup  # bench/ is on sys.path
from delve.board.geometry import Footprint
from delve.board.movement import Reach, reachable
from reach_reference import reference_reachable

Search = Callable[..., Mapping[Footprint, Reach]]


def cpu_us(fn: Callable[[], object], n: int) -> float:
    """CPU microseconds per call, best of three rounds of n calls."""
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for _ in range(n):
            fn()
        best = min(best, time.process_time() - t0)
    return best / n * 1e6


def main() -> None:
    quick = "--quick" in sys.argv
    rng, board, spaces, figures = setup()
    enemies = figures[:6]
    starts = [Footprint.single(rng.choice(spaces)) for _ in range(300 if quick else 2000)]
    for p in spaces:  # fill the lazily built step rows, so both columns are steady-state
        reachable(board, Footprint.single(p), 1, (), ())

    def run(search: Search, budget: int, read: str) -> Callable[[], None]:
        it = iter(starts * 3)

        def one() -> None:
            start = next(it)
            found = search(board, start, budget, enemies, figures)
            if read == "costs":
                sorted(found.items(), key=lambda item: (item[1].cost, item[0].y, item[0].x))
            elif read == "cost_pairs":  # as move_choices reads them now: no Reach made
                pairs = found.cost_pairs() if hasattr(found, "cost_pairs") else [(f, r.cost) for f, r in found.items()]
                sorted((cost, fp.y, fp.x, i) for i, (fp, cost) in enumerate(pairs))
            elif read == "by_cost":  # as move_choices reads them since the menus work: ints sorted
                if hasattr(found, "by_cost"):
                    found.by_cost()
                else:
                    sorted((r.cost, fp.y, fp.x) for fp, r in found.items())
            elif read == "path":
                last = next(reversed(list(found)), start)
                _ = found[last].path if last in found else ()
        return one

    print(f"reachable(), 1x1 figure, CPU us per query ({len(starts)} queries, best of 3)")
    print(f"{'query':34} {'before':>8} {'after':>8} {'ratio':>6}")
    for budget in (5, 10):
        for read in ("none", "costs", "cost_pairs", "by_cost", "path"):
            before = cpu_us(run(reference_reachable, budget, read), len(starts))
            after = cpu_us(run(reachable, budget, read), len(starts))
            label = f"budget {budget}, read {read}"
            print(f"{label:34} {before:8.1f} {after:8.1f} {before / after:6.2f}")


if __name__ == "__main__":
    main()
