"""The hard overlord: its 2e end-state value, more worlds on a close call, and a budget counted
in rollouts; its choices are the same for the same seed and it plays on honest copies only."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from delve.ai import overlord_2e
from delve.ai.bots import make_bot
from delve.ai.overlord_search import OverlordJudge, guard_progress
from delve.ai.search import Budget, SearchPlayer, better_in_enough_worlds
from delve.api import GameSetup, new_game
from delve.board.geometry import Footprint
from delve.engine.decision import OVERLORD, Decision
from delve.engine.game import Game
from delve.rulesets import default_content


def _game(quest: str, seed: int = 3) -> Game:
    pack, quest_id = default_content("2e", quest)
    return new_game(GameSetup(ruleset="2e", pack=pack, quest=quest_id, seed=seed, choices=True), transactional=False)


def _started(quest: str, seed: int = 3) -> Game:
    """A 2e game as the simulator plays it, its setup played (the monsters on the board)."""
    from delve.ai.bots import make_bot
    from delve.api import play_setup

    pack, quest_id = default_content("2e", quest)
    game = new_game(play_setup(ruleset="2e", pack=pack, quest=quest_id, seed=seed, quick=True, check=False),
                    transactional=False)
    players = (make_bot("ai", 1), make_bot("hero", 2))
    while game.pending is not None and game.pending.kind != "choose_hero_turn":
        decision = game.pending
        player = players[0] if decision.seat == OVERLORD else players[1]
        game.apply(player.choose(decision, game), decision.seat)
    return game


def test_the_guard_of_the_heroes_goal_is_measured_as_the_normal_2e_ai_measures_it() -> None:
    game = _game("first-steps-2e")
    assert guard_progress(game) == pytest.approx(overlord_2e.guard_value(game))
    here = guard_progress(game)
    ahead = game.clone()
    steps = itertools.product(game.state.heroes(), itertools.product((-1, 0, 1), repeat=2))
    for hero, (dx, dy) in steps:  # a hero one step nearer the gate
        ahead = game.clone()
        ahead.figure(hero.id).footprint = Footprint(x=hero.footprint.x + dx, y=hero.footprint.y + dy, w=1, h=1)
        if ahead.board.is_space((hero.footprint.x + dx, hero.footprint.y + dy)) and guard_progress(ahead) < here:
            break
    assert guard_progress(ahead) < here
    # every hero knocked out (none on the board): the goal is out of reach
    out = game.clone()
    for h in out.state.heroes():
        h.wounds = 0
    assert guard_progress(out) == pytest.approx(overlord_2e.WALK * overlord_2e.WALK_CAP)


def test_a_2e_state_is_valued_by_what_predicts_the_encounter() -> None:
    """The named foe's health, the heroes' health, the wounds and the kills of the decision's
    monsters; not the guard of the goal, which at the horizon did not predict the winner."""
    from delve.ai.overlord_search import HEALTH_2E, LOST_2E, MONSTER, NAMED_2E, STANDING_2E

    game = _started("first-steps-2e-2")
    judge = OverlordJudge.at(game)
    heroes, monsters = len(game.state.heroes()), len(judge.monsters)
    vask = overlord_2e.protected(game)[0]
    assert judge.value(game) == pytest.approx(NAMED_2E - HEALTH_2E * heroes + STANDING_2E * monsters)
    moved = game.clone()  # a hero nearer the lieutenant: the same value (the guard is not weighed)
    hero = moved.state.heroes()[0]
    moved.figure(hero.id).footprint = Footprint(x=vask.footprint.x - 1, y=vask.footprint.y, w=1, h=1)
    assert judge.value(moved) == pytest.approx(judge.value(game))
    hurt = game.clone()  # the lieutenant loses half her health
    hurt.figure(vask.id).wounds = vask.max_wounds // 2
    fraction = 1 - (vask.max_wounds // 2) / vask.max_wounds
    weight = judge.monsters[vask.id][0]
    assert weight == MONSTER * (2.0 if vask.master else 1.0)
    assert judge.value(hurt) == pytest.approx(judge.value(game) - (NAMED_2E + LOST_2E * weight) * fraction)
    archer = next(m for m in game.state.monsters() if m.id != vask.id and m.id in judge.monsters)
    killed = game.clone()  # an archer killed costs his wounds and his standing
    killed.figure(archer.id).wounds = 0
    lost = judge.monsters[archer.id][0] * judge.monsters[archer.id][1]
    assert judge.value(killed) == pytest.approx(judge.value(game) - LOST_2E * lost - STANDING_2E)
    knocked = game.clone()  # a hero knocked out counts no health
    knocked.figure(hero.id).wounds = 0
    assert judge.value(knocked) > judge.value(game)


def test_the_last_rounds_heroes_turns_over_is_a_held_encounter() -> None:
    from delve.ai.overlord_search import ENCOUNTER, WIN_VALUE, held_out
    from delve.engine.state import Step

    for quest, worth in (("first-steps-2e-2", WIN_VALUE), ("first-steps-2e", ENCOUNTER)):
        game = _started(quest)
        judge = OverlordJudge.at(game)
        last = int(game.state.flags["goals"]["overlord"][0]["end_of_round"])
        late = game.clone()
        late.state.flags["rounds_ended"] = last - 1
        late.state.stack = [Step(kind="rounds"), Step(kind="overlord_turn")]
        assert held_out(late) and judge.value(late) == worth
        late.state.stack.append(Step(kind="hero_turns"))  # the heroes still to act: not yet
        assert not held_out(late) and judge.value(late) < worth
        early = game.clone()
        early.state.flags["rounds_ended"] = last - 2
        early.state.stack = [Step(kind="rounds"), Step(kind="overlord_turn")]
        assert not held_out(early)


def test_an_alternative_may_fail_in_as_many_worlds_as_the_tolerance() -> None:
    outcomes: dict[str, list[float | None]] = {"a": [1.0, 1.0, 1.0, 1.0], "b": [2.0, 2.0, 0.5, None]}
    assert not better_in_enough_worlds(outcomes, "b", "a", 0, 3)
    assert better_in_enough_worlds(outcomes, "b", "a", 1, 3)  # one of three
    assert not better_in_enough_worlds(outcomes, "b", "a", 1, 6)  # over fewer worlds than verified: none
    outcomes["b"][3] = 0.0
    assert not better_in_enough_worlds(outcomes, "b", "a", 1, 4)


class Scripted(SearchPlayer):
    """A search player whose worlds give fixed values (world index -> candidate -> value)."""

    def __init__(self, values: dict[str, list[float]], budget: Budget) -> None:
        super().__init__(1, side="overlord", budget=budget)
        self.values = values
        self.asked: list[tuple[int, tuple[str, ...]]] = []

    def world(self, decision: Decision, game: Game, index: int, candidates: list[str],
              value: Any) -> dict[str, float | None]:
        self.asked.append((index, tuple(candidates)))
        return {c: self.values[c][index] for c in candidates}


def test_a_close_call_is_played_in_more_worlds_for_the_two_only() -> None:
    game = _game("first-steps-2e")
    decision = game.pending
    assert decision is not None
    budget = Budget(worlds=2, verify_worlds=4, tolerance=1, margin=0.3)
    close = Scripted({"a": [1.0] * 4, "b": [2.0, 2.0, 0.0, 2.0], "c": [0.0] * 4}, budget)
    outcomes = close.play_out(decision, game, ["a", "b", "c"])
    assert close.asked == [(0, ("a", "b", "c")), (1, ("a", "b", "c")), (2, ("a", "b")), (3, ("a", "b"))]
    assert outcomes["c"] == [0.0, 0.0, None, None]
    assert close.select("a", {"a": 1.0, "b": 1.5}, outcomes) == "b"  # one world of four against it
    outcomes["c"] = [3.0, 3.0, None, None]  # ahead in the first worlds only: not verified, never chosen
    assert close.select("a", {"a": 1.0, "b": 1.5, "c": 3.0}, outcomes) == "b"
    clear = Scripted({"a": [1.0] * 4, "b": [1.1] * 4, "c": [0.0] * 4}, budget)
    clear.play_out(decision, game, ["a", "b", "c"])
    assert len(clear.asked) == 2  # no alternative beats the AI's choice by the margin: no more worlds


def _play(quest: str, seed: int, decisions: int, budget: Budget,
          play_reading: Callable[..., list[str]]) -> tuple[list[str], int, int]:
    """Play a 2e game with a hard overlord; (its choices, decisions searched, most rollouts of one
    decision). Every copy the search plays is an honest one for the overlord's seat."""
    import delve.ai.search as search

    game = _game(quest, seed)
    hero = make_bot("hero", seed)
    player = SearchPlayer(seed, side="overlord", budget=budget)
    rollouts: list[int] = []
    honest: list[Game] = []
    clone_for_seat = search.determinized_clone

    def counted_world(g: Game, seat: str, world_seed: int) -> Game:
        assert g is game and seat == OVERLORD  # only the real game's overlord view is copied
        copy = clone_for_seat(g, seat, world_seed)
        honest.append(copy)
        return copy

    real_rollout = player.rollout

    def counted_rollout(*args: Any, **kwargs: Any) -> float:
        rollouts[-1] += 1
        return real_rollout(*args, **kwargs)

    player.rollout = counted_rollout  # type: ignore[method-assign]
    search.determinized_clone = counted_world  # type: ignore[assignment]
    try:
        chosen = play_reading(game, player, hero, decisions, lambda: rollouts.append(0))
    finally:
        search.determinized_clone = clone_for_seat  # type: ignore[assignment]
    assert honest and all(w.state.chance != game.state.chance for w in honest)  # fresh dice in every world
    return chosen, player.searched, max(rollouts, default=0)


def test_the_hard_overlord_is_reproducible_honest_and_bounded_by_its_budget(
        reading_play: Callable[..., list[str]]) -> None:
    budget = Budget(worlds=2, candidates=3, verify_worlds=4, tolerance=1, max_rollout_choices=120)
    first, searched, most = _play("first-steps-2e", 4, 160, budget, reading_play)
    second, _, _ = _play("first-steps-2e", 4, 160, budget, reading_play)
    assert first == second
    assert searched > 0
    # the budget is counted: worlds x candidates, then two candidates in the extra worlds
    assert most <= budget.worlds * budget.candidates + 2 * (budget.verify_worlds - budget.worlds)


def test_an_encounter_ended_in_a_rollout_is_its_outcome() -> None:
    from delve.ai.overlord_search import ENCOUNTER

    game = _game("first-steps-2e")
    judge = OverlordJudge.at(game)
    for winner, worth in (("overlord", ENCOUNTER), ("heroes", -ENCOUNTER)):
        ended = game.clone()
        record = ended.state.flags.setdefault("encounters", {"number": 1, "won": []})
        record.setdefault("won", []).append({"encounter": "first-steps-2e", "winner": winner})
        assert judge.value(ended) == worth
        search = SearchPlayer(1, side="overlord")
        assert search._horizon_reached(ended, ended.state.round + 5, decided=0)  # the rollout stops there
