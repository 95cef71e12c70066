"""Rendering with Rich and the `delve render` command."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from delve.board.builders import open_board
from delve.board.geometry import Footprint
from delve.board.grid import Door, Marker
from delve.board.mapfile import load_map
from delve.board.render import FigureMark, render_board, render_legend
from delve.cli.main import app

STARTER = Path(__file__).resolve().parents[2] / "src/delve/content/packs/starter/quests/first-steps.map"


def _text(renderable: object) -> str:
    console = Console(record=True, width=120, color_system="truecolor")
    console.print(renderable)
    return console.export_text()


def test_render_shows_walls_doors_markers_figures_and_terrain() -> None:
    door = Door(id="d", edges=(((1, 0), (2, 0)), ((1, 1), (2, 1))))
    board = open_board(4, 2, terrain={(3, 1): "water"}, walls=[((0, 0), (0, 1))], doors=[door])
    board.add_marker(Marker(id="c", kind="chest", pos=(3, 0), data={"colour": "gold"}))
    figs = [FigureMark(label="O", footprint=Footprint(x=0, y=0, w=1, h=1), side="monster")]
    lines = _text(render_board(board, figs, highlight=[(1, 1)])).splitlines()
    assert lines[0].startswith("┌") and lines[-1].startswith("└")
    assert lines[1] == "│O .█. C│"
    assert lines[2][1] == "─"  # the wall under the ogre
    assert "~" in lines[3]
    console = Console(record=True, color_system="truecolor")
    console.print(render_board(board, figs, highlight=[(1, 1)]))
    assert "\x1b[" in console.export_text(styles=True)


def test_render_hides_unrevealed_areas_on_request() -> None:
    board = load_map(STARTER).board
    shown = _text(render_board(board))
    hidden = _text(render_board(board, show_unrevealed=False))
    assert "#" in shown and "#" not in hidden  # the rubble lies in the unrevealed corridor
    assert "G" in hidden  # the active glyph is in the start area


def test_legend_lists_terrain_and_markers() -> None:
    board = load_map(STARTER).board
    text = _text(render_legend(board, [FigureMark(label="@", footprint=Footprint(x=1, y=1), side="hero")]))
    for word in ("Mud", "Water", "Treasure chest", "Staircase", "hero figure", "closed door"):
        assert word in text


def test_cli_render_starter_quest_by_id_and_by_path(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["render", "first-steps"])
    assert result.exit_code == 0, result.output
    assert "First Steps" in result.output and "Legend" in result.output and "ogre" in result.output
    result = runner.invoke(app, ["render", str(STARTER), "--no-legend"])
    assert result.exit_code == 0 and "Legend" not in result.output
    quest = tmp_path / "q.yaml"
    (tmp_path / "m.map").write_text(STARTER.read_text(encoding="utf-8"), encoding="utf-8")
    quest.write_text("id: q\nmap: m.map\n", encoding="utf-8")
    result = runner.invoke(app, ["render", str(quest), "--hide-unrevealed"])
    assert result.exit_code == 0, result.output


def test_cli_render_reports_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["render", "no-such-quest"])
    assert result.exit_code == 1
    bad = tmp_path / "bad.map"
    bad.write_text("---\n---\n+-+\n|?|\n+-+\n", encoding="utf-8")
    result = runner.invoke(app, ["render", str(bad)])
    assert result.exit_code == 1
    assert "bad.map:4:2" in result.output
