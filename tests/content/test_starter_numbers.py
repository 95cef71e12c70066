"""The starter pack holds what the "Starter set" issue asks for: numbers, abilities, sizes,
attack types, decks and card kinds (Rulebook: Special Abilities; Plastic figures; Item Cards;
Skill Cards; Overlord Cards; Treachery Cards)."""

from __future__ import annotations

from collections import Counter

import pytest

from delve.abilities.catalog import EXTRA_EFFECTS, RULEBOOK_ABILITIES
from delve.board.mapfile import load_map
from delve.content.loader import load_starter_pack
from delve.content.pack import Pack
from delve.content.usage import ability_usage


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_starter_pack()


def test_heroes_spread_over_the_three_skill_decks(pack: Pack) -> None:
    assert len(pack.heroes) >= 12
    main_deck = Counter(max(("fighting", "subterfuge", "wizardry"), key=lambda d: getattr(h.skills, d))
                        for h in pack.heroes.values())
    assert all(main_deck[deck] >= 3 for deck in ("fighting", "subterfuge", "wizardry")), main_deck
    for hero in pack.heroes.values():
        assert hero.ability.name and hero.ability.text and hero.conquest_value >= 1
        assert hero.skills.fighting + hero.skills.subterfuge + hero.skills.wizardry == 3, hero.id


def test_monsters_cover_every_ability_size_and_attack_type(pack: Pack) -> None:
    assert len(pack.monsters) >= 18
    used = ability_usage(pack)
    monster_abilities = {name for name, users in used.items() if any(u.startswith("monster ") for u in users)}
    # Necromancy is a hero's gift (Rulebook: Special Abilities, Necromancy): a hero or an item.
    assert set(RULEBOOK_ABILITIES) - {"Necromancy"} <= monster_abilities
    assert any(u.startswith(("hero ", "item ")) for u in used["Necromancy"])
    assert {m.attack_type for m in pack.monsters.values()} == {"melee", "ranged", "magic", "morph"}
    sizes = {tuple(sorted((m.size.w, m.size.h))) for m in pack.monsters.values()}
    assert {(1, 1), (1, 2), (2, 2), (2, 3)} <= sizes


def test_monster_stats_grow_with_the_players_and_masters_are_tougher(pack: Pack) -> None:
    for monster in pack.monsters.values():
        for master in (False, True):
            wounds = [monster.stats_for(n, master).wounds for n in (2, 3, 4, 5)]
            assert wounds == sorted(wounds), monster.id
        for n in (2, 3, 4, 5):
            assert monster.stats_for(n).wounds < monster.stats_for(n, master=True).wounds, monster.id
    bases = [m for m in pack.monsters.values() if m.figures.master >= 1 and m.stats_for(2, True).wounds >= 10]
    assert len(bases) >= 3  # fit to be the base of a quest's named monster


def test_items_cover_the_decks_kinds_and_weapon_abilities(pack: Pack) -> None:
    items = list(pack.items.values())
    shop = [i for i in items if i.deck == "shop"]
    assert {i.attack_type for i in shop if i.kind in ("weapon", "rune")} == {"melee", "ranged", "magic"}
    assert {"weapon", "armor", "shield", "other", "rune", "potion"} <= {i.kind for i in shop}
    for deck in ("copper", "silver", "gold", "relic"):
        assert sum(1 for i in items if i.deck == deck) >= 3, deck
    assert sum(1 for i in items if i.cursed) >= 3
    surge_abilities = {s.effect.ability.name for i in items for s in i.surges if s.effect.ability}
    weapon_gifts = {"Bleed", "Blast", "Bolt", "Breath", "Burn", "Daze", "Grapple", "Knockback", "Leech",
                    "Pierce", "Poison", "Stun", "Sweep", "Web"}
    assert weapon_gifts - {"Pierce"} <= surge_abilities
    assert any(s.effect.pierce for i in items for s in i.surges)
    assert any(any(a.name == "Reach" for a in i.abilities) for i in items)


def test_three_skill_decks_of_twelve_and_every_familiar_is_granted(pack: Pack) -> None:
    decks = Counter(s.deck for s in pack.skills.values())
    assert all(decks[d] >= 12 for d in ("fighting", "subterfuge", "wizardry")), decks
    granted = {s.familiar for s in pack.skills.values()} | {i.familiar for i in pack.items.values()}
    granted |= {h.ability.familiar for h in pack.heroes.values()}
    granted |= {getattr(f, "twin", None) for f in pack.familiars.values() if f.id in granted}
    assert set(pack.familiars) <= granted


def test_overlord_deck_has_every_type_and_treachery_of_each_colour(pack: Pack) -> None:
    cards = list(pack.overlord.values())
    by_type = Counter(c.type for c in cards)
    assert all(by_type[t] >= 3 for t in ("event", "trap", "spawn", "power")), by_type
    assert {c.treachery.colour for c in cards if c.treachery} == {"green", "purple", "red"}
    base = sum(c.copies for c in cards if c.treachery is None)
    assert base >= 25
    for card in cards:
        assert card.threat_value >= 1
        assert card.type == "event" or card.threat_cost >= 1, card.id


def test_every_monster_can_be_spawned_or_set_up(pack: Pack) -> None:
    spawned = {line.monster for c in pack.overlord.values() for line in c.spawn}
    placed = {p.monster for q in pack.quests for p in load_map(pack.quest_map_path(q)).placements}
    assert set(pack.monsters) <= spawned | placed


def test_every_monster_type_appears_in_a_quest(pack: Pack) -> None:
    placed = {p.monster for q in pack.quests for p in load_map(pack.quest_map_path(q)).placements}
    assert set(pack.monsters) <= placed, set(pack.monsters) - placed


def test_the_extra_game_effects_are_on_starter_items_and_monsters(pack: Pack) -> None:
    used = ability_usage(pack)
    for name in EXTRA_EFFECTS:
        assert any(u.startswith("item ") for u in used[name]), name
    on_monsters = {name for name in EXTRA_EFFECTS if any(u.startswith("monster ") for u in used[name])}
    assert len(on_monsters) >= 2, on_monsters
    for it in pack.items.values():
        assert it.flavour
