"""Rulesets: which step handlers (and later hooks and constants) are in force for a game.

Why a registry rather than a fork: the 2nd edition overrides entries of the 1st-edition
table; everything it does not override stays the same engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from delve.engine.steps import RULESET_STEP_HANDLERS, STEP_HANDLERS, StepHandler

RULESETS = ("1e", "2e")
"""The rulesets a game can play: the 1st edition, and the 2nd edition over the same engine."""

DEFAULT_CONTENT: dict[str, tuple[str, str]] = {"1e": ("starter", "first-steps"), "2e": ("starter-2e", "first-steps-2e")}
"""Per ruleset, the pack and tutorial quest a table starts when the person names none.

Why per ruleset: a 1st-edition quest ends the game on conquest, which the 2nd edition does not
keep, so a 2e table must start with a quest written for it (``docs/rulesets.md``)."""


def default_content(ruleset: str, quest: str | None = None, pack: str | None = None) -> tuple[str, str]:
    """The (pack, quest) to play: what the person named, else the ruleset's own tutorial.

    A quest named without a pack comes from the ruleset's pack when that pack has it, else from
    the 1st-edition starter pack (a 2e game of a 1st-edition quest is allowed, for tests)."""
    default_pack, default_quest = DEFAULT_CONTENT.get(ruleset, DEFAULT_CONTENT["1e"])
    if pack is not None:
        return pack, quest or default_quest
    if quest is None or quest == default_quest:
        return default_pack, default_quest
    from delve.content.loader import open_pack

    try:
        if quest in open_pack(default_pack).quests:
            return default_pack, quest
    except (KeyError, ValueError, OSError):  # an unreadable default pack just means "not there"
        pass
    return DEFAULT_CONTENT["1e"][0], quest


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
