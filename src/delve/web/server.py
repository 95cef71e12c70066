"""Running the web table: where its data lives, and starting uvicorn.

Why a module of its own: `delve serve`, `delve play` and the tests start the server the same way.
"""

from __future__ import annotations

import socket
from pathlib import Path

from platformdirs import user_data_dir


def default_data_dir() -> Path:
    """The user's data directory for Delve (e.g. ~/.local/share/delve)."""
    return Path(user_data_dir("delve", appauthor=False))


def database_url(data_dir: Path | None = None, url: str | None = None) -> str:
    """An explicit SQLAlchemy URL, else the SQLite file in ``data_dir`` (default: the user's)."""
    if url:
        return url
    from delve.web.store import sqlite_url

    return sqlite_url(data_dir or default_data_dir())


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def serve(host: str, port: int, store_url: str, *, workers: int = 1, shard: tuple[int, int] | None = None,
          uds: str | None = None) -> None:
    """Run the server until interrupted (access log off: URLs carry no secrets, but keep it quiet).

    WebSocket compression is off: messages are a few kB (new log events only, the board only when
    it changed), and compressing each one cost about a tenth of the server's time per choice."""
    if workers > 1:
        from delve.web.router import run_sharded

        run_sharded(host, port, store_url, workers)
        return
    import uvicorn

    from delve.web.app import create_app

    if shard is not None:
        from delve.web.router import die_with_parent

        die_with_parent()
    uvicorn.run(create_app(store_url, shard=shard), host=host, port=port, uds=uds, log_level="warning",
                access_log=False, ws_ping_interval=20, ws_per_message_deflate=False)
