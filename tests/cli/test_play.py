"""`delve play`: a person can move a hero and end turns; the game is saved and resumed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from delve.cli.main import app


def test_play_move_end_turns_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # "familiar:done" lets a familiar stop after its owner's turn; refused (and asked again)
    # when no familiar is waiting, so the keys fit whatever skills the seed deals.
    keys = "\n".join(["1", "1", "5,2", "nonsense", "end_turn", "familiar:done", "1", "end_turn",
                      "familiar:done", "q"]) + "\n"
    wide = {"COLUMNS": "200"}
    args = ["play", "--terminal", "--new", "--quick", "--save", str(save), "--seed", "4"]
    result = CliRunner().invoke(app, args, input=keys, env=wide)
    assert result.exit_code == 0, result.output
    assert "moves to (5,2)" in result.output
    assert "Not a legal choice" in result.output
    assert "Round 2 begins" in result.output
    assert "The solo overlord gives" in result.output  # the solo procedure drives the overlord
    state = json.loads(save.read_text())
    assert state["figures"]["hero1"]["footprint"]["x"] == 5
    resumed = CliRunner().invoke(app, ["play", "--terminal", "--save", str(save)], input="q\n", env={"COLUMNS": "200"})
    assert resumed.exit_code == 0 and "Resuming" in resumed.output and "round 2" in resumed.output


def test_play_starts_with_the_setup_choices(tmp_path: Path) -> None:
    """Without --quick the heroes shop for starting equipment before the first round."""
    save = tmp_path / "game.json"
    keys = "\n".join(["keep", "keep", "buy:hunters-sword", "1", "q"]) + "\n"  # keep the dealt skills
    args = ["play", "--terminal", "--new", "--save", str(save), "--overlord", "ai"]
    result = CliRunner().invoke(app, args, input=keys, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "shops with 300 coins" in result.output and "shops with 125 coins" in result.output
    assert json.loads(save.read_text())["figures"]["hero1"]["equipped"] == ["hunters-sword"]


def test_play_refuses_an_unknown_overlord(tmp_path: Path) -> None:
    args = ["play", "--terminal", "--new", "--save", str(tmp_path / "g.json"), "--overlord", "x"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0


def test_play_takes_a_level_for_the_overlord(tmp_path: Path) -> None:
    """``--overlord hard`` is the search player (levels: delve.ai.bots.OVERLORD_LEVELS)."""
    save = tmp_path / "g.json"
    args = ["play", "--terminal", "--new", "--quick", "--save", str(save), "--overlord", "hard"]
    result = CliRunner().invoke(app, args, input="q\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["flags"]["terminal_overlord"] == "search"
