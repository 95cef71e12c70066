"""``delve play --replay SEED``: a game a report lists, played again from its seed and watched in
the web table (or its log in the terminal), with the exact command the report prints."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from delve.cli.main import app
from delve.cli.play_cmd import replay_config, watch_replay
from delve.cli.simulate_cmd import _described
from delve.sim.backends import run
from delve.sim.charts import watch_command
from delve.sim.runner import SimConfig

CONFIG = SimConfig(quest="first-steps", pack="starter", ruleset="1e", games=1, heroes="ai", overlord="ai", seed=2,
                   setup_choices=False)


@pytest.fixture(scope="module")
def simulated() -> dict:
    [summary] = run(CONFIG, backend="sequential", workers=1)
    assert summary["winner"] in ("heroes", "overlord")
    return summary


def test_the_printed_command_replays_the_game_in_the_terminal(simulated: dict) -> None:
    command = watch_command(_described(CONFIG, "sequential"), simulated["seed"])
    args = shlex.split(command)
    assert args[:2] == ["delve", "play"] and "--quick" in args
    result = CliRunner().invoke(app, [*args[1:], "--terminal"])
    assert result.exit_code == 0, result.output
    assert f"seed {simulated['seed']}: winner {simulated['winner']} after {simulated['rounds']} rounds" in result.output


def test_the_replayed_game_opens_in_the_web_table(simulated: dict, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DELVE_ALLOWED_HOSTS", "testserver")
    config = replay_config(quest="first-steps", pack="starter", ruleset="1e", heroes="normal", overlord="normal",
                           hero_ids=[], quick=True)
    web_app, path, summary = watch_replay(tmp_path, config, simulated["seed"])
    assert (summary.winner, summary.rounds) == (simulated["winner"], simulated["rounds"])
    game_id, token = path.removeprefix("/play/").split("#")
    client = TestClient(web_app)
    headers = {"X-Seat-Token": token}
    state = client.get(f"/api/games/{game_id}/state", headers=headers).json()
    assert state["winner"] == simulated["winner"] and state["pending"] is None
    assert state["table"]["choices_made"] == simulated["choices"]
    assert "overlord" in state["table"]["automated"]
    middle = client.get(f"/api/games/{game_id}/replay?step={simulated['choices'] // 2}", headers=headers).json()
    assert middle["replay"]["of"] == simulated["choices"] and middle["winner"] is None
    # the overlord's decisions explain themselves, as in a live game
    move = next(e for e in state["log"] if e["turn"] == "overlord" and e["kind"] == "figure_moved")
    why = client.get(f"/api/games/{game_id}/why?event={move['n']}", headers=headers)
    assert why.status_code == 200 and why.json()["kind"] == "monster_activation"
