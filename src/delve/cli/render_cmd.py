"""`delve render QUEST`: draw a quest map in the terminal with a legend.

QUEST is a .map file, a quest YAML file whose ``map:`` names the map file (relative to the
YAML), or the id of a starter-pack quest (``first-steps``).

`delve render --game SAVE.json [--seat h1]` draws a saved game (a ``delve play --save`` file) as
one seat sees it: figures, familiars (Rulebook: Familiars & Companions) and markers, with the
seat's hidden information left out (unrevealed areas, a dark glyph's face-down side).

`delve render [QUEST] --template breath --facing east [--at X,Y]` draws an attack template
(Rulebook: Bolt; Breath) laid against a one-space attacker, on the quest map or on an empty
room, so a person can compare our template shapes with the printed ones.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import typer
import yaml
from rich.console import Console

from delve.board.builders import open_board
from delve.board.geometry import Footprint
from delve.board.grid import Board
from delve.board.mapfile import MapError, QuestMap, load_map
from delve.board.render import FigureMark, render_board, render_legend
from delve.board.templates import FACINGS, Placement, covered, load_templates

STARTER_QUESTS = Path(__file__).resolve().parent.parent / "content" / "packs" / "starter" / "quests"


class QuestNotFound(Exception):
    """QUEST names no file and no starter quest."""


def resolve_map(quest: str) -> Path:
    """The .map file a QUEST argument points to."""
    path = Path(quest)
    if not path.is_file():
        for candidate in (STARTER_QUESTS / f"{quest}.map", STARTER_QUESTS / f"{quest}.yaml"):
            if candidate.is_file():
                path = candidate
                break
        else:
            raise QuestNotFound(f"no file {quest!r} and no starter quest with that id")
    if path.suffix == ".map":
        return path
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("map"), str):
        raise QuestNotFound(f"{path}: a quest file needs a 'map: <file>' entry")
    return path.parent / data["map"]


def placement_marks(quest: QuestMap) -> list[FigureMark]:
    """Figures to draw for the map's placements: hero starts as '@', monsters by initial."""
    marks = []
    for p in quest.placements:
        if p.kind == "hero_start":
            marks.append(FigureMark(label="@", footprint=p.footprint, side="hero", name="hero start"))
        else:
            initial = (p.monster or "?")[0]
            label = initial.upper() if p.master else initial.lower()
            name = f"{p.monster} (master)" if p.master else p.monster
            marks.append(FigureMark(label=label, footprint=p.footprint, side="monster", name=name))
    return marks


def seat_board(board: Board, seat: str) -> Board:
    """A copy of the board with markers as ``seat`` sees them (engine.views decides what is public)."""
    from delve.engine.decision import OVERLORD
    from delve.engine.views import public_marker

    shown = copy.deepcopy(board)
    for marker in shown.markers:
        marker.kind, marker.data = public_marker(marker.kind, marker.data, seat != OVERLORD)
    shown.invalidate()
    return shown


def view_marks(seen: dict[str, Any]) -> list[FigureMark]:
    """Familiars, then figures on the board, from a seat's view (``engine.views.view``). A figure
    drawn later covers an earlier mark in the same space, so a familiar sharing a figure's space
    shows only in the legend, with its space."""
    figures = {str(f["id"]): f for f in seen["figures"]}
    marks = []
    for fam in seen.get("familiars", []):
        owner = figures.get(str(fam["owner"]), {}).get("name", fam["owner"])
        if fam.get("x") is None:  # a companion riding with its carrier: under the carrier's mark
            carrier = figures.get(str(fam.get("carrier")))
            if carrier is not None and not carrier.get("in_town"):
                marks.append(FigureMark(label="f", footprint=Footprint(**carrier["footprint"]),
                                        side="other", name=f"familiar {fam['kind']} of {owner}, carried by "
                                        f"{carrier.get('name', carrier['id'])}"))
            continue
        where = f"({fam['x']},{fam['y']})"
        marks.append(FigureMark(label="f", footprint=Footprint.single((int(fam["x"]), int(fam["y"]))), side="other",
                                name=f"familiar {fam['kind']} of {owner} at {where}"))
    for fig in figures.values():
        if fig.get("in_town") or not fig.get("alive", True):
            continue
        hero = fig.get("kind") == "hero"
        name = str(fig.get("name", fig["id"]))
        label = name[0].upper() if hero else name[0].lower()
        fp = Footprint(**fig["footprint"])
        marks.append(FigureMark(label=label, footprint=fp, side="hero" if hero else "monster",
                                name=f"{name} ({fig.get('wounds')}/{fig.get('max_wounds')} wounds)"))
    return marks


def game_view_drawing(text: str, seat: str) -> tuple[str, object, object]:
    """The title, drawing and legend of a saved game as ``seat`` sees it."""
    from delve.api import SaveError, check_save, game_view
    from delve.engine.decision import OVERLORD

    try:
        game = check_save(text, replay=False)  # a drawing: no play resumes from it
    except SaveError as exc:
        raise typer.BadParameter(str(exc)) from None
    if seat not in game.state.seats:
        raise typer.BadParameter(f"unknown seat {seat!r}; seats: {', '.join(game.state.seats)}")
    seen = game_view(game, seat)
    board = seat_board(game.board, seat)
    marks = view_marks(seen)
    drawing = render_board(board, marks, show_unrevealed=seat == OVERLORD)
    title = f"{game.state.quest or 'game'}, round {game.state.round}, as seen by {seat}"
    return title, drawing, render_legend(board, marks)


EMPTY_ROOM = (11, 9)  # the board drawn for a template when no quest is given


def parse_at(text: str) -> tuple[int, int]:
    """``X,Y`` as a pair of integers."""
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise typer.BadParameter(f"--at wants X,Y, got {text!r}") from None
    return (x, y)


def template_view(template: str, facing: str, at: str | None, quest: str | None) -> tuple[str, object, object]:
    """The title, board drawing and legend for a template laid against a one-space attacker."""
    if template not in load_templates():
        raise typer.BadParameter(f"unknown template {template!r}; known: {', '.join(sorted(load_templates()))}")
    if facing not in FACINGS:
        raise typer.BadParameter(f"unknown facing {facing!r}; known: {', '.join(FACINGS)}")
    if quest is not None:
        quest_map = load_map(resolve_map(quest))
        board, marks = quest_map.board, placement_marks(quest_map)
    else:
        board, marks = open_board(*EMPTY_ROOM), []
    pos = parse_at(at) if at else (board.width // 2, board.height // 2)
    if not board.is_space(pos):
        raise typer.BadParameter(f"({pos[0]},{pos[1]}) is not a space of the board")
    attacker = Footprint.single(pos)
    fx, fy = FACINGS[facing]
    placement = Placement(template, facing, (pos[0] + fx, pos[1] + fy))
    cells = covered(board, attacker, placement)
    marks = [m for m in marks if not m.footprint.contains(pos)]
    marks.append(FigureMark(label="A", footprint=attacker, side="other", name="attacker"))
    # '*' marks covered spaces even where colours are not shown; figures under it stay visible
    taken = {c for m in marks for c in m.footprint.cells()}
    marks += [FigureMark(label="*", footprint=Footprint.single(c), colour="yellow", name=f"{template} template")
              for c in cells if c not in taken]
    title = f"{template} template facing {facing} from ({pos[0]},{pos[1]}): {len(cells)} space(s), highlighted"
    return title, render_board(board, marks, highlight=cells), render_legend(board, marks)


def register(app: typer.Typer) -> None:
    """Attach the ``render`` command to the main app."""

    @app.command("render")
    def render(
        quest: str | None = typer.Argument(
            None, help="A .map file, a quest .yaml with 'map:', or a starter quest id."
        ),
        hide_unrevealed: bool = typer.Option(
            False, "--hide-unrevealed", help="Leave unrevealed areas blank instead of dimmed."
        ),
        no_legend: bool = typer.Option(False, "--no-legend", help="Draw the map only."),
        template: str | None = typer.Option(
            None, "--template", help="Draw an attack template (breath, bolt) against an attacker."
        ),
        facing: str = typer.Option("east", "--facing", help="Which side of the attacker: north, east, south, west."),
        at: str | None = typer.Option(None, "--at", help="The attacker's space X,Y (default: the board's middle)."),
        saved: Path | None = typer.Option(None, "--game", help="Draw a saved game (delve play --save FILE)."),
        seat: str = typer.Option("overlord", "--seat", help="With --game: the seat whose view is drawn."),
    ) -> None:
        """Draw a quest map with its markers, doors and starting figures, a saved game, or an attack template."""
        console = Console()
        if saved is not None:
            try:
                title, drawing, legend = game_view_drawing(saved.read_text(encoding="utf-8"), seat)
            except (OSError, ValueError) as exc:
                typer.echo(f"error: {exc}", err=True)
                raise typer.Exit(1) from None
            console.print(f"[bold]{title}[/bold]")
            console.print(drawing)
            if not no_legend:
                console.print(legend)
            return
        if template is not None:
            try:
                title, drawing, legend = template_view(template, facing, at, quest)
            except (QuestNotFound, MapError, OSError, yaml.YAMLError) as exc:
                typer.echo(f"error: {exc}", err=True)
                raise typer.Exit(1) from None
            console.print(f"[bold]{title}[/bold]")
            console.print(drawing)
            if not no_legend:
                console.print(legend)
            return
        if quest is None:
            typer.echo("error: give a QUEST to draw, or --template", err=True)
            raise typer.Exit(1)
        try:
            quest_map = load_map(resolve_map(quest))
        except (QuestNotFound, MapError, OSError, yaml.YAMLError) as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        marks = placement_marks(quest_map)
        if quest_map.name:
            console.print(f"[bold]{quest_map.name}[/bold]")
        console.print(render_board(quest_map.board, marks, show_unrevealed=not hide_unrevealed))
        if not no_legend:
            console.print(render_legend(quest_map.board, marks))
