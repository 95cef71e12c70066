"""Whole 2e games of the two-encounter tutorial quest ``first-steps-2e`` (pack ``starter-2e``):
random players never crash the 2e rules (groups, large monsters, encounters, familiars), every
game ends, and replaying a game's history reproduces it exactly.

Rules: descent-2e excerpts A and B, as a whole.
"""

from __future__ import annotations

import pytest

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, game_view, load_game, new_game, replay_game
from delve.engine.game import Game

PACK = "starter-2e"
QUEST = "first-steps-2e"
GAMES = 20
CAP = 3000  # choices; a random game of this quest takes about 250


def _play(seed: int) -> tuple[GameSetup, Game]:
    setup = GameSetup(ruleset="2e", pack=PACK, quest=QUEST, seed=seed)
    game = new_game(setup, transactional=False)
    player = RandomPlayer(seed, end_bias=0.3)
    for _ in range(CAP):
        decision = game.pending
        if decision is None:
            break
        outcome = game.apply(player.choose(decision), decision.seat)
        assert outcome.accepted, outcome.reason
    return setup, game


@pytest.fixture(scope="module")
def played() -> list[tuple[GameSetup, Game]]:
    return [_play(seed) for seed in range(GAMES)]


def test_random_2e_games_play_to_the_end(played: list[tuple[GameSetup, Game]]) -> None:
    for setup, game in played:
        assert game.pending is None, f"seed {setup.seed} did not end"
        assert game.state.winner in ("heroes", "overlord")
        assert game.state.ruleset == "2e"
    kinds = {e.kind for _, game in played for e in game.state.log}
    # the 2e rules were played, not only set up
    assert {"monster_group_set_up", "encounter_started", "large_monster_expands"} <= kinds


def test_replaying_a_2e_game_reproduces_it(played: list[tuple[GameSetup, Game]]) -> None:
    for setup, game in played:
        again = replay_game(setup, game.state.history)
        assert again.state_hash() == game.state_hash(), f"seed {setup.seed}"


def test_a_2e_game_runs_through_the_api_and_loads_back(played: list[tuple[GameSetup, Game]]) -> None:
    _, game = played[0]
    for seat in game.state.seats:
        view = game_view(game, seat)
        assert view["ruleset"] == "2e"
        assert ("hand" in view["overlord"]) == (seat == "overlord")  # heroes never see his hand
    again = load_game(game.to_json())
    assert again.state.ruleset == "2e" and again.state_hash() == game.state_hash()
