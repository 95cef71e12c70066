"""The lean one-space reachability search (issue 18) answers exactly as the search it replaced
(bench/reach_reference.py): the same destinations in the same order, costs and paths, on
random boards with walls, terrain, enemies, friends, no-end spaces and flying figures."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

import pytest

from delve.board.builders import open_board
from delve.board.geometry import Footprint
from delve.board.movement import SmallReaches, reachable, walk_distances

KINDS = ["rubble", "water", "mud", "pit", "lava"]


@pytest.mark.parametrize("seed", range(60))
def test_lean_search_matches_the_reference(seed: int, bench_module: Callable[[str], ModuleType]) -> None:
    reference = bench_module("reach_reference")
    random_board = bench_module("random_boards").random_board
    rng = random.Random(seed)
    board = random_board(rng, KINDS, 14)
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


@pytest.mark.parametrize("seed", range(30))
def test_space_costs_and_unchanged_by_answer_as_searching_again(
        seed: int, bench_module: Callable[[str], ModuleType]) -> None:
    """``space_costs`` is ``costs`` keyed by space, in the same order; when ``unchanged_by``
    says a figure on some spaces changes nothing, searching again with those spaces blocked
    finds the same costs less those spaces (``delve.ai.overlord_2e.Walks`` relies on it)."""
    random_board = bench_module("random_boards").random_board
    rng = random.Random(seed)
    board = random_board(rng, KINDS, 14)
    spaces = list(board.spaces())
    said_unchanged = 0
    for _ in range(8):
        start = rng.choice(spaces)
        figures = [p for p in rng.sample(spaces, min(len(spaces), rng.randint(0, 5))) if p != start]
        enemies = [p for p in figures if rng.random() < 0.5]
        budget = rng.randint(2, 12)
        search = reachable(board, Footprint.single(start), budget, enemies, figures)
        assert isinstance(search, SmallReaches)
        assert list(search.space_costs().items()) == [((fp.x, fp.y), c) for fp, c in search.costs().items()]
        for _ in range(6):
            blocked = [p for p in rng.sample(spaces, rng.choice((1, 1, 2))) if p != start and p not in figures]
            again = reachable(board, Footprint.single(start), budget, enemies + blocked, figures + blocked)
            assert isinstance(again, SmallReaches)
            if search.unchanged_by(blocked):
                said_unchanged += 1
                expected = {p: c for p, c in search.space_costs().items() if p not in blocked}
                assert again.space_costs() == expected
    assert said_unchanged
