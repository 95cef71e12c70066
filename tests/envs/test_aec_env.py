"""The PettingZoo AEC environment passes PettingZoo's own API and seed tests, and its
observations come from the seat's view only."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from delve.envs import aec_env


def test_defaults_work_with_no_arguments() -> None:
    env = aec_env()
    env.reset(seed=1)
    assert env.agents == ["h1", "h2"]
    obs = env.observe(env.agent_selection)
    assert obs["board"].shape[0] > 10 and obs["action_mask"].sum() >= 1
    assert env.observation_space(env.agent_selection).contains(obs)


def test_pettingzoo_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only (agent names, Dict observations)
        api_test(aec_env(), num_cycles=400)


def test_pettingzoo_api_test_with_overlord_and_table_agents() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(overlord="agent", chance="manual"), num_cycles=150)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: aec_env(), num_cycles=200)


def _play_to_end(env, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter(max_iter=20_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_random_game_ends_with_a_side_winning() -> None:
    totals = _play_to_end(aec_env(), seed=3)
    assert set(totals) == {"h1", "h2"}
    assert totals["h1"] == totals["h2"] and abs(totals["h1"]) == 1.0


def test_step_cap_truncates() -> None:
    env = aec_env(max_steps=5)
    env.reset(seed=2)
    for _ in range(5):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_hero_observation_ignores_hidden_information() -> None:
    """Changing what heroes may not see (the overlord's hand, an unrevealed area's monsters)
    leaves every hero observation unchanged; the overlord's own observation may change."""
    env = aec_env(overlord="agent")
    env.reset(seed=4)
    assert env.episode is not None
    state = env.episode.game.state
    before = {a: env.observe(a) for a in ("h1", "h2")}
    state.overlord.hand = ["changed-card"] * len(state.overlord.hand)  # the hand size is public
    for figure in state.figures.values():
        area = state.board.area_of(figure.pos)
        if figure.kind == "monster" and area is not None and not state.board.area(area).revealed:
            figure.wounds = 1
    state.chance.seed += 99
    after = {a: env.observe(a) for a in ("h1", "h2")}
    for agent in before:
        for key in before[agent]:
            assert np.array_equal(before[agent][key], after[agent][key]), (agent, key)
