"""Simulation: stable seeds, identical results on every backend, honest intervals, the CLI contract."""

from __future__ import annotations

import importlib.util
import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from delve.cli.main import app
from delve.sim.backends import run
from delve.sim.report import summarise, wilson, write_report
from delve.sim.runner import PlayerUnavailable, SimConfig, game_seed, make_player, play_game

QUICK = SimConfig(games=4, heroes="random", overlord="random", seed=5, max_choices=400)


def test_game_seeds_are_stable_and_distinct() -> None:
    assert game_seed(0, 0) == game_seed(0, 0)
    assert len({game_seed(1, i) for i in range(1000)}) == 1000
    assert game_seed(1, 3) != game_seed(2, 3)


def test_a_game_summary_is_small_plain_data() -> None:
    summary = play_game(QUICK, 0).to_dict()
    assert summary["error"] is None
    assert summary["cause"] in ("choice_cap", "heroes_out_of_conquest", "kill_named:grolm", "round_cap")
    assert summary["conquest"] and summary["conquest"][0] >= 1
    json.dumps(summary)


def test_backends_give_identical_results() -> None:
    sequential = run(QUICK, backend="sequential")
    processes = run(QUICK, backend="processes", workers=2)
    strip = [{k: v for k, v in s.items() if k != "seconds"} for s in sequential]
    assert strip == [{k: v for k, v in s.items() if k != "seconds"} for s in processes]
    assert [s["index"] for s in processes] == [0, 1, 2, 3]


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (optional extra: pip install 'delve[ray]')")
def test_ray_backend_matches_the_others() -> None:  # pragma: no cover - needs the optional extra
    config = replace(QUICK, games=2)
    local = run(config, backend="sequential")
    remote = run(config, backend="ray", ray_address="local")
    assert [s["seed"] for s in local] == [s["seed"] for s in remote]
    assert [s["winner"] for s in local] == [s["winner"] for s in remote]


def test_wilson_interval() -> None:
    lo, hi = wilson(95, 100)
    assert math.isclose(lo, 0.8882, abs_tol=1e-3) and math.isclose(hi, 0.9785, abs_tol=1e-3)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_and_report(tmp_path: Path) -> None:
    summaries = run(QUICK, backend="sequential")
    summary = summarise(summaries)
    for key in ("games", "heroes_won", "overlord_won", "errors", "mean_rounds", "heroes_win_ci95", "causes"):
        assert key in summary
    assert summary["games"] == 4
    out = write_report(tmp_path / "report.html", summary, summaries)
    assert "Delve simulation" in out.read_text()


def test_missing_player_kinds_are_reported() -> None:
    with pytest.raises(PlayerUnavailable):
        make_player("overlord", "telepath", 0)


def test_cli_json_contract() -> None:
    result = CliRunner().invoke(app, ["simulate", "first-steps", "--games", "2", "--heroes", "random",
                                      "--overlord", "random", "--workers", "1", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["games"] == 2
    assert data["heroes_won"] + data["overlord_won"] + data["errors"] + data["unfinished"] == 2
    assert "mean_rounds" in data


def test_ruleset_reaches_the_game_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    import delve.sim.runner as runner

    seen: list[str] = []
    real = runner.new_game

    def spy(setup, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(setup.ruleset)
        return real(setup, **kwargs)

    monkeypatch.setattr(runner, "new_game", spy)
    assert play_game(replace(QUICK, games=1, max_choices=50), 0).error is None
    assert seen == ["1e"]


def test_cli_refuses_an_unknown_ruleset() -> None:
    result = CliRunner().invoke(app, ["simulate", "first-steps", "--games", "1", "--ruleset", "3e", "--workers", "1"])
    assert result.exit_code == 2


def test_cli_ruleset_1e_is_reported() -> None:
    result = CliRunner().invoke(app, ["simulate", "first-steps", "--games", "1", "--heroes", "random",
                                      "--overlord", "random", "--workers", "1", "--ruleset", "1e", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout.strip().splitlines()[-1])["config"]["ruleset"] == "1e"


def _has_2e() -> bool:
    from delve.rulesets import RULESETS

    return "2e" in RULESETS


@pytest.mark.skipif(not _has_2e(), reason="the 2e ruleset is not in delve.rulesets.RULESETS yet")
def test_a_2e_simulation_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    summaries = run(replace(QUICK, games=1, max_choices=60, ruleset="2e"), backend="sequential")
    assert [s["error"] for s in summaries] == [None]
    import delve.sim.backends as backends

    configs: list[SimConfig] = []
    monkeypatch.setattr(backends, "run", lambda config, **_kw: configs.append(config) or summaries)
    result = CliRunner().invoke(app, ["simulate", "--games", "1", "--heroes", "random",
                                      "--overlord", "random", "--workers", "1", "--ruleset", "2e", "--json"])
    assert result.exit_code == 0, result.output
    assert configs[0].ruleset == "2e"
    assert json.loads(result.stdout.strip().splitlines()[-1])["config"]["ruleset"] == "2e"


@pytest.mark.parametrize(("args", "pack", "quest"), [
    (["--ruleset", "2e"], "starter-2e", "first-steps-2e"),  # no quest: the ruleset's tutorial
    (["first-steps-2e", "--ruleset", "2e"], "starter-2e", "first-steps-2e"),  # the ruleset's pack has it
    (["first-steps"], "starter", "first-steps"),
    ([], "starter", "first-steps"),
])
def test_cli_picks_the_pack_that_has_the_quest(monkeypatch: pytest.MonkeyPatch, args: list[str], pack: str,
                                               quest: str) -> None:
    import delve.sim.backends as backends

    configs: list[SimConfig] = []
    monkeypatch.setattr(backends, "run", lambda config, **_kw: configs.append(config) or [])
    CliRunner().invoke(app, ["simulate", *args, "--games", "1", "--workers", "1", "--json"])
    assert (configs[0].pack, configs[0].quest) == (pack, quest)


def test_cli_names_the_quests_of_a_pack_that_lacks_the_quest() -> None:
    result = CliRunner().invoke(app, ["simulate", "no-such-quest", "--games", "1", "--workers", "1"])
    assert result.exit_code == 2
    assert "no quest 'no-such-quest'" in result.output and "first-steps" in result.output


def test_the_solo_overlord_plays_in_a_solo_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without GameSetup(solo=True) the solo procedure's rules (interrupts, order dice, Raise Dead,
    # the Command deck clock) never run, and the solo player would play a plain Descent game.
    from delve.sim import runner

    seen: list[bool] = []

    def capture(setup: Any, transactional: bool = True) -> Any:
        seen.append(setup.solo)
        raise RuntimeError("stop here")

    monkeypatch.setattr(runner, "new_game", capture)
    for overlord in ("solo", "ai"):
        runner.play_game(runner.SimConfig(quest="first-steps", games=1, heroes="ai", overlord=overlord), 0)
    assert seen == [True, False]


@pytest.mark.parametrize(("args", "ruleset"), [
    (["--pack", "starter-2e"], "2e"),  # no ruleset: the pack's own
    (["first-steps-2e"], "2e"),  # no pack, no ruleset: the ruleset whose pack has the quest
    (["first-steps"], "1e"),
])
def test_cli_plays_the_packs_ruleset(monkeypatch: pytest.MonkeyPatch, args: list[str], ruleset: str) -> None:
    import delve.sim.backends as backends

    configs: list[SimConfig] = []
    monkeypatch.setattr(backends, "run", lambda config, **_kw: configs.append(config) or [])
    result = CliRunner().invoke(app, ["simulate", *args, "--games", "1", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert configs[0].ruleset == ruleset


@pytest.mark.parametrize("args", [["--pack", "starter-2e", "--ruleset", "1e"], ["first-steps", "--ruleset", "2e"]])
def test_cli_refuses_a_pack_of_another_ruleset(args: list[str]) -> None:
    result = CliRunner().invoke(app, ["simulate", *args, "--games", "1", "--workers", "1"])
    assert result.exit_code == 2
    assert "written for the" in result.output


def test_a_run_freezes_the_start_up_heap_only_while_it_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """``frozen_heap``: the collector skips what was alive when the run started, and the process
    gets its objects back afterwards (a notebook loses nothing); a process that froze objects
    itself is left as it is."""
    import gc

    from delve.sim import backends

    seen: list[int] = []
    real = backends.play_batch

    def counting(config: SimConfig, batch: list[int]) -> list[dict[str, Any]]:
        seen.append(gc.get_freeze_count())
        return real(config, batch)

    monkeypatch.setattr(backends, "play_batch", counting)
    assert gc.get_freeze_count() == 0
    run(replace(QUICK, games=2), backend="sequential")
    assert seen and all(count > 10_000 for count in seen)  # the packs and modules were frozen
    assert gc.get_freeze_count() == 0
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with backends.frozen_heap():
            pass
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
