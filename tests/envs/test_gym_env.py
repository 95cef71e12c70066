"""The Gymnasium environment passes Gymnasium's env checker and plays whole episodes."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from delve.envs import gym_env


def test_check_env() -> None:
    check_env(gym_env(), skip_render_check=True)


def test_check_env_with_overlord_ai() -> None:
    check_env(gym_env(overlord="ai", reward="conquest"), skip_render_check=True)


def test_episode_ends_with_a_win_or_a_loss() -> None:
    env = gym_env(render_mode="ansi")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
    assert terminated and reward in (1.0, -1.0)
    assert info["winner"] in ("heroes", "overlord")
    assert "round" in (env.render() or "")


def test_same_seed_same_episode() -> None:
    def trace(seed: int) -> list[int]:
        env = gym_env()
        obs, _ = env.reset(seed=seed)
        seen = []
        for _ in range(40):
            seen.append(int(obs["action_mask"].sum()))
            obs, _, term, trunc, _ = env.step(0)
            if term or trunc:
                break
        return seen

    assert trace(8) == trace(8)


def test_unmasked_action_wraps_to_a_legal_choice() -> None:
    env = gym_env()
    obs, _ = env.reset(seed=1)
    n = int(obs["action_mask"].sum())
    env.step(n + 1)  # read as (n + 1) mod n: a legal choice, no error
    assert env.episode is not None and env.episode.steps == 1


def test_registered_with_gymnasium() -> None:
    import gymnasium

    import delve.envs.gym

    env = gymnasium.make(delve.envs.gym.ENV_ID, overlord="random")
    _, info = env.reset(seed=1)
    assert info["seat"] == "h1"
