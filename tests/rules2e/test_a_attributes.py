"""Attribute tests (ruleset 2e, our reading): gray and black dice, pass when the shields do not
exceed the attribute; figures without attributes fail without rolling."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pytest

from delve.engine.game import Game
from delve.engine.steps import STEP_HANDLERS, StepHandler
from delve.rules2e import attributes
from delve.rules2e.attributes import request_test


class Probe(StepHandler):
    """A step that asks for one test and then waits (it is the top of the stack afterwards)."""

    kind: ClassVar[str] = "test-attribute-probe"


@pytest.fixture(autouse=True)
def _probe_handler() -> None:
    STEP_HANDLERS.setdefault(Probe.kind, Probe())


AttributeTest = Callable[[str, str, list[str]], tuple[Game, dict[str, object]]]


@pytest.fixture
def attribute_test(room_game: Callable[..., Game]) -> AttributeTest:
    """Factory: ``attribute_test(figure, attribute, dice)`` has the figure (Ana, or the Brute)
    take the test with the scripted dice; returns the game and the outcome."""
    def run(figure: str, attribute: str, dice: list[str]) -> tuple[Game, dict[str, object]]:
        game = room_game("""
figures:
  - {id: ana, name: Ana, speed: 4, wounds: 10, at: [0, 0],
     attributes: {might: 2, knowledge: 3, willpower: 1, awareness: 4}}
  - {id: brute, name: Brute, side: overlord, speed: 4, wounds: 5, dice: [blue], at: [2, 0]}
start: {hero_turn: ana}
""", dice=dice)
        requester = game.push(Probe.kind)
        request_test(game, requester, game.figure(figure), attribute, "outcome", "a trap")
        while game.state.stack[-1] is not requester:
            step = game.state.stack[-1]
            game.handlers[step.kind].run(game, step)
        return game, requester.data["outcome"]
    return run


def test_a_hero_passes_when_the_shields_do_not_exceed_the_attribute(attribute_test: AttributeTest) -> None:
    _, outcome = attribute_test("ana", "might", ["2e-gray:1", "2e-black:0"])
    assert outcome == {"passed": True, "shields": 1, "attribute": "might"}
    _, outcome = attribute_test("ana", "might", ["2e-gray:1", "2e-black:2"])
    assert outcome == {"passed": False, "shields": 3, "attribute": "might"}


def test_a_monster_fails_without_rolling(attribute_test: AttributeTest) -> None:
    game, outcome = attribute_test("brute", "awareness", [])
    assert outcome == {"passed": False, "shields": -1, "attribute": "awareness"}
    assert not any(e.kind == "dice_rolled" for e in game.state.log)


def test_an_auto_fail_rule_makes_a_figure_fail(attribute_test: AttributeTest) -> None:
    attributes.AUTO_FAIL_RULES.append(lambda game, figure: figure.id == "ana")
    try:
        _, outcome = attribute_test("ana", "awareness", [])
    finally:
        attributes.AUTO_FAIL_RULES.pop()
    assert outcome["passed"] is False


def test_unknown_attributes_are_refused(attribute_test: AttributeTest) -> None:
    with pytest.raises(ValueError, match="unknown attribute"):
        attribute_test("ana", "luck", [])
