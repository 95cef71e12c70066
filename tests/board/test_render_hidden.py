"""With unrevealed areas hidden, nothing of them is drawn: not even their walls."""

from __future__ import annotations

from rich.console import Console

from delve.board.mapfile import parse_map
from delve.board.render import render_board

MAP = """---
areas:
  a: {name: A, revealed: true}
  b: {name: B}
symbols:
  A: {area: a}
  B: {area: b}
---
+-+-+   +-+-+-+
|A .|   |B . .|
+-+-+   +     +
        |. . .|
        +-+-+-+
"""


def draw(show: bool) -> str:
    console = Console(record=True, width=40)
    console.print(render_board(parse_map(MAP).board, show_unrevealed=show))
    return console.export_text()


def test_hidden_area_outline_is_not_drawn() -> None:
    hidden = draw(False).splitlines()
    shown = draw(True).splitlines()
    assert any(len(line.rstrip()) > 6 for line in shown)  # area B's walls when shown
    assert all(len(line.rstrip()) <= 5 for line in hidden)  # only area A's 2x1 room remains
