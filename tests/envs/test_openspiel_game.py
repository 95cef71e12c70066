"""The OpenSpiel registration passes OpenSpiel's random simulation checks; dice and card draws
are chance nodes with the faces' (the cards') shares as probabilities; information states are
per seat."""

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
            if state.delve.pending.kind == "enter_die":  # card draws: test_card_draws_...
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


def test_tensors_and_parameters(name: str) -> None:
    game = pyspiel.load_game(name, {"max_moves": 40, "setup": "quick", "heroes": "brannoc,sela", "hero_seats": 2})
    assert game.num_players() == 3
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    obs = np.asarray(state.observation_tensor(0))
    info = np.asarray(state.information_state_tensor(0))
    assert obs.shape == tuple(game.observation_tensor_shape()) and info.size == obs.size + 3
    assert obs.sum() > 0 and np.all((obs >= 0) & (obs <= 1))
    assert game.num_distinct_actions() > 10_000  # the stable action space
    game_2e = pyspiel.load_game(name, {"ruleset": "2e", "max_moves": 20})
    assert game_2e.new_initial_state().delve.state.ruleset == "2e"
    with pytest.raises(Exception, match="2e ruleset"):
        pyspiel.load_game(name, {"pack": "starter-2e", "ruleset": "1e"})


def test_rl_environment_and_a_tabular_learner_run(name: str) -> None:
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    env = rl_environment.Environment(pyspiel.load_game(name, {"max_moves": 30, "setup": "quick"}),
                                     chance_event_sampler=rl_environment.ChanceEventSampler(seed=1))
    num_actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=num_actions) for p in range(env.num_players)]
    for _ in range(2):
        step = env.reset()
        assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
    assert any(agent._q_values for agent in agents)  # the learner saw states and updated values


def test_ismcts_bot_plays_with_resampled_worlds(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name, {"max_moves": 25, "setup": "quick", "seed": 2})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=4,
                           random_state=rng, allow_inconsistent_action_sets=True)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal() and searched < 3:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        if len(state.legal_actions()) > 1:
            searched += 1
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched >= 1


def test_card_draws_are_chance_nodes_over_the_cards_left(name: str) -> None:
    # The overlord draws at the start of each of his turns: a random game soon reaches a draw.
    game = pyspiel.load_game(name, {"seed": 3, "setup": "quick"})
    assert game.max_chance_outcomes() >= 58  # the starter pack's overlord deck, copies included
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(3000):
        assert not state.is_terminal()
        if state.is_chance_node() and state.delve.pending.kind == "enter_draw":
            break
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    delve = state.delve
    request = delve.state.chance.awaiting
    assert request is not None and request.purpose == "overlord draw"
    deck = list(delve.state.overlord.deck)
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    drawn = {state.action_to_string(pyspiel.PlayerId.CHANCE, a).removeprefix("draw:"): p for a, p in outcomes}
    assert drawn == {card: deck.count(card) / len(deck) for card in deck}
    assert all(a < game.max_chance_outcomes() for a, _ in outcomes)
    # The overlord draws more than one card: each is named in turn, then the move finishes with
    # those cards in his hand, and the heroes never see which.
    named = []
    while state.is_chance_node() and state.delve.pending.kind == "enter_draw":
        action = state.chance_outcomes()[-1][0]
        named.append(state.action_to_string(pyspiel.PlayerId.CHANCE, action).removeprefix("draw:"))
        state.apply_action(action)
    hand = state.delve.state.overlord.hand
    assert len(named) >= 2 and all(hand.count(card) >= named.count(card) for card in named)
    assert not any(card in state.information_state_string(0) for card in named)
