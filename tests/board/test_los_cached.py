"""Line of sight kept per origin on the board view (issue 18) answers exactly as every query
traced afresh (bench/los_reference.py): random boards with walls through corners, rubble, fog,
pits, void, staircases and figures, asked in random order, before and after a board change."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

import pytest

from delve.board.grid import Marker
from delve.board.los import has_line_of_sight, sight_from, visible_spaces

KINDS = ["rubble", "fog", "pit", "water", "mud", "rubble"]


@pytest.mark.parametrize("seed", range(40))
def test_cached_sight_matches_the_reference(seed: int, bench_module: Callable[[str], ModuleType]) -> None:
    reference = bench_module("los_reference")
    random_board = bench_module("random_boards").random_board
    rng = random.Random(seed)
    board = random_board(rng, KINDS, 12, extras=True)
    cells = [(x, y) for x in range(-1, board.width + 1) for y in range(-1, board.height + 1)]
    for round_ in range(2):
        figures = rng.sample(cells, rng.randint(0, 8))
        for _ in range(300):
            a, b = rng.choice(cells), rng.choice(cells)
            blockers = figures if rng.random() < 0.5 else ()
            assert has_line_of_sight(board, a, b, blockers) == reference.reference_line_of_sight(board, a, b, blockers)
        a = rng.choice(cells)
        see = sight_from(board, a, figures)
        assert [see(b) for b in cells] == [reference.reference_line_of_sight(board, a, b, figures) for b in cells]
        assert visible_spaces(board, a, figures) == {
            b for b in board.spaces() if reference.reference_line_of_sight(board, a, b, figures)}
        if round_ == 0:  # a change drops the kept lines with the view
            board.add_marker(Marker(id="boulder", kind="boulder", pos=rng.choice(list(board.spaces()))))
