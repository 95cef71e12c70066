"""Draw a board in the terminal with Rich: terrain, walls, doors, markers and figures.

Why the map-file layout (one character per space, one between spaces): walls and doors sit on
the lines between spaces, so drawing them there shows exactly which edges are closed, the same
way a map author wrote them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

from pydantic import BaseModel
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board, Marker
from delve.board.terrain import load_marker_kinds, load_terrain


class FigureMark(BaseModel, frozen=True):
    """A figure to draw: its label (one character per space it covers, repeated if short),
    where it stands, and its colour or side."""

    label: str
    footprint: Footprint
    colour: str | None = None
    side: Literal["hero", "monster", "other"] = "monster"
    name: str | None = None  # shown in the legend, e.g. "goblin (master)"


# Rendering colours per terrain id: purely cosmetic, so keyed by id here, not in terrain.yaml.
TERRAIN_STYLE: dict[str, str] = {
    "floor": "grey50",
    "mud": "orange4 on grey15",
    "water": "bright_blue on dark_blue",
    "pit": "grey70 on grey3",
    "lava": "bright_yellow on red3",
    "rubble": "grey62 on grey30",
    "fog": "grey85 on grey42",
    "corrupted": "magenta",
    "dart_field": "bright_red",
    "scything_blade": "bright_red",
}
SIDE_STYLE = {"hero": "bold bright_green", "monster": "bold bright_red", "other": "bold cyan"}
CHEST_STYLE = {"copper": "bold dark_orange3", "silver": "bold grey82", "gold": "bold gold1"}
WALL_STYLE = "bold white"
HIGHLIGHT_BG = "on dark_green"
# Box-drawing corner by which arms carry a wall: (up, down, left, right).
_CORNERS = {
    (0, 0, 0, 0): " ",
    (1, 1, 0, 0): "│",
    (0, 0, 1, 1): "─",
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "╴",
    (0, 0, 0, 1): "╶",
}


def _colour(name: object, fallback: str) -> str:
    """A Rich colour from map data (e.g. a rune colour), or the fallback if Rich does not know it."""
    try:
        Style.parse(str(name))
    except Exception:
        return fallback
    return str(name)


def marker_glyph(m: Marker) -> tuple[str, str]:
    """The character and style drawn for a marker."""
    kind = load_marker_kinds()[m.kind]
    colour = m.data.get("colour")
    if m.kind == "chest":
        return kind.symbol, CHEST_STYLE.get(str(colour), "bold yellow")
    if m.kind == "glyph":
        return kind.symbol, "bold bright_white" if m.data.get("active") else "bold red"
    if colour is not None:
        return kind.symbol, "bold " + _colour(colour, "white")
    return kind.symbol, "bold yellow"


def render_board(
    board: Board,
    figures: Sequence[FigureMark] = (),
    *,
    show_unrevealed: bool = True,
    highlight: Collection[Pos] = (),
) -> RenderableType:
    """The board as Rich text. Unrevealed areas are dimmed, or left blank (figures and markers
    hidden too) when ``show_unrevealed`` is False. ``highlight`` spaces get a green background."""
    w, h = board.width, board.height
    terrains = load_terrain()
    hidden_areas = {a.id for a in board.areas if not a.revealed}
    lit = set(highlight)

    def hidden(p: Pos) -> bool:
        return board.area_of(p) in hidden_areas

    def seen(p: Pos) -> bool:
        return board.is_space(p) and not hidden(p)

    glyphs: dict[Pos, tuple[str, str]] = {}
    for m in board.markers:
        glyphs[m.pos] = marker_glyph(m)
    for fig in figures:
        style = SIDE_STYLE[fig.side] if fig.colour is None else "bold " + _colour(fig.colour, "white")
        cells = fig.footprint.cells()
        label = fig.label or "?"
        for k, p in enumerate(cells):
            glyphs[p] = (label[k % len(label)], style)

    door_at: dict[tuple[Pos, Pos], tuple[bool, str | None]] = {}
    for d in board.doors:
        for e in d.edges:
            door_at[e] = (d.open, d.rune)

    def edge_kind(a: Pos, b: Pos) -> str:
        """'wall', 'door', 'open_door' or '' for an edge between two positions."""
        if not (board.is_space(a) or board.is_space(b)):
            return ""
        if not show_unrevealed and not (seen(a) or seen(b)):
            return ""  # an unrevealed area's outline is hidden information too
        if not (board.is_space(a) and board.is_space(b)):
            return "wall"
        key = (a, b) if a < b else (b, a)
        if key in door_at:
            return "open_door" if door_at[key][0] else "door"
        return "wall" if board.has_wall(a, b) else ""

    def door_style(a: Pos, b: Pos) -> str:
        key = (a, b) if a < b else (b, a)
        is_open, rune = door_at[key]
        base = _colour(rune, "yellow") if rune else "yellow"
        return ("dim " if is_open else "bold ") + base

    text = Text()
    for gy in range(2 * h + 1):
        for gx in range(2 * w + 1):
            x, y = gx // 2, gy // 2
            if gy % 2 and gx % 2:  # a space
                p = (x, y)
                if not board.is_space(p):
                    text.append(" ")
                    continue
                t = terrains[board.terrain[y][x] or "floor"]
                ch, style = t.symbol, TERRAIN_STYLE.get(t.id, "white")
                if p in glyphs:
                    gch, gstyle = glyphs[p]
                    ch = gch
                    bg = style.split(" on ", 1)[1] if " on " in style else None
                    style = gstyle + (f" on {bg}" if bg else "")
                if hidden(p):
                    if not show_unrevealed:
                        ch, style = " ", ""
                    else:
                        style = "dim " + style
                if p in lit:
                    style = style.split(" on ", 1)[0] + " " + HIGHLIGHT_BG
                text.append(ch, style=style)
            elif gy % 2:  # vertical edge between (x-1, y) and (x, y)
                kind = edge_kind((x - 1, y), (x, y))
                if kind == "wall":
                    text.append("│", style=WALL_STYLE)
                elif kind:
                    text.append("█" if kind == "door" else "░", style=door_style((x - 1, y), (x, y)))
                else:
                    text.append(" ")
            elif gx % 2:  # horizontal edge between (x, y-1) and (x, y)
                kind = edge_kind((x, y - 1), (x, y))
                if kind == "wall":
                    text.append("─", style=WALL_STYLE)
                elif kind:
                    text.append("█" if kind == "door" else "░", style=door_style((x, y - 1), (x, y)))
                else:
                    text.append(" ")
            else:  # a corner: join the walls around it
                arms = (
                    edge_kind((x - 1, y - 1), (x, y - 1)) == "wall",
                    edge_kind((x - 1, y), (x, y)) == "wall",
                    edge_kind((x - 1, y - 1), (x - 1, y)) == "wall",
                    edge_kind((x, y - 1), (x, y)) == "wall",
                )
                text.append(_CORNERS[tuple(int(a) for a in arms)], style=WALL_STYLE)  # type: ignore[index]
        text.append("\n")
    text.rstrip()
    return text


def render_legend(board: Board, figures: Sequence[FigureMark] = ()) -> RenderableType:
    """A table explaining every glyph that appears on the drawn board."""
    table = Table(title="Legend", show_header=True, header_style="bold")
    table.add_column("Glyph")
    table.add_column("Meaning")
    terrains = load_terrain()
    used_terrain = {tid for row in board.terrain for tid in row if tid is not None}
    for tid in sorted(used_terrain):
        t = terrains[tid]
        table.add_row(Text(t.symbol, style=TERRAIN_STYLE.get(tid, "white")), t.name)
    kinds = load_marker_kinds()
    seen: set[tuple[str, str]] = set()
    for m in board.markers:
        ch, style = marker_glyph(m)
        extra = ", ".join(f"{k}: {v}" for k, v in sorted(m.data.items()))
        meaning = kinds[m.kind].name + (f" ({extra})" if extra else "")
        if (ch, meaning) not in seen:
            seen.add((ch, meaning))
            table.add_row(Text(ch, style=style), meaning)
    for fig in figures:
        style = SIDE_STYLE[fig.side] if fig.colour is None else "bold " + _colour(fig.colour, "white")
        meaning = fig.name or f"{fig.side} figure"
        if (fig.label, meaning) not in seen:
            seen.add((fig.label, meaning))
            table.add_row(Text(fig.label, style=style), meaning)
    table.add_row(Text("│─", style=WALL_STYLE), "wall")
    table.add_row(Text("█", style="bold yellow"), "closed door (rune doors in their colour)")
    table.add_row(Text("░", style="dim yellow"), "open door")
    return Group(table)
