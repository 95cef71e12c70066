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
    # A random game may end before anyone rolls a die (it depends on the content), so try a few seeds.
    quests = ("first-steps", "the-sunken-forge", "bridge-of-teeth", "the-drowned-library")
    assert any(_walk_to_a_chance_node(name, quest, seed) for seed in (2, 3) for quest in quests)


def _walk_to_a_chance_node(name: str, quest: str, seed: int) -> bool:
    game = pyspiel.load_game(name, {"seed": seed, "quest": quest})
    state = game.new_initial_state()
    found_chance = False
    rng = np.random.default_rng(seed)
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
        legal = state.legal_actions()
        # head for a fight (an attack is certain to roll dice); otherwise play at random
        player = state.current_player()
        fights = [a for a in legal if state.action_to_string(player, a).startswith(("attack", "action:battle"))]
        state.apply_action(int(rng.choice(fights or legal)))
        if found_chance:
            break
    return found_chance
