"""Board benchmark: line-of-sight and reachability queries per second on a 40x40 map.

Run: .venv/bin/python bench/board_bench.py [--quick]
The map and the queries come from a fixed seed, so runs are comparable. Figures are recorded
in docs/performance.md ("Board: line of sight and reachability").
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from delve.board.builders import open_board
from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board, Edge
from delve.board.los import has_line_of_sight, visible_spaces
from delve.board.movement import reachable

SIZE = 40
SEED = 1234


def make_board(rng: random.Random) -> Board:
    """Rooms of 8x8 separated by walls with two-space gaps, plus scattered obstacles."""
    walls: list[Edge] = []
    for x in range(8, SIZE, 8):  # upright walls on grid line x, gap at rows 3-4 of each room
        walls += [((x - 1, y), (x, y)) for y in range(SIZE) if y % 8 not in (3, 4)]
    for y in range(8, SIZE, 8):
        walls += [((x, y - 1), (x, y)) for x in range(SIZE) if x % 8 not in (3, 4)]
    terrain: dict[Pos, str] = {}
    kinds = ["rubble", "water", "mud", "mud", "pit", "lava"]
    while len(terrain) < 120:
        p = (rng.randrange(SIZE), rng.randrange(SIZE))
        if p[0] % 8 in (3, 4) or p[1] % 8 in (3, 4):
            continue  # keep the doorways clear
        terrain[p] = rng.choice(kinds)
    return open_board(SIZE, SIZE, terrain=terrain, walls=walls)


def rate(fn: Callable[[], object], n: int) -> tuple[float, float]:
    """(queries per second, microseconds per query) for n calls of fn."""
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    dt = time.perf_counter() - t0
    return n / dt, dt / n * 1e6


def setup() -> tuple[random.Random, Board, list[Pos], list[Pos]]:
    """The seeded source, the board, its open spaces and 12 figures (also bench/reach_bench.py)."""
    rng = random.Random(SEED)
    board = make_board(rng)
    spaces = [p for p in board.spaces() if not board.blocks_movement_at(p)]
    return rng, board, spaces, rng.sample(spaces, 12)


def main() -> None:
    quick = "--quick" in sys.argv
    rng, board, spaces, figures = setup()
    n_los = 5_000 if quick else 50_000
    pairs = [(rng.choice(spaces), rng.choice(spaces)) for _ in range(n_los)]
    rows: list[tuple[str, float, float]] = []

    board.invalidate()
    t0 = time.perf_counter()
    board.index()
    build_ms = (time.perf_counter() - t0) * 1e3
    t0 = time.perf_counter()
    reachable(board, Footprint.single(spaces[0]), 1, enemies=(), others=())
    table_ms = (time.perf_counter() - t0) * 1e3

    it = iter(pairs)
    qps, us = rate(lambda: has_line_of_sight(board, *next(it)), n_los)
    rows.append(("LOS, no figures", qps, us))
    it = iter(pairs)
    qps, us = rate(lambda: has_line_of_sight(board, *next(it), blockers=figures), n_los)
    rows.append(("LOS, 12 figures", qps, us))
    seen = sum(has_line_of_sight(board, a, b) for a, b in pairs) / len(pairs)

    origins = [rng.choice(spaces) for _ in range(20 if quick else 100)]
    it2 = iter(origins)
    qps, us = rate(lambda: visible_spaces(board, next(it2)), len(origins))
    rows.append(("visible_spaces (1,600 LOS)", qps, us))

    n_reach = 300 if quick else 3_000
    starts = [rng.choice(spaces) for _ in range(n_reach)]
    for p in spaces:  # warm-up: fill the lazily built step rows, so the figures are steady-state
        reachable(board, Footprint.single(p), 1, enemies=(), others=())
    for budget in (5, 10):
        it3 = iter([Footprint.single(p) for p in starts])
        enemies = figures[:6]
        qps, us = rate(
            lambda b=budget, it=it3, en=enemies: reachable(board, next(it), b, enemies=en, others=figures),
            n_reach,
        )
        rows.append((f"reachable 1x1, budget {budget}", qps, us))
    big = [Footprint(x=min(p[0], SIZE - 2), y=min(p[1], SIZE - 2), w=2, h=2) for p in starts[: n_reach // 10]]
    it4 = iter(big)
    qps, us = rate(lambda: reachable(board, next(it4), 5, enemies=[], others=[]), len(big))
    rows.append(("reachable 2x2, budget 5", qps, us))

    print(f"Board {SIZE}x{SIZE}, seed {SEED}: {len(spaces)} open spaces; index built in {build_ms:.1f} ms,")
    print(f"first reachability query after a change {table_ms:.1f} ms (step rows then fill lazily);")
    print(f"{seen:.0%} of random pairs in sight (no figures).")
    print(f"{'query':32} {'per second':>12} {'us/query':>10}")
    for name, q, u in rows:
        print(f"{name:32} {q:12,.0f} {u:10.1f}")


if __name__ == "__main__":
    main()
