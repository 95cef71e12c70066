"""`delve render` explains every terrain and marker kind of terrain.yaml in its legend.

Rulebook: Map tiles & Markers (and the sections each kind cites in terrain.yaml). The map is
built from the data itself, so a kind added to terrain.yaml is covered without editing here.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from delve.board.mapfile import parse_map
from delve.board.render import render_board, render_legend
from delve.board.terrain import load_marker_kinds, load_terrain
from delve.cli.main import app

# Marker kinds that need a colour in a map file (docs/maps.md).
_COLOURS = {"chest": "gold", "staircase": "red", "rune_key": "blue"}
_SPARE = "abcdefghijklmnopqrstuvwxyz"


def _map_with_every_kind() -> str:
    """One room whose first row shows every terrain and whose second every marker kind."""
    terrains = [t for t in load_terrain().values()]
    markers = sorted(load_marker_kinds())
    symbols = ["  R: {area: room}"]
    marker_cells = []
    for letter, kind in zip(_SPARE, markers, strict=False):
        colour = f", colour: {_COLOURS[kind]}" if kind in _COLOURS else ""
        symbols.append(f"  {letter}: {{marker: {kind}{colour}}}")
        marker_cells.append(letter)
    assert len(marker_cells) == len(markers), "more marker kinds than spare letters"
    terrain_cells = [t.symbol for t in terrains]
    width = max(len(terrain_cells), len(marker_cells)) + 1
    row0 = ["R", *terrain_cells] + ["."] * (width - 1 - len(terrain_cells))
    row1 = [*marker_cells] + ["."] * (width - len(marker_cells))
    border = "+" + "-+" * width
    inner = "+" + " +" * width
    lines = ["---", "areas:", "  room: {name: Room, revealed: true}", "symbols:", *symbols, "---",
             border, "|" + " ".join(row0) + "|", inner, "|" + " ".join(row1) + "|", border]
    return "\n".join(lines) + "\n"


def _text(renderable: object) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_legend_names_every_terrain_and_marker_kind() -> None:
    board = parse_map(_map_with_every_kind(), "<every kind>").board
    legend = _text(render_legend(board))
    drawing = _text(render_board(board))
    for terrain in load_terrain().values():
        assert terrain.name in legend, terrain.id
        assert terrain.symbol in drawing, terrain.id
    for kind in load_marker_kinds().values():
        assert kind.name in legend, kind.name
        assert kind.symbol in drawing, kind.name


def test_cli_render_shows_every_kind_in_its_legend(tmp_path: Path) -> None:
    path = tmp_path / "every-kind.map"
    path.write_text(_map_with_every_kind(), encoding="utf-8")
    result = CliRunner().invoke(app, ["render", str(path)])
    assert result.exit_code == 0, result.output
    names = [t.name for t in load_terrain().values()] + [k.name for k in load_marker_kinds().values()]
    missing = [name for name in names if name not in result.output]
    assert missing == []
