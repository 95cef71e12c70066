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


def test_an_illegal_action_is_read_as_the_lowest_legal_one_and_counted() -> None:
    env = gym_env()
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(illegal)
    assert env.episode is not None and env.episode.steps == 1 and info["illegal_actions"] == 1


def test_action_masks_and_legal_choices_agree_with_the_observation() -> None:
    env = gym_env()
    obs, _ = env.reset(seed=2)
    mask = env.action_masks()
    assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"].astype(bool))
    indices, features = env.legal_choices()
    assert list(indices) == list(np.flatnonzero(mask)) and features.shape[0] == len(indices)


def test_heroes_shop_before_the_quest_as_in_the_simulator() -> None:
    env = gym_env()
    env.reset(seed=4)
    assert env.episode is not None
    heroes = env.episode.game.state.heroes()
    assert any(h.equipped or h.pack for h in heroes)  # the default setup="ai" bought equipment
    quick = gym_env(setup="quick")
    quick.reset(seed=4)
    assert quick.episode is not None
    assert not any(h.pack for h in quick.episode.game.state.heroes())


def test_ruleset_2e_plays_its_own_pack_and_a_misfit_is_refused() -> None:
    env = gym_env(ruleset="2e")
    assert (env.options.pack, env.options.quest) == ("starter-2e", "first-steps-2e")
    obs, _ = env.reset(seed=1)
    assert obs["action_mask"].sum() >= 1
    assert gym_env(pack="starter-2e").options.ruleset == "2e"
    with pytest.raises(ValueError, match="written for the 2e ruleset"):
        gym_env(pack="starter-2e", ruleset="1e")


def test_vector_env_steps_several_games() -> None:
    from delve.envs import vector_env

    envs = vector_env(2, seed=3)
    obs, _infos = envs.reset(seed=3)
    assert obs["action_mask"].shape[0] == 2
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    _obs, rewards, _terminated, _truncated, _infos = envs.step(actions)
    assert rewards.shape == (2,)
    envs.close()


def test_registered_with_gymnasium() -> None:
    import gymnasium

    import delve.envs.gym

    env = gymnasium.make(delve.envs.gym.ENV_ID, overlord="random")
    _, info = env.reset(seed=1)
    assert info["seat"] == "h1"
