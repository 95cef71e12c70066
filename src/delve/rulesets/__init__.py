"""Rulesets: which step handlers (and later hooks and constants) are in force for a game.

Why a registry rather than a fork: the 2nd edition overrides entries of the 1st-edition
table; everything it does not override stays the same engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from delve.engine.steps import RULESET_STEP_HANDLERS, STEP_HANDLERS, StepHandler

RULESETS = ("1e", "2e")
"""The rulesets a game can play: the 1st edition, and the 2nd edition over the same engine."""


def _load_rules() -> None:
    """Import every rules module so its steps and hooks register themselves."""
    import delve.abilities.units  # noqa: F401  (registers every ability unit)
    from delve.rules import (  # noqa: F401
        altars,
        attack,
        board_traps,
        card_triggers,
        dark_relics,
        doors,
        encounters,
        event_cards,
        familiars,
        glyphs,
        guard,
        hero_turn,
        items,
        movement,
        orders,
        overlord_cards,
        overlord_turn,
        potions,
        prolonged,
        quest_goals,
        revealing,
        rolling,
        round,
        setup,
        skill_effects,
        skills,
        solo,
        spawning,
        stairs,
        terrain,
        town,
        transformed,
        trap_cards,
        treasure,
    )
    from delve.rules2e import load as load_2e

    load_2e()


def handlers_for(ruleset: str) -> Mapping[str, StepHandler]:
    """The step handlers of a ruleset: the 1st edition's, with the ruleset's own on top."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESETS)}")
    _load_rules()
    overrides = RULESET_STEP_HANDLERS.get(ruleset)
    if not overrides:
        return STEP_HANDLERS
    return {**STEP_HANDLERS, **overrides}
