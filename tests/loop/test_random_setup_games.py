"""Random games that also answer every setup question at random (hero deal, skill trade-ins,
starting purchases, placement, treachery), so the cards bought with treachery and the card
windows they open (doors, chests, moves, attacks) are played too; every game replays exactly."""

from __future__ import annotations

import pytest

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game, replay_game
from delve.content.loader import load_starter_pack

QUESTS = sorted(load_starter_pack().quests)


@pytest.mark.parametrize("quest", QUESTS)
def test_random_games_with_setup_choices_end_and_replay(quest: str) -> None:
    for seed in range(3):
        setup = GameSetup(quest=quest, seed=seed, choices=True, hero_deal="random", players=2 + seed)
        game = new_game(setup, transactional=False)
        player = RandomPlayer(seed, end_bias=0.3)
        for _ in range(3000):
            decision = game.pending
            if decision is None:
                break
            result = game.apply(player.choose(decision), decision.seat)
            assert result.accepted, result.reason
        again = replay_game(setup, game.state.history)
        assert again.state_hash() == game.state_hash(), f"{quest} seed {seed} did not replay exactly"
