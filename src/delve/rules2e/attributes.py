"""Attribute tests (ruleset 2e).

The excerpts refer to attribute tests without giving the rule (Lieutenants: "have attributes and
perform attribute tests, just like heroes"; Familiars Treated as Figures: "similar to monsters,
... they automatically fail"). Our reading (docs/rulesets.md, "Ruleset 2e: Attribute tests";
``rules2e.yaml`` ``attribute_test``): the tested figure rolls one gray and one black defense
die; it passes when the shields rolled do not exceed its value of the tested attribute
(might, knowledge, willpower or awareness). A figure with no attributes (monsters, and a hero
whose content gives none) fails without rolling, and so does any figure an ``AUTO_FAIL_RULES``
entry names (familiars treated as figures, ``delve.rules2e.familiars``).

How a rule asks for a test: :func:`request_test` pushes an ``attribute_test_2e`` step above the
asking step; when it is done, ``requester.data[key]`` holds ``{"passed": bool, "shields": int,
"attribute": str}`` (``shields`` is -1 when no die was rolled).
"""

from __future__ import annotations

from collections.abc import Callable

from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.rolling import request_roll
from delve.rules2e.defense import shields
from delve.rules2e.dice import engine_name
from delve.rules2e.rules_data import rules

TEST_STEP = "attribute_test_2e"
REF = "Ruleset 2e: Attribute tests"

# Figures that fail every attribute test whatever their attributes (each rule says yes or no).
AutoFail = Callable[[Game, FigureState], bool]
AUTO_FAIL_RULES: list[AutoFail] = []


def fails_automatically(game: Game, figure: FigureState, attribute: str) -> bool:
    """True when the figure fails the test without rolling."""
    if attribute not in figure.attributes:
        return True  # monsters, and heroes whose content gives no attributes
    return any(rule(game, figure) for rule in AUTO_FAIL_RULES)


def request_test(game: Game, requester: Step, figure: FigureState, attribute: str, key: str, reason: str) -> None:
    """Push a test of ``figure``'s ``attribute``; the outcome lands in ``requester.data[key]``."""
    if attribute not in rules().attribute_test.attributes:
        raise ValueError(f"unknown attribute {attribute!r}; expected one of {rules().attribute_test.attributes}")
    index = next(i for i, s in enumerate(game.state.stack) if s is requester)
    game.push(TEST_STEP, figure=figure.id, attribute=attribute, target=index, key=key, reason=reason)


@register
class AttributeTest(StepHandler):
    """Roll the test dice (or fail at once) and hand the outcome to the asking step."""

    kind = TEST_STEP

    def run(self, game: Game, step: Step) -> None:
        figure = game.figure(step.data["figure"])
        attribute = step.data["attribute"]
        if not step.data.get("asked"):
            if fails_automatically(game, figure, attribute):
                game.emit("attribute_test", f"{figure.name} fails the {attribute} test without rolling.", ref=REF,
                          figure=figure.id, attribute=attribute, passed=False, shields=-1)
                self._finish(game, step, passed=False, rolled=-1)
                return
            step.data["asked"] = True
            dice = [engine_name(d) for d in rules().attribute_test.dice]
            step.data["dice"] = dice
            request_roll(game, step, dice, "faces", f"{figure.name}'s {attribute} test ({step.data['reason']})")
            return
        rolled = shields(step.data["dice"], step.data["faces"])
        value = figure.attributes[attribute]
        passed = rolled <= value
        game.emit("attribute_test", f"{figure.name} rolls {rolled} shield(s) against {attribute} {value}: "
                  f"{'passes' if passed else 'fails'}.", ref=REF, figure=figure.id, attribute=attribute,
                  passed=passed, shields=rolled)
        self._finish(game, step, passed=passed, rolled=rolled)

    @staticmethod
    def _finish(game: Game, step: Step, *, passed: bool, rolled: int) -> None:
        game.state.stack[step.data["target"]].data[step.data["key"]] = {
            "passed": passed, "shields": rolled, "attribute": step.data["attribute"]}
        game.pop(step)
