"""Setup of each hero's markers and of the board (Rulebook: 2. Set-Up hero Markers; 3. Create the
Game Board; 2. Randomize the Chest Markers and lay Out Monster Reference Cards)."""

from __future__ import annotations

import pytest

from delve.api import GameSetup, game_view, new_game
from delve.content.loader import load_starter_pack
from delve.rules.orders import PLACEABLE_ORDERS
from delve.rules.setup import hero_figure

QUESTS = sorted(load_starter_pack().quests)


def test_each_hero_gets_his_sheets_tokens_300_coins_orders_and_a_turn_token() -> None:
    pack = load_starter_pack()
    game = new_game(GameSetup(seed=2, heroes=["maelis", "brannoc"]))
    for hero in game.state.heroes():
        sheet = pack.heroes[hero.content_id or ""]
        # Full wounds and fatigue: the sheet's, plus what his starting skills add for good.
        assert hero.wounds == hero.max_wounds >= sheet.wounds
        assert hero.fatigue == hero.max_fatigue >= sheet.fatigue
        assert hero.coins == 300 and hero.order is None
        fresh = hero_figure(sheet, "x", "h1", hero.footprint)
        assert (fresh.wounds, fresh.fatigue, fresh.speed, fresh.armor) == (sheet.wounds, sheet.fatigue,
                                                                         sheet.speed, sheet.armor)
    # One set of order tokens: every order can be placed, one at a time (Rulebook: Hero Orders).
    assert PLACEABLE_ORDERS == ("aim", "dodge", "guard", "rest")
    # The hero turn token shows its green side before the hero's turn (Rulebook: Hero Turn Token).
    tokens = game_view(game, "h1")["turn_tokens"]
    assert set(tokens) == {h.id for h in game.state.heroes()} and set(tokens.values()) == {"ready"}


@pytest.mark.parametrize("quest", QUESTS)
def test_only_the_start_area_is_set_up_and_chests_are_dealt_by_colour(quest: str) -> None:
    pack = load_starter_pack()
    game = new_game(GameSetup(seed=7, quest=quest))
    board = game.board
    revealed = {a.id for a in board.areas if a.revealed}
    assert revealed and len(revealed) < len(board.areas)
    # Monsters stand only in revealed areas; the others wait for their area to be revealed.
    for monster in game.state.monsters():
        assert board.area_of(monster.pos) in revealed
    reserve = game.state.flags["reserve"]
    assert all(area not in revealed for area in reserve)
    # Each chest marker has a number of its own colour from the quest's chest table, all different.
    chests = pack.quests[quest].chests
    numbers = []
    for marker in (m for m in board.markers if m.kind == "chest" and "contents" not in m.data):
        number = marker.data["number"]
        assert chests[number].colour == marker.data["colour"]
        numbers.append(number)
    assert len(numbers) == len(set(numbers))
    # Monster stats come from the reference card side for this number of players (3 with two heroes).
    for monster in game.state.monsters():
        if monster.named or monster.content_id not in pack.monsters:
            continue
        stats = pack.monsters[monster.content_id].stats[3]
        side = stats.master if monster.master else stats.normal
        assert (monster.max_wounds, monster.armor) == (side.wounds, side.armor)


def test_chest_numbers_are_a_chance_deal() -> None:
    deals = set()
    for seed in range(12):
        game = new_game(GameSetup(seed=seed, quest="the-drowned-library"))
        deals.add(tuple(sorted((m.id, m.data["number"]) for m in game.board.markers if m.kind == "chest")))
    assert len(deals) > 1
