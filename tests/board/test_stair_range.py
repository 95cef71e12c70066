"""Range for attacks through staircases (Rulebook: Staircases; Step 3: Count Range)."""

from __future__ import annotations

from delve.board.builders import open_board, wall_column
from delve.board.geometry import Footprint
from delve.board.grid import Board, Marker
from delve.board.stair_range import attack_distance


def _board() -> Board:
    board = open_board(14, 4, walls=wall_column(7, range(4)))
    board.add_marker(Marker(id="r1", kind="staircase", pos=(1, 1), data={"colour": "red"}))
    board.add_marker(Marker(id="r2", kind="staircase", pos=(12, 1), data={"colour": "red"}))
    board.add_marker(Marker(id="b1", kind="staircase", pos=(1, 3), data={"colour": "blue"}))
    return board


def test_the_two_ends_of_a_staircase_are_at_range_one() -> None:
    board = _board()
    assert attack_distance(board, Footprint.single((1, 1)), (12, 1)) == 1
    assert attack_distance(board, Footprint.single((12, 1)), (1, 1)) == 1


def test_range_counts_on_from_the_far_end_and_up_to_the_near_end() -> None:
    board = _board()
    assert attack_distance(board, Footprint.single((1, 1)), (13, 2)) == 2
    assert attack_distance(board, Footprint.single((0, 0)), (12, 1)) == 2
    assert attack_distance(board, Footprint.single((3, 1)), (12, 3)) == 5
    assert attack_distance(board, Footprint.single((6, 1)), (8, 1)) == 2  # the plain count is shorter


def test_a_lone_staircase_of_another_colour_joins_nothing() -> None:
    board = _board()
    # On the lone blue staircase: no blue end across the wall, only the red pair two rows up.
    assert attack_distance(board, Footprint.single((1, 3)), (12, 3)) == 2 + 1 + 2


def test_a_large_attacker_counts_from_its_nearest_space() -> None:
    board = _board()
    assert attack_distance(board, Footprint(x=2, y=1, w=2, h=2), (12, 1)) == 2
