"""Designer reports: per-figure counts from the log, hero deaths by space, conquest by outcome,
seeds that replay, run comparison with its interval, the report folder and the CLI options."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from delve.cli.main import app
from delve.sim.backends import run
from delve.sim.collect import STATS, merge_figures
from delve.sim.report import compare, newcombe, summarise, write_report
from delve.sim.runner import SimConfig, play_seed

SHORT = SimConfig(games=3, heroes="ai", overlord="ai", seed=1, max_rounds=8)


@pytest.fixture(scope="module")
def summaries() -> list[dict]:
    return run(SHORT, backend="sequential")


def test_every_wound_and_kill_has_a_dealer_and_a_taker(summaries: list[dict]) -> None:
    for s in summaries:
        rows = {**s["figures"]["heroes"], **s["figures"]["monsters"]}
        assert rows, "a game of eight rounds has fights"
        assert all(set(r) == set(STATS) for r in rows.values())
        total = {stat: sum(r[stat] for r in rows.values()) for stat in STATS}
        assert total["wounds_dealt"] == total["wounds_taken"] > 0
        assert total["kills"] == total["deaths"]
        hero_deaths = sum(r["deaths"] for r in s["figures"]["heroes"].values())
        assert sum(s["figures"]["hero_deaths"].values()) == hero_deaths  # every death has its space


def test_figures_are_the_same_on_every_backend(summaries: list[dict]) -> None:
    processes = run(SHORT, backend="processes", workers=2)
    assert json.dumps([s["figures"] for s in processes]) == json.dumps([s["figures"] for s in summaries])


def test_merging_does_not_depend_on_order(summaries: list[dict]) -> None:
    figures = [s["figures"] for s in summaries]
    forward, backward = merge_figures(figures), merge_figures(reversed(figures))
    assert json.dumps(forward) == json.dumps(backward)
    some_hero = next(iter(forward["heroes"]))
    assert forward["heroes"][some_hero]["wounds_dealt"] == sum(
        f["heroes"].get(some_hero, {}).get("wounds_dealt", 0) for f in figures)


def test_summary_splits_conquest_by_outcome_and_lists_seeds(summaries: list[dict]) -> None:
    summary = summarise(summaries)
    for key in ("figures", "seeds", "conquest_by_round_won", "conquest_by_round_lost"):
        assert key in summary
    listed = [s["seed"] for key in ("heroes", "overlord", "unfinished") for s in summary["seeds"][key]]
    assert sorted(listed) == sorted(s["seed"] for s in summaries)
    won = [s for s in summaries if s["winner"] == "heroes"]
    if won:
        assert summary["conquest_by_round_won"][0]["games"] == len(won)


def test_a_listed_seed_replays_its_game(summaries: list[dict]) -> None:
    game = summaries[1]
    again = play_seed(SHORT, game["seed"], game["index"]).to_dict()
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in game.items() if k != "seconds"}


def test_newcombe_interval() -> None:
    lo, hi = newcombe(56, 70, 48, 80)  # Newcombe (1998), example (a): 0.0524 to 0.3339
    assert math.isclose(lo, 0.0524, abs_tol=5e-4) and math.isclose(hi, 0.3339, abs_tol=5e-4)
    first = {"heroes_won": 10, "games": 20, "heroes_win_rate": 0.5, "heroes_win_ci95": [0.3, 0.7],
             "mean_rounds": 10.0, "config": {"quest": "a"}}
    second = {**first, "heroes_won": 15, "heroes_win_rate": 0.75, "config": {"quest": "b"}}
    c = compare(first, second)
    assert math.isclose(c["difference"], 0.25) and c["difference_ci95"][0] < 0.25 < c["difference_ci95"][1]


def test_report_folder_has_the_page_and_charts(summaries: list[dict], tmp_path: Path) -> None:
    summary = summarise(summaries, config={"quest": "first-steps", "pack": "starter", "heroes": "ai",
                                           "overlord": "ai", "seed": 1, "ruleset": "1e"})
    index = write_report(tmp_path / "report", summary, summaries, other=summary)
    page = index.read_text()
    for name in ("overview", "conquest", "figures", "deaths", "compare"):
        assert (tmp_path / "report" / f"{name}.png").stat().st_size > 1000
        assert f"src='{name}.png'" in page
    assert "Where heroes died" in page and "--replay" in page and "Comparison" in page


def test_cli_defaults_to_the_overlord_ai_and_compares_runs() -> None:
    args = ["simulate", "first-steps", "--games", "2", "--workers", "1", "--seed", "4", "--json",
            "--compare-pack", "starter"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["config"]["overlord"] == "ai" and data["config"]["heroes"] == "ai"
    assert data["compare"]["difference"] == 0.0  # the same quest and seeds: the same games
    assert data["figures"]["heroes"]
    seed = (data["seeds"]["heroes"] or data["seeds"]["overlord"])[0]["seed"]
    replayed = CliRunner().invoke(app, ["simulate", "first-steps", "--replay", str(seed), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout.strip().splitlines()[-1])["seed"] == seed
