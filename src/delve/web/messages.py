"""What the server sends a person: built only from the engine's view of one of their seats.

Why one builder: the page, the WebSocket and the HTTP API all send exactly this, so the
hidden-information test checks one function. Nothing here reads hidden state except through
``delve.api.game_view``; the log is the events visible to the person's own seats, and a
physical-dice entry (the public ``table`` seat) is shown to every person of the game.
"""

from __future__ import annotations

from typing import Any

from delve.api import game_view
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game
from delve.web.annotate import annotate
from delve.web.hub import UNDO_MODES, LiveGame, Person


def viewing_seat(game: Game, person: Person) -> str:
    """The seat whose view the person gets now: the pending seat if it is theirs, else their
    overlord seat, else their first hero seat."""
    pending = game.pending
    if pending is not None and pending.seat in person.seats and pending.seat != TABLE:
        return pending.seat
    if OVERLORD in person.seats:
        return OVERLORD
    return next(s for s in person.seats if s != TABLE)


def person_log(game: Game, person: Person, start: int = 0) -> list[dict[str, Any]]:
    """The events any of the person's seats may see, from position ``start`` of that list."""
    seats = [s for s in person.seats if s != TABLE]
    events = [e for e in game.state.log if any(e.visible_for(s) for s in seats)]
    return [e.model_dump(mode="json", exclude={"visible_to"}) for e in events[start:]]


def message(live: LiveGame, person: Person, game: Game | None = None, log_from: int = 0) -> dict[str, Any]:
    """The state message for ``person`` (``game`` defaults to the live game; a replay passes its own)."""
    game = game or live.game
    seat = viewing_seat(game, person)
    view = game_view(game, seat)
    pending = game.pending
    mine = pending is not None and pending.seat in person.seats
    if pending is not None and view["pending"] is not None and mine:
        view["pending"]["prompt"] = pending.prompt
        view["pending"]["choices"] = [c.model_dump(mode="json") for c in pending.choices]
        seen = {(s["x"], s["y"]) for s in view["board"]["spaces"]}
        view["pending"]["help"] = annotate(game, pending, seen)
    if view["pending"] is not None:
        view["pending"]["yours"] = mine
    log = person_log(game, person)
    view["log"] = log[log_from:] if log_from <= len(log) else log
    view["log_from"] = log_from if log_from <= len(log) else 0
    view["log_length"] = len(log)
    view["table"] = {
        "id": live.id, "mode": live.mode, "you": person.public(),
        "people": [p.public() for p in live.people], "automated": sorted(live.ai),
        "choices_made": len(game.state.history), "can_undo": live.mode in UNDO_MODES,
        "physical_dice": live.setup.chance == "manual",
    }
    return view
