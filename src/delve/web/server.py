"""Running the web table: where its data lives, and starting uvicorn.

Why a module of its own: `delve serve`, `delve play` and the tests start the server the same way.
"""

from __future__ import annotations

import asyncio
import gc
import socket
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

HEAD_TIMEOUT_S = 10.0
"""Seconds a new connection may take to send its first request's headers."""
WS_MAX_BYTES = 65_536
"""The largest WebSocket message a page may send (a choice or an undo is under 1 kB)."""


def default_data_dir() -> Path:
    """The user's data directory for Delve (e.g. ~/.local/share/delve)."""
    return Path(user_data_dir("delve", appauthor=False))


def database_url(data_dir: Path | None = None, url: str | None = None) -> str:
    """An explicit SQLAlchemy URL, else the SQLite file in ``data_dir`` (default: the user's)."""
    if url:
        return url
    from delve.web.store import sqlite_url

    return sqlite_url(data_dir or default_data_dir(), own_folder=data_dir is None)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def head_timeout_protocol() -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (h11), closing a connection that has not sent a whole request head
    within ``HEAD_TIMEOUT_S`` (uvicorn times out only the pause between requests, so a client
    could otherwise hold connections open by never finishing the first)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeadTimeoutH11(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._head_timer = self.loop.call_later(HEAD_TIMEOUT_S, self._no_head)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.cycle is not None and self._head_timer is not None:  # a request head arrived
                self._head_timer.cancel()
                self._head_timer = None

        def connection_lost(self, exc: Exception | None) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
            super().connection_lost(exc)

        def _no_head(self) -> None:
            self._head_timer = None
            upgraded = self.transport.get_protocol() is not self  # now a WebSocket: not ours to time
            if self.cycle is None and not upgraded and not self.transport.is_closing():
                self.transport.close()

    return HeadTimeoutH11


def uvicorn_config(app: Any, **options: Any) -> Any:
    """The uvicorn settings of every Delve server: JSON logs without an access log (see
    ``delve.web.logs``), the head timeout, small WebSocket messages, pings every 20 s.

    WebSocket compression is off: messages are a few kB (new log events only, the board only when
    it changed: 5.7 kB at the median, 14 kB at most, about 1.8-2.9 kB deflated), and compressing
    each one doubled the socket's CPU per choice (0.25 -> 0.5 ms on ``bench/web_server_parts.py``).
    The WebSocket implementation is named rather than left to uvicorn's choice of whatever is
    installed: the sans-I/O protocol of ``websockets`` measured cheapest per choice (the socket's
    share 0.26 ms, against 0.39 for its older asyncio protocol and 0.33 for ``wsproto``;
    docs/performance.md, web table, fourth round). The event loop is uvicorn's choice: ``uvloop``
    (a dependency, except on Windows, which it does not support) took the socket's share from
    0.135 to 0.110 ms a choice (docs/performance.md, "One frame per choice and uvloop")."""
    import uvicorn

    from delve.web.logs import logging_config

    return uvicorn.Config(app, log_config=logging_config(), access_log=False, http=head_timeout_protocol(),
                          ws_ping_interval=20, ws_max_size=WS_MAX_BYTES, ws_per_message_deflate=False,
                          ws="websockets-sansio", **options)


def settle_collector() -> None:
    """Freeze the start-up heap of a long-running server process, as large Python services do.

    Why: the collector's full collections walk every long-lived object (the web stack, the
    content packs, the AI modules: about 99,000 objects), and on a busy server they were about a
    tenth of the CPU per choice (0.12 ms; 0.02 ms frozen, with the same memory in a soak).
    Here the shipped packs and the automated players' modules are loaded first (the first game
    loaded them before), everything alive is collected once and then frozen (``gc.freeze``: never
    scanned again; it lives as long as the process anyway). Cycles made later are collected as
    before, with Python's thresholds: raising the youngest generation's threshold as well saved
    no more CPU and let the memory of a soak grow (docs/performance.md, web table, fourth round).
    """
    from delve.ai.bots import make_bot
    from delve.content.loader import SHIPPED_PACKS, open_pack

    for pack in ("starter", *SHIPPED_PACKS):
        open_pack(pack)
    for kind in ("solo", "ai", "hero"):  # imports the automated players' modules
        make_bot(kind, 0)
    gc.collect()
    gc.freeze()


def serve(host: str, port: int, store_url: str, *, workers: int = 1, shard: tuple[int, int] | None = None,
          uds: str | None = None) -> None:
    """Run the server until interrupted (limits: ``delve.web.security.TableSettings.from_env``)."""
    if workers > 1:
        from delve.web.router import run_sharded

        run_sharded(host, port, store_url, workers)
        return
    import uvicorn

    from delve.web.app import create_app

    if uds is not None:  # a worker of `--workers`: it lives and dies with its router
        from delve.web.router import die_with_parent

        die_with_parent()
    app = create_app(store_url, shard=shard)
    settle_collector()
    uvicorn.Server(uvicorn_config(app, host=host, port=port, uds=uds)).run()
