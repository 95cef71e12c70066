"""Every automated player explains its decisions as data: options with values, winner, ties.

The explanation must name the choice the player really makes, list every legal option, and leave
the player and the game as they were (``delve.ai.explain``); ``delve advise`` prints it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from delve.ai.bots import make_bot
from delve.ai.explain import explain
from delve.ai.overlord_ai import OverlordAI
from delve.ai.search import Budget, SearchPlayer
from delve.api import GameSetup, new_game
from delve.cli.main import app
from delve.engine.decision import OVERLORD, TABLE, Decision
from delve.engine.game import Game


def _check(player: Any, game: Game, kinds: set[str]) -> str:
    decision = game.pending
    assert decision is not None
    before = game.state_hash()
    found = explain(player, decision, game)
    assert game.state_hash() == before
    choice = player.choose(decision, game)
    assert found.winner == choice, (decision.kind, found)
    assert {o.choice for o in found.options} == {c.id for c in decision.choices}
    assert set(found.ties) <= {o.choice for o in found.options} - {found.winner}
    json.dumps(found.to_dict())
    if any(o.value is not None for o in found.options):
        kinds.add(decision.kind)
    return choice


@pytest.mark.parametrize("overlord", ["ai", "solo", "random"])
def test_explanations_name_the_real_choice_on_every_decision(overlord: str) -> None:
    game = new_game(GameSetup(quest="first-steps", seed=4, choices=True), transactional=False)
    hero, over = make_bot("hero", 5), make_bot(overlord, 6)
    valued: set[str] = set()
    for _ in range(350):
        decision = game.pending
        if decision is None:
            break
        player = over if decision.seat in (OVERLORD, TABLE) else hero
        assert game.apply(_check(player, game, valued), decision.seat).accepted
    if overlord == "ai":
        assert {"monster_activation", "hero_turn"} <= valued


def test_the_search_player_explains_with_visits() -> None:
    game = new_game(GameSetup(quest="first-steps", seed=4, choices=True), transactional=False)
    hero = make_bot("hero", 5)
    search = SearchPlayer(7, side="overlord", budget=Budget(worlds=1, candidates=2, max_rollout_choices=60))
    explained = 0
    for _ in range(600):
        decision = game.pending
        if decision is None:
            break
        if decision.seat in (OVERLORD, TABLE):
            found = explain(search, decision, game)
            choice = search.choose(decision, game)
            assert found.winner == choice
            if any("worlds" in o.details for o in found.options):
                explained += 1
                if explained >= 2:
                    break
        else:
            choice = hero.choose(decision, game)
        game.apply(choice, decision.seat)
    assert explained >= 2


def test_advise_prints_the_explanation(tmp_path: Path) -> None:
    game = new_game(GameSetup(quest="first-steps", seed=2), transactional=False)
    save = tmp_path / "g.json"
    save.write_text(game.to_json())
    seat = game.pending.seat if game.pending else ""
    result = CliRunner().invoke(app, ["advise", str(save), "--seat", seat, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["seat"] == seat and data["winner"] in {o["choice"] for o in data["options"]}
    text = CliRunner().invoke(app, ["advise", str(save)], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "Choice:" in text.output
    other = CliRunner().invoke(app, ["advise", str(save), "--seat", OVERLORD if seat != OVERLORD else "h1"])
    assert other.exit_code == 1 and "decision" in other.output
    assert save.read_text() == game.to_json()


class _PicksA(OverlordAI):
    """The overlord AI, always picking choice "a" (a search's normal pick, fixed for a test)."""

    def choose(self, decision: Decision, game: Game) -> str:
        return "a"


def test_the_search_explains_with_figures_that_compare() -> None:
    """Every examined option's value is its mean over the first worlds, which all of them met;
    the close call's two, played in more worlds, carry that mean and how often the challenger
    beat the normal AI's pick as details; the winner is still the one ``select`` picks."""
    from delve.engine.decision import Choice, Decision

    decision = Decision(seat=OVERLORD, kind="spawn_place", prompt="", serial=1,
                        choices=[Choice(id=c, label=c.upper()) for c in ("a", "b", "c", "d")])
    game = new_game(GameSetup(quest="first-steps", seed=4, choices=True), transactional=False)
    search = SearchPlayer(7, side="overlord", budget=Budget(worlds=2, candidates=3, margin=0.3))
    outcomes = {"a": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "b": [2.0, 2.0, 0.0, 0.0, 0.5, 2.0], "c": [0.0, 1.5]}
    search.base = _PicksA(7)  # a subclass: the compiled OverlordAI's methods cannot be replaced on an instance
    search.candidates = lambda d, g, p: ["a", "b", "c"]  # type: ignore[method-assign]
    search.play_out = lambda d, g, c: outcomes  # type: ignore[method-assign]
    found = {o.choice: o for o in search.explain(decision, game).options}
    assert found["b"].value == 2.0 and found["a"].value == 1.0 and found["c"].value == 0.75
    assert found["b"].details == {"worlds": 6, "normal_ai_choice": False, "mean_all_worlds": 1.083,
                                  "beat_pick": 3, "compared": 6}
    assert found["a"].details == {"worlds": 6, "normal_ai_choice": True, "mean_all_worlds": 1.0}
    assert found["c"].details == {"worlds": 2, "normal_ai_choice": False} and found["d"].value is None
    assert search.explain(decision, game).winner == "a"  # b's mean over six is not 0.3 ahead: the pick stands
