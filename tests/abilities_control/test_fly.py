"""Fly ends safely on damaging terrain (Rulebook: Special Abilities, Fly).

The engine does not apply terrain effects while moving yet, so the scenario
``tests/scenarios/abilities-control/fly.yaml`` cannot show a lava wound being avoided; this
checks the movement layer reports no effect for a flier landing on lava, and the usual ones
for a walker.
"""

from __future__ import annotations

from delve.board.builders import open_board
from delve.board.geometry import Footprint
from delve.board.movement import step_effects


def test_flier_lands_on_lava_without_its_effects() -> None:
    board = open_board(2, 1, terrain={(1, 0): "lava"})
    before, after = Footprint(x=0, y=0), Footprint(x=1, y=0)
    assert step_effects(board, before, after) != []
    assert step_effects(board, before, after, fly=True) == []
