"""The one way events leave the engine: each seat gets only what that seat may know.

Why one layer: an event's text and data are written by many rule modules; one forgotten
coordinate in a public event tells the heroes what lies in an unrevealed area. So the engine
checks every public event when it is emitted (``seal``): if its text or data names a space in
an unrevealed area, a figure standing only there, or a marker lying there, the event is sealed
to the overlord's eyes, with the state as it was at that moment (a later reveal does not
unseal it). Every reader (views, ``Game.apply``, the web messages, the terminal) then takes the
events of a seat through ``events_for`` and ``dump_event``, never from the log directly.

Rulebook: Revealing New Areas -- the contents of an area reach the heroes only when it is
revealed; until then, only the overlord knows them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from delve.engine.decision import OVERLORD, Event

if TYPE_CHECKING:
    from delve.engine.state import GameState

# "(3,4)" or "(3, 4)": how event texts name a space.
SPACE_IN_TEXT = re.compile(r"\((\d{1,4}),\s?(\d{1,4})\)")
MAX_SCANNED_DEPTH = 6  # event data is shallow; deeper values are not positions or ids


class _Hidden:
    """What hero seats may not know right now, computed lazily (most events name nothing)."""

    def __init__(self, state: GameState, unrevealed: frozenset[str]) -> None:
        self.state = state
        self.unrevealed = unrevealed
        self._hero_cells: set[tuple[int, int]] | None = None
        self._marker_pos: dict[str, tuple[int, int]] | None = None

    def space(self, x: Any, y: Any) -> bool:
        """A space of an unrevealed area, unless a hero stands on it (the heroes know where their
        own figures are, for example on the far staircase before its area is set up)."""
        board = self.state.board
        if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool) or isinstance(y, bool):
            return False
        if not (0 <= x < board.width and 0 <= y < board.height):
            return False
        if board.area_ids[y][x] not in self.unrevealed:
            return False
        if self._hero_cells is None:
            self._hero_cells = {cell for f in self.state.figures.values()
                                if f.kind == "hero" and not f.in_town for cell in f.footprint.cells()}
        return (x, y) not in self._hero_cells

    def name(self, value: str) -> bool:
        """A figure id whose every space is hidden, or a marker id lying on a hidden space."""
        figure = self.state.figures.get(value)
        if figure is not None:
            return not figure.in_town and all(self.space(x, y) for x, y in figure.footprint.cells())
        if self._marker_pos is None:
            self._marker_pos = {m.id: m.pos for m in self.state.board.markers}
        pos = self._marker_pos.get(value)
        return pos is not None and self.space(*pos)


def _unrevealed(state: GameState) -> frozenset[str]:
    return frozenset(area.id for area in state.board.areas if not area.revealed)


def _hides(value: Any, hidden: _Hidden, depth: int = 0) -> bool:
    """Whether ``value`` (event data, dicts and lists opened down to ``MAX_SCANNED_DEPTH``) names a
    hidden space (``x``/``y`` keys or an ``[x, y]`` pair), figure or marker.

    Why a plain recursive test and not a generator of every value: this runs for every public
    event the engine emits, and most event data is a few numbers and ids."""
    kind = type(value)
    if kind is int or kind is bool or kind is float or value is None:
        return False
    if kind is str or isinstance(value, str):
        return hidden.name(value)
    if isinstance(value, dict):
        if hidden.space(value.get("x"), value.get("y")):
            return True
        items: Iterable[Any] = value.values()
    elif isinstance(value, list | tuple):
        if len(value) == 2 and hidden.space(value[0], value[1]):
            return True
        items = value
    else:
        return False
    return depth < MAX_SCANNED_DEPTH and any(_hides(item, hidden, depth + 1) for item in items)


def names_hidden(state: GameState, event: Event) -> bool:
    """True if ``event`` names a space, figure or marker that hero seats cannot see now."""
    unrevealed = _unrevealed(state)
    if not unrevealed:
        return False
    hidden = _Hidden(state, unrevealed)
    if any(hidden.space(int(x), int(y)) for x, y in SPACE_IN_TEXT.findall(event.text)):
        return True
    return _hides(event.data, hidden)


def seal(state: GameState, event: Event) -> Event:
    """Make a public event that names hidden things private to the overlord (at emit time)."""
    if event.visible_to is None and names_hidden(state, event):
        event.visible_to = [OVERLORD]
    return event


def events_for(events: Iterable[Event], seats: str | Iterable[str]) -> list[Event]:
    """The events any of ``seats`` may see, in order: the only way events reach a seat."""
    wanted = (seats,) if isinstance(seats, str) else tuple(seats)
    return [e for e in events if e.visible_to is None or any(s in e.visible_to for s in wanted)]


# The serializer called directly (as ``decision.dump_choice``): the web table dumps every new event.
_EVENT_JSON = TypeAdapter(Event).serializer.to_python
_NOT_SENT: set[str] = {"visible_to"}  # never changed


def dump_event(event: Event) -> dict[str, Any]:
    """An event as a seat receives it: without the list of seats it is shown to."""
    dumped: dict[str, Any] = _EVENT_JSON(event, mode="json", exclude=_NOT_SENT)
    return dumped
