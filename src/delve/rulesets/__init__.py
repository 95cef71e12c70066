"""Rulesets: which step handlers (and later hooks and constants) are in force for a game.

Why a registry rather than a fork: the 2nd edition overrides entries of the 1st-edition
table; everything it does not override stays the same engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


def quest_ruleset(quest: Any) -> str:
    """The ruleset a quest is written for: "2e" when it uses the 2nd edition's quest fields
    (monster groups, a chain of encounters), else "1e" (``docs/rulesets.md``, "Ruleset 2e")."""
    if quest.monster_groups or quest.next_encounter is not None or quest.encounter > 1:
        return "2e"
    return "1e"


def pack_ruleset(pack_name: str) -> str | None:
    """The ruleset of a pack's quests (None for a pack without quests, which fits either)."""
    from delve.content.loader import open_pack

    found = {quest_ruleset(quest) for quest in open_pack(pack_name).quests.values()}
    if len(found) > 1:
        raise ValueError(f"pack {pack_name!r} mixes quests of the rulesets {', '.join(sorted(found))}")
    return found.pop() if found else None


def _has_quest(pack_name: str, quest: str) -> bool:
    from delve.content.loader import open_pack

    return quest in open_pack(pack_name).quests


def fit_content(ruleset: str | None, quest: str | None = None, pack: str | None = None) -> tuple[str, str, str]:
    """The (ruleset, pack, quest) a simulation or an environment plays, checked to fit.

    Why refuse rather than play: a 2e pack under the 1st-edition rules (or the reverse) starts
    and runs, but plays neither game. With no ruleset the pack's own is taken; a ruleset that
    does not fit the pack's quests is a ``ValueError`` that says which ruleset the pack needs.
    The quest must be one of the pack's."""
    if ruleset is not None and ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESETS)}")
    if ruleset is None and pack is None and quest is not None:  # the ruleset whose pack has the quest
        ruleset = next((r for r, (p, _q) in DEFAULT_CONTENT.items() if _has_quest(p, quest)), None)
    if pack is not None:
        own = pack_ruleset(pack)
        if ruleset is not None and own is not None and own != ruleset:
            raise ValueError(f"pack {pack!r} is written for the {own} ruleset, not {ruleset}: play it with "
                             f"ruleset {own!r} (or name no ruleset and the pack's is taken)")
        ruleset = ruleset or own
    ruleset = ruleset or "1e"
    pack, quest = default_content(ruleset, quest, pack)
    from delve.content.loader import open_pack

    quests = open_pack(pack).quests
    if quest not in quests:
        raise ValueError(f"pack {pack!r} has no quest {quest!r}; its quests: {', '.join(sorted(quests))}")
    needed = quest_ruleset(quests[quest])
    if needed != ruleset:
        raise ValueError(f"quest {quest!r} of pack {pack!r} is written for the {needed} ruleset, not {ruleset}: "
                         f"play it with ruleset {needed!r} (or name no ruleset and the pack's is taken)")
    return ruleset, pack, quest


def load_rules() -> None:
    """Import every rules module so its steps and hooks register themselves.

    ``import delve`` calls this, so the modules always load in this one order, whichever module
    a program imports first: the rules' hook and choice-provider lists are kept in registration
    order, and that order is the order of the choices a seat is offered and of the hooks run, so
    it must not depend on a process's import history (issue 16, point 1)."""
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
    load_rules()
    overrides = RULESET_STEP_HANDLERS.get(ruleset)
    if not overrides:
        return STEP_HANDLERS
    return {**STEP_HANDLERS, **overrides}
