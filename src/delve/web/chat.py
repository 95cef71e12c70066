"""A short text chat per game: what a line may hold and how often a person may send one.

Why plain text only: a line is stored and sent as a JSON string and the page must insert it as
text (never as HTML); the server still removes control characters (a line cannot fake a new
line or a terminal escape in a log) and caps its length. Why a limit per person: a chat is for
a few words between turns, and a link given to a stranger (a spectator) must not flood a table.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field

MAX_LENGTH = 300  # characters in one line
KEPT = 200  # lines a game keeps (the oldest go)
SHOWN = 20  # lines in each state message (the rest: GET /api/games/{id}/chat)
BURST = 5  # lines a person may send ...
PER_SECONDS = 10.0  # ... in this many seconds


class ChatError(ValueError):
    """A line the chat refuses; the message is safe to show."""


def clean_line(text: object) -> str:
    """``text`` as one chat line: control and format characters removed, spaces trimmed; a
    ``ChatError`` when empty or too long."""
    if not isinstance(text, str):
        raise ChatError("a chat line must be text")
    line = "".join(" " if ch in "\t\n\r" else ch for ch in text
                   if ch in "\t\n\r" or unicodedata.category(ch)[0] != "C").strip()
    if not line:
        raise ChatError("an empty chat line")
    if len(line) > MAX_LENGTH:
        raise ChatError(f"a chat line holds at most {MAX_LENGTH} characters")
    return line


@dataclass
class RateLimit:
    """At most ``BURST`` lines per ``PER_SECONDS`` seconds for each key (a person's token hash)."""

    sent: dict[str, deque[float]] = field(default_factory=dict)

    def allow(self, key: str, now: float | None = None) -> bool:
        """True (and the line counted) when ``key`` may send a line now."""
        now = time.monotonic() if now is None else now
        times = self.sent.setdefault(key, deque())
        while times and now - times[0] >= PER_SECONDS:
            times.popleft()
        if len(times) >= BURST:
            return False
        times.append(now)
        return True
