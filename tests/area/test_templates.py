"""Bolt and Breath templates: data, turning, laying against large figures, clipping, render.

Rulebook: Bolt; Breath. Scenarios in tests/scenarios/area/ prove the attacks; these tests pin
the geometry that a scenario would only show indirectly.
"""

from __future__ import annotations

from typer.testing import CliRunner

from delve.board.builders import open_board, wall_column, wall_row
from delve.board.geometry import Footprint
from delve.board.grid import Door
from delve.board.templates import Placement, anchors, covered, load_templates, placements, rotate
from delve.cli.main import app


def test_shapes_come_from_data() -> None:
    shapes = load_templates()
    assert set(shapes) >= {"breath", "bolt"}
    assert len(shapes["bolt"]) == 6 and all(side == 0 for _, side in shapes["bolt"])
    assert max(f for f, _ in shapes["breath"]) == 3  # a cone four spaces long


def test_rotation_turns_forward_and_side_for_each_facing() -> None:
    assert rotate((2, 1), "east", (5, 5)) == (7, 6)
    assert rotate((2, 1), "west", (5, 5)) == (3, 4)
    assert rotate((2, 1), "south", (5, 5)) == (4, 7)
    assert rotate((2, 1), "north", (5, 5)) == (6, 3)


def test_large_figure_has_one_anchor_per_space_of_a_side() -> None:
    fp = Footprint(x=2, y=2, w=2, h=3)
    assert anchors(fp, "east") == [(4, 2), (4, 3), (4, 4)]
    assert anchors(fp, "north") == [(2, 1), (3, 1)]
    assert len(placements("bolt", fp)) == 10


def test_unclipped_template_covers_its_whole_shape() -> None:
    board = open_board(11, 9)
    fp = Footprint.single((5, 4))
    for facing in ("north", "east", "south", "west"):
        placement = next(p for p in placements("breath", fp) if p.facing == facing)
        assert len(covered(board, fp, placement)) == len(load_templates()["breath"])


def test_bolt_stops_at_a_wall_but_not_at_obstacles() -> None:
    board = open_board(9, 3, terrain={(3, 1): "rubble"}, walls=wall_column(6, [1]))
    fp = Footprint.single((0, 1))
    cells = covered(board, fp, Placement("bolt", "east", (1, 1)))
    assert cells == [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]


def test_bolt_stops_at_a_closed_door_and_passes_an_open_one() -> None:
    door = Door(id="d", edges=(((2, 0), (3, 0)), ((2, 1), (3, 1))))
    board = open_board(8, 2, doors=[door])
    fp = Footprint.single((0, 1))
    assert covered(board, fp, Placement("bolt", "east", (1, 1))) == [(1, 1), (2, 1)]
    board.set_door_open("d", True)
    assert len(covered(board, fp, Placement("bolt", "east", (1, 1)))) == 6


def test_nothing_is_covered_when_the_attacker_faces_a_wall_or_the_edge() -> None:
    board = open_board(5, 5, walls=wall_row(2, [2]))
    fp = Footprint.single((2, 1))
    assert covered(board, fp, Placement("breath", "south", (2, 2))) == []
    assert covered(board, Footprint.single((0, 0)), Placement("breath", "west", (-1, 0))) == []


def test_breath_billows_round_a_short_wall_but_a_bolt_does_not() -> None:
    board = open_board(9, 7, walls=wall_column(4, [3]))
    fp = Footprint.single((1, 3))
    breath = covered(board, fp, Placement("breath", "east", (2, 3)))
    assert (4, 3) in breath  # straight behind the wall, reached round it
    assert len(breath) == len(load_templates()["breath"])
    bolt = covered(board, fp, Placement("bolt", "east", (2, 3)))
    assert bolt == [(2, 3), (3, 3)]


def test_breath_never_spreads_into_void() -> None:
    board = open_board(9, 7, void=[(3, 2), (3, 3), (3, 4)])
    cells = covered(board, Footprint.single((1, 3)), Placement("breath", "east", (2, 3)))
    assert not {(3, 2), (3, 3), (3, 4)} & set(cells)
    assert (4, 3) not in cells  # the void cuts the cone off from the spaces behind it


def test_render_template_command_draws_the_covered_spaces() -> None:
    result = CliRunner().invoke(app, ["render", "--template", "bolt", "--facing", "north", "--at", "5,7",
                                      "--no-legend"])
    assert result.exit_code == 0, result.output
    assert "6 space(s)" in result.output
    assert result.output.count("*") == 6
    bad = CliRunner().invoke(app, ["render", "--template", "breath", "--facing", "up"])
    assert bad.exit_code != 0
