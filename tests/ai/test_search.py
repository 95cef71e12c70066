"""The hard level: search on honest copies, reproducible, never changing the game it reads."""

from __future__ import annotations

from collections.abc import Callable

from delve.ai.bots import level_kind, levels, make_bot
from delve.ai.search import Budget, SearchPlayer, evaluate
from delve.api import GameSetup, new_game
from delve.sim.runner import make_player

SMALL = Budget(worlds=1, candidates=2, max_rollout_choices=80)


def _play(seed: int, decisions: int, play_reading: Callable[..., list[str]]) -> tuple[list[str], int]:
    game = new_game(GameSetup(quest="first-steps", seed=seed, choices=True), transactional=False)
    search = SearchPlayer(seed, side="overlord", budget=SMALL)
    return play_reading(game, search, make_bot("hero", seed), decisions), search.searched


def test_search_is_reproducible_and_searches_key_decisions(reading_play: Callable[..., list[str]]) -> None:
    first, searched = _play(3, 260, reading_play)
    second, _ = _play(3, 260, reading_play)
    assert first == second
    assert searched > 0


def test_evaluate_is_zero_sum_and_rewards_a_win() -> None:
    game = new_game(GameSetup(quest="first-steps", seed=1), transactional=False)
    assert evaluate(game, "overlord") == -evaluate(game, "heroes")
    game.state.winner = "overlord"
    assert evaluate(game, "overlord") > 0 > evaluate(game, "heroes")


def test_levels_map_to_players() -> None:
    assert level_kind("hard") == "search" and level_kind("easy") == "solo" and level_kind("ai") == "ai"
    assert level_kind("hard", "heroes") == "search" and level_kind("easy", "heroes") == "random"
    assert isinstance(make_bot("hard", 1), SearchPlayer)
    assert make_player("overlord", "hard", 1).side == "overlord"
    assert make_player("hero", "hard", 1).side == "heroes"
    assert {lv["name"] for lv in levels()["heroes"]} == {"easy", "normal", "hard"}
