"""`delve balance`: the workbench's figures in the terminal, for a saved quest folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from delve.cli.main import app
from delve.workbench.model import Draft
from delve.workbench.packs import write_pack

Rooms = Callable[[], dict[str, Any]]  # the draft JSON maker (the fixture ``rooms``)


def saved(folder: Path, conquest: int, rooms: Rooms) -> Path:
    draft = rooms()
    draft["quest"]["starting_conquest"] = conquest
    write_pack(folder, Draft.model_validate(draft))
    return folder


def test_balance_json_of_a_folder_compared_with_a_variant(tmp_path: Path, rooms: Rooms) -> None:
    a, b = saved(tmp_path / "a", 5, rooms), saved(tmp_path / "b", 2, rooms)
    result = CliRunner().invoke(app, ["balance", str(a), "--games", "2", "--workers", "1", "--json",
                                      "--compare", str(b / "quests" / "two-rooms.yaml")])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["games"] == 2 and figures["config"]["quest"] == "two-rooms"
    assert figures["conquest_by_round"][0]["mean"] == 5
    for key in ("heroes_win_rate", "heroes_win_ci95", "mean_rounds", "rounds", "heat", "dangerous_monsters",
                "lost_seeds", "replay_command", "figures", "seeds"):
        assert key in figures
    compared = figures["comparison"]
    assert compared["previous_job"].endswith("two-rooms.yaml")
    assert compared["difference"] == compared["heroes_win_rate"][1] - compared["heroes_win_rate"][0]


def test_balance_refuses_what_is_not_a_quest(tmp_path: Path, rooms: Rooms) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["balance", "no-such-quest", "--games", "1"]).exit_code == 2
    broken = rooms()
    broken["monsters"][0]["monster"] = "goblinn"
    write_pack(tmp_path / "broken", Draft.model_validate(broken))
    result = runner.invoke(app, ["balance", str(tmp_path / "broken"), "--games", "1"])
    assert result.exit_code == 2 and "goblinn" in result.output
