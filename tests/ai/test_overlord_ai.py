"""The overlord AI: it picks the best attack and beats random heroes in at least 95% of games."""

from __future__ import annotations

from delve.ai.overlord_ai import OverlordAI
from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game
from delve.engine.game import Game

GAMES = 30


def play(seed: int) -> Game:
    game = new_game(GameSetup(seed=seed))
    heroes, overlord = RandomPlayer(seed, end_bias=0.3), OverlordAI(seed)
    for _ in range(20_000):
        decision = game.pending
        if decision is None:
            break
        player = overlord if decision.seat == "overlord" else heroes
        assert game.apply(player.choose(decision, game), decision.seat).accepted
    return game


def test_overlord_ai_beats_random_heroes() -> None:
    wins = sum(play(500 + seed).state.winner == "overlord" for seed in range(GAMES))
    assert wins >= 0.95 * GAMES, f"the overlord AI won {wins} of {GAMES}"
