"""`delve odds`: the command-line contract (options, table, JSON, plot)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from delve.cli import odds_cmd
from delve.odds import AttackQuery, attack_odds
from delve.rules.attack_math import SurgeAbility


def make_app() -> typer.Typer:
    """A stand-alone app with only this command, so the test does not depend on the others."""
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """Test root."""

    odds_cmd.register(app)
    return app


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(make_app(), ["odds", *args])
    return result.exit_code, result.output


def test_json_contract() -> None:
    code, out = run("--dice", "red,yellow", "--power", "2", "--range", "3", "--armor", "1", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert set(data) == {"hit", "wounds", "expected_wounds"}
    query = AttackQuery(dice=("red", "yellow"), power=2, attack_type="ranged", range=3, armor=1)
    expected = attack_odds(query)
    assert data["hit"] == pytest.approx(expected.hit)
    assert data["wounds"] == pytest.approx(list(expected.wounds))
    assert data["expected_wounds"] == pytest.approx(expected.expected_wounds)
    assert sum(data["wounds"]) == pytest.approx(1.0)


def test_one_red_die_melee_json() -> None:
    code, out = run("--dice", "red", "--melee", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["hit"] == pytest.approx(5 / 6)
    assert data["wounds"] == pytest.approx([1 / 6, 1 / 6, 1 / 6, 2 / 6, 1 / 6])


def test_repeatable_options_and_surges() -> None:
    code, out = run(
        "--dice", "red", "--dice", "white", "--melee", "--armor", "3", "--shield", "1", "--pierce", "1",
        "--fatigue", "2", "--surge", "1:+1 damage", "--surge", "2:pierce 2", "--surge", "1:+1 range",
        "--aim", "--kill", "4", "--json",
    )  # fmt: skip
    assert code == 0, out
    data = json.loads(out)
    query = AttackQuery(
        dice=("red", "white"),
        attack_type="melee",
        armor=3,
        shield=1,
        pierce=1,
        fatigue=2,
        surge_abilities=(SurgeAbility(1, damage=1), SurgeAbility(2, pierce=2), SurgeAbility(1, range=1)),
        aim=True,
        kill=4,
    )
    expected = attack_odds(query)
    assert data["kill"] == pytest.approx(expected.kill)
    assert data["expected_wounds"] == pytest.approx(expected.expected_wounds)


def test_table_output() -> None:
    code, out = run("--dice", "red,yellow", "--power", "2", "--range", "3", "--armor", "1")
    assert code == 0, out
    assert "hit chance" in out and "expected wounds" in out
    assert "█" in out
    assert "P(exactly)" in out


def test_needs_range_or_melee() -> None:
    code, out = run("--dice", "red")
    assert code == 2
    assert "--range" in out
    code, _ = run("--dice", "red", "--range", "2", "--melee")
    assert code == 2


def test_bad_dice_and_surges_are_refused() -> None:
    assert run("--dice", "purple", "--melee")[0] == 2
    assert run("--dice", "red", "--melee", "--surge", "+1 damage")[0] == 2


def test_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "odds.png"
    code, out = run("--dice", "blue", "--range", "2", "--plot", str(target))
    assert code == 0, out
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
