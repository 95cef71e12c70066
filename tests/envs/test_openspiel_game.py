"""The OpenSpiel registration passes OpenSpiel's random simulation checks; dice are chance
nodes with the faces' shares as probabilities; information states are per seat."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel

from delve.envs import register_openspiel


@pytest.fixture(scope="module")
def name() -> str:
    return register_openspiel()


def test_random_sim_test(name: str) -> None:
    # A move cap keeps OpenSpiel's history replays short; capped games end with returns 0.
    game = pyspiel.load_game(name, {"max_moves": 80})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_random_sim_test_two_hero_seats(name: str) -> None:
    game = pyspiel.load_game(name, {"max_moves": 60, "hero_seats": 2, "seed": 5})
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_dice_are_chance_nodes_and_info_states_differ(name: str) -> None:
    game = pyspiel.load_game(name, {"seed": 2})
    state = game.new_initial_state()
    found_chance = False
    rng = np.random.default_rng(0)
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert all(p in (1 / 6, 2 / 6, 3 / 6) for _, p in outcomes)
            found_chance = True
            state.apply_action(outcomes[0][0])
            continue
        hero, overlord = state.information_state_string(0), state.information_state_string(1)
        assert json.loads(hero)["seat"] == "h1" and json.loads(overlord)["seat"] == "overlord"
        assert "hand" not in json.loads(hero)["overlord"] and "hand" in json.loads(overlord)["overlord"]
        state.apply_action(int(rng.choice(state.legal_actions())))
        if found_chance:
            break
    assert found_chance
