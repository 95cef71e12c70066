"""Which spaces may open or close a door (Rulebook: Doors: adjacent, diagonals included)."""

from __future__ import annotations

from delve.board.grid import Door
from delve.rules.doors import door_reach


def test_an_upright_door_is_reached_from_its_four_spaces_and_the_four_at_its_ends() -> None:
    door = Door(id="d", edges=(((2, 1), (3, 1)), ((2, 2), (3, 2))))
    assert door_reach(door) == {(x, y) for x in (2, 3) for y in (0, 1, 2, 3)}


def test_a_flat_door_is_reached_from_its_four_spaces_and_the_four_at_its_ends() -> None:
    door = Door(id="d", edges=(((4, 0), (4, 1)), ((5, 0), (5, 1))))
    assert door_reach(door) == {(x, y) for x in (3, 4, 5, 6) for y in (0, 1)}
