"""After a change that sight or movement can see (a boulder rolls, a door opens), the rebuilt
view keeps the derived tables of the parts of the board the change did not touch
(``board.index.carry_over``); what it keeps must equal what a fresh build computes."""

from __future__ import annotations

from delve.board.builders import open_board, wall_column
from delve.board.geometry import Footprint
from delve.board.grid import Board, Door, Marker
from delve.board.index import VIEW_FIELDS
from delve.board.los import sight_groups
from delve.board.movement import _small_footprints, _small_row, _static_steps, reachable
from delve.boundary import dump, load

SHAPES = ((1, 1), (2, 2), (1, 2), (2, 1), (2, 3), (3, 2))


def varied_board() -> Board:
    terrain = {(2, 2): "mud", (3, 2): "mud", (5, 5): "water", (6, 1): "pit", (7, 1): "pit", (1, 6): "rubble",
               (8, 6): "lava", (4, 7): "dart_field"}
    door = Door(id="d1", edges=(((5, 3), (6, 3)), ((5, 4), (6, 4))))
    return open_board(10, 9, terrain=terrain, walls=wall_column(6, [0, 1, 2, 5, 6]), doors=[door], void=[(0, 0)])


def fill(board: Board) -> None:
    """Compute every step table of every shape (so there is something to carry)."""
    ix = board.index()
    for fly in (False, True):
        for y in range(board.height):
            for x in range(board.width):
                for w, h in SHAPES:
                    _static_steps(ix, (x, y, w, h), fly)
    reachable(board, Footprint.single((1, 1)), 30, (), ())
    sight_groups(board)


def same_as_fresh(board: Board) -> None:
    """Every carried table equals the one a fresh view of the same board computes."""
    ix = board.index()
    fresh = load(Board, dump(board)).index()
    fresh.cache.clear()  # computed anew here, not taken from an equal view (index.share_tables)
    for name in VIEW_FIELDS:  # the view itself, built from the kept terrain part
        assert getattr(ix, name) == getattr(fresh, name), name
    for (shape, fly), steps in ix.cache.get("steps", {}).items():
        assert steps == _static_steps(fresh, shape, fly), shape
    for key, fly in (("small", False), ("small_fly", True)):
        for c, row in enumerate(ix.cache.get(key, [])):
            if row is not None:
                assert row == _small_row(fresh, c, fly), c
    if "sight_groups" in ix.cache:
        assert ix.cache["sight_groups"] == sight_groups(load(Board, dump(board)))
    assert ix.cache.get("fp1", fresh_fps := _small_footprints(fresh)) == fresh_fps


def test_boulder_rolling_keeps_far_steps_and_drops_near_ones() -> None:
    board = varied_board()
    fill(board)
    old = board.index()
    board.add_marker(Marker(id="b", kind="boulder", pos=(3, 5)))
    ix = board.index()
    assert ix is not old
    assert (( (9, 8, 1, 1), False)) in ix.cache["steps"]  # far away: carried
    assert ((3, 4, 1, 1), False) not in ix.cache["steps"]  # touches the boulder: dropped
    assert ix.cache["small"][5 * 10 + 4] is None and ix.cache["small"][0 * 10 + 9] is not None
    assert "sight_groups" in ix.cache  # a boulder changes no edge
    same_as_fresh(board)
    for pos in ((3, 6), (4, 6), (6, 6), (6, 7)):  # roll on, over terrain and past the wall's end
        fill(board)
        board.move_marker("b", pos)
        same_as_fresh(board)


def test_door_opening_and_terrain_change_carry_only_what_they_leave_alone() -> None:
    board = varied_board()
    fill(board)
    board.set_door_open("d1", True)
    assert "sight_groups" not in board.index().cache  # an edge opened: groups are rebuilt
    same_as_fresh(board)
    fill(board)
    board.set_terrain((2, 2), "floor")
    same_as_fresh(board)
    fill(board)
    board.set_door_open("d1", False)
    same_as_fresh(board)


def test_markers_on_pits_and_doors_rebuild_the_view_from_the_kept_terrain_part() -> None:
    board = varied_board()
    board.index()
    board.add_marker(Marker(id="w", kind="crushing_wall", pos=(6, 1)))  # passable in a pit
    board.add_marker(Marker(id="r", kind="boulder", pos=(7, 1)))  # not passable
    assert board.index().pit_pass[1 * 10 + 6] == 1 and board.index().pit_pass[1 * 10 + 7] == 0
    same_as_fresh(board)
    board.add_marker(Marker(id="s1", kind="staircase", pos=(1, 1), data={"colour": "red"}))
    board.add_marker(Marker(id="s2", kind="staircase", pos=(8, 8), data={"colour": "red"}))
    board.set_door_open("d1", True)
    same_as_fresh(board)
    board.remove_marker("w")
    board.move_marker("r", (6, 1))
    same_as_fresh(board)
    board.set_terrain((6, 1), "floor")  # terrain: the kept part is rebuilt too
    assert board.index().pit[1 * 10 + 6] == 0
    same_as_fresh(board)


def test_views_with_equal_data_share_their_movement_tables() -> None:
    first, second = varied_board(), varied_board()
    assert first.index().cache["small"] is second.index().cache["small"]  # a second game of one quest
    before = reachable(first, Footprint.single((1, 1)), 8, (), ())
    other = varied_board()
    other.add_marker(Marker(id="b", kind="boulder", pos=(2, 4)))
    assert other.index().cache["small"] is not first.index().cache["small"]
    other.remove_marker("b")  # back to the data of the first board: its tables again
    assert other.index().cache["small"] is first.index().cache["small"]
    after = reachable(second, Footprint.single((1, 1)), 8, (), ())
    assert {fp: (r.cost, r.path) for fp, r in after.items()} == {fp: (r.cost, r.path) for fp, r in before.items()}
    same_as_fresh(other)
