"""The catalogue a page reads cards from: the public data of a game's pack, by id, with texts.

Why per pack and quest, not per seat: everything here is printed on cards every player may
read at a real table (``delve content show`` prints the same entries), so one catalogue serves
every seat of a game and is cached. Secrets stay out by construction: no chest contents, no
area texts or overlord notes, no encounter texts, nothing of the overlord's hand or deck order.
Summaries and surge texts come from ``delve.content.describe``, as the command line shows them.
"""

from __future__ import annotations

import functools
from typing import Any

from delve.api import open_pack
from delve.content.describe import summary, surge_text
from delve.content.refs import AbilityRef
from delve.content.schema import Familiar, Hero, Item, MonsterStats, MonsterType, OverlordCard, Quest, Skill
from delve.web.present.glossary import ability_link, board_texts, glossary

# Overlord card timings in words (content.effects.Trigger).
TIMINGS = {
    "start_of_overlord_turn": "at the start of the overlord's turn",
    "end_of_overlord_turn": "at the end of the overlord's turn",
    "before_hero_turn": "before a hero's turn",
    "start_of_hero_turn": "at the start of a hero's turn",
    "end_of_hero_turn": "at the end of a hero's turn",
    "hero_moves_into_space": "when a hero moves into a space",
    "hero_opens_chest": "when a hero opens a chest",
    "hero_opens_door": "when a hero opens a door",
    "hero_reveals_area": "when a hero reveals an area",
    "hero_attacks": "when a hero attacks",
    "hero_attacked": "when a hero is attacked",
    "hero_killed": "when a hero is killed",
    "monster_attacks": "when a monster attacks",
    "monster_attacked": "when a monster is attacked",
    "monster_killed": "when a monster is killed",
    "hero_rests": "when a hero rests",
    "hero_trapped": "when a hero is caught by a trap",
}

# What conquest and threat are and what changes them, for every briefing.
QUEST_RULES = ("conquest", "threat", "fatigue")


def abilities(refs: tuple[AbilityRef, ...]) -> list[dict[str, Any]]:
    """Ability references with their glossary ids."""
    return [ability_link(ref.name, ref.rank) for ref in refs]


def hero_card(hero: Hero) -> dict[str, Any]:
    """A hero sheet: stats with maxima, traits, skill draws and the hero's own ability."""
    return {
        "id": hero.id, "name": hero.name, "speed": hero.speed, "wounds": hero.wounds, "fatigue": hero.fatigue,
        "armor": hero.armor, "traits": hero.traits.model_dump(), "conquest_value": hero.conquest_value,
        "skills": hero.skills.model_dump(), "ability": {"name": hero.ability.name, "text": hero.ability.text,
                                                        "familiar": hero.ability.familiar},
        "attributes": hero.attributes.model_dump() if hero.attributes else None,
        "defense_dice": list(hero.defense_dice), "summary": summary(hero), "flavour": hero.flavour,
    }


def skill_card(skill: Skill) -> dict[str, Any]:
    """A skill card."""
    return {"id": skill.id, "name": skill.name, "deck": skill.deck, "text": skill.text,
            "familiar": skill.familiar, "summary": summary(skill), "flavour": skill.flavour}


def item_card(item: Item) -> dict[str, Any]:
    """An item card: type, hands, dice, surge abilities with texts, abilities, special text, price."""
    return {
        "id": item.id, "name": item.name, "deck": item.deck, "kind": item.kind, "attack_type": item.attack_type,
        "hands": item.hands, "dice": list(item.dice),
        "surges": [{"surges": s.surges, "text": surge_text(s), "damage": s.effect.damage, "range": s.effect.range,
                    "pierce": s.effect.pierce,
                    "ability": ability_link(s.effect.ability.name, s.effect.ability.rank) if s.effect.ability else None}
                   for s in item.surges],
        "abilities": abilities(item.abilities),
        "off_hand": item.off_hand.model_dump(mode="json") if item.off_hand else None,
        "armor": item.armor, "shield_absorb": item.shield_absorb, "speed_cap": item.speed_cap,
        "forbids_runes": item.forbids_runes, "cursed": item.cursed, "familiar": item.familiar,
        "cost": item.cost, "text": item.text, "summary": summary(item), "flavour": item.flavour,
    }


def _stats(stats: MonsterStats) -> dict[str, Any]:
    return {"speed": stats.speed, "armor": stats.armor, "wounds": stats.wounds, "dice": list(stats.dice),
            "morph_dice": stats.morph_dice, "abilities": abilities(stats.abilities),
            "defense_dice": list(stats.defense_dice)}


def monster_card(monster: MonsterType) -> dict[str, Any]:
    """A monster card: normal and master stats for each number of players (overlord included)."""
    return {
        "id": monster.id, "name": monster.name, "size": monster.size.model_dump(), "attack_type": monster.attack_type,
        "named": monster.named, "lieutenant": monster.lieutenant,
        "stats": {str(players): {"normal": _stats(pair.normal), "master": _stats(pair.master)}
                  for players, pair in sorted(monster.stats.items())},
        "summary": summary(monster), "flavour": monster.flavour,
    }


def familiar_card(familiar: Familiar) -> dict[str, Any]:
    """A familiar card."""
    attack = familiar.attack.model_dump(mode="json") if familiar.attack else None
    return {"id": familiar.id, "name": familiar.name, "speed": familiar.speed, "text": familiar.text,
            "abilities": abilities(familiar.abilities), "attack": attack, "figure": familiar.figure,
            "health": familiar.health, "summary": summary(familiar), "flavour": familiar.flavour}


def overlord_card(card: OverlordCard) -> dict[str, Any]:
    """An overlord card: name, type, cost, timing, text."""
    return {
        "id": card.id, "name": card.name, "type": card.type, "cost": card.threat_cost, "value": card.threat_value,
        "timing": TIMINGS.get(card.trigger, card.trigger) if card.trigger else None, "text": card.text,
        "treachery": card.treachery.model_dump() if card.treachery else None, "copies": card.copies,
        "summary": summary(card), "flavour": card.flavour, "glossary": card.type,
    }


def briefing(quest: Quest, ruleset: str = "1e") -> dict[str, Any]:
    """The quest's briefing: its name, story, each side's goal and what conquest and threat are.
    Nothing the heroes may not know (no areas, chests, notes or encounters). Conquest and threat
    are explained only where the game uses them, as the table shows their meters
    (``present.quest.keeps_conquest``, ``keeps_threat``): a 2nd-edition quest has neither."""
    from delve.rules.overlord_cards import CARD_RULES, FIRST_EDITION

    entries = glossary()
    sides = (quest.goals.heroes, quest.goals.overlord)
    used = {"conquest": any(getattr(condition, "heroes_out_of_conquest", False)
                            for side in sides for condition in side.win_when),
            "threat": CARD_RULES.get(ruleset, FIRST_EDITION).keeps_threat}
    return {
        "id": quest.id, "name": quest.name, "tutorial": quest.tutorial, "story": quest.flavour,
        "goals": {"heroes": quest.goals.heroes.text, "overlord": quest.goals.overlord.text},
        "starting_conquest": quest.starting_conquest,
        "rules": [{"term": term, "name": entries[term]["name"], "text": entries[term]["text"]} for term in QUEST_RULES
                  if used.get(term, True)],
    }


@functools.lru_cache(maxsize=16)
def catalog(pack_name: str, quest_id: str, ruleset: str, heroes: int) -> dict[str, Any]:
    """The catalogue of a game (cached: packs never change once loaded). ``heroes`` picks
    ``players`` (heroes plus the overlord), the key of the monster stats that apply."""
    pack = open_pack(pack_name)
    quest = pack.quests[quest_id]
    terrain, markers = _board_kinds()
    return {
        "pack": pack_name, "pack_name": pack.name, "ruleset": ruleset, "players": heroes + 1,
        "heroes": {k: hero_card(v) for k, v in pack.heroes.items()},
        "skills": {k: skill_card(v) for k, v in pack.skills.items()},
        "items": {k: item_card(v) for k, v in pack.items.items()},
        "monsters": {k: monster_card(v) for k, v in pack.monsters.items()},
        "named_monsters": {m.id: {"id": m.id, "name": m.name, "base": m.base,
                                  "changes": m.changes.model_dump(mode="json"), "conquest": m.conquest,
                                  "flavour": m.flavour} for m in quest.named_monsters},
        "familiars": {k: familiar_card(v) for k, v in pack.familiars.items()},
        "overlord_cards": {k: overlord_card(v) for k, v in pack.overlord.items()},
        "quest": briefing(quest, ruleset),
        "glossary": glossary(),
        "terrain": terrain,
        "markers": markers,
    }


@functools.cache
def _board_kinds() -> tuple[dict[str, Any], dict[str, Any]]:
    """Terrain and marker kinds with their display names (``data/terrain.yaml``)."""
    from delve.board.terrain import load_marker_kinds, load_terrain

    texts = board_texts()
    terrain = {k: {"id": k, "name": v.name, "text": texts["terrain"].get(k, ""), "blocks_movement": v.blocks_movement,
                   "blocks_los": v.blocks_los, "move_cost": v.move_cost} for k, v in load_terrain().items()}
    markers = {k: {"id": k, "name": v.name, "text": texts["markers"].get(k, ""), "blocks_movement": v.blocks_movement,
                   "blocks_los": v.blocks_los} for k, v in load_marker_kinds().items()}
    return terrain, markers


@functools.cache
def quest_list() -> tuple[dict[str, Any], ...]:
    """Every quest a new game may start (its first encounter), per ruleset, from the ruleset's
    own pack, with its briefing: the lobby's "another quest" list."""
    from delve.rulesets import DEFAULT_CONTENT, RULESETS

    out = []
    for ruleset in RULESETS:
        pack_name, tutorial = DEFAULT_CONTENT.get(ruleset, DEFAULT_CONTENT["1e"])
        for quest in open_pack(pack_name).quests.values():
            if quest.encounter == 1:
                out.append({"ruleset": ruleset, "pack": pack_name, "default": quest.id == tutorial,
                            **briefing(quest, ruleset)})
    return tuple(out)
