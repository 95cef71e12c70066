"""``Game``: the state machine of decisions that every seat, AI and interface talks to.

The loop: run steps from the top of the resolution stack until one needs a decision, then
expose that ``Decision``. ``apply`` checks an answer against the exact legal list (seat, id,
serial), applies it, records it in the history and runs on. Refused answers change nothing.

Why the engine knows no rules: handlers come from a ruleset (``delve.rulesets``), so the
2nd edition can replace steps without forking this loop.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from delve.board.grid import Board
from delve.boundary import dump_json, load_json
from delve.engine.chance import DRAW_KIND, Chance, DrawNeeded, DrawRequest
from delve.engine.copying import copy_model, plain
from delve.engine.decision import TABLE, ApplyResult, Choice, ChoiceRecord, Decision, Event
from delve.engine.redaction import events_for, seal
from delve.engine.state import FigureState, GameState, Step
from delve.engine.steps import StepHandler

MAX_AUTOMATIC_STEPS = 1_000_000


class EngineError(Exception):
    """The engine itself failed (a bug, or content it cannot run). The state was restored."""


MAX_ID_LENGTH = 1_000


def bad_argument(choice_id: object, seat: object, serial: object) -> str:
    """Why these ``apply`` arguments are of the wrong type or size, or "" when they are fine."""
    if not isinstance(seat, str) or len(seat) > MAX_ID_LENGTH:
        return f"the seat must be a seat name (a short string), not {type(seat).__name__}"
    if not seat:  # the table's entries may come from any seat (``Game.apply``), but never from none
        return "the seat must be a seat name, not an empty string"
    if not isinstance(choice_id, str) or len(choice_id) > MAX_ID_LENGTH:
        return f"the choice must be a choice id (a short string), not {type(choice_id).__name__}"
    if serial is not None and (not isinstance(serial, int) or isinstance(serial, bool)):
        return f"the serial must be a whole number or None, not {type(serial).__name__}"
    return ""


class Game:
    """One game: its state, the step handlers of its ruleset, and the pending decision."""

    def __init__(self, state: GameState, handlers: Mapping[str, StepHandler], *, transactional: bool = True):
        self.state = state
        self.handlers = handlers
        self.transactional = transactional
        self._pending: Decision | None = None
        self._settled = False
        self._memo: dict[Any, Any] = {}
        self.advance()

    # -- reading --------------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None when the game is over."""
        if not self._settled:
            self.advance()
        return self._pending

    @property
    def over(self) -> bool:
        """True once a side has won (or nothing is left to do)."""
        return self.state.winner is not None or not self.state.stack

    @property
    def board(self) -> Board:
        """The board of this game."""
        return self.state.board

    @property
    def chance(self) -> Chance:
        """The game's one source of dice and shuffles."""
        return Chance(self.state.chance)

    def figure(self, figure_id: str) -> FigureState:
        """The figure with this id (KeyError if there is none)."""
        return self.state.figures[figure_id]

    # -- the loop -------------------------------------------------------------------------
    def advance(self) -> None:
        """Run automatic steps until a decision is needed or the game ends."""
        self._pending = None
        awaiting = self.state.chance.awaiting
        if awaiting is not None:  # ``table`` chance: a card draw waits for the table
            self._pending = Decision(seat=TABLE, kind=DRAW_KIND, serial=self.state.serial,
                                     prompt=f"Which card did the {awaiting.purpose} give?",
                                     choices=[Choice(id=f"draw:{label}", label=label, data={"index": index})
                                              for index, label in enumerate(awaiting.labels)])
            self._settled = True
            return
        for _ in range(MAX_AUTOMATIC_STEPS):
            if self.state.winner is not None or not self.state.stack:
                self._settled = True
                return
            step = self.state.stack[-1]
            handler = self._handler(step)
            self._memo = {}  # a new dict: a clone may share the old one with its decision
            decision = handler.decide(self, step)
            if decision is not None:
                if not decision.choices:
                    raise EngineError(f"step {step.kind!r} asked {decision.seat} to decide with no choices")
                decision.serial = self.state.serial
                self._pending = decision
                self._settled = True
                return
            handler.run(self, step)
        raise EngineError("the engine ran too many automatic steps without a decision (a loop?)")

    def _handler(self, step: Step) -> StepHandler:
        try:
            return self.handlers[step.kind]
        except KeyError:
            raise EngineError(f"no handler for step kind {step.kind!r} in this ruleset") from None

    def apply(self, choice_id: str, seat: str, serial: int | None = None) -> ApplyResult:
        """Answer the pending decision as ``seat``. Refusals leave the state exactly as it was.

        The argument types are checked first: a seat or id of another type (an int, bytes) could
        compare unequal everywhere, be recorded in the history, or fail halfway through a handler."""
        wrong = bad_argument(choice_id, seat, serial)
        if wrong:
            return ApplyResult.refused(wrong)
        choice_id, seat = str(choice_id), str(seat)  # a str subclass (numpy's) is stored as plain text
        decision = self.pending
        if decision is None:
            return ApplyResult.refused("the game is over: there is nothing to decide")
        if serial is not None and serial != decision.serial:
            return ApplyResult.refused(
                f"stale choice: it answers decision {serial}, but the pending decision is {decision.serial}"
            )
        if seat != decision.seat and decision.seat != TABLE:
            return ApplyResult.refused(f"it is {decision.seat}'s decision ({decision.kind}), not {seat}'s")
        choice = decision.find(choice_id)
        if choice is None:
            return ApplyResult.refused(f"{choice_id!r} is not a legal choice for {decision.kind} now")
        # A structural copy (``delve.engine.copying``): shares what cannot change in place.
        snapshot = copy_model(self.state) if self.transactional else None
        log_start = len(self.state.log)
        try:
            if self.state.chance.mode == "table":
                self._apply_drawing(choice, seat)
            else:
                self._run(choice, seat, record=True)
        except Exception as exc:
            if snapshot is not None:
                self.state = snapshot
                self._settled = False
                self.advance()
            raise EngineError(f"applying {choice_id!r} failed: {exc}") from exc
        events = events_for(self.state.log[log_start:], seat)
        return ApplyResult(accepted=True, events=events)

    def _run(self, choice: Choice, seat: str, *, record: bool) -> None:
        """Answer the top step with ``choice`` (recorded in the history) and run on."""
        step = self.state.stack[-1]
        self._handler(step).choose(self, step, choice)
        if record:
            self._record(seat, choice.id)
        self._settled = False
        self.advance()

    def _record(self, seat: str, choice_id: str) -> None:
        self.state.serial += 1
        self.state.history.append(ChoiceRecord(seat=seat, choice=choice_id))

    def _apply_drawing(self, choice: Choice, seat: str) -> None:
        """``table`` chance (``delve.engine.chance``): a choice whose run draws a card the table
        has not named is undone, kept in the history, and the table asked; the table's answer
        is queued and the interrupted choice runs again (as often as it draws)."""
        chance = self.state.chance
        record = True
        if chance.awaiting is not None:
            request, chance.awaiting = chance.awaiting, None
            chance.script.append(f"pick:{choice.data['index']}")
            self._record(seat, choice.id)
            self._settled = False
            self.advance()  # back at the interrupted decision
            interrupted = self._pending.find(request.choice) if self._pending else None
            if interrupted is None:
                raise EngineError(f"the drawing choice {request.choice!r} is no longer legal")
            choice, seat, record = interrupted, request.seat, False
        before = copy_model(self.state)
        try:
            self._run(choice, seat, record=record)
        except DrawNeeded as need:
            self.state = before
            if record:
                self._record(seat, choice.id)
            self.state.chance.awaiting = DrawRequest(purpose=need.purpose, labels=need.labels, seat=seat,
                                                     choice=choice.id)
            self._settled = False
            self.advance()

    # -- helpers for step handlers --------------------------------------------------------
    @property
    def decision_memo(self) -> dict[Any, Any]:
        """Results worked out while building the pending decision, for ``choose`` to reuse.

        Why: the legal choices are built once per decision (a move choice needs every reachable
        space and its path); ``choose`` runs on exactly the state ``decide`` saw, so it may
        take the path from here instead of searching again. Valid only until ``choose``
        changes the state: read it first thing. A new memo starts with every ``decide``."""
        return self._memo

    def push(self, kind: str, **data: Any) -> Step:
        """Put a new step on top of the stack; it runs next."""
        step = Step(kind=kind, data=data)
        self.state.stack.append(step)
        return step

    def pop(self, step: Step) -> None:
        """Remove ``step`` (normally the top of the stack) once it is finished."""
        for index in range(len(self.state.stack) - 1, -1, -1):
            if self.state.stack[index] is step:
                del self.state.stack[index]
                return
        raise EngineError(f"step {step.kind!r} is not on the stack")

    def emit(
        self,
        kind: str,
        text: str,
        *,
        ref: str = "",
        visible_to: list[str] | None = None,
        **data: Any,
    ) -> Event:
        """Record an event in the game log; a public event that names something hero seats cannot
        see is sealed to the overlord (``delve.engine.redaction``)."""
        # The data is kept as JSON would bring it back, so copies of the state may share the event.
        event = seal(self.state, Event(kind=kind, text=text, ref=ref, data=plain(data), visible_to=visible_to))
        self.state.log.append(event)
        return event

    # -- copies, saves, hashes ------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy (AIs search by cloning): a structural copy, equal to what a save
        of this state would load as (``delve.engine.copying``). The pending decision is shared,
        not worked out again: ``decide`` is pure, so the copy's would be equal, and decisions
        are read, never changed, once exposed."""
        copy = Game.__new__(Game)
        copy.state, copy.handlers, copy.transactional = copy_model(self.state), self.handlers, self.transactional
        copy._pending, copy._settled, copy._memo = self._pending, self._settled, dict(self._memo)
        return copy

    def to_json(self) -> str:
        """The full state as JSON: a save file."""
        return dump_json(self.state)

    @classmethod
    def from_json(cls, text: str, handlers: Mapping[str, StepHandler]) -> Game:
        """Load a save made by ``to_json``."""
        return cls(load_json(GameState, text), handlers)

    def state_hash(self) -> str:
        """A hash of the whole state: two games with equal hashes are in the same state."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()

    def replay(self, choices: list[ChoiceRecord]) -> None:
        """Apply recorded choices in order; raise if one is refused (the record does not fit)."""
        for number, record in enumerate(choices, start=1):
            result = self.apply(record.choice, record.seat)
            if not result.accepted:
                raise EngineError(f"replay failed at choice {number} ({record.choice}): {result.reason}")
