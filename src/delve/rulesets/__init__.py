"""Rulesets: which step handlers (and later hooks and constants) are in force for a game.

Why a registry rather than a fork: the 2nd edition overrides entries of the 1st-edition
table; everything it does not override stays the same engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from delve.engine.steps import STEP_HANDLERS, StepHandler

RULESETS = ("1e",)


def _load_rules() -> None:
    """Import every rules module so its steps and hooks register themselves."""
    import delve.abilities.units  # noqa: F401  (registers every ability unit)
    from delve.rules import (  # noqa: F401
        altars,
        attack,
        board_traps,
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


def handlers_for(ruleset: str) -> Mapping[str, StepHandler]:
    """The step handlers of a ruleset (only ``1e`` so far)."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESETS)}")
    _load_rules()
    return STEP_HANDLERS
