"""Random small boards for the tests that compare a lean query with its reference
(tests/board/test_reach_lean.py, tests/board/test_los_cached.py)."""

from __future__ import annotations

import random

from delve.board.builders import open_board
from delve.board.geometry import Pos
from delve.board.grid import Board, Edge, Marker


def random_board(rng: random.Random, kinds: list[str], side: int, *, extras: bool = False) -> Board:
    """Up to ``side`` x ``side`` spaces with terrain of ``kinds`` and walls; with ``extras``,
    a few void spaces and, sometimes, three red staircases."""
    w, h = rng.randint(3, side), rng.randint(3, side)
    terrain: dict[Pos, str] = {}
    for _ in range(rng.randint(0, w * h // 4)):
        terrain[(rng.randrange(w), rng.randrange(h))] = rng.choice(kinds)
    walls: list[Edge] = []
    for _ in range(rng.randint(0, w * h // 4)):
        x, y = rng.randrange(w), rng.randrange(h)
        other = (x + 1, y) if rng.random() < 0.5 else (x, y + 1)
        if other[0] < w and other[1] < h:
            walls.append(((x, y), other))
    void = [(rng.randrange(w), rng.randrange(h)) for _ in range(rng.randint(0, 3))] if extras else []
    board = open_board(w, h, terrain=terrain, walls=walls, void=[p for p in void if p not in terrain])
    if extras and rng.random() < 0.4:
        spaces = list(board.spaces())
        for k, p in enumerate(rng.sample(spaces, min(3, len(spaces)))):
            board.add_marker(Marker(id=f"s{k}", kind="staircase", pos=p, data={"colour": "red"}))
    return board
