"""Attribute tests (ruleset 2e, our reading): gray and black dice, pass when the shields do not
exceed the attribute; figures without attributes fail without rolling."""

from __future__ import annotations

from typing import ClassVar

import pytest
import yaml

from delve.engine.game import Game
from delve.engine.steps import STEP_HANDLERS, StepHandler
from delve.rules2e import attributes
from delve.rules2e.attributes import request_test
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

MAP = """---
areas:
  room: {name: Room, revealed: true}
symbols:
  R: {area: room}
---
+-+-+-+
|R . .|
+-+-+-+
"""


class Probe(StepHandler):
    """A step that asks for one test and then waits (it is the top of the stack afterwards)."""

    kind: ClassVar[str] = "test-attribute-probe"


@pytest.fixture(autouse=True)
def _probe_handler() -> None:
    STEP_HANDLERS.setdefault(Probe.kind, Probe())


def _test(figure: str, attribute: str, dice: list[str]) -> tuple[Game, dict[str, object]]:
    scenario = Scenario.model_validate(yaml.safe_load("""
name: probe
ruleset: "2e"
figures:
  - {id: ana, name: Ana, speed: 4, wounds: 10, at: [0, 0],
     attributes: {might: 2, knowledge: 3, willpower: 1, awareness: 4}}
  - {id: brute, name: Brute, side: overlord, speed: 4, wounds: 5, dice: [blue], at: [2, 0]}
start: {hero_turn: ana}
""") | {"map": MAP, "dice": dice})
    game = Game(build_state(scenario, "probe"), handlers_for("2e"))
    requester = game.push(Probe.kind)
    request_test(game, requester, game.figure(figure), attribute, "outcome", "a trap")
    while game.state.stack[-1] is not requester:
        step = game.state.stack[-1]
        game.handlers[step.kind].run(game, step)
    return game, requester.data["outcome"]


def test_a_hero_passes_when_the_shields_do_not_exceed_the_attribute() -> None:
    _, outcome = _test("ana", "might", ["2e-gray:1", "2e-black:0"])
    assert outcome == {"passed": True, "shields": 1, "attribute": "might"}
    _, outcome = _test("ana", "might", ["2e-gray:1", "2e-black:2"])
    assert outcome == {"passed": False, "shields": 3, "attribute": "might"}


def test_a_monster_fails_without_rolling() -> None:
    game, outcome = _test("brute", "awareness", [])
    assert outcome == {"passed": False, "shields": -1, "attribute": "awareness"}
    assert not any(e.kind == "dice_rolled" for e in game.state.log)


def test_an_auto_fail_rule_makes_a_figure_fail() -> None:
    attributes.AUTO_FAIL_RULES.append(lambda game, figure: figure.id == "ana")
    try:
        _, outcome = _test("ana", "awareness", [])
    finally:
        attributes.AUTO_FAIL_RULES.pop()
    assert outcome["passed"] is False


def test_unknown_attributes_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown attribute"):
        _test("ana", "luck", [])
