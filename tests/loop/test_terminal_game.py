"""A whole game of the starter quest played to its end with `delve play --terminal` (the
game-loop issue's "Done means"). The heroes' player types "end_turn" and "1" over and over: when
ending the turn is not legal the first choice is taken instead. The heroes never go anywhere, so
the overlord wins (monsters and the overlord deck running out take their conquest)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from delve.cli.main import app


def test_the_starter_quest_is_played_to_the_end_in_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "--terminal", "--new", "--quick", "--save", str(save), "--seed", "3", "--overlord", "ai"]
    result = CliRunner().invoke(app, args, input="end_turn\n1\n" * 4000, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output[-2000:]
    assert "The game is over. Winner: overlord" in result.output
    assert "the overlord wins" in result.output  # the end and its reason are shown
    state = json.loads(save.read_text())
    assert state["winner"] == "overlord" and state["conquest"] <= 0
