"""A PettingZoo AEC environment: one agent per seat, turns in the engine's decision order.

Agents are the seats an agent plays: every hero seat (``h1``, ``h2``...), the overlord when
``overlord="agent"``, and the ``table`` seat (physical dice) when ``chance="manual"``. Other
seats are answered inside ``step`` by automated players (by default the solo overlord), so
``agent_selection`` is always the seat of the pending decision.

Observations: ``{"board", "features", "action_mask"}`` from ``delve.envs.encoding``, built from
the agent's own view only. Actions: ``Discrete(n)``, the stable action space of
``delve.envs.actions`` (each index one meaning in every state), and the mask marks the legal
indices; ``legal_choices(agent)`` gives them with one feature row each. Rewards are given at
the end: +1 to the winning side's agents, -1 to the losers (optionally conquest shaping). An
episode is truncated after ``max_steps`` agent steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from delve.engine.decision import OVERLORD, TABLE
from delve.envs.driver import Episode
from delve.envs.encoding import Encoder, make_encoder
from delve.envs.options import EnvOptions


def observation_space(encoder: Encoder) -> spaces.Dict:
    """The Dict space of one agent's observation."""
    return spaces.Dict({
        "board": spaces.Box(0.0, 1.0, encoder.board_shape, dtype=np.float32),
        "features": spaces.Box(0.0, 1.0, (encoder.features_size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (encoder.num_actions,), dtype=np.int8),
    })


class DelveAECEnv(AECEnv):
    """Delve as a PettingZoo AEC game (see the module docstring)."""

    metadata = {"name": "delve_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.options = EnvOptions(**options)
        self.render_mode = render_mode
        self.encoder = make_encoder(self.options)
        self._next_seed = self.options.seed
        probe = Episode(self.options, self.options.seed, set())
        seats = list(probe.hero_seats)
        if self.options.overlord == "agent":
            seats.append(OVERLORD)
        if self.options.chance == "manual":
            seats.append(TABLE)
        self.possible_agents: list[str] = seats
        self.observation_spaces = {a: observation_space(self.encoder) for a in seats}
        self.action_spaces = {a: spaces.Discrete(self.encoder.num_actions) for a in seats}
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same space object every time (PettingZoo seeds it)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(n)``, the stable action space; legal actions are marked by the observation's mask."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` fixes its dice and shuffles and the automated players;
        without one, each reset takes the next seed after ``options.seed``."""
        if seed is None:
            seed, self._next_seed = self._next_seed, self._next_seed + 1
        else:
            self._next_seed = seed + 1
        self.episode = Episode(self.options, seed, set(self.possible_agents))
        self.episode.run_bots()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._conquest = self.episode.game.state.conquest
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation, from its own view of the game."""
        assert self.episode is not None, "call reset() first"
        return self.episode.observe(self.encoder, agent)

    def legal_choices(self, agent: str) -> tuple[np.ndarray, np.ndarray]:
        """(legal action indices, one ``CHOICE_FEATURES`` row each) of the agent's decision."""
        assert self.episode is not None, "call reset() first"
        return self.episode.choice_features(self.encoder, agent)

    def step(self, action: int | None) -> None:
        """Answer the selected agent's decision with action ``action`` (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.episode is not None and action is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.episode.act(self.encoder, int(action))
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Select the next agent; at the end, score and mark every agent done."""
        assert self.episode is not None
        episode = self.episode
        if self.options.reward == "conquest":
            delta = (episode.game.state.conquest - self._conquest) / 10
            self._conquest = episode.game.state.conquest
            for a in self.agents:
                if a != TABLE:
                    self.rewards[a] += -delta if a == OVERLORD else delta
        if episode.over or episode.truncated():
            ended = episode.over
            for a in self.agents:
                if ended:
                    self.rewards[a] += episode.outcome(a)
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
                self.infos[a] = {"winner": episode.game.state.winner, "steps": episode.steps}
            self.agent_selection = self.agents[0]
            return
        decision = episode.game.pending
        assert decision is not None
        self.agent_selection = decision.seat

    def render(self) -> str | None:
        """A text board (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.episode is None:
            return None
        from delve.envs.render import board_text

        return board_text(self.episode.game)

    def close(self) -> None:
        """Nothing to release."""
        self.episode = None

    def state(self) -> np.ndarray:
        """Not provided: a global state would show hidden information."""
        raise NotImplementedError("Delve gives no global state; use each agent's observation")
