"""The Golden Rules (ruleset 2e): the current player orders abilities that trigger together."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

import pytest

from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import STEP_HANDLERS, StepHandler
from delve.rules import hero_turn
from delve.rules2e import golden_rules


class Probe(StepHandler):
    """A triggered ability: it records that it resolved, and goes."""

    kind: ClassVar[str] = "test-golden-probe"

    def run(self, game: Game, step: Step) -> None:
        game.state.flags.setdefault("resolved", []).append(step.data["name"])
        game.pop(step)


def _two_triggers(game: Game, hero: FigureState) -> None:
    game.push(Probe.kind, name="skill")
    game.push(Probe.kind, name="card")


@pytest.fixture
def probes() -> Iterator[None]:
    STEP_HANDLERS.setdefault(Probe.kind, Probe())
    golden_rules.ORDERABLE_KINDS.append(Probe.kind)
    hero_turn.TURN_START_HOOKS.insert(0, _two_triggers)
    try:
        yield
    finally:
        hero_turn.TURN_START_HOOKS.remove(_two_triggers)
        golden_rules.ORDERABLE_KINDS.remove(Probe.kind)


GoldenGame = Callable[[str], Game]


@pytest.fixture
def golden_game(room_game: Callable[..., Game]) -> GoldenGame:
    """Factory: ``golden_game(ruleset)``, Ana alone in the room at the start of her turn."""
    def build(ruleset: str) -> Game:
        return room_game("""
figures:
  - {id: ana, name: Ana, speed: 4, wounds: 10, at: [0, 0]}
start: {hero_turn: ana}
""", ruleset)
    return build


def test_the_hero_player_orders_triggers_at_the_start_of_his_turn(probes: None, golden_game: GoldenGame) -> None:
    game = golden_game("2e")
    decision = game.pending
    assert decision is not None and decision.kind == "order_triggers" and decision.seat == "h1"
    assert [c.id for c in decision.choices] == ["first:0", "first:1"]
    game.apply("first:0", "h1")  # the one pushed first ("skill") resolves first
    assert game.state.flags["resolved"] == ["skill", "card"]
    assert game.pending is not None and game.pending.kind == "choose_action"


def test_a_1st_edition_game_keeps_the_hook_order(probes: None, golden_game: GoldenGame) -> None:
    game = golden_game("1e")
    assert game.pending is not None and game.pending.kind == "choose_action"
    assert game.state.flags["resolved"] == ["card", "skill"]
