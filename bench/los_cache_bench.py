"""Line of sight before and after issue 18, in one run, in CPU time (process_time).

"before" traces every query afresh (bench/los_reference.py); "after" is
``delve.board.los.has_line_of_sight``, which keeps each origin's lines on the board view until
the board changes. Timed: a warm pass (the same 12 origins asked about every space again, as
automated players do within a turn), with and without the 12 figures, and a cold pass (fresh
view, random pairs asked once: the cost of filling the cache). Board as bench/board_bench.py.

Run: PYTHONPATH=src .venv/bin/python bench/los_cache_bench.py [--quick]
Figures: docs/performance.md ("Issue 18: lean reachability and line of sight").
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from board_bench import setup  # bench/ is on sys.path
from delve.board.geometry import Pos
from delve.board.los import has_line_of_sight, sight_from
from los_reference import reference_line_of_sight

Sight = Callable[..., bool]


def cpu_rate(fn: Callable[[], None], queries: int) -> float:
    """Queries per CPU second, best of three rounds."""
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return queries / best


def main() -> None:
    quick = "--quick" in sys.argv
    rng, board, spaces, figures = setup()
    targets = spaces[:: 4 if quick else 1]
    pairs = [(a, b) for a in figures for b in targets]
    cold = [(rng.choice(spaces), rng.choice(spaces)) for _ in range(2_000 if quick else 20_000)]

    def warm(sight: Sight, blockers: list[Pos]) -> Callable[[], None]:
        def run() -> None:
            for a, b in pairs:
                sight(board, a, b, blockers)
        return run

    def per_origin(blockers: list[Pos]) -> Callable[[], None]:
        """One ``sight_from`` per origin, then every target: the blockers become flat indices once
        (as the rules and the AIs ask: one looker, many spaces)."""
        def run() -> None:
            for a in figures:
                sees = sight_from(board, a, blockers)
                for b in targets:
                    sees(b)
        return run

    def fresh(sight: Sight) -> Callable[[], None]:
        def run() -> None:
            board.index().cache.pop("sight_lines", None)  # nothing kept yet
            for a, b in cold:
                sight(board, a, b)
        return run

    for a, b in pairs:  # fill the kept lines once: the warm rows are steady-state
        has_line_of_sight(board, a, b, figures)
    print("line of sight, queries per CPU second (best of 3)")
    print(f"{'query':40} {'before':>10} {'after':>10} {'ratio':>6}")
    rows = [
        (f"warm, no figures ({len(pairs)} queries)", warm(reference_line_of_sight, []), warm(has_line_of_sight, []),
         len(pairs)),
        (f"warm, 12 figures ({len(pairs)} queries)", warm(reference_line_of_sight, figures),
         warm(has_line_of_sight, figures), len(pairs)),
        (f"warm, 12 figures, sight_from ({len(pairs)})", warm(reference_line_of_sight, figures),
         per_origin(figures), len(pairs)),
        (f"cold, random pairs ({len(cold)} queries)", fresh(reference_line_of_sight), fresh(has_line_of_sight),
         len(cold)),
    ]
    for label, before_fn, after_fn, n in rows:
        before = cpu_rate(before_fn, n)
        after = cpu_rate(after_fn, n)
        print(f"{label:40} {before:10,.0f} {after:10,.0f} {after / before:6.2f}")


if __name__ == "__main__":
    main()
