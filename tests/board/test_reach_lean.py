"""The lean one-space reachability search (issue 18) answers exactly as the search it replaced
(bench/reach_reference.py): the same destinations in the same order, costs and paths, on
random boards with walls, terrain, enemies, friends, no-end spaces and flying figures."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from delve.board.builders import open_board
from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board, Edge
from delve.board.movement import SmallReaches, reachable, walk_distances

_SPEC = importlib.util.spec_from_file_location(
    "reach_reference", Path(__file__).resolve().parents[2] / "bench" / "reach_reference.py")
assert _SPEC is not None and _SPEC.loader is not None
reference = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(reference)

KINDS = ["rubble", "water", "mud", "pit", "lava"]


def random_board(rng: random.Random) -> Board:
    w, h = rng.randint(3, 14), rng.randint(3, 14)
    terrain: dict[Pos, str] = {}
    for _ in range(rng.randint(0, w * h // 3)):
        terrain[(rng.randrange(w), rng.randrange(h))] = rng.choice(KINDS)
    walls: list[Edge] = []
    for _ in range(rng.randint(0, w * h // 4)):
        x, y = rng.randrange(w), rng.randrange(h)
        other = (x + 1, y) if rng.random() < 0.5 else (x, y + 1)
        if other[0] < w and other[1] < h:
            walls.append(((x, y), other))
    return open_board(w, h, terrain=terrain, walls=walls)


@pytest.mark.parametrize("seed", range(60))
def test_lean_search_matches_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    board = random_board(rng)
    spaces = list(board.spaces())
    for _ in range(6):
        start = rng.choice(spaces)
        figures = rng.sample(spaces, min(len(spaces), rng.randint(0, 6)))
        enemies = [p for p in figures if p != start and rng.random() < 0.5]
        no_end = rng.sample(spaces, min(len(spaces), rng.randint(0, 2)))
        fly = rng.random() < 0.25
        budget = rng.randint(0, 9)
        args = (board, Footprint.single(start), budget, enemies, figures)
        old = reference.reference_reachable(*args, fly=fly, no_end=no_end)
        new = reachable(*args, fly=fly, no_end=no_end)
        assert isinstance(new, SmallReaches)
        assert list(new) == list(old)  # same destinations in the same (tie) order
        assert [(r.cost, r.path) for r in new.values()] == [(r.cost, r.path) for r in old.values()]
        assert new == old and len(new) == len(old)
        assert new.costs() == {fp: r.cost for fp, r in old.items()}


def test_lookups_and_removal_behave_like_a_dict() -> None:
    board = open_board(5, 5)
    found = reachable(board, Footprint.single((2, 2)), 1, (), ())
    here = Footprint.single((2, 2))
    assert here in found and found[here].cost == 0 and found[here].path == (here,)
    assert found.get(Footprint(x=0, y=0, w=2, h=2)) is None and "x" not in found
    assert found.get(Footprint.single((0, 0))) is None  # off the budget
    assert found.pop(here).cost == 0 and here not in found and len(found) == 8
    with pytest.raises(KeyError):
        del found[here]
    assert walk_distances(board, (0, 0))[(4, 4)] == 4
