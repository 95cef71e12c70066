"""Random legal play never crashes the engine and every game replays exactly.

The game-loop issue asks for 1,000 seeds without an exception; the suite plays 50 whole games
(to a win or 2,000 choices) and replays each from its setup and choices. The 1,000-seed sweep is
`bench/random_sweep.py`.
"""

from __future__ import annotations

import pytest

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game, replay_game


@pytest.mark.parametrize("block", range(5))
def test_fifty_random_games_end_without_error_and_replay(block: int) -> None:
    for seed in range(block * 10, block * 10 + 10):
        setup = GameSetup(seed=seed)
        game = new_game(setup, transactional=False)
        player = RandomPlayer(seed, end_bias=0.3)
        for _ in range(2000):
            decision = game.pending
            if decision is None:
                break
            result = game.apply(player.choose(decision), decision.seat)
            assert result.accepted, result.reason
        again = replay_game(setup, game.state.history)
        assert again.state_hash() == game.state_hash(), f"seed {seed} did not replay exactly"
