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
new events only. A message then costs the board and figures, not the whole history. Why a board
cache: likewise each side's board view, with its names, is kept per game object and built again
only when something it is made of changed (``_board_of``); every person of that side shares it.
"""

from __future__ import annotations

import copy
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any

from delve.board.grid import Board
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game
from delve.engine.state import GameState
from delve.engine.views import board_view, view
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


def _seen_log(game: Game, person: Person, namer: Namer | None = None) -> _SeenLog:
    """The person's cached log of ``game`` for the side now on screen, brought up to date (the
    caller holds the game's lock: the log must not grow while it is read). ``namer``: one the
    caller has for this game, used when it names things as ``namer_for`` would (same side)."""
    seats = screen_seats(game, person)
    with _LOGS_LOCK:
        per_game = _LOGS.setdefault(game, {})
        seen = per_game.get(seats)
        if seen is None or seen.state is not game.state or seen.scanned > len(game.state.log):
            seen = per_game[seats] = _SeenLog(game.state)
    log = game.state.log
    if seen.scanned < len(log):
        if namer is None or namer.hero_seat != (OVERLORD not in seats):
            namer = namer_for(game, seats)
        present_more(log[seen.scanned:], seats, seen.tracker, namer, seen.events)
    seen.scanned = len(log)
    return seen


@dataclass
class _SeenBoard:
    """One side's board view of one game, with its names, while the board stays as it was."""

    key: tuple[Any, ...]  # ``frozen(board_state(...))`` of the board it was built from
    view: dict[str, Any]  # ``views.board_view``, doors and markers named (``Namer.board_names``)
    names: dict[str, str]
    seen: set[tuple[int, int]]  # the spaces in it


_BOARDS: weakref.WeakKeyDictionary[Game, dict[bool, _SeenBoard]] = weakref.WeakKeyDictionary()


def board_state(board: Board, hero_seat: bool) -> tuple[Any, ...]:
    """Everything a seat's board view and its names are made of (terrain, areas and what is
    revealed, walls, doors, markers), as references into the live board: compare it with a
    ``frozen`` copy to learn whether the board changed.

    Why: the board is most of a state message and changes on few choices (a door opened, an area
    revealed, a chest opened), but building its view and names for every message cost about a
    tenth of a choice; comparing this with the kept copy costs a fraction of that. Door names
    also read the order in which areas were revealed, which the revealed areas and the game (the
    cache is per game) fix."""
    return (hero_seat, board.width, board.height, board.terrain, board.area_ids, board.walls,
            [(a.id, a.name, a.revealed) for a in board.areas],
            [(d.id, d.open, d.rune, d.edges) for d in board.doors],
            [(m.id, m.kind, m.pos, m.data) for m in board.markers])


def frozen(state: tuple[Any, ...]) -> tuple[Any, ...]:
    """A copy of ``board_state`` that later changes to the board cannot reach."""
    hero_seat, width, height, terrain, area_ids, walls, areas, doors, markers = state
    return (hero_seat, width, height, [list(row) for row in terrain], [list(row) for row in area_ids], list(walls),
            areas, doors, [(i, kind, pos, copy.deepcopy(data)) for i, kind, pos, data in markers])


def _board_of(game: Game, hero_seat: bool, namer: Namer) -> _SeenBoard:
    """The side's board view of ``game`` now, built again only when ``board_state`` changed. The
    view is shared between messages: nothing may change it after it is built."""
    now = board_state(game.board, hero_seat)
    with _LOGS_LOCK:
        kept = _BOARDS.setdefault(game, {}).get(hero_seat)
    if kept is not None and kept.key == now:
        return kept
    view_of_board = board_view(game.board, hero_seat)
    names = namer.board_names(view_of_board)
    built = _SeenBoard(frozen(now), view_of_board, names, {(s["x"], s["y"]) for s in view_of_board["spaces"]})
    with _LOGS_LOCK:
        _BOARDS.setdefault(game, {})[hero_seat] = built
    return built


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


def names_in(out: dict[str, Any], game: Game, namer: Namer, board_names: dict[str, str] | None = None,
             seats: dict[str, str] | None = None) -> dict[str, str]:
    """Display names of the ids in a seat's view ``out``: its doors, markers and areas, figures,
    seats, familiars and the quest (docs/client-protocol.md, "Names"). ``board_names``: those of
    the board, when the board view already carries them (``_board_of``); ``seats``: ``seat_names``."""
    if board_names is None:
        board_names = namer.board_names(out["board"])
    names = {**board_names, **{f["id"]: f["name"] for f in out["figures"]},
             **(seats if seats is not None else seat_names(game)),
             **{rec["id"]: namer.of(str(rec["kind"])) or str(rec["kind"]) for rec in out["familiars"]}}
    quest_name = namer.of(game.state.quest)
    if quest_name:
        names[game.state.quest] = quest_name
    return names


def message(live: LiveGame, person: Person, game: Game | None = None, log_from: int = 0,
            side: str | None = None) -> dict[str, Any]:
    """The state message for ``person`` (``game`` defaults to the live game; a replay passes its own;
    ``side``: ``screen_side`` of it, when the caller has it)."""
    game = game or live.game
    seat = viewing_seat(game, person)
    namer = Namer(game, seat)
    board = _board_of(game, seat != OVERLORD, namer)
    out = view(game, seat, log=False, board=board.view, seen=board.seen, choices=False)
    pending = game.pending
    mine = pending is not None and pending.seat in person.seats
    seats = seat_names(game)
    out["names"] = names_in(out, game, namer, board.names, seats)
    # the skill cards each hero holds lie face up at the table (their gains are public events)
    held = game.state.flags.get("skills", {})
    out["hero_skills"] = {h.id: list(held.get(h.id, [])) for h in game.state.heroes()}
    if pending is not None and out["pending"] is not None and mine:
        seen = board.seen
        out["pending"].update(present_pending(game, pending, namer, {f["id"] for f in out["figures"]}))
        out["pending"]["help"] = annotate(game, pending, seen)
    if out["pending"] is not None and pending is not None and pending.seat == OVERLORD and OVERLORD not in person.seats:
        out["pending"]["kind"] = OVERLORD  # "the overlord decides": never which kind (a card window asks
        # him only when he holds a card he can play there; docs/web.md, "What the heroes see while he decides")
    if out["pending"] is not None:
        out["pending"]["yours"] = mine
        out["pending"]["side"] = "overlord" if pending is not None and pending.seat == OVERLORD else "heroes"
    seen_log = _seen_log(game, person, namer)
    log = seen_log.events
    out["quest_state"] = quest_state(game, namer, seen_log.tracker.stats)
    out["summary"] = summary(game, namer, seen_log.tracker.stats)
    out["log"] = log[log_from:] if log_from <= len(log) else list(log)
    out["log_from"] = log_from if log_from <= len(log) else 0
    out["log_length"] = len(log)
    out["table"] = {
        "id": live.id, "mode": live.mode, "ruleset": live.setup.ruleset, "you": person.public(),
        "people": [{**p.public(), "connected": live.connected(p)} for p in live.people],
        "automated": sorted(live.ai), "levels": live.levels(), "turn": whose_turn(live, game, seats),
        "choices_made": len(game.state.history), "can_undo": live.mode in UNDO_MODES and game.state.winner is None,
        "physical_dice": live.setup.chance == "manual", "finished": game.state.winner is not None,
        "auto_answer": person.auto_answer, "side": side or screen_side(game, person),
        "pass_traps_round": person.pass_traps_round, "ask_max_cost": person.ask_max_cost,
        "ask_every_window": person.ask_every_window,
    }
    out["chat"] = live.chat[-SHOWN:]
    out["chat_length"] = live.chat[-1]["n"] + 1 if live.chat else 0
    return out


def whose_turn(live: LiveGame, game: Game, seats: dict[str, str] | None = None) -> dict[str, Any] | None:
    """Who must decide now (public: every seat sees whose decision is pending): the seat, its
    side, what it plays and the person holding it (None when automated); None once it is over.
    ``seats``: ``seat_names(game)`` when the caller has it."""
    pending = game.pending
    if pending is None:
        return None
    holder = next((p for p in live.people if pending.seat in p.seats), None)
    return {"seat": pending.seat, "side": "overlord" if pending.seat == OVERLORD else "heroes",
            "name": (seats if seats is not None else seat_names(game)).get(pending.seat, pending.seat),
            "person": holder.name if holder is not None and pending.seat not in live.ai else None}
