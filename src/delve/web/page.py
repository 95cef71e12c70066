"""One open page's WebSocket stream: the next state message it needs, as JSON text.

Why a class of its own: the socket sends a page only what it has not seen (new log events, the
board only when it changed, nothing at all when the state did not move), so it must remember
what it sent; keeping that here lets the server and ``bench/web_choice_bench.py`` run the same
code. Why orjson: encoding a ~6 kB state message with the standard ``json`` module cost about
0.14 ms of a choice's ~1.6 ms; orjson writes the same JSON text (no spaces, UTF-8 as is) in a
tenth of that.
"""

from __future__ import annotations

from typing import Any

import orjson

from delve.web.hub import LiveGame, Person, TableError
from delve.web.messages import message, screen_side
from delve.web.store import token_hash


def dumps(value: Any) -> str:
    """``value`` as compact JSON text, as Starlette's ``send_json`` wrote it (dictionary keys that
    are not strings become strings, as with ``json.dumps``)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class Page:
    """What one page has received, and its next state message."""

    def __init__(self, live: LiveGame, person: Person, token: str, log_from: int) -> None:
        self.live = live
        self.person = person
        self.digest = token_hash(token)
        self.log = max(0, log_from)  # events of the person's log the page holds
        self.epoch = live.epoch
        self.version: tuple[int, ...] | None = None
        self.board: Any = None  # the board the page holds
        self.side: str | None = None

    def next_state(self, ack: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """The next state message for this page, or None when it has seen this state already;
        a ``TableError`` when the host re-issued the page's link (the old one is refused).
        ``ack``: the answer to the page's own request that changed the state, sent in this
        message (``ack``) rather than as a frame of its own."""
        live, person = self.live, self.person
        with live.lock:
            if person.token_hash != self.digest:
                raise TableError("this link was replaced by the host; ask them for the new one", 403)
            # the chat by its last line's number: once a game keeps its last ``chat.KEPT`` lines only,
            # their count stays the same as lines come in
            chat = live.chat[-1]["n"] if live.chat else -1
            version = (live.epoch, id(live.game), len(live.game.state.history), live.presence, chat)
            if version == self.version:
                return None
            side = screen_side(live.game, person)  # a hot-seat screen changing sides has another log
            same = self.epoch == live.epoch and self.side in (None, side)
            out = message(live, person, log_from=self.log if same else 0, side=side)
            self.log, self.epoch, self.version, self.side = out["log_length"], live.epoch, version, side
        if out["board"] == self.board:
            out["board"] = None  # unchanged since the last message: the page keeps the one it has
        else:
            self.board = out["board"]
        out["type"] = "state"
        if ack is not None:
            out["ack"] = ack
        return out

    def next_text(self, ack: dict[str, Any] | None = None) -> str | None:
        """``next_state`` as JSON text (what the socket sends), or None."""
        out = self.next_state(ack)
        return None if out is None else dumps(out)
