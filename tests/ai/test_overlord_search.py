"""The overlord's search values a state relative to its decision: a dead hero is out of the
fight, monsters the heroes reveal later neither count nor cost; its rollouts play heroes who
remember the markers they are done with; it keeps its AI's choice unless dice agree."""

from __future__ import annotations

from collections.abc import Callable

from delve.ai.hero_ai import HeroAI
from delve.ai.hero_common import on_board
from delve.ai.overlord_search import WIN_VALUE, HeroWatch, OverlordJudge
from delve.ai.search import Budget, SearchPlayer
from delve.api import GameSetup, new_game
from delve.board.geometry import Footprint
from delve.engine.game import Game
from delve.rules.wounds import hero_death


def _start() -> Game:
    return new_game(GameSetup(quest="first-steps", seed=1, choices=True), transactional=False)


def test_a_win_is_worth_most_and_a_loss_least() -> None:
    game = _start()
    judge = OverlordJudge.at(game)
    won, lost = game.clone(), game.clone()
    won.state.winner, lost.state.winner = "overlord", "heroes"
    assert judge.value(won) == WIN_VALUE and judge.value(lost) == -WIN_VALUE
    assert -WIN_VALUE < judge.value(game) < WIN_VALUE


def test_a_killed_hero_is_worth_more_than_one_left_on_a_wound() -> None:
    game = _start()
    judge = OverlordJudge.at(game)
    hurt, dead = game.clone(), game.clone()
    hurt.figure("hero1").wounds = 1
    hero_death(dead, dead.figure("hero1"))  # back to town with full health: out of the fight
    assert dead.figure("hero1").wounds == dead.figure("hero1").max_wounds
    assert judge.value(dead) > judge.value(hurt) > judge.value(game)


def test_only_the_monsters_of_the_decision_count(until_monsters: Callable[[Game, HeroAI], Game]) -> None:
    game = until_monsters(_start(), HeroAI(1))
    judge = OverlordJudge.at(game)
    monster = next(m for m in game.state.monsters() if on_board(m))
    hurt = game.clone()
    hurt.figure(monster.id).wounds = 1
    assert judge.value(hurt) < judge.value(game)
    # a monster that was not on the board at the decision neither counts nor costs
    later = OverlordJudge(monsters={k: v for k, v in judge.monsters.items() if k != monster.id})
    assert later.value(hurt) == later.value(game)


def test_the_model_of_the_heroes_remembers_a_marker_a_hero_stood_on() -> None:
    game = _start()
    watch = HeroWatch(1)
    hero = game.figure("hero1")
    marker = next(m for m in game.board.markers if m.kind in ("potion", "chest", "money", "relic", "rune_key"))
    hero.footprint = Footprint(x=marker.pos[0], y=marker.pos[1], w=1, h=1)
    watch.watch(game)
    assert marker.id in watch.model.visited
    player = watch.player()
    player.visited.add("elsewhere")
    assert "elsewhere" not in watch.model.visited  # a rollout's notes stay in its copy


def test_the_overlord_keeps_its_ai_choice_unless_another_wins_in_every_world() -> None:
    overlord = SearchPlayer(1, side="overlord", budget=Budget(worlds=2, margin=0.3))
    split = {"a": [5.0, 5.0], "b": [9.0, 4.0]}  # better on average, worse in the second world
    agreed = {"a": [5.0, 5.0], "b": [6.0, 5.5]}
    assert overlord.select("a", {"a": 5.0, "b": 6.5}, split) == "a"
    assert overlord.select("a", {"a": 5.0, "b": 5.75}, agreed) == "b"
    assert overlord.select("a", {"a": 5.0, "b": 5.2}, {"a": [5.0, 5.0], "b": [5.2, 5.2]}) == "a"  # margin
