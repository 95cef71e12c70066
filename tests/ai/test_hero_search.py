"""The heroes' search values what wins a quest for them: conquest, health on the board, wounds
dealt to the monsters that stood there, the walk to their objective; and it weighs only actions
that can do something."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from delve.ai.hero_ai import HeroAI
from delve.ai.hero_common import on_board
from delve.ai.hero_search import FAR, STEP, WIN_VALUE, HeroJudge, better_in_every_world, hero_candidates
from delve.ai.overlord_ai import OverlordAI
from delve.ai.overlord_search import OverlordJudge
from delve.ai.search import Budget, SearchPlayer, evaluate
from delve.api import GameSetup, new_game
from delve.board.geometry import Footprint
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game
from delve.rules.wounds import hero_death


def _start() -> tuple[Game, HeroAI]:
    return new_game(GameSetup(quest="first-steps", seed=1, choices=True), transactional=False), HeroAI(1)


def test_a_won_game_is_worth_most_and_a_lost_one_least() -> None:
    game, ai = _start()
    judge = HeroJudge.at(game, ai)
    won, lost = game.clone(), game.clone()
    won.state.winner, lost.state.winner = "heroes", "overlord"
    assert judge.value(won) == WIN_VALUE and judge.value(lost) == -WIN_VALUE
    assert -WIN_VALUE < judge.value(game) < WIN_VALUE


def test_a_dead_hero_costs_more_than_any_wound() -> None:
    game, ai = _start()
    judge = HeroJudge.at(game, ai)
    hurt, dead = game.clone(), game.clone()
    hurt.figure("hero1").wounds = 1
    hero_death(dead, dead.figure("hero1"))  # back to town, full health, conquest lost
    assert dead.figure("hero1").wounds == dead.figure("hero1").max_wounds
    assert judge.value(dead) < judge.value(hurt) < judge.value(game)
    assert judge.walk(dead, "hero1") == FAR


def test_walking_to_the_objective_is_progress() -> None:
    game, ai = _start()
    judge = HeroJudge.at(game, ai)
    hero = game.figure("hero1")
    here = judge.walk(game, "hero1")
    ahead = game.clone()
    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 0), (0, -1)):
        fp = Footprint(x=hero.footprint.x + dx, y=hero.footprint.y + dy, w=1, h=1)
        ahead.figure("hero1").footprint = fp
        if judge.walk(ahead, "hero1") < here:
            break
    gained = here - judge.walk(ahead, "hero1")
    assert gained > 0
    assert judge.value(ahead) - judge.value(game) == pytest.approx(STEP * gained)


def test_wounds_dealt_count_and_monsters_not_there_at_the_decision_cost_nothing(
        until_monsters: Callable[[Game, HeroAI], Game]) -> None:
    game, ai = _start()
    before = HeroJudge.at(game, ai)  # no monster on the board yet
    game = until_monsters(game, ai)
    judge = HeroJudge.at(game, ai)
    monster = next(m for m in game.state.monsters() if m.alive and on_board(m))
    assert judge.monsters and not before.monsters
    struck = game.clone()
    struck.figure(monster.id).wounds -= 1
    assert judge.value(struck) > judge.value(game)
    # the old value, read for the heroes, counted every monster on the board against them
    assert evaluate(game, "heroes") < evaluate(struck, "heroes")
    assert before.value(struck) == before.value(game)


def test_candidates_skip_a_battle_without_a_target() -> None:
    game, ai = _start()
    while game.pending is not None and game.pending.kind != "choose_action":
        assert game.apply(ai.choose(game.pending, game), game.pending.seat).accepted
    decision = game.pending
    assert decision is not None
    pick = ai.choose(decision, game)
    found = hero_candidates(decision, game, pick, 3)
    assert found[0] == pick and len(found) == 3 and len(set(found)) == 3
    assert "action:battle" not in found  # nobody in reach at the start
    assert hero_candidates(decision, game, pick, 1) == [pick]


def test_the_heroes_keep_their_ai_choice_unless_another_wins_in_every_world() -> None:
    heroes = SearchPlayer(1, side="heroes", budget=Budget(worlds=2, margin=0.3))
    overlord = SearchPlayer(1, side="overlord", budget=Budget(worlds=2, margin=0.3))
    split = {"a": [5.0, 5.0], "b": [9.0, 4.0]}  # better on average, worse in the second world
    agreed = {"a": [5.0, 5.0], "b": [6.0, 5.5]}
    means = {"a": 5.0, "b": 6.5}
    assert not better_in_every_world(split, "b", "a") and better_in_every_world(agreed, "b", "a")
    assert heroes.select("a", means, split) == "a" and heroes.select("a", {"a": 5.0, "b": 5.75}, agreed) == "b"
    assert overlord.select("a", means, split) == "a"  # the overlord follows the same rule
    assert heroes.select("a", {"a": 5.0, "b": 5.2}, {"a": [5.0, 5.0], "b": [5.2, 5.2]}) == "a"  # within the margin
    assert better_in_every_world({"a": [None, 5.0], "b": [1.0, 6.0]}, "b", "a")  # refused worlds are skipped


def test_the_hero_search_is_reproducible_and_reads_without_changing() -> None:
    def play() -> list[str]:
        game = new_game(GameSetup(quest="first-steps", seed=5, choices=True), transactional=False)
        heroes = SearchPlayer(5, side="heroes", budget=Budget(worlds=1, candidates=2, max_rollout_choices=80))
        overlord = OverlordAI(6)
        chosen = []
        for _ in range(120):
            decision = game.pending
            if decision is None:
                break
            player = overlord if decision.seat in (OVERLORD, TABLE) else heroes
            before = game.state_hash()
            choice = player.choose(decision, game)
            assert game.state_hash() == before
            chosen.append(choice)
            assert game.apply(choice, decision.seat).accepted
        assert heroes.searched > 0
        return chosen

    assert play() == play()


def test_the_overlord_search_values_by_its_own_judge() -> None:
    game, _ai = _start()
    search = SearchPlayer(1, side="overlord", budget=Budget(worlds=1, candidates=2))
    assert search.valuer(game)(game) == OverlordJudge.at(game).value(game)


def test_the_hero_search_explains_the_choice_it_makes() -> None:
    from delve.ai.explain import explain

    game, ai = _start()
    while game.pending is not None and game.pending.kind != "choose_action":
        assert game.apply(ai.choose(game.pending, game), game.pending.seat).accepted
    decision = game.pending
    assert decision is not None
    search = SearchPlayer(3, side="heroes", budget=Budget(worlds=2, candidates=3, max_rollout_choices=200))
    found = explain(search, decision, game)
    assert found.winner == search.choose(decision, game)
    assert {o.choice for o in found.options} == {c.id for c in decision.choices}
