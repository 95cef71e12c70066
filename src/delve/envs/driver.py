"""One episode of Delve for an environment: the game, its automated seats, and the action map.

Why a shared driver: the PettingZoo, Gymnasium and OpenSpiel environments differ only in which
seats an agent answers for; starting a game (``delve.api.play_setup``, as ``delve simulate``
does), letting automated players answer the other seats and the setup, mapping a stable action
index to its choice and scoring the end are the same code.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from delve.ai.base import Player
from delve.ai.bots import make_bot
from delve.ai.random_player import RandomPlayer
from delve.api import Game, game_view, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.envs.actions import Legal
from delve.envs.encoding import Encoder
from delve.envs.options import EnvOptions


def in_setup(game: Game) -> bool:
    """True while the game's setup (skills, shopping, placement, treachery) is asking."""
    return any(step.kind == "game_setup" for step in game.state.stack)


class Episode:
    """A game in progress plus the players of the seats no agent answers for."""

    def __init__(self, options: EnvOptions, seed: int, agent_seats: set[str]) -> None:
        self.options = options
        # Not transactional: every action maps to a legal choice, and the snapshot a
        # transactional apply takes (the whole state, log included) would dominate a step.
        # Should the engine fail, the EngineError ends the episode; reset() starts afresh.
        self.game: Game = new_game(options.game_setup(seed), transactional=False)
        self.agent_seats = agent_seats
        self.bots: dict[str, Player] = {}
        if OVERLORD not in agent_seats:
            self.bots[OVERLORD] = make_bot(options.overlord, seed)
        # The simulator's setup: automated players shop and place (the hero AI for hero seats).
        self.setup_bots: dict[str, Player] = {}
        if options.setup == "ai":
            self.setup_bots = {seat: make_bot("hero", seed + 1) for seat in self.hero_seats}
            self.setup_bots[OVERLORD] = self.bots.get(OVERLORD) or make_bot("ai", seed + 2)
        self.bot_seed = seed
        self.steps = 0
        self.illegal_actions = 0
        self._legal: tuple[str, int, Legal] | None = None

    @property
    def hero_seats(self) -> list[str]:
        """The hero seats of this game, in seat order."""
        return [s for s in self.game.state.seats if s != OVERLORD]

    def _bot_for(self, seat: str) -> Player | None:
        """The automated player answering ``seat`` now, or None when an agent must."""
        if self.setup_bots and seat in self.setup_bots and in_setup(self.game):
            return self.setup_bots[seat]
        if seat in self.agent_seats:
            return None
        bot = self.bots.get(seat)
        if bot is None:  # e.g. the table seat when no agent plays it: a uniform random face
            bot = self.bots.setdefault(seat, RandomPlayer(self.bot_seed + len(self.bots)))
        return bot

    def run_bots(self) -> None:
        """Let automated players answer until an agent must decide or the game ends."""
        while (decision := self.game.pending) is not None and (bot := self._bot_for(decision.seat)) is not None:
            self.game.apply(bot.choose(decision, self.game), decision.seat)

    def view(self, seat: str) -> dict[str, Any]:
        """``seat``'s view without the event log.

        The encoders never read the log, and a view copies the whole log (it grows all game),
        so the log is set aside while the view is built: observations stay O(board).
        """
        state = self.game.state
        log, state.log = state.log, []
        try:
            return game_view(self.game, seat)
        finally:
            state.log = log

    def legal(self, encoder: Encoder, seat: str, view: dict[str, Any] | None = None) -> Legal:
        """The legal choices of ``seat`` in the stable action space (cached per decision)."""
        key = (seat, self.game.state.serial)
        if self._legal is not None and self._legal[:2] == key:
            return self._legal[2]
        legal = encoder.codec.encode(view if view is not None else self.view(seat))
        self._legal = (*key, legal)
        return legal

    def observe(self, encoder: Encoder, seat: str) -> dict[str, np.ndarray]:
        """The observation of ``seat``: built from its view only."""
        view = self.view(seat)
        return encoder.encode(view, self.legal(encoder, seat, view))

    def choice_features(self, encoder: Encoder, seat: str) -> tuple[np.ndarray, np.ndarray]:
        """(legal indices, one feature row per index) of ``seat``'s pending decision."""
        view = self.view(seat)
        return encoder.choice_features(view, self.legal(encoder, seat, view))

    def choice_id(self, encoder: Encoder, action: int) -> str:
        """The id of the choice action ``action`` names. An index that is not legal now (an
        unmasked sample) is read as the lowest legal index and counted in ``illegal_actions``;
        learners should use the action mask."""
        decision = self.game.pending
        if decision is None:
            raise ValueError("the game is over: there is nothing to decide")
        legal = self.legal(encoder, decision.seat)
        choice = legal.ids.get(int(action))
        if choice is None:
            self.illegal_actions += 1
            choice = legal.ids[min(legal.ids)]
        return choice

    def act(self, encoder: Encoder, action: int) -> None:
        """Answer the pending decision with action ``action``, then let the bots play on."""
        decision = self.game.pending
        if decision is None:
            raise ValueError("the game is over: there is nothing to decide")
        result = self.game.apply(self.choice_id(encoder, action), decision.seat, decision.serial)
        if not result.accepted:  # cannot happen for an id from the legal list; kept as a guard
            raise RuntimeError(result.reason)
        self.steps += 1
        self.run_bots()

    @property
    def over(self) -> bool:
        """True when the game has ended (a winner, or nothing left to decide)."""
        return self.game.pending is None

    def truncated(self) -> bool:
        """True when the step cap is reached before the game ended."""
        return not self.over and self.steps >= self.options.max_steps

    def outcome(self, seat: str) -> float:
        """+1 if ``seat``'s side won, -1 if it lost, 0 otherwise (no winner, or the table seat)."""
        winner = self.game.state.winner
        if winner is None or seat == TABLE:
            return 0.0
        side = OVERLORD if seat == OVERLORD else "heroes"
        return 1.0 if winner == side else -1.0
