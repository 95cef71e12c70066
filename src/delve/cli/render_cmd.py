"""`delve render QUEST`: draw a quest map in the terminal with a legend.

QUEST is a .map file, a quest YAML file whose ``map:`` names the map file (relative to the
YAML), or the id of a starter-pack quest (``first-steps``).
"""

from __future__ import annotations

from pathlib import Path

import typer
import yaml
from rich.console import Console

from delve.board.mapfile import MapError, QuestMap, load_map
from delve.board.render import FigureMark, render_board, render_legend

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


def register(app: typer.Typer) -> None:
    """Attach the ``render`` command to the main app."""

    @app.command("render")
    def render(
        quest: str = typer.Argument(
            ..., help="A .map file, a quest .yaml with 'map:', or a starter quest id."
        ),
        hide_unrevealed: bool = typer.Option(
            False, "--hide-unrevealed", help="Leave unrevealed areas blank instead of dimmed."
        ),
        no_legend: bool = typer.Option(False, "--no-legend", help="Draw the map only."),
    ) -> None:
        """Draw a quest map with its markers, doors and starting figures."""
        console = Console()
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
