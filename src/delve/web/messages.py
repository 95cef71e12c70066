"""What the server sends a person: built only from the engine's view of one of their seats.

Why one builder: the page, the WebSocket and the HTTP API all send exactly this, so the
hidden-information test checks one function. Nothing here reads hidden state except through
the engine's view (``delve.engine.views``); the log is the events visible to the person's own
seats, and a physical-dice entry (the public ``table`` seat) is shown to every person of the game.

What a person reads beyond the engine's view (names, presented events, the quest tracker, the
summary, choice targets) is built by ``delve.web.present`` from that same view and from the
events the person may see (docs/client-protocol.md).

Why a log cache: the log only grows while a game object lives (undo and replays use other game
objects), so each person's filtered, dumped log is kept per game object and extended with the
new events only. A message then costs the board and figures, not the whole history.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass, field
from typing import Any

from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game
from delve.engine.state import GameState
from delve.engine.views import view
from delve.web.annotate import annotate
from delve.web.chat import SHOWN
from delve.web.hub import UNDO_MODES, LiveGame, Person
from delve.web.present.choices import present_pending
from delve.web.present.events import Tracker, namer_for, present_more
from delve.web.present.names import Namer
from delve.web.present.quest import quest_state, summary


@dataclass
class _SeenLog:
    """One person's visible events of one game state, dumped once each."""

    state: GameState  # the state whose log was read (a restored state starts a new cache)
    scanned: int = 0  # events of ``state.log`` looked at so far
    events: list[dict[str, Any]] = field(default_factory=list)
    tracker: Tracker = field(default_factory=Tracker)  # round, turn and positions so far


_LOGS: weakref.WeakKeyDictionary[Game, dict[tuple[str, ...], _SeenLog]] = weakref.WeakKeyDictionary()
_LOGS_LOCK = threading.Lock()


def viewing_seat(game: Game, person: Person) -> str:
    """The seat whose view the person gets now: the pending seat if it is theirs, else their
    first hero seat (on a hot-seat screen nothing waits for the overlord: the heroes' side is
    shown), else their overlord seat."""
    pending = game.pending
    if pending is not None and pending.seat in person.seats and pending.seat != TABLE:
        return pending.seat
    return next((s for s in person.seats if s not in (TABLE, OVERLORD)), OVERLORD)


def screen_seats(game: Game, person: Person) -> tuple[str, ...]:
    """The seats whose events and view make up the person's message now.

    Why by side: a person holding both sides (hot-seat: one screen passed between the heroes'
    players and the overlord's) must never have the overlord's private events ("You draw ...")
    or his hand drawn while the heroes' side is on screen, nor a hero seat's while the
    overlord's is. So their message is built for the side of ``viewing_seat`` alone."""
    seats = tuple(s for s in person.seats if s != TABLE)
    if OVERLORD not in seats or len(seats) == 1:
        return seats
    return (OVERLORD,) if viewing_seat(game, person) == OVERLORD else tuple(s for s in seats if s != OVERLORD)


def screen_side(game: Game, person: Person) -> str:
    """``overlord`` or ``heroes``: the side whose screen the person's message is for."""
    return "overlord" if screen_seats(game, person) == (OVERLORD,) else "heroes"


def _seen_log(game: Game, person: Person) -> _SeenLog:
    """The person's cached log of ``game`` for the side now on screen, brought up to date (the
    caller holds the game's lock: the log must not grow while it is read)."""
    seats = screen_seats(game, person)
    with _LOGS_LOCK:
        per_game = _LOGS.setdefault(game, {})
        seen = per_game.get(seats)
        if seen is None or seen.state is not game.state or seen.scanned > len(game.state.log):
            seen = per_game[seats] = _SeenLog(game.state)
    log = game.state.log
    if seen.scanned < len(log):
        present_more(log[seen.scanned:], seats, seen.tracker, namer_for(game, seats), seen.events)
    seen.scanned = len(log)
    return seen


def person_log(game: Game, person: Person, start: int = 0) -> list[dict[str, Any]]:
    """The events any of the person's seats may see, from position ``start`` of that list,
    presented (``delve.web.present.events``: names, round, turn, ``show``).

    The caller holds the game's lock; the returned list is shared with the cache, so callers
    copy before changing it (``message`` slices it)."""
    events = _seen_log(game, person).events
    return events[start:] if start else events


def seat_names(game: Game) -> dict[str, str]:
    """Each seat by what it plays: its heroes' names (``Brannoc Ironvow``), ``Overlord``, and the
    physical-dice seat; heroes are public, so every seat may read these."""
    figures = game.state.figures
    out = {sid: " and ".join(figures[h].name for h in seat.heroes if h in figures) or seat.name
           for sid, seat in game.state.seats.items()}
    out[OVERLORD] = "Overlord"
    out[TABLE] = "the dice (table)"
    return out


def names_in(out: dict[str, Any], game: Game, namer: Namer) -> dict[str, str]:
    """Display names of the ids in a seat's view ``out``: its doors, markers and areas, figures,
    seats, familiars and the quest (docs/client-protocol.md, "Names")."""
    names = {**namer.board_names(out["board"]), **{f["id"]: f["name"] for f in out["figures"]},
             **seat_names(game),
             **{rec["id"]: namer.of(str(rec["kind"])) or str(rec["kind"]) for rec in out["familiars"]}}
    quest_name = namer.of(game.state.quest)
    if quest_name:
        names[game.state.quest] = quest_name
    return names


def message(live: LiveGame, person: Person, game: Game | None = None, log_from: int = 0) -> dict[str, Any]:
    """The state message for ``person`` (``game`` defaults to the live game; a replay passes its own)."""
    game = game or live.game
    seat = viewing_seat(game, person)
    out = view(game, seat, log=False)
    pending = game.pending
    mine = pending is not None and pending.seat in person.seats
    namer = Namer(game, seat)
    out["names"] = names_in(out, game, namer)
    # the skill cards each hero holds lie face up at the table (their gains are public events)
    held = game.state.flags.get("skills", {})
    out["hero_skills"] = {h.id: list(held.get(h.id, [])) for h in game.state.heroes()}
    if pending is not None and out["pending"] is not None and mine:
        seen = {(s["x"], s["y"]) for s in out["board"]["spaces"]}
        out["pending"].update(present_pending(game, pending, namer, {f["id"] for f in out["figures"]}))
        out["pending"]["help"] = annotate(game, pending, seen)
    if out["pending"] is not None and pending is not None and pending.seat == OVERLORD and OVERLORD not in person.seats:
        out["pending"]["kind"] = OVERLORD  # "the overlord decides": never which kind (a card window asks
        # him only when he holds a card he can play there; docs/web.md, "What the heroes see while he decides")
    if out["pending"] is not None:
        out["pending"]["yours"] = mine
        out["pending"]["side"] = "overlord" if pending is not None and pending.seat == OVERLORD else "heroes"
    seen_log = _seen_log(game, person)
    log = seen_log.events
    out["quest_state"] = quest_state(game, namer, seen_log.tracker.stats)
    out["summary"] = summary(game, namer, seen_log.tracker.stats)
    out["log"] = log[log_from:] if log_from <= len(log) else list(log)
    out["log_from"] = log_from if log_from <= len(log) else 0
    out["log_length"] = len(log)
    out["table"] = {
        "id": live.id, "mode": live.mode, "ruleset": live.setup.ruleset, "you": person.public(),
        "people": [{**p.public(), "connected": live.connected(p)} for p in live.people],
        "automated": sorted(live.ai), "turn": whose_turn(live, game),
        "choices_made": len(game.state.history), "can_undo": live.mode in UNDO_MODES and game.state.winner is None,
        "physical_dice": live.setup.chance == "manual", "finished": game.state.winner is not None,
        "auto_answer": person.auto_answer, "side": screen_side(game, person),
        "pass_traps_round": person.pass_traps_round, "ask_max_cost": person.ask_max_cost,
        "ask_every_window": person.ask_every_window,
    }
    out["chat"] = live.chat[-SHOWN:]
    out["chat_length"] = live.chat[-1]["n"] + 1 if live.chat else 0
    return out


def whose_turn(live: LiveGame, game: Game) -> dict[str, Any] | None:
    """Who must decide now (public: every seat sees whose decision is pending): the seat, its
    side, what it plays and the person holding it (None when automated); None once it is over."""
    pending = game.pending
    if pending is None:
        return None
    holder = next((p for p in live.people if pending.seat in p.seats), None)
    return {"seat": pending.seat, "side": "overlord" if pending.seat == OVERLORD else "heroes",
            "name": seat_names(game).get(pending.seat, pending.seat),
            "person": holder.name if holder is not None and pending.seat not in live.ai else None}
