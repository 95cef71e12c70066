"""The overlord AI's 2nd-edition play (``delve.ai.overlord_2e``): exact 2e odds, free cards, guards.

A 2e overlord pays nothing for his cards and wins by holding out: the normal overlord AI plays
its events where they add wounds or heal, and its monsters stand between the heroes and their
goal. A 1st-edition game never reaches this module (bench/results/outcome-hashes-*: every 1e
game of the overlord AI plays to the same final state as before)."""

from __future__ import annotations

import itertools

from delve.ai import overlord_2e
from delve.ai.bots import make_bot
from delve.api import GameSetup, new_game, player_rules
from delve.board.geometry import Footprint
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game
from delve.rulesets import default_content


def _game(quest: str, seed: int = 3) -> Game:
    pack, quest_id = default_content("2e", quest)
    return new_game(GameSetup(ruleset="2e", pack=pack, quest=quest_id, seed=seed, choices=True), transactional=False)


def _brute_force(dice: list[str], defense: list[str], armor: int, needed: int, bonus: int) -> tuple[float, float]:
    spec = player_rules().die_spec
    attack = [spec(f"2e-{d}" if d in overlord_2e.ATTACK_COLOURS else d).faces for d in dice]
    shields = [spec(f"2e-{d}").faces for d in defense]
    expected = kill = 0.0
    combos = list(itertools.product(*attack, *shields))
    for faces in combos:
        rolled, blocked = faces[:len(dice)], faces[len(dice):]
        short = max(0, needed - sum(f.range for f in rolled))
        enhancements = sum(f.enhancement for f in rolled)
        if any(f.miss for f in rolled) or short > enhancements:
            continue
        damage = max(0, sum(f.hearts for f in rolled) + enhancements - short + bonus - armor
                     - sum(f.shields for f in blocked))
        expected += damage / len(combos)
        kill += (damage >= 3) / len(combos)
    return expected, kill


def test_the_2e_odds_are_exact() -> None:
    _game("first-steps-2e")  # a 2e game registers the 2e dice
    for dice, defense, armor, needed, bonus in ((["blue"], [], 0, 0, 0), (["blue", "red"], ["gray"], 0, 0, 2),
                                                (["blue", "yellow", "black"], ["brown", "gray"], 1, 4, 0)):
        got = overlord_2e.attack_outcome(dice, defense, armor=armor, range_needed=needed, bonus_damage=bonus,
                                         wounds_left=3)
        want = _brute_force(dice, defense, armor, needed, bonus)
        assert abs(got[0] - want[0]) < 1e-9 and abs(got[1] - want[1]) < 1e-9


def test_the_2e_overlord_plays_its_free_cards() -> None:
    played: list[str] = []
    for seed in (3, 4):
        game = _game("first-steps-2e-2", seed)
        hero, over = make_bot("hero", seed), make_bot("ai", seed)
        for _ in range(3000):
            decision = game.pending
            if decision is None:
                break
            player = over if decision.seat in (OVERLORD, TABLE) else hero
            result = game.apply(player.choose(decision, game), decision.seat)
            played += [e.data["card"] for e in result.events if e.kind == "card_played" and e.data["type"] == "event"]
    assert {"dark-might", "dark-healing"} & set(played), played


def test_the_named_foe_is_safer_out_of_reach() -> None:
    game = _game("first-steps-2e-2")
    while game.pending is not None and game.pending.kind != "monster_activation":
        decision = game.pending
        player = make_bot("ai", 1) if decision.seat in (OVERLORD, TABLE) else make_bot("hero", 1)
        game.apply(player.choose(decision, game), decision.seat)
    heroes = overlord_2e.oc.heroes(game)
    for hero, start in zip(heroes, game.state.flags["hero_starts"], strict=False):
        hero.footprint = Footprint.single((start["x"], start["y"]))  # back at the stair foot
    vask = overlord_2e.protected(game)[0]
    beside = Footprint.single((heroes[0].pos[0] + 1, heroes[0].pos[1]))
    corner = Footprint.single((game.board.width - 1, 0))
    assert overlord_2e.guard_value(game, vask, corner) > overlord_2e.guard_value(game, vask, beside)


def test_a_1st_edition_game_is_left_to_the_1st_edition_rules() -> None:
    game = new_game(GameSetup(quest="first-steps", seed=3, choices=True), transactional=False)
    assert not overlord_2e.active(game)
    assert game.pending is not None and overlord_2e.choose(make_bot("ai", 1), game.pending, game) is None


def test_shared_walks_give_every_placement_the_guard_value_searched_alone() -> None:
    """``Walks`` searches each hero once without the moving monster and again only where the
    monster would stand in that walk's way: the guard value of every option of every
    activation is the one ``guard_value`` finds searching each placement on its own."""
    from delve.ai import overlord_common as oc

    checked = 0
    for quest, seed in (("first-steps-2e", 3), ("first-steps-2e", 8), ("first-steps-2e-2", 5)):
        game = _game(quest, seed)
        hero, overlord = make_bot("hero", seed), make_bot("ai", seed + 1)
        for _ in range(1500):
            decision = game.pending
            if decision is None:
                break
            if decision.kind == "monster_activation" and overlord_2e.guarding(game):
                monster = oc.monster_of_activation(game)
                assert monster is not None
                walks = overlord_2e.Walks(game, monster)
                for fp in [monster.footprint, *(oc.footprint_of(c) for c in oc.by_prefix(decision, "move:"))]:
                    shared = overlord_2e.guard_value(game, monster, fp, walks)
                    assert shared == overlord_2e.guard_value(game, monster, fp)
                    checked += 1
            player = overlord if decision.seat in (OVERLORD, TABLE) else hero
            game.apply(player.choose(decision, game), decision.seat)
    assert checked > 200
