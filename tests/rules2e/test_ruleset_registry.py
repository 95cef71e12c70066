"""The 2nd-edition ruleset runs over the 1st-edition engine: its own handlers win, only in 2e games."""

from __future__ import annotations

import pytest

from delve.api import GameSetup, new_game
from delve.engine.steps import RULESET_STEP_HANDLERS, STEP_HANDLERS, StepHandler, register_in
from delve.rulesets import RULESETS, handlers_for


def test_both_rulesets_are_known() -> None:
    assert RULESETS == ("1e", "2e")
    with pytest.raises(ValueError, match="unknown ruleset"):
        handlers_for("3e")


def test_2e_keeps_every_1e_handler_it_does_not_replace() -> None:
    first, second = handlers_for("1e"), handlers_for("2e")
    assert set(first) <= set(second)
    overridden = set(RULESET_STEP_HANDLERS.get("2e", {}))
    for kind in set(first) - overridden:
        assert second[kind] is first[kind]


def test_an_override_applies_to_its_ruleset_only() -> None:
    class Probe(StepHandler):
        kind = "test-probe-step"

    register_in("test-ruleset")(Probe)
    try:
        assert "test-probe-step" not in STEP_HANDLERS
        assert isinstance(RULESET_STEP_HANDLERS["test-ruleset"]["test-probe-step"], Probe)
        with pytest.raises(ValueError, match="registered twice"):
            register_in("test-ruleset")(Probe)
    finally:
        RULESET_STEP_HANDLERS.pop("test-ruleset", None)


def test_a_2e_game_says_so_in_its_state() -> None:
    game = new_game(GameSetup(quest="first-steps", ruleset="2e", seed=3))
    assert game.state.ruleset == "2e"
    assert game.pending is not None
