"""`delve play`: a person can move a hero and end turns; the game is saved and resumed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from delve.cli.main import app


def test_play_move_end_turns_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    keys = "\n".join(["1", "1", "5,2", "nonsense", "end_turn", "1", "end_turn", "q"]) + "\n"
    wide = {"COLUMNS": "200"}
    args = ["play", "--new", "--save", str(save), "--seed", "4"]
    result = CliRunner().invoke(app, args, input=keys, env=wide)
    assert result.exit_code == 0, result.output
    assert "moves to (5,2)" in result.output
    assert "Not a legal choice" in result.output
    assert "Round 2 begins" in result.output
    state = json.loads(save.read_text())
    assert state["figures"]["hero1"]["footprint"]["x"] == 5
    resumed = CliRunner().invoke(app, ["play", "--save", str(save)], input="q\n", env={"COLUMNS": "200"})
    assert resumed.exit_code == 0 and "Resuming" in resumed.output and "round 2" in resumed.output
