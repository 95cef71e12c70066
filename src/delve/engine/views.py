"""What each seat may see of a game.

Hidden information is enforced here, in the engine, so no interface can leak it by accident.
A hero seat never receives: the overlord's hand or deck, chest contents, anything in an
unrevealed area (spaces, walls, doors, markers, figures), the choices of another seat's
pending decision, private events, or the chance state. No seat receives the chance state:
with it, future dice could be predicted.

Why a plain JSON-ready dict: the web table, the terminal and the RL environments all
serialise it as it is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from delve.board.grid import Board
from delve.boundary import dump, dump_json
from delve.engine.decision import OVERLORD, dump_choice
from delve.engine.game import Game
from delve.engine.redaction import dump_event, events_for

# Marker data a hero may see; anything else (a chest's number or contents) stays hidden.
PUBLIC_MARKER_DATA = frozenset({"colour", "active", "rune", "direction", "dark", "name"})
GLYPH_KINDS = ("glyph", "dark_glyph")


def _marker_data(kind: str, data: dict[str, Any], hero_seat: bool) -> dict[str, Any]:
    """What a seat may read on a marker: hero seats see only public fields, and a glyph's dark
    side only once it has been activated (Rulebook: Dark Glyphs: placed face down)."""
    if not hero_seat:
        return dict(data)
    public = {k: v for k, v in data.items() if k in PUBLIC_MARKER_DATA}
    if kind in GLYPH_KINDS and not data.get("active"):
        public.pop("dark", None)
    return public


def _marker_kind(kind: str, data: dict[str, Any], hero_seat: bool) -> str:
    """A dark glyph lies red side up like any glyph: hero seats see a plain glyph until it is active."""
    return "glyph" if hero_seat and kind in GLYPH_KINDS and not data.get("active") else kind


def board_view(board: Board, hero_seat: bool) -> dict[str, Any]:
    """The board as a seat sees it: unrevealed areas are left out for hero seats."""
    # One pass over the rows (already in (y, x) order): the web table builds this per message.
    revealed = {a.id for a in board.areas if a.revealed}
    ordered = [
        (x, y, tid, area)
        for y, (row, areas) in enumerate(zip(board.terrain, board.area_ids, strict=True))
        for x, (tid, area) in enumerate(zip(row, areas, strict=True))
        if tid is not None and (not hero_seat or area is None or area in revealed)
    ]
    seen = {(x, y) for x, y, _t, _a in ordered}
    return {
        "width": board.width,
        "height": board.height,
        "spaces": [{"x": x, "y": y, "terrain": tid, "area": area} for x, y, tid, area in ordered],
        "walls": [[list(a), list(b)] for a, b in board.walls if a in seen or b in seen],
        "doors": [
            {"id": d.id, "open": d.open, "rune": d.rune, "edges": [[list(a), list(b)] for a, b in d.edges]}
            for d in board.doors
            if any(p in seen for p in d.spaces())
        ],
        "markers": [
            {"id": m.id, "kind": _marker_kind(m.kind, m.data, hero_seat), "pos": list(m.pos),
             "data": _marker_data(m.kind, m.data, hero_seat)}
            for m in board.markers
            if m.pos in seen
        ],
        "areas": [
            {"id": a.id, "name": a.name, "revealed": a.revealed}
            for a in board.areas
            if a.revealed or not hero_seat
        ],
    }


def public_marker(kind: str, data: dict[str, Any], hero_seat: bool) -> tuple[str, dict[str, Any]]:
    """A marker's kind and data as a seat may see them (for drawings built from a board)."""
    return _marker_kind(kind, data, hero_seat), _marker_data(kind, data, hero_seat)


FAMILIAR_FIELDS = ("id", "kind", "owner", "x", "y", "carrier", "item")


def familiars_view(state: Any, seen: set[tuple[int, int]], shown_figures: set[str]) -> list[dict[str, Any]]:
    """Familiar markers a seat can see (Rulebook: Familiars & Companions: they stand on the board
    like any marker): those on a space the seat sees, and companions carried by a figure it sees.
    The records live in ``flags["familiars"]`` (rules.familiars)."""
    out = []
    for rec in state.flags.get("familiars", []):
        x, y = rec.get("x"), rec.get("y")
        visible = rec.get("carrier") in shown_figures if x is None else (x, y) in seen
        if visible:
            out.append({k: rec.get(k) for k in FAMILIAR_FIELDS})
    return out


def turn_tokens(game: Game) -> dict[str, str]:
    """Rulebook: Hero Turn Token. Each hero's token: ``ready`` (green side) until his turn this
    round is taken, then ``done`` (red side); all are ``done`` during the overlord's turn. None
    before the first round (the setup: no turn has been taken, nor is one due yet) and all
    ``done`` once the quest is over (a hero who fell in his own turn is not "acting" on)."""
    heroes = [h.id for h in game.state.heroes()]
    if game.state.winner is not None:
        return dict.fromkeys(heroes, "done")
    if game.state.round == 0:
        return {}
    for step in reversed(game.state.stack):
        if step.kind == "hero_turns":
            done = set(step.data.get("done", []))
            current = next((s.data.get("hero") for s in reversed(game.state.stack) if s.kind == "hero_turn"), None)
            return {h: "done" if h in done and h != current else "acting" if h == current else "ready"
                    for h in heroes}
    return dict.fromkeys(heroes, "done")


def view(game: Game, seat: str, *, log: bool = True, board: dict[str, Any] | None = None,
         seen: set[tuple[int, int]] | None = None, choices: bool = True) -> dict[str, Any]:
    """Everything ``seat`` may know about ``game``. ``log=False`` leaves the event log out (an empty
    list): the web table keeps each seat's dumped log itself and sends only new events. ``board``
    is this seat's ``board_view`` of the game now, when the caller kept it (the web table does),
    and ``seen`` the spaces in it. ``choices=False`` leaves the seat's own choices out: the web
    table presents them itself (``delve.web.present.choices``)."""
    state = game.state
    hero_seat = seat != OVERLORD
    if board is None:
        board, seen = board_view(state.board, hero_seat), None
    if seen is None:
        seen = {(s["x"], s["y"]) for s in board["spaces"]}
    figures = [
        dump(figure)
        for figure in state.figures.values()
        if figure.in_town or any(cell in seen for cell in figure.footprint.cells())
    ]
    overlord: dict[str, Any] = {
        "threat": state.overlord.threat,
        "hand_size": len(state.overlord.hand),
        "deck_size": len(state.overlord.deck),
        "discard": list(state.overlord.discard),
    }
    if not hero_seat:
        overlord["hand"] = list(state.overlord.hand)
    pending = game.pending
    pending_view: dict[str, Any] | None = None
    if pending is not None:
        pending_view = {"seat": pending.seat, "kind": pending.kind, "serial": pending.serial}
        if pending.seat == seat:
            pending_view["prompt"] = pending.prompt
            pending_view["choices"] = [dump_choice(c) for c in pending.choices] if choices else []
    return {
        "seat": seat,
        "ruleset": state.ruleset,
        "quest": state.quest,
        "round": state.round,
        "conquest": state.conquest,
        "winner": state.winner,
        "seats": {sid: dump(s) for sid, s in state.seats.items()},
        "board": board,
        "figures": figures,
        "familiars": familiars_view(state, seen, {f["id"] for f in figures}),
        "overlord": overlord,
        "rune_keys": list(state.flags.get("rune_keys", [])),
        "turn_tokens": turn_tokens(game),
        "pending": pending_view,
        "log": [dump_event(e) for e in events_for(state.log, seat)] if log else [],
    }


def _secret_marker(kind: str, data: dict[str, Any]) -> bool:
    """A marker with something a hero seat cannot read (a chest's contents, a face-down glyph)."""
    return _marker_data(kind, data, True) != data or _marker_kind(kind, data, True) != kind


def hidden_digest(game: Game, seats: Iterable[str]) -> str:
    """A digest of everything in ``game`` that no seat of ``seats`` may see.

    Why: a person may take back a choice only while nothing hidden from them has been used or
    shown since (Undo, docs/web.md): if this digest differs between the state after the choice to
    undo and now, a die was rolled, a card drawn or played, an area revealed or a chest opened,
    and the person has seen its result. The chance state is hidden from every seat; hero seats
    also do not see the overlord's hand and deck, unrevealed areas and what they hold, or the
    hidden side of markers.
    """
    state = game.state
    secret: dict[str, Any] = {"chance": dump(state.chance)}
    if OVERLORD not in set(seats):
        board = state.board
        unrevealed = sorted(a.id for a in board.areas if not a.revealed)
        hidden_areas = set(unrevealed)
        secret["hand"] = sorted(state.overlord.hand)
        secret["deck"] = sorted(state.overlord.deck)
        secret["unrevealed"] = unrevealed
        secret["markers"] = sorted(
            (m.id, m.kind, list(m.pos), json.dumps(m.data, sort_keys=True, default=str))
            for m in board.markers if board.area_of(m.pos) in hidden_areas or _secret_marker(m.kind, m.data))
        secret["figures"] = sorted(
            dump_json(f) for f in state.figures.values()
            if not f.in_town and all(board.area_of(c) in hidden_areas for c in f.footprint.cells()))
    return hashlib.sha256(json.dumps(secret, sort_keys=True, default=str).encode()).hexdigest()
