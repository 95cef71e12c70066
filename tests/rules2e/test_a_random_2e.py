"""Random 2e games on the starter quests never crash, replay exactly, and knock heroes out.

Why here and not only in bench/random_sweep.py: the sweep plays 1st-edition games; these games
run the 2e knocked-out, stand-up, revive, defense-dice and overlord-deck rules under random play.
"""

from __future__ import annotations

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game, replay_game

GAMES = 6
CAP = 600


def test_random_2e_games_run_and_replay() -> None:
    knocked_out = stood_up = 0
    for seed in range(GAMES):
        setup = GameSetup(seed=seed, ruleset="2e")
        game = new_game(setup, transactional=False)
        player = RandomPlayer(seed, end_bias=0.3)
        n = 0
        while game.pending is not None and n < CAP:
            decision = game.pending
            result = game.apply(player.choose(decision), decision.seat)
            assert result.accepted, result.reason
            n += 1
        kinds = [event.kind for event in game.state.log]
        assert "hero_died" not in kinds
        knocked_out += kinds.count("hero_knocked_out")
        stood_up += kinds.count("hero_stood_up")
        if seed % 3 == 0:
            assert replay_game(setup, game.state.history).state_hash() == game.state_hash()
    assert knocked_out > 0 and stood_up > 0
