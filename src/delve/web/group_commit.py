"""One commit for the choices that the event loop's games made in one turn of the loop.

Why: with SQLite a game's work runs on the event loop (``delve.web.app._serve_socket``), and on
a busy table each choice's own commit was about a tenth of the server's CPU for it
(docs/performance.md, "Group commit"). In one turn the loop serves every socket whose message
has arrived; their choices are staged (``Store.stage``), and one callback at the start of the
loop's next turn commits them all in one transaction, as databases group the commits of
concurrent transactions.

Durability is unchanged: no page is sent a state holding a staged choice before its commit.
The page that made the choice waits for it (``settled``), and so does every state message
(``Page.next_text`` runs after ``settled``); a page woken by the change runs after the commit
anyway, because the commit's callback was scheduled first. If the transaction fails, each
game's choices are tried alone, and a game whose choices still cannot be written is taken back
to before them (``Hub.take_back``): its page is told that nothing changed, as when a single
commit failed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from delve.web.hub import TableError
from delve.web.store import Store

NOT_SAVED = "the table could not save that choice; nothing changed"


class GroupCommit:
    """The staged choices of one store, committed once a turn of the running event loop."""

    def __init__(self, store: Store, take_back: Callable[[str, int], None]) -> None:
        self.store = store
        self.take_back = take_back  # (game id, first lost position): the game as it was before it
        self._waiters: list[tuple[asyncio.Future[None], str | None]] = []

    async def settled(self, game_id: str | None = None) -> None:
        """Return once every choice staged so far is committed (at once when none is staged).
        Raises ``TableError`` when ``game_id``'s staged choices could not be written."""
        if not self.store.staged:
            return
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()  # one each: a closed page cancels its own only
        if not self._waiters:
            loop.call_soon(self._commit)  # after everything this turn of the loop runs
        self._waiters.append((waiter, game_id))
        await waiter

    def _commit(self) -> None:
        """Commit the staged choices; take back the games whose choices were lost; wake the waiters."""
        waiters, self._waiters = self._waiters, []
        lost: dict[str, int] = {}
        for entry in self.store.commit_staged():
            lost[entry.game_id] = min(entry.start, lost.get(entry.game_id, entry.start))
        for game_id, start in lost.items():
            self.take_back(game_id, start)
        for waiter, waits_for in waiters:
            if waiter.done():  # its page closed meanwhile
                continue
            if waits_for is not None and waits_for in lost:
                waiter.set_exception(TableError(NOT_SAVED, 500))
            else:
                waiter.set_result(None)
