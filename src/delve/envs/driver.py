"""One episode of Delve for an environment: the game, its automated seats, and the K-action map.

Why a shared driver: the PettingZoo and Gymnasium environments differ only in which seats an
agent answers for; starting a game, letting automated players answer the other seats, mapping
action ``i`` to the ``i``-th legal choice and scoring the end are the same code.
"""

from __future__ import annotations

from typing import Any

from delve.ai.base import Player
from delve.ai.bots import make_bot
from delve.ai.random_player import RandomPlayer
from delve.api import Game, game_view, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.envs.encoding import Encoder
from delve.envs.options import EnvOptions


class Episode:
    """A game in progress plus the players of the seats no agent answers for."""

    def __init__(self, options: EnvOptions, seed: int, agent_seats: set[str]) -> None:
        self.options = options
        # Not transactional: every action maps to a legal choice, and the snapshot a
        # transactional apply takes (the whole state, log included) would dominate a step.
        # Should the engine fail, the EngineError ends the episode; reset() starts afresh.
        self.game: Game = new_game(options.setup(seed), transactional=False)
        self.agent_seats = agent_seats
        self.bots: dict[str, Player] = {}
        if OVERLORD not in agent_seats:
            self.bots[OVERLORD] = make_bot(options.overlord, seed)
        self.bot_seed = seed
        self.steps = 0

    @property
    def hero_seats(self) -> list[str]:
        """The hero seats of this game, in seat order."""
        return [s for s in self.game.state.seats if s != OVERLORD]

    def run_bots(self) -> None:
        """Let automated players answer until an agent must decide or the game ends."""
        while (decision := self.game.pending) is not None and decision.seat not in self.agent_seats:
            bot = self.bots.get(decision.seat)
            if bot is None:  # e.g. the table seat when no agent plays it: a uniform random face
                bot = self.bots.setdefault(decision.seat, RandomPlayer(self.bot_seed + len(self.bots)))
            self.game.apply(bot.choose(decision, self.game), decision.seat)

    def choice_id(self, action: int) -> str:
        """The id of the choice action ``action`` names: the i-th legal choice in the engine's
        order. An index past the end wraps around (mod the number of choices), so a sampled
        unmasked action is still a legal move; learners should use the action mask."""
        decision = self.game.pending
        if decision is None:
            raise ValueError("the game is over: there is nothing to decide")
        n = min(len(decision.choices), self.options.max_choices)
        return decision.choices[int(action) % n].id

    def act(self, action: int) -> None:
        """Answer the pending decision with action ``action``, then let the bots play on."""
        decision = self.game.pending
        if decision is None:
            raise ValueError("the game is over: there is nothing to decide")
        result = self.game.apply(self.choice_id(action), decision.seat, decision.serial)
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

    def observe(self, encoder: Encoder, seat: str) -> dict[str, Any]:
        """The observation of ``seat``: built from its view only.

        The encoder never reads the event log, and a view copies the whole log (it grows all
        game), so the log is set aside while the view is built: observations stay O(board).
        """
        state = self.game.state
        log, state.log = state.log, []
        try:
            return encoder.encode(game_view(self.game, seat))
        finally:
            state.log = log
