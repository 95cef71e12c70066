"""Line of sight (Rulebook: Step 2: Confirm Line of Sight; Fog; Pit; Staircases)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from delve.board.builders import open_board, wall_column, wall_row
from delve.board.geometry import Footprint
from delve.board.grid import Door, Marker
from delve.board.los import footprint_line_of_sight, has_line_of_sight, visible_spaces


def test_open_room_sees_everything() -> None:
    board = open_board(8, 6)
    for p in board.spaces():
        assert has_line_of_sight(board, (0, 0), p)
    assert len(visible_spaces(board, (3, 3))) == 48


def test_wall_blocks_and_line_beside_it_passes() -> None:
    board = open_board(8, 6, walls=wall_column(4, [0, 1, 2]))
    assert not has_line_of_sight(board, (1, 1), (6, 1))
    assert not has_line_of_sight(board, (0, 0), (7, 2))
    assert has_line_of_sight(board, (1, 4), (6, 4))


def test_closed_door_blocks_open_door_does_not() -> None:
    door = Door(id="d", edges=(((3, 1), (4, 1)), ((3, 2), (4, 2))))
    board = open_board(8, 4, walls=wall_column(4, [0, 3]), doors=[door])
    assert not has_line_of_sight(board, (1, 1), (6, 2))
    board.set_door_open("d", True)
    assert has_line_of_sight(board, (1, 1), (6, 2))
    assert not has_line_of_sight(board, (1, 0), (6, 0))  # the wall beside the door still blocks


def test_blocking_terrain_and_void_block_but_water_does_not() -> None:
    board = open_board(7, 3, terrain={(3, 1): "rubble", (3, 0): "water"}, void=[(3, 2)])
    assert not has_line_of_sight(board, (0, 1), (6, 1))
    assert has_line_of_sight(board, (0, 0), (6, 0))
    assert not has_line_of_sight(board, (0, 2), (6, 2))


def test_endpoints_never_block() -> None:
    board = open_board(5, 1, terrain={(4, 0): "rubble"})
    assert has_line_of_sight(board, (0, 0), (4, 0), blockers=[(0, 0), (4, 0)])


def test_figure_in_between_blocks() -> None:
    board = open_board(8, 3)
    assert not has_line_of_sight(board, (0, 1), (6, 1), blockers=[(3, 1)])
    assert has_line_of_sight(board, (0, 1), (6, 1), blockers=[(3, 0)])


def test_figure_not_itself_in_sight_is_ignored() -> None:
    # The line (0,0)->(6,1) passes through (3,1); the line (0,0)->(3,1) is shut by two walls
    # around the corner it goes through, walls the first line never crosses.
    walls = [((2, 0), (2, 1)), ((1, 1), (2, 1))]
    board = open_board(8, 3, walls=walls)
    assert not has_line_of_sight(board, (0, 0), (3, 1))
    assert has_line_of_sight(board, (0, 0), (6, 1), blockers=[(3, 1)])
    plain = open_board(8, 3)
    assert not has_line_of_sight(plain, (0, 0), (6, 1), blockers=[(3, 1)])


def test_corner_grazing_one_blocking_space_passes() -> None:
    board = open_board(3, 3, terrain={(1, 0): "rubble"})
    assert has_line_of_sight(board, (0, 0), (2, 2))


def test_corner_between_two_blocking_spaces_passes() -> None:
    # The line only touches the shared corner of the two rubble spaces (issue 22, point 1).
    board = open_board(3, 3, terrain={(1, 0): "rubble", (0, 1): "rubble"})
    assert has_line_of_sight(board, (0, 0), (2, 2))
    assert has_line_of_sight(board, (2, 2), (0, 0))
    assert has_line_of_sight(board, (0, 0), (1, 1))


def test_corner_with_figures_on_one_or_both_sides_passes() -> None:
    board = open_board(3, 3)
    assert has_line_of_sight(board, (0, 0), (2, 2), blockers=[(1, 0)])
    assert has_line_of_sight(board, (0, 0), (2, 2), blockers=[(1, 0), (0, 1)])
    assert has_line_of_sight(board, (0, 0), (1, 1), blockers=[(1, 0), (0, 1)])


def test_corner_at_the_end_of_one_wall_is_blocked() -> None:
    # The wall's end is on the line: walls block where the line meets them, ends included.
    board = open_board(3, 3, walls=[((0, 0), (1, 0))])
    assert not has_line_of_sight(board, (0, 0), (2, 2))
    assert not has_line_of_sight(board, (2, 2), (0, 0))
    far = open_board(3, 3, walls=[((1, 1), (2, 1))])  # a wall ending at the corner beyond
    assert not has_line_of_sight(far, (0, 0), (2, 2))


def test_corner_at_the_end_of_a_closed_door_is_blocked_until_it_opens() -> None:
    door = Door(id="d", edges=(((1, 0), (2, 0)), ((1, 1), (2, 1))))
    board = open_board(4, 3, doors=[door])
    assert not has_line_of_sight(board, (0, 0), (2, 2))  # through the door's lower end
    board.set_door_open("d", True)
    assert has_line_of_sight(board, (0, 0), (2, 2))


def test_corner_of_the_map_border_is_blocked() -> None:
    # An L-shaped room: the line grazes the inner corner of the border around the void space.
    board = open_board(3, 3, void=[(1, 0), (2, 0)])
    assert not has_line_of_sight(board, (0, 0), (2, 2))
    assert has_line_of_sight(board, (0, 1), (2, 2))


def test_corner_on_a_straight_wall_is_blocked() -> None:
    board = open_board(3, 3, walls=wall_column(1, [0, 1]))
    assert not has_line_of_sight(board, (0, 0), (2, 2))
    board2 = open_board(3, 3, walls=wall_row(1, [0, 1]))
    assert not has_line_of_sight(board2, (0, 0), (2, 2))


def test_corner_of_walls_wrapping_the_looker_is_blocked() -> None:
    board = open_board(3, 3, walls=[((0, 0), (1, 0)), ((0, 0), (0, 1))])
    assert not has_line_of_sight(board, (0, 0), (1, 1))


def test_fog_seen_only_from_adjacent_and_sees_only_adjacent() -> None:
    board = open_board(7, 3, terrain={(3, 1): "fog"})
    assert has_line_of_sight(board, (2, 1), (3, 1))
    assert has_line_of_sight(board, (2, 0), (3, 1))
    assert not has_line_of_sight(board, (0, 1), (3, 1))
    assert has_line_of_sight(board, (3, 1), (4, 2))
    assert not has_line_of_sight(board, (3, 1), (6, 1))
    assert not has_line_of_sight(board, (0, 1), (6, 1))  # fog blocks lines through it


def test_pit_sees_only_adjacent_but_is_seen_normally() -> None:
    board = open_board(7, 3, terrain={(1, 1): "pit"})
    assert has_line_of_sight(board, (1, 1), (2, 2))
    assert not has_line_of_sight(board, (1, 1), (5, 1))
    assert has_line_of_sight(board, (5, 1), (1, 1))
    assert has_line_of_sight(board, (0, 0), (6, 2))  # a pit does not block lines over it


def test_staircases_join_sight() -> None:
    board = open_board(12, 3, walls=wall_column(6, [0, 1, 2]))
    board.add_marker(Marker(id="s1", kind="staircase", pos=(1, 1), data={"colour": "red"}))
    board.add_marker(Marker(id="s2", kind="staircase", pos=(10, 1), data={"colour": "red"}))
    assert has_line_of_sight(board, (1, 1), (10, 1))
    assert has_line_of_sight(board, (1, 1), (11, 2))  # on a stair: the far stair's neighbours
    assert has_line_of_sight(board, (0, 0), (10, 1))  # next to a stair: the far stair
    assert not has_line_of_sight(board, (0, 0), (11, 2))


def test_large_figure_traces_from_any_space_and_own_spaces_never_block() -> None:
    board = open_board(8, 4, walls=wall_column(2, [0]))
    ogre = Footprint(x=0, y=0, w=2, h=2)
    assert not has_line_of_sight(board, (1, 0), (5, 0))
    assert footprint_line_of_sight(board, ogre, (5, 0))  # from (1,1), past the wall
    assert footprint_line_of_sight(board, ogre, (7, 3), blockers=ogre.cells())


def test_visible_spaces_matches_pairwise_queries() -> None:
    board = open_board(7, 5, walls=wall_column(3, [1, 2, 3]), terrain={(5, 2): "rubble"})
    seen = visible_spaces(board, (1, 2), blockers=[(2, 0)])
    for p in board.spaces():
        assert (p in seen) == has_line_of_sight(board, (1, 2), p, blockers=[(2, 0)])


_cells = st.tuples(st.integers(0, 7), st.integers(0, 5))


@settings(max_examples=60, deadline=None)
@given(
    rubble=st.sets(_cells, max_size=8),
    vwalls=st.sets(st.tuples(st.integers(1, 7), st.integers(0, 5)), max_size=10),
    hwalls=st.sets(st.tuples(st.integers(0, 7), st.integers(1, 5)), max_size=10),
    a=_cells,
    b=_cells,
)
def test_sight_is_symmetric_without_figures(
    rubble: set[tuple[int, int]],
    vwalls: set[tuple[int, int]],
    hwalls: set[tuple[int, int]],
    a: tuple[int, int],
    b: tuple[int, int],
) -> None:
    walls = [((x - 1, y), (x, y)) for x, y in vwalls] + [((x, y - 1), (x, y)) for x, y in hwalls]
    board = open_board(8, 6, terrain=dict.fromkeys(rubble, "rubble"), walls=walls)
    assert has_line_of_sight(board, a, b) == has_line_of_sight(board, b, a)
