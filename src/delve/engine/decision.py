"""What the engine asks of a seat, what a seat may answer, and what happened as a result.

Why plain data: every client (terminal, web, AI, scenario, RL env) reads the same
``Decision`` and answers with one of its ``Choice`` ids, so no interface ever decides a rule.
Choice ids are stable strings built from the choice's meaning (``move:3,4``, ``action:run``),
not list positions, so a recorded game replays even if the order of the list changes.

Why plain slotted classes and not pydantic models: the engine makes about fifteen choices and
a decision, an event and a history record per answered choice; a dataclass is built several
times faster. Pydantic still validates and writes them where they enter or leave: inside the
saved ``GameState`` (events, history) and through ``dump_choice`` / ``redaction.dump_event``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from delve.native import restore_fields

OVERLORD = "overlord"
TABLE = "table"  # the seat that enters physical dice results; any connected player may answer


@dataclass(slots=True)
class Choice:
    """One legal answer to a decision."""

    id: str
    label: str
    data: dict[str, Any] = field(default_factory=dict)


class SharedChoices:
    """Choices made once per key and then shared by every decision that lists them.

    Why: a menu lists the same choices turn after turn (a figure's move to a space for a cost, a
    monster placed on a space), and building their ids, labels and data cost more than working
    out which are legal. Sharing is safe because a choice is read, never changed, once made
    (``Game.clone`` shares whole decisions already). ``make`` builds the choice from the key."""

    __slots__ = ("_limit", "_made", "_make")

    def __init__(self, make: Callable[..., Choice], limit: int = 200_000) -> None:
        self._make = make
        self._made: dict[tuple[Hashable, ...], Choice] = {}
        self._limit = limit  # a bound for long runs over many boards and figures

    def get(self, *key: Hashable) -> Choice:
        """The choice for ``key`` (``make(*key)``), made on first use."""
        found = self._made.get(key)
        if found is None:
            if len(self._made) >= self._limit:
                self._made.clear()
            found = self._made[key] = self._make(*key)
        return found


@dataclass(slots=True)
class Decision:
    """The pending question: who decides, what kind of decision, and every legal choice."""

    seat: str
    kind: str
    prompt: str
    choices: list[Choice]
    serial: int = 0  # increases with every accepted choice; a stale answer names an old serial

    def find(self, choice_id: str) -> Choice | None:
        """The choice with this id, if it is legal now."""
        for choice in self.choices:
            if choice.id == choice_id:
                return choice
        return None


@dataclass(slots=True)
class Event:
    """Something that happened, in plain words, with the rulebook section it follows.

    ``visible_to`` is None for public events; otherwise only the listed seats may see it
    (for example the overlord drawing a named card).
    """

    kind: str
    text: str
    ref: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: list[str] | None = None

    def visible_for(self, seat: str) -> bool:
        """True if ``seat`` may see this event."""
        return self.visible_to is None or seat in self.visible_to


@dataclass(slots=True)
class ApplyResult:
    """The answer to ``Game.apply``: accepted with its events, or refused with a reason."""

    accepted: bool
    reason: str = ""
    events: list[Event] = field(default_factory=list)

    @classmethod
    def refused(cls, reason: str) -> ApplyResult:
        """A refusal; the game state is exactly as it was."""
        return cls(accepted=False, reason=reason)


@dataclass(slots=True)
class ChoiceRecord:
    """One accepted choice, as the replay format stores it."""

    seat: str
    choice: str


# The adapter's serializer called directly: ``TypeAdapter.dump_python``'s keyword handling cost
# as much as the dump itself, and the web table dumps every choice of every decision it shows.
_CHOICE_JSON = TypeAdapter(Choice).serializer.to_python


def dump_choice(choice: Choice) -> dict[str, Any]:
    """A choice as JSON data (views, the web table): what a seat receives."""
    dumped: dict[str, Any] = _CHOICE_JSON(choice, mode="json")
    return dumped


restore_fields(__name__)  # compiled: the fields' annotations as written above (delve.native)
