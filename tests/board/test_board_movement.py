"""Movement (Rulebook: Movement; Mud; Water; Pit; Fly) and the rulings in docs/rulings.md."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from delve.board.builders import open_board, wall_column
from delve.board.geometry import Footprint, distance
from delve.board.grid import Door
from delve.board.movement import reachable, step_effects, step_options
from delve.board.terrain import load_terrain


def one(p: tuple[int, int]) -> Footprint:
    return Footprint.single(p)


def test_open_room_reach_is_king_moves_within_budget() -> None:
    board = open_board(9, 9)
    reach = reachable(board, one((4, 4)), 2, enemies=[], others=[])
    assert set(reach) == {one((x, y)) for x in range(2, 7) for y in range(2, 7)}
    assert reach[one((4, 4))].cost == 0
    assert reach[one((6, 2))].cost == 2
    path = reach[one((6, 2))].path
    assert path[0] == one((4, 4)) and path[-1] == one((6, 2)) and len(path) == 3


def test_costs_come_from_terrain_data() -> None:
    terrain = load_terrain()
    board = open_board(5, 1, terrain={(1, 0): "mud", (2, 0): "mud"})
    steps = dict(step_options(board, one((0, 0)), enemies=[]))
    assert steps[one((1, 0))] == terrain["mud"].move_cost == 2
    steps = dict(step_options(board, one((1, 0)), enemies=[]))
    assert steps[one((2, 0))] == terrain["mud"].cost_within
    assert steps[one((0, 0))] == 1  # leaving mud for floor costs the floor's 1
    reach = reachable(board, one((0, 0)), 5, enemies=[], others=[])
    assert reach[one((3, 0))].cost == 5
    assert one((4, 0)) not in reach


def test_one_point_left_cannot_enter_mud() -> None:
    board = open_board(3, 1, terrain={(1, 0): "mud"})
    assert one((1, 0)) not in reachable(board, one((0, 0)), 1, enemies=[], others=[])


def test_water_and_rubble_block_movement() -> None:
    board = open_board(3, 3, terrain={(1, 0): "water", (1, 1): "rubble", (1, 2): "water"})
    reach = reachable(board, one((0, 1)), 10, enemies=[], others=[])
    assert set(reach) == {one((0, y)) for y in range(3)}


def test_pit_costs_two_to_climb_out_and_reports_its_effects() -> None:
    board = open_board(3, 1, terrain={(1, 0): "pit"})
    steps = dict(step_options(board, one((1, 0)), enemies=[]))
    assert steps[one((2, 0))] == 2
    assert "fall_into_pit" in step_effects(board, one((0, 0)), one((1, 0)))
    assert step_effects(board, one((0, 0)), one((1, 0)), fly=True) == []


def test_figure_in_a_pit_passes_under_a_crushing_wall_to_other_pit_spaces() -> None:
    # Rulebook: Crushing Walls and Pits. Only a step from pit spaces to pit spaces passes it.
    from delve.board.grid import Marker

    board = open_board(4, 2, terrain={(0, 0): "pit", (1, 0): "pit", (2, 0): "pit"})
    board.add_marker(Marker(id="w", kind="crushing_wall", pos=(1, 0), data={"direction": "south"}))
    in_pit = reachable(board, one((0, 0)), 2, enemies=[], others=[])
    assert in_pit[one((2, 0))].cost == 2 and one((1, 0)) in in_pit
    outside = reachable(board, one((1, 1)), 1, enemies=[], others=[])
    assert one((1, 0)) not in outside and one((0, 0)) in outside
    flying = reachable(board, one((1, 1)), 3, enemies=[], others=[], fly=True)
    assert one((1, 0)) not in flying  # a flyer may pass it but never stops on it
    # A crushing wall over floor blocks even a figure coming out of a pit.
    walled = open_board(3, 1, terrain={(0, 0): "pit"})
    walled.add_marker(Marker(id="w", kind="crushing_wall", pos=(1, 0), data={"direction": "south"}))
    assert one((1, 0)) not in reachable(walled, one((0, 0)), 3, enemies=[], others=[])


def test_friendly_figures_are_passed_but_not_ended_on() -> None:
    board = open_board(3, 1)
    reach = reachable(board, one((0, 0)), 2, enemies=[], others=[(1, 0)])
    assert one((1, 0)) not in reach
    assert reach[one((2, 0))].cost == 2


def test_enemies_block() -> None:
    board = open_board(3, 1)
    assert one((2, 0)) not in reachable(board, one((0, 0)), 5, enemies=[(1, 0)], others=[(1, 0)])


def test_flying_passes_enemies_and_obstacles_but_ends_legally() -> None:
    board = open_board(4, 1, terrain={(2, 0): "water"})
    reach = reachable(board, one((0, 0)), 3, enemies=[(1, 0)], others=[(1, 0)], fly=True)
    assert reach[one((3, 0))].cost == 3
    assert one((2, 0)) not in reach and one((1, 0)) not in reach


def test_walls_and_closed_doors_block() -> None:
    door = Door(id="d", edges=(((1, 1), (2, 1)), ((1, 2), (2, 2))))
    board = open_board(4, 4, walls=wall_column(2, [0, 3]), doors=[door])
    reach = reachable(board, one((0, 0)), 10, enemies=[], others=[])
    assert all(fp.x < 2 for fp in reach)
    board.set_door_open("d", True)
    assert one((3, 3)) in reachable(board, one((0, 0)), 10, enemies=[], others=[])


def test_stays_on_board_and_off_void() -> None:
    board = open_board(2, 2, void=[(1, 1)])
    assert set(reachable(board, one((0, 0)), 3, [], [])) == {one((0, 0)), one((1, 0)), one((0, 1))}


def test_diagonal_past_wall_corner_allowed_when_one_route_open() -> None:
    board = open_board(2, 2, walls=[((0, 0), (1, 0))])
    steps = dict(step_options(board, one((0, 0)), enemies=[]))
    assert one((1, 1)) in steps


def test_diagonal_past_wall_corner_blocked_when_both_routes_walled() -> None:
    board = open_board(2, 2, walls=[((0, 0), (1, 0)), ((0, 1), (1, 1))])
    assert one((1, 1)) not in dict(step_options(board, one((0, 0)), enemies=[]))
    board2 = open_board(2, 2, walls=[((0, 0), (1, 0)), ((0, 0), (0, 1))])
    assert one((1, 1)) not in dict(step_options(board2, one((0, 0)), enemies=[]))


def test_diagonal_between_enemies_is_allowed() -> None:
    board = open_board(2, 2)
    assert one((1, 1)) in dict(step_options(board, one((0, 0)), enemies=[(1, 0), (0, 1)]))


def test_four_space_figure_moves_like_a_small_one() -> None:
    board = open_board(5, 5, terrain={(4, 4): "water"})
    ogre = Footprint(x=1, y=1, w=2, h=2)
    steps = dict(step_options(board, ogre, enemies=[]))
    assert len(steps) == 8
    reach = reachable(board, ogre, 2, enemies=[], others=[])
    assert Footprint(x=3, y=3, w=2, h=2) not in reach  # would stand partly on water
    assert Footprint(x=3, y=0, w=2, h=2) in reach


def test_large_figure_pays_terrain_only_when_wholly_on_it() -> None:
    board = open_board(5, 2, terrain={(2, 0): "mud", (2, 1): "mud", (3, 0): "mud", (3, 1): "mud"})
    ogre = Footprint(x=0, y=0, w=2, h=2)
    steps = dict(step_options(board, ogre, enemies=[]))
    assert steps[Footprint(x=1, y=0, w=2, h=2)] == 1  # half on mud
    steps = dict(step_options(board, Footprint(x=1, y=0, w=2, h=2), enemies=[]))
    assert steps[Footprint(x=2, y=0, w=2, h=2)] == 2  # wholly on mud
    assert step_effects(board, ogre, Footprint(x=1, y=0, w=2, h=2)) == []


def test_two_space_figure_moves_along_turns_and_sidesteps_but_never_slides() -> None:
    board = open_board(7, 7)
    fp = Footprint(x=2, y=3, w=2, h=1)
    got = {f for f, _ in step_options(board, fp, enemies=[])}
    along = {Footprint(x=3, y=3, w=2, h=1), Footprint(x=1, y=3, w=2, h=1)}
    turns = {Footprint(x=x, y=y, w=1, h=2) for x in (2, 3) for y in (2, 3)}
    sidesteps = {Footprint(x=2 + dx, y=3 + dy, w=2, h=1) for dx in (1, -1) for dy in (1, -1)}
    assert got == along | turns | sidesteps
    assert Footprint(x=2, y=2, w=2, h=1) not in got  # no sideways slide


def test_two_space_turn_needs_an_open_edge() -> None:
    board = open_board(5, 5, walls=[((3, 2), (3, 3))])
    got = {f for f, _ in step_options(board, Footprint(x=2, y=3, w=2, h=1), enemies=[])}
    assert Footprint(x=3, y=2, w=1, h=2) not in got
    assert Footprint(x=2, y=2, w=1, h=2) in got


def test_six_space_figure_steps_eight_ways_and_turns_on_an_end_block() -> None:
    board = open_board(9, 9)
    fp = Footprint(x=3, y=3, w=3, h=2)
    got = {f for f, _ in step_options(board, fp, enemies=[])}
    shifts = {fp.translated(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)}
    turns = {Footprint(x=x, y=y, w=2, h=3) for x in (3, 4) for y in (3, 2)}
    assert got == shifts | turns
    back = {f for f, _ in step_options(board, Footprint(x=3, y=3, w=2, h=3), enemies=[])}
    assert Footprint(x=3, y=3, w=3, h=2) in back and Footprint(x=2, y=4, w=3, h=2) in back


def test_large_figure_may_not_straddle_a_wall() -> None:
    board = open_board(6, 4, walls=wall_column(3, [0, 1]))
    fp = Footprint(x=0, y=0, w=2, h=2)
    reach = reachable(board, fp, 6, enemies=[], others=[])
    assert Footprint(x=2, y=0, w=2, h=2) not in reach
    assert Footprint(x=2, y=2, w=2, h=2) in reach


def test_large_figure_blocked_by_enemy_in_any_entered_space() -> None:
    board = open_board(5, 2)
    fp = Footprint(x=0, y=0, w=2, h=2)
    reach = reachable(board, fp, 3, enemies=[(2, 1)], others=[(2, 1)])
    assert all(fp.x == 0 for fp in reach)


def test_cheapest_path_avoids_harm_on_ties() -> None:
    board = open_board(3, 3, terrain={(1, 1): "lava"})
    reach = reachable(board, one((0, 1)), 2, enemies=[], others=[])
    assert one((1, 1)) not in reach[one((2, 1))].path


@settings(max_examples=40, deadline=None)
@given(
    budget=st.integers(0, 6),
    mud=st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=12),
    enemies=st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=5),
)
def test_reach_costs_never_exceed_budget_and_paths_are_legal(
    budget: int, mud: set[tuple[int, int]], enemies: set[tuple[int, int]]
) -> None:
    start = (3, 3)
    enemies.discard(start)
    board = open_board(7, 7, terrain=dict.fromkeys(mud, "mud"))
    reach = reachable(board, one(start), budget, enemies=enemies, others=enemies)
    for fp, r in reach.items():
        assert r.cost <= budget
        assert distance(start, fp.anchor) <= r.cost
        assert r.path[0] == one(start) and r.path[-1] == fp
        total = 0
        for a, b in zip(r.path, r.path[1:], strict=False):
            options = dict(step_options(board, a, enemies=enemies))
            total += options[b]
        assert total == r.cost
        assert fp.anchor not in enemies
