"""Whole quest games: setup, random play, exact replay from (setup, choices), save and load."""

from __future__ import annotations

import json

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, game_view, load_game, new_game, replay_game


def test_new_game_is_set_up_as_the_rulebook_says() -> None:
    game = new_game(GameSetup(seed=3, heroes=[]))
    heroes = game.state.heroes()
    assert len(heroes) == 2 and all(h.coins == 300 and h.wounds == h.max_wounds for h in heroes)
    assert game.state.overlord.threat == 0 and len(game.state.overlord.hand) == 3
    assert game.state.conquest == 5  # the quest's starting_conquest
    assert game.pending is not None and game.pending.kind == "choose_hero_turn"
    # Rulebook: Treachery Cards: cards with a treachery cost join the deck only when bought
    cards = game.state.overlord.deck + game.state.overlord.hand
    assert "sudden-frenzy" not in cards and "rusted-cage" not in cards and "goblin-warband" in cards
    hero_view = json.dumps(game_view(game, "h1"))
    for card in game.state.overlord.hand:
        assert card not in hero_view


def test_one_hundred_random_quest_games_replay_exactly() -> None:
    for seed in range(100):
        setup = GameSetup(seed=seed)
        game = new_game(setup)
        player = RandomPlayer(seed, end_bias=0.25)
        for _ in range(40):
            decision = game.pending
            if decision is None:
                break
            assert game.apply(player.choose(decision), decision.seat).accepted
        again = replay_game(setup, game.state.history)
        assert again.state_hash() == game.state_hash(), f"seed {seed}"


def test_save_and_load_mid_game_lose_nothing() -> None:
    game = new_game(GameSetup(seed=11))
    player = RandomPlayer(11, end_bias=0.25)
    for _ in range(30):
        decision = game.pending
        if decision is None:
            break
        game.apply(player.choose(decision), decision.seat)
    loaded = load_game(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.pending == game.pending
    # and both go on identically
    for _ in range(20):
        decision = game.pending
        assert loaded.pending == decision
        if decision is None:
            break
        choice = player.choose(decision)
        game.apply(choice, decision.seat)
        loaded.apply(choice, decision.seat)
    assert loaded.state_hash() == game.state_hash()
