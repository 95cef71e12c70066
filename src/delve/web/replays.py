"""Stepping through a game's replay quickly: a cursor game plus periodic snapshots.

Why: rebuilding a game from its setup for every step of the replay slider costs the whole game
so far each time (a slider drag over a long game is quadratic). A ``Replayer`` keeps the game it
showed last (stepping forward applies only the next choices) and a JSON snapshot every
``EVERY`` choices from the start (stepping back or jumping loads the nearest earlier snapshot and
applies at most ``EVERY - 1`` choices). Snapshots depend only on the choices before them, which never change
while a game runs; undo (which deletes choices) makes the table start a new ``Replayer``.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from delve.api import GameSetup, new_game
from delve.boundary import load_json
from delve.engine.decision import ChoiceRecord
from delve.engine.game import Game
from delve.engine.state import GameState
from delve.engine.steps import StepHandler

EVERY = 25  # choices between snapshots: a step back costs at most this many applies
MAX_SNAPSHOTS = 400  # a memory bound per game (10,000 choices); beyond it, the farthest are kept


class Replayer:
    """Games of one setup after any number of its recorded choices."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.lock = threading.Lock()  # hold it while using the returned game (the cursor moves)
        self._snapshots: dict[int, str] = {}
        self._cursor: Game | None = None
        self._at = 0
        self._handlers: Mapping[str, StepHandler] | None = None

    def at(self, records: Sequence[tuple[str, str, bool]], step: int) -> Game:
        """The game after the first ``step`` of ``records`` (clamped to 0..len). The caller holds
        ``lock`` until done with the game: it is the cursor the next call moves."""
        step = max(0, min(step, len(records)))
        if self._cursor is None or step < self._at:
            self._cursor, self._at = self._start_before(step)
        game = self._cursor
        while self._at < step:
            seat, choice, _by_person = records[self._at]
            game.replay([ChoiceRecord(seat=seat, choice=choice)])
            self._at += 1
            if self._at % EVERY == 0 and self._at not in self._snapshots and len(self._snapshots) < MAX_SNAPSHOTS:
                self._snapshots[self._at] = game.to_json()
        return game

    def _start_before(self, step: int) -> tuple[Game, int]:
        """A fresh game at the nearest snapshot at or before ``step`` (the setup at 0)."""
        known = [n for n in self._snapshots if n <= step]
        if not known:
            game = new_game(self.setup, transactional=False)
            self._handlers = game.handlers
            self._snapshots[0] = game.to_json()
            return game, 0
        n = max(known)
        assert self._handlers is not None  # a snapshot was taken from a game made by new_game
        return Game(load_json(GameState, self._snapshots[n]), self._handlers, transactional=False), n
