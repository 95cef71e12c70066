"""What equipped items do all the time (``delve.rules.item_effects``): every item of the starter
pack does what its data says, always-on abilities reach the bearer and leave with the item, and
stat changes come and go without ever refilling anything.

Rulebook: Equipping Items; Item Cards; Movement (heavy armor). docs/rulings.md, "Items that
change a hero's values".
"""

from __future__ import annotations

import pytest

from delve.abilities.units.locking_stamina import points
from delve.api import GameSetup, new_game
from delve.boundary import dump_json, load_json
from delve.content import load_starter_pack
from delve.engine.game import Game
from delve.engine.state import FigureState, GameState
from delve.rules import item_effects, items

PACK = load_starter_pack()
ALWAYS_ON = sorted(i.id for i in PACK.items.values() if item_effects.bears_abilities(i) and i.abilities)


def _game() -> tuple[Game, FigureState]:
    game = new_game(GameSetup(seed=1), transactional=False)
    hero = game.figure("hero1")
    for item_id in list(hero.equipped):
        items.to_pack(game, hero, item_id)
    hero.pack.clear()
    return game, hero


def _equip(game: Game, hero: FigureState, item_id: str) -> None:
    hero.pack.append(item_id)
    items.equip(game, hero, item_id)


def test_every_effect_of_every_starter_item_is_carried_out() -> None:
    for it in PACK.items.values():
        for effect in it.effects:
            assert item_effects.runs_effect(it, effect), f"{it.id}: {effect.effect} is not carried out"


def test_the_starter_pack_has_always_on_item_abilities() -> None:
    assert {"warden-crown", "dusk-mantle", "bone-choir-lantern"} <= set(ALWAYS_ON)


@pytest.mark.parametrize("item_id", ALWAYS_ON)
def test_an_always_on_item_ability_reaches_the_hero_and_leaves_with_the_item(item_id: str) -> None:
    game, hero = _game()
    own = list(hero.abilities)
    names = {a.name for a in PACK.items[item_id].abilities}
    _equip(game, hero, item_id)
    assert names <= {a.name for a in hero.abilities}
    assert item_effects.own_abilities(game, hero) == own
    for name in names:
        assert points(game, hero, name) >= 1
    items.to_pack(game, hero, item_id)
    assert hero.abilities == own
    assert item_effects.FLAG not in game.state.flags


def test_item_abilities_count_once_for_points_and_survive_a_save() -> None:
    game, hero = _game()
    _equip(game, hero, "warden-crown")
    assert points(game, hero, "Aura") == 1
    items.refresh_speed(game, hero)  # refreshing again changes nothing
    assert [a.name for a in hero.abilities].count("Aura") == 1
    again = load_json(GameState, dump_json(game.state))
    assert again.flags[item_effects.FLAG] == game.state.flags[item_effects.FLAG]


def test_a_weapons_abilities_stay_with_its_attacks() -> None:
    game, hero = _game()
    _equip(game, hero, "ash-spear")  # Reach belongs to the spear's attacks
    assert "Reach" not in {a.name for a in hero.abilities}


def test_armor_bonus_of_an_other_item_adds_to_the_heros_armor() -> None:
    game, hero = _game()
    base = hero.armor
    _equip(game, hero, "warden-crown")
    assert hero.armor == base + 1
    items.to_pack(game, hero, "warden-crown")
    assert hero.armor == base


def test_speed_bonus_then_heavy_armor_cap() -> None:
    game, hero = _game()
    hero.speed = 4
    items.refresh_speed(game, hero)
    _equip(game, hero, "wayfarer-boots")
    assert hero.speed == 5
    _equip(game, hero, "chain-coat")  # speed at most 4
    assert hero.speed == 4
    items.to_pack(game, hero, "chain-coat")
    assert hero.speed == 5
    items.to_pack(game, hero, "wayfarer-boots")
    assert hero.speed == 4
    hero.speed += 1  # a lasting change from elsewhere (a skill) is kept
    items.refresh_speed(game, hero)
    assert hero.speed == 5


def test_a_raised_maximum_comes_full_and_reequipping_never_refills() -> None:
    game, hero = _game()
    full = hero.max_fatigue
    _equip(game, hero, "hollow-crown")  # fatigue +2 (and a curse)
    assert (hero.max_fatigue, hero.fatigue) == (full + 2, full + 2)
    hero.fatigue = 1
    for _ in range(3):
        items.to_pack(game, hero, "hollow-crown")
        assert (hero.max_fatigue, hero.fatigue) == (full, 0)  # one point is owed
        items.equip(game, hero, "hollow-crown")
        assert (hero.max_fatigue, hero.fatigue) == (full + 2, 1)


def test_items_set_directly_are_caught_up_at_the_next_turn_start() -> None:
    game, hero = _game()
    hero.equipped.append("trail-satchel")  # as a scenario or a card might
    item_effects.refresh_all(game)
    assert hero.max_fatigue == PACK.heroes[hero.content_id].fatigue + 1
