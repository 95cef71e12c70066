"""Text rendering for ``render_mode="ansi"``: the board as the hero seats see it.

Why the heroes' view: a render is something a person watches, so it must not show what the
heroes cannot see (unrevealed areas and the monsters in them).
"""

from __future__ import annotations

import io

from rich.console import Console

from delve.api import Game
from delve.board.render import FigureMark, render_board


def board_text(game: Game) -> str:
    """The board with its figures, unrevealed areas left blank, as plain text."""
    marks = []
    for figure in game.state.figures.values():
        if not figure.alive or figure.in_town:
            continue
        area = game.board.area_of(figure.pos)
        if area is not None and not game.board.area(area).revealed:
            continue
        label = figure.name[0].upper() if figure.kind == "hero" else figure.name[0].lower()
        marks.append(FigureMark(label=label, footprint=figure.footprint, side=figure.kind))
    console = Console(file=io.StringIO(), record=True, width=200, color_system=None)
    console.print(render_board(game.board, marks, show_unrevealed=False))
    state = game.state
    console.print(f"round {state.round}  conquest {state.conquest}  threat {state.overlord.threat}  "
                  f"winner {state.winner or '-'}")
    return console.export_text()
