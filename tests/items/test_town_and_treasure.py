"""Town and treasure rules that a scenario cannot set up: the starting purchases before the
first round, treasure for sale once a chest of its colour was opened, dark relics.

Rulebook: 4. Purchase Starting Equipment; Shopping; Dark Relics.
"""

from __future__ import annotations

from delve.api import GameSetup, new_game
from delve.engine.game import Game
from delve.rules.skills import skill
from delve.rules.town import STARTING_PURCHASES


def _shopping_game() -> Game:
    game = new_game(GameSetup(seed=1))
    while game.pending is not None and game.pending.kind == "shop":  # setups that shop already
        game.apply("end_shopping", game.pending.seat)
    game.state.flags.pop("starting_purchases_done", None)
    game.push(STARTING_PURCHASES)
    game.advance()
    return game


def test_starting_purchases_run_first_hero_first_with_limited_stock() -> None:
    game = _shopping_game()
    pending = game.pending
    assert pending is not None and pending.kind == "shop" and pending.seat == "h1"
    ids = {c.id for c in pending.choices}
    # Only shop items and potions at setup: no training, skills or treasure.
    assert "buy:hunters-sword" in ids and "buy:healing-potion" in ids
    assert not any(i.startswith(("buy:training", "buy:skill", "buy:treasure", "sell:")) for i in ids)
    assert game.apply("buy:hunters-sword", "h1").accepted
    assert game.apply("place:equip", "h1").accepted
    assert game.figure("hero1").coins == 125
    assert game.apply("end_shopping", "h1").accepted
    pending = game.pending
    assert pending is not None and pending.seat == "h2"
    assert "buy:hunters-sword" not in {c.id for c in pending.choices}  # the one copy is sold
    assert game.apply("end_shopping", "h2").accepted
    assert game.pending is not None and game.pending.kind == "choose_hero_turn"


def test_starting_purchases_run_once() -> None:
    game = _shopping_game()
    for seat in ("h1", "h2"):
        assert game.apply("end_shopping", seat).accepted
    game.push(STARTING_PURCHASES)
    game.advance()
    assert game.pending is not None and game.pending.kind == "choose_hero_turn"


def _in_town_turn(game: Game) -> None:
    hero = game.figure("hero1")
    hero.in_town, hero.coins = True, 1000
    game.apply("turn:hero1", "h1")
    while game.pending is not None and game.pending.kind != "choose_action":
        game.apply(game.pending.choices[-1].id, game.pending.seat)
    game.apply("action:run", "h1")


def test_treasure_is_for_sale_only_after_a_chest_of_its_colour_was_opened() -> None:
    game = new_game(GameSetup(seed=2))
    _in_town_turn(game)
    assert game.apply("shop", "h1").accepted
    assert game.pending is not None and "buy:treasure:copper" not in {c.id for c in game.pending.choices}
    game.state.flags.setdefault("chests_opened", []).append("copper")
    game.apply("end_shopping", "h1")
    game.apply("shop", "h1")
    assert game.pending is not None and "buy:treasure:copper" in {c.id for c in game.pending.choices}
    assert "buy:treasure:silver" not in {c.id for c in game.pending.choices}
    assert game.apply("buy:treasure:copper", "h1").accepted
    assert game.figure("hero1").coins == 750
    assert game.pending is not None and game.pending.kind == "place_item"


def test_a_skill_card_costs_1000_and_is_drawn_from_the_chosen_deck() -> None:
    game = new_game(GameSetup(seed=3))
    _in_town_turn(game)
    game.apply("shop", "h1")
    assert game.apply("buy:skill:wizardry", "h1").accepted
    hero = game.figure("hero1")
    assert hero.coins == 0
    skills = game.state.flags["skills"]["hero1"]
    assert skills and skill(game, skills[-1]).deck == "wizardry"


def test_a_dark_relic_must_be_equipped_cannot_be_dropped_and_is_discarded_at_death() -> None:
    from delve.rules.items import receive
    from delve.rules.wounds import suffer_wounds

    game = new_game(GameSetup(seed=4))
    game.apply("turn:hero1", "h1")
    hero = game.figure("hero1")
    hero.equipped = ["oak-staff"]
    game.state.flags["dark_relics"] = ["hunters-sword"]
    receive(game, hero, "hunters-sword", source="a dark relic")
    game.advance()
    pending = game.pending
    assert pending is not None and pending.kind == "place_item"
    assert [c.id for c in pending.choices] == ["place:aside:oak-staff"]  # no pack or drop
    game.apply("place:aside:oak-staff", "h1")
    assert hero.equipped == ["hunters-sword"] and hero.pack == ["oak-staff"]
    while game.pending is not None and game.pending.kind != "hero_turn":
        game.apply("action:advance" if game.pending.kind == "choose_action" else game.pending.choices[-1].id,
                   game.pending.seat)
    ids = {c.id for c in game.pending.choices} if game.pending else set()
    assert "drop:hunters-sword" not in ids and "drop:oak-staff" in ids
    suffer_wounds(game, hero, hero.wounds, cause="test")
    assert "hunters-sword" not in hero.equipped
