"""The decision API: legal choices, refusals that change nothing, events, save and load."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from delve.boundary import load_json
from delve.engine.decision import Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import GameState, Step
from delve.engine.steps import StepHandler
from delve.rulesets import handlers_for


def test_first_decision_is_the_heroes_turn_order(game: Game) -> None:
    decision = game.pending
    assert decision is not None
    assert decision.seat == "h1" and decision.kind == "choose_hero_turn"
    assert [c.id for c in decision.choices] == ["turn:a", "turn:b"]
    assert all(c.label for c in decision.choices)


@pytest.mark.parametrize(
    ("choice", "seat", "serial", "reason"),
    [
        ("turn:a", "h2", None, "it is h1's decision"),
        ("turn:zzz", "h1", None, "not a legal choice"),
        ("turn:a", "h1", 99, "stale choice"),
        ("", "overlord", None, "it is h1's decision"),
    ],
)
def test_refusals_leave_the_state_exactly_as_it_was(
    game: Game, choice: str, seat: str, serial: int | None, reason: str
) -> None:
    before = game.state_hash()
    result = game.apply(choice, seat, serial)
    assert not result.accepted
    assert reason in result.reason
    assert game.state_hash() == before


def test_accepted_choice_returns_events_and_advances(game: Game) -> None:
    result = game.apply("turn:b", "h1", game.pending.serial if game.pending else None)
    assert result.accepted
    assert any(e.kind == "hero_turn_started" for e in result.events)
    assert game.pending is not None and game.pending.kind == "choose_action"
    assert game.pending.seat == "h2"
    assert game.state.history[-1].choice == "turn:b"


def test_run_action_moves_up_to_twice_speed(game: Game) -> None:
    game.apply("turn:a", "h1")
    game.apply("action:run", "h1")
    moves = {c.id for c in game.pending.choices if c.id.startswith("move:")}  # type: ignore[union-attr]
    assert "move:0,5" in moves and "move:5,0" in moves  # speed 3 -> 6 points
    assert "move:1,0" not in moves  # occupied by a friend: may pass, may not end there
    result = game.apply("move:0,5", "h1")
    assert result.accepted
    moved = [e for e in result.events if e.kind == "figure_moved"]
    assert [(e.data["x"], e.data["y"]) for e in moved] == [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]
    assert game.figure("a").pos == (0, 5)
    assert "movement points left" in game.pending.prompt  # type: ignore[union-attr]
    assert "1 movement points left" in game.pending.prompt  # type: ignore[union-attr]


def test_advance_moves_up_to_speed(game: Game) -> None:
    game.apply("turn:a", "h1")
    game.apply("action:advance", "h1")
    moves = {c.id for c in game.pending.choices if c.id.startswith("move:")}  # type: ignore[union-attr]
    assert "move:0,3" in moves and "move:0,4" not in moves


def test_fatigue_buys_movement_and_battle_gives_none(game: Game) -> None:
    game.apply("turn:a", "h1")
    game.apply("action:battle", "h1")
    ids = {c.id for c in game.pending.choices}  # type: ignore[union-attr]
    assert not any(i.startswith("move:") for i in ids)
    game.apply("fatigue:move", "h1")
    assert game.figure("a").fatigue == 3
    assert "move:0,1" in {c.id for c in game.pending.choices}  # type: ignore[union-attr]


def test_round_cycles_through_heroes_then_overlord(game: Game) -> None:
    game.apply("turn:a", "h1")
    game.apply("action:advance", "h1")
    game.apply("end_turn", "h1")
    assert game.pending.seat == "h2" and game.pending.kind == "choose_action"  # type: ignore[union-attr]
    game.apply("action:run", "h2")
    game.apply("end_turn", "h2")
    assert game.pending.seat == "overlord"  # type: ignore[union-attr]
    assert game.state.overlord.threat == 2  # one per hero
    game.apply("activate:g", "overlord")
    game.apply("move:4,4", "overlord")
    game.apply("end_activation", "overlord")
    assert "activate:g" not in {c.id for c in game.pending.choices}  # type: ignore[union-attr]
    game.apply("end_turn", "overlord")
    assert game.state.round == 2
    assert game.pending.kind == "choose_hero_turn"  # type: ignore[union-attr]


def test_ready_gives_two_different_half_actions_one_an_order(game: Game) -> None:
    game.apply("turn:a", "h1")
    game.apply("action:ready", "h1")
    ids = {c.id for c in game.pending.choices}  # type: ignore[union-attr]
    assert {"half:move", "order:aim", "order:dodge", "order:guard", "order:rest"} <= ids
    game.apply("half:move", "h1")
    ids = {c.id for c in game.pending.choices}  # type: ignore[union-attr]
    assert "half:move" not in ids and "move:0,3" in ids
    game.apply("order:guard", "h1")
    assert game.figure("a").order == "guard"
    ids = {c.id for c in game.pending.choices}  # type: ignore[union-attr]
    assert not any(i.startswith(("order:", "half:")) for i in ids)


def test_aim_is_lost_on_moving_and_rest_restores_fatigue(game: Game) -> None:
    hero = game.figure("a")
    hero.order, hero.fatigue = "rest", 0
    game.apply("turn:a", "h1")
    assert hero.fatigue == 4 and hero.order is None
    game.apply("action:ready", "h1")
    game.apply("order:aim", "h1")
    game.apply("half:move", "h1")
    game.apply("move:0,1", "h1")
    assert hero.order is None


def test_save_and_load_round_trip_mid_decision(game: Game) -> None:
    game.apply("turn:a", "h1")
    game.apply("action:run", "h1")
    text = game.to_json()
    loaded = Game.from_json(text, handlers_for("1e"))
    assert loaded.to_json() == text
    assert loaded.state_hash() == game.state_hash()
    assert loaded.pending == game.pending
    assert load_json(GameState, text) == game.state


def test_a_failing_rule_restores_the_state(make_game: Callable[..., Game]) -> None:
    game = make_game()
    handlers = dict(game.handlers)

    real = handlers["hero_turns"]

    class Broken(StepHandler):  # the real rule, but its choice fails halfway (wrapped, not subclassed:
        # an interpreted class may not inherit a compiled rule's methods)
        kind = real.kind

        def decide(self, game: Game, step: Step) -> Decision | None:
            return real.decide(game, step)

        def run(self, game: Game, step: Step) -> None:
            real.run(game, step)

        def choose(self, game: Game, step: Step, choice: Choice) -> None:
            game.state.conquest = -100
            raise RuntimeError("boom")

    handlers["hero_turns"] = Broken()
    broken = Game(game.state, handlers)
    before = broken.state_hash()
    with pytest.raises(EngineError, match="boom"):
        broken.apply("turn:a", "h1")
    assert broken.state_hash() == before
    assert broken.pending is not None and broken.pending.kind == "choose_hero_turn"


def test_clone_is_independent(game: Game) -> None:
    copy = game.clone()
    copy.apply("turn:a", "h1")
    assert game.state.history == [] and len(copy.state.history) == 1
