"""The overlord AI's 2nd-edition play (``delve.ai.overlord_2e``): exact 2e odds, free cards, guards.

A 2e overlord pays nothing for his cards and wins by holding out: the normal overlord AI plays
its events where they add wounds or heal, and its monsters stand between the heroes and their
goal. A 1st-edition game never reaches this module (bench/results/outcome-hashes-*: every 1e
game of the overlord AI plays to the same final state as before)."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from delve.ai import overlord_2e
from delve.ai.bots import make_bot
from delve.ai.overlord_ai import OverlordAI
from delve.ai.search import SearchPlayer
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


def _play(game: Game, overlord: object, hero: object, choices: int = 3000) -> list[str]:
    """Play ``game`` on; the event cards the overlord played."""
    played: list[str] = []
    for _ in range(choices):
        decision = game.pending
        if decision is None:
            break
        player: Any = overlord if decision.seat in (OVERLORD, TABLE) else hero
        result = game.apply(player.choose(decision, game), decision.seat)
        played += [e.data["card"] for e in result.events if e.kind == "card_played" and e.data["type"] == "event"]
    return played


def test_the_default_weights_are_the_hand_tuned_constants() -> None:
    """The normal level plays ``Tuning2e()``: the values the module's constants always had, so
    its games replay as before the weights became an object (bench/overlord_ai_hashes.py)."""
    expected = {"play_at": 0.5, "kill_weight": 6.0, "named_heal": 2.0, "exposed": 4.0, "walk": 0.5,
                "walk_cap": 12, "attack_share": 0.5, "after_move": 0.5, "condition_value": 1.0,
                "fatigue_value": 0.5, "draw_value": 1.0, "move_cost": 0.01, "other_heal": 1.0,
                "named_attack_share": None, "threat_extra": 0, "order": "nearest", "early": None}
    assert dataclasses.asdict(overlord_2e.DEFAULT) == expected
    assert (overlord_2e.PLAY_AT, overlord_2e.KILL_WEIGHT, overlord_2e.EXPOSED, overlord_2e.WALK,
            overlord_2e.WALK_CAP, overlord_2e.ATTACK_SHARE) == (0.5, 6.0, 4.0, 0.5, 12, 0.5)
    assert OverlordAI(1).tuning_2e == overlord_2e.DEFAULT
    assert make_bot("normal", 1).tuning_2e == overlord_2e.DEFAULT  # type: ignore[attr-defined]
    assert overlord_2e.tuning(object()) == overlord_2e.DEFAULT  # a player without weights


def test_the_hard_level_plays_the_hard_weights_and_its_rollouts_the_normal_ones() -> None:
    hard = make_bot("hard", 1)
    assert isinstance(hard, SearchPlayer)
    assert hard.tuning_2e == overlord_2e.HARD and hard.base.tuning_2e == overlord_2e.HARD
    assert hard.rollout_tuning_2e == overlord_2e.DEFAULT
    game = _game("first-steps-2e-2", 5)
    hero = make_bot("hero", 5)
    while game.pending is not None and game.pending.kind != "monster_activation":
        decision = game.pending
        player: Any = OverlordAI(5) if decision.seat in (OVERLORD, TABLE) else hero
        game.apply(player.choose(decision, game), decision.seat)
    decision = game.pending
    assert decision is not None
    assert hard.base.option_values(game, decision) == OverlordAI(5, overlord_2e.HARD).option_values(game, decision)


def test_the_weights_change_the_play() -> None:
    """A card worth less than ``play_at`` is kept: with a threshold no card reaches, none is
    played, where the default plays its Dark Might and Dark Healing on the same game."""
    never = dataclasses.replace(overlord_2e.DEFAULT, play_at=1000.0)
    attack_cards = {"dark-might", "dark-healing", "frenzy-2e"}  # valued in the attack's event window
    assert attack_cards & set(_play(_game("first-steps-2e-2", 3), OverlordAI(3), make_bot("hero", 3)))
    assert not attack_cards & set(_play(_game("first-steps-2e-2", 3), OverlordAI(3, never), make_bot("hero", 3)))


def test_early_weights_play_only_while_another_encounter_follows() -> None:
    early = dataclasses.replace(overlord_2e.DEFAULT, attack_share=9.0)
    tuned = dataclasses.replace(overlord_2e.DEFAULT, early=early)
    ai = OverlordAI(1, tuned)
    assert overlord_2e.tuning(ai, _game("first-steps-2e")) == early  # the mill gate: the vault follows
    assert overlord_2e.tuning(ai, _game("first-steps-2e-2")) == tuned  # the vault: the last encounter
    assert overlord_2e.tuning(ai) == tuned


def test_the_weights_survive_copy_and_pickle() -> None:
    """A player carrying its weights is deep-copied (explanations) and pickled (worker processes);
    compiled, a frozen dataclass needs its own ``__deepcopy__`` and ``__reduce__`` for that."""
    import copy
    import pickle

    from delve.ai import overlord_2e
    from delve.ai.overlord_ai import OverlordAI

    for weights in (overlord_2e.DEFAULT, overlord_2e.HARD):
        assert copy.deepcopy(weights) is weights and copy.copy(weights) is weights
        assert pickle.loads(pickle.dumps(weights)) == weights
    player = OverlordAI(3, overlord_2e.HARD)
    assert copy.deepcopy(player).tuning_2e == overlord_2e.HARD
    assert pickle.loads(pickle.dumps(player)).tuning_2e == overlord_2e.HARD
