"""A single-agent Gymnasium environment: one agent plays every hero seat against the overlord.

The overlord is automated (``overlord="solo"``, the solo procedure, by default; ``"ai"`` for the
overlord AI, ``"random"``); dice are seeded (``chance="manual"`` would only add table decisions
answered by a random face). Each ``step`` answers one hero decision, then the automated players
answer until the heroes must decide again.

Observations and actions are those of the AEC environment (``delve.envs.aec``): a Dict of
board planes, features and the action mask from the deciding hero seat's view, and
``Discrete(n)``, the stable action space of ``delve.envs.actions`` (an index that is not legal
is read as the lowest legal one and counted in ``info["illegal_actions"]``; use the mask).
``action_masks()`` gives the mask as booleans (sb3-contrib's MaskablePPO reads it) and
``legal_choices()`` the legal indices with one feature row each. Reward: +1 when
the heroes win, -1 when they lose (plus conquest changes / 10 with ``reward="conquest"``).
Episodes end with the game (terminated) or after ``max_steps`` agent steps (truncated).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from delve.engine.decision import OVERLORD
from delve.envs.aec import observation_space
from delve.envs.driver import Episode
from delve.envs.encoding import make_encoder
from delve.envs.options import EnvOptions


class DelveGymEnv(gymnasium.Env[dict[str, Any], Any]):
    """Delve as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        self.options = EnvOptions(**options)
        if self.options.overlord == "agent":
            raise ValueError("the Gymnasium environment needs an automated overlord: solo, ai or random")
        self.render_mode = render_mode
        self.encoder = make_encoder(self.options)
        self.observation_space = observation_space(self.encoder)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.episode: Episode | None = None
        self._first_reset = True
        self._hero_seats = set(Episode(self.options, self.options.seed, set()).hero_seats)

    def _seat(self) -> str:
        """The hero seat whose view the agent gets: the deciding one, else the first."""
        assert self.episode is not None
        decision = self.episode.game.pending
        if decision is not None and decision.seat != OVERLORD:
            return decision.seat
        return self.episode.hero_seats[0]

    def _observation(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        assert self.episode is not None
        obs = self.episode.observe(self.encoder, self._seat())
        state = self.episode.game.state
        return obs, {"action_mask": obs["action_mask"], "seat": self._seat(), "winner": state.winner,
                     "steps": self.episode.steps, "illegal_actions": self.episode.illegal_actions}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the pending hero decision, as booleans (MaskablePPO's hook)."""
        assert self.episode is not None, "call reset() first"
        return self.episode.observe(self.encoder, self._seat())["action_mask"].astype(bool)

    def legal_choices(self) -> tuple[np.ndarray, np.ndarray]:
        """(legal action indices, one ``CHOICE_FEATURES`` row each) of the pending hero decision."""
        assert self.episode is not None, "call reset() first"
        return self.episode.choice_features(self.encoder, self._seat())

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game. With ``seed`` (or on the first reset, ``options.seed``) the game seed is
        fixed; later resets draw game seeds from the environment's generator."""
        super().reset(seed=seed)
        if seed is not None:
            game_seed = seed
        elif self._first_reset:
            game_seed = self.options.seed
        else:
            game_seed = int(self.np_random.integers(2**31))
        self._first_reset = False
        self.episode = Episode(self.options, game_seed, self._hero_seats)
        self.episode.run_bots()
        self._conquest = self.episode.game.state.conquest
        return self._observation()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Answer the heroes' pending decision with action ``action``."""
        assert self.episode is not None, "call reset() first"
        if self.episode.over:
            raise RuntimeError("the episode has ended: call reset()")
        self.episode.act(self.encoder, int(action))
        reward = 0.0
        state = self.episode.game.state
        if self.options.reward == "conquest":
            reward += (state.conquest - self._conquest) / 10
            self._conquest = state.conquest
        terminated = self.episode.over
        if terminated:
            reward += self.episode.outcome(self.episode.hero_seats[0])
        truncated = self.episode.truncated()
        obs, info = self._observation()
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        """A text board (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.episode is None:
            return None
        from delve.envs.render import board_text

        return board_text(self.episode.game)


ENV_ID = "Delve-v0"
if ENV_ID not in gymnasium.registry:
    # ``gymnasium.make("Delve-v0", **options)`` once ``delve.envs.gym`` is imported.
    gymnasium.register(id=ENV_ID, entry_point="delve.envs.gym:DelveGymEnv")
