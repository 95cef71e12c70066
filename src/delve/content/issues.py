"""What a content check reports: one :class:`ContentIssue` per problem, and the error that
carries all of them.

Why one record per problem with file, entry and field: pack authors fix their files by
hand, so each message must point at the exact place and say what was expected; and a
check reports every problem at once, so authors do not fix them one run at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class ContentIssue:
    """One problem in a pack.

    ``file`` is relative to the pack folder; ``entry`` is the entry's id (or ``#N``, its
    0-based position, when it has no usable id; empty for problems with the whole file);
    ``field`` is a dotted path inside the entry (empty for the whole entry); ``line`` is
    the 1-based line in the file when known.
    """

    file: str
    entry: str
    field: str
    message: str
    line: int | None = None

    def location(self) -> str:
        """``file:line`` (or just ``file`` when the line is unknown)."""
        return self.file if self.line is None else f"{self.file}:{self.line}"

    def __str__(self) -> str:
        return f"{self.location()}: {self.entry or '-'}: {self.field or '-'}: {self.message}"


class ContentError(Exception):
    """A pack did not load; ``issues`` lists every problem found, in file order."""

    def __init__(self, pack: str, issues: Iterable[ContentIssue]) -> None:
        self.pack = pack
        self.issues: tuple[ContentIssue, ...] = tuple(issues)
        lines = "\n".join(f"  {issue}" for issue in self.issues)
        count = len(self.issues)
        super().__init__(f"pack {pack!r} has {count} problem{'s' if count != 1 else ''}:\n{lines}")
