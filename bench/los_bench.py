"""Line-of-sight queries per CPU second on a crowded 24x24 room (not a test).

Why a bench of its own: ``board_bench.py`` times a large map of rooms with wall time; this one
counts CPU time (``time.process_time``) on a room full of figures and rubble, where many lines run
exactly through grid corners between two blockers -- the case issue 22 changed. Run it at two
commits to compare (the board and the queries come from a fixed seed):

    PYTHONPATH=src .venv/bin/python bench/los_bench.py [ROUNDS]
"""

from __future__ import annotations

import random
import sys
import time

from delve.board.builders import open_board, wall_column, wall_row
from delve.board.geometry import Pos
from delve.board.los import has_line_of_sight, sight_from, visible_spaces

SIZE = 24
SEED = 22


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    rng = random.Random(SEED)
    cells = [(x, y) for x in range(SIZE) for y in range(SIZE)]
    rubble = set(rng.sample(cells, 60))
    walls = wall_column(12, [y for y in range(SIZE) if y % 6 not in (2, 3)])
    walls += wall_row(12, [x for x in range(SIZE) if x % 6 not in (2, 3)])
    board = open_board(SIZE, SIZE, terrain=dict.fromkeys(rubble, "rubble"), walls=walls)
    free = [p for p in cells if p not in rubble]
    figures = rng.sample(free, 80)
    pairs = [(rng.choice(free), rng.choice(free)) for _ in range(20_000)]
    diagonal: list[tuple[Pos, Pos]] = []
    while len(diagonal) < 20_000:
        a = rng.choice(free)
        d = rng.randint(1, 8)
        b = (a[0] + rng.choice((-d, d)), a[1] + rng.choice((-d, d)))
        if 0 <= b[0] < SIZE and 0 <= b[1] < SIZE:
            diagonal.append((a, b))
    board.index()
    rows: list[tuple[str, float, float | None]] = []
    for name, queries, blockers in (
        ("random pairs, no figures", pairs, ()),
        ("random pairs, 80 figures", pairs, figures),
        ("diagonal pairs, 80 figures", diagonal, figures),
    ):
        best = 0.0
        for _ in range(rounds):
            start = time.process_time()
            for a, b in queries:
                has_line_of_sight(board, a, b, blockers)
            best = max(best, len(queries) / (time.process_time() - start))
        seen = sum(has_line_of_sight(board, a, b, blockers) for a, b in queries) / len(queries)
        rows.append((name, best, seen))
    origins = free[:: len(free) // 40][:40]
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        for o in origins:
            visible_spaces(board, o, figures)
        best = max(best, len(origins) * SIZE * SIZE / (time.process_time() - start))
    rows.append(("visible_spaces, 80 figures", best, None))
    look = sight_from(board, free[0], figures)
    print(f"{f'query (best of {rounds}, CPU time)':34} {'LOS/s':>10} {'in sight':>9}")
    for name, qps, seen in rows:
        print(f"{name:34} {qps:10,.0f} {'-' if seen is None else f'{seen:.1%}':>9}")
    print(f"(check: {sum(look(p) for p in cells)} spaces seen from {free[0]})")


if __name__ == "__main__":
    main()
