"""The board keeps its flat view (and the tables derived from it) across changes that sight and
movement cannot see, and rebuilds it after changes they can."""

from __future__ import annotations

from delve.board.builders import open_board
from delve.board.grid import Marker


def test_view_kept_when_a_marker_that_blocks_nothing_comes_and_goes() -> None:
    board = open_board(6, 6)
    ix = board.index()
    ix.cache["probe"] = 1
    board.add_marker(Marker(id="p1", kind="potion", pos=(2, 2)))
    assert board.index() is ix
    board.remove_marker("p1")
    assert board.index() is ix and ix.cache["probe"] == 1


def test_view_rebuilt_when_a_marker_blocks_movement() -> None:
    board = open_board(6, 6)
    ix = board.index()
    board.add_marker(Marker(id="b1", kind="boulder", pos=(2, 2)))
    fresh = board.index()
    assert fresh is not ix and fresh.move_block[2 * 6 + 2] == 1
    board.remove_marker("b1")
    assert board.index().move_block[2 * 6 + 2] == 0
