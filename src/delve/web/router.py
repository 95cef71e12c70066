"""Several server processes behind one port: games sharded by id, each game in one process.

Why shard instead of sharing: a live game is an in-memory engine plus its listeners (open
pages), so exactly one process may hold it; the engine is pure Python, so one process uses one
core. ``delve serve --workers N`` starts N worker processes, each an ordinary table server on
its own Unix socket that creates game ids in its shard (``shard_of``) and serves only those, and
this router on the public port.

The router only looks at the first request line of each new connection: a path naming a game
(``/play/ID``, ``/api/games/ID/...``, ``/ws/ID``, or a workbench balance job
``/api/workbench/balance/ID``) goes to the game's worker, anything else (the lobby, static
files, creating a game) to the next worker in turn; then it copies bytes both
ways without parsing HTTP. So that a kept-alive connection never carries a request for another
worker's game, workers close every connection whose first request named no game, and answer a
request for a game of another shard with a redirect to the same address on a new connection
(``sharding_middleware``). Workers die with the router (``die_with_parent``).

The router adds one header to the first request of each connection, ``X-Delve-Peer``, the
client's address (workers see only a Unix socket), which limits game creation per address. It
starts with a secret the router shares with its workers (``DELVE_PEER_SECRET``), so that a
client cannot pass its own on a later request of a kept-alive connection. A connection that does
not send its first line within ``HEAD_TIMEOUT_S`` is closed. The workers' sockets live in a
folder of the temporary directory named after the router's process id; a router removes the
folders of routers that are gone (killed with ``kill -9``) when it starts, and its own on exit.

The same router spreads games over several machines: ``delve serve --shard K/N`` runs one table
server (a node) over a shared PostgreSQL, and ``delve serve --upstream HOST:PORT ...`` (the nodes
in shard order) runs only this router in front of them (``run_router``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

# A balance job of the workbench lives in one worker's memory too, so its id is routed like a game's.
GAME_PATH = re.compile(rb"^[A-Z]+ /(?:play|ws|api/games|api/workbench/balance)/([0-9A-Za-z_-]{1,32})(?:[/?# ]|$)")
HEAD_LIMIT = 16_384  # bytes of the first request line
HEAD_TIMEOUT_S = 10.0  # seconds a new connection may take to send its first request line
FOLDER_PREFIX = "delve-workers-"


def shard_of(game_id: str, workers: int) -> int:
    """The worker that holds a game: its hex id's first 8 digits modulo the worker count
    (ids that are not hex, from older servers or tests, all live in worker 0)."""
    if workers <= 1:
        return 0
    try:
        return int(game_id[:8], 16) % workers
    except ValueError:
        return 0


def game_in_path(path: str) -> str | None:
    """The game id a request path names, if any."""
    found = GAME_PATH.match(b"GET " + path.encode() + b" ")
    return found.group(1).decode() if found else None


def sharding_middleware(shard: int, workers: int) -> Callable[..., Awaitable[Any]]:
    """ASGI middleware for a worker: close connections that named no game, and send requests
    for another shard's game back through the router on a new connection."""

    async def middleware(request: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
        from starlette.responses import RedirectResponse

        game = game_in_path(request.url.path)
        if game is not None and shard_of(game, workers) != shard:
            url = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            return RedirectResponse(url, status_code=307, headers={"Connection": "close"})
        response = await call_next(request)
        if game is None:
            response.headers["Connection"] = "close"
        return response

    return middleware


class Router:
    """The public port: route each new connection by its first request line, then copy bytes.
    ``sockets`` are the workers in shard order: Unix socket paths or ``host:port`` addresses."""

    def __init__(self, sockets: list[str], secret: str = "") -> None:
        self.sockets = sockets
        self.secret = secret.encode()
        self._turn = itertools.cycle(range(len(sockets)))

    def pick(self, head: bytes) -> int:
        """The worker for a connection whose first request line is ``head``."""
        found = GAME_PATH.match(head)
        if found:
            return shard_of(found.group(1).decode(), len(self.sockets))
        return next(self._turn)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client connection, for its whole life."""
        try:
            async with asyncio.timeout(HEAD_TIMEOUT_S):
                head = await reader.readuntil(b"\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, TimeoutError):
            writer.close()
            return
        try:
            up_reader, up_writer = await _connect(self.sockets[self.pick(head)])
        except OSError:
            writer.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            writer.close()
            return
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        peer = (self.secret + b" " if self.secret else b"") + address.encode("ascii", "replace")
        up_writer.write(head + b"X-Delve-Peer: " + peer + b"\r\n")
        await asyncio.gather(_pump(reader, up_writer), _pump(up_reader, writer))

    async def serve(self, host: str, port: int) -> None:
        """Accept connections until cancelled."""
        server = await asyncio.start_server(self.handle, host, port, limit=HEAD_LIMIT)
        async with server:
            await server.serve_forever()


async def _connect(address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to a worker: a Unix socket path, or ``host:port`` (``[v6]:port``)."""
    if address.startswith("/"):
        return await asyncio.open_unix_connection(address)
    host, port = address.rsplit(":", 1)
    return await asyncio.open_connection(host.strip("[]"), int(port))


def run_router(host: str, port: int, upstreams: list[str]) -> None:
    """Route the public port to table servers on other ports or machines until interrupted."""
    import logging

    logging.getLogger("delve.web").info("router started", extra={"port": port, "upstreams": upstreams})
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(Router(upstreams, os.environ.get("DELVE_PEER_SECRET", "")).serve(host, port))


async def _pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    """Copy until either side closes, then close the sink (the other pump then ends too)."""
    try:
        while True:
            data = await source.read(65_536)
            if not data:
                break
            sink.write(data)
            await sink.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        with contextlib.suppress(Exception):
            sink.close()


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent (the router) dies, even by ``kill -9``."""
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before the call
            os.kill(os.getpid(), signal.SIGKILL)


def run_sharded(host: str, port: int, store_url: str, workers: int) -> None:
    """Start ``workers`` worker processes and route the public port to them until interrupted."""
    from delve.web.store import Store

    Store(store_url).close()  # create the tables once, before the workers race to do it
    remove_stale_folders()
    folder = Path(tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-"))
    sockets = [str(folder / f"worker-{k}.sock") for k in range(workers)]
    secret = secrets.token_hex(16)
    children = [
        subprocess.Popen([sys.executable, "-m", "delve.cli.main", "serve", "--database", store_url,
                          "--shard", f"{k}/{workers}", "--uds", path], env={**os.environ, "DELVE_PEER_SECRET": secret})
        for k, path in enumerate(sockets)
    ]
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # terminate: stop the workers, tidy up
    try:
        deadline = time.monotonic() + 60
        while not all(Path(p).exists() for p in sockets):
            if time.monotonic() > deadline or any(c.poll() is not None for c in children):
                raise RuntimeError("a worker process did not start")
            time.sleep(0.05)
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(Router(sockets, secret).serve(host, port))
    finally:
        for child in children:
            child.terminate()
        for child in children:
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def remove_stale_folders(temp: Path | None = None) -> list[Path]:
    """Remove this user's worker-socket folders whose router is gone; returns them."""
    removed = []
    for folder in Path(temp or tempfile.gettempdir()).glob(FOLDER_PREFIX + "*"):
        with contextlib.suppress(OSError):
            if folder.is_dir() and folder.stat().st_uid == os.getuid() and not _router_alive(folder):
                shutil.rmtree(folder)
                removed.append(folder)
    return removed


def _router_alive(folder: Path) -> bool:
    """Whether the router that made ``folder`` still runs: by the process id in its name, or
    (folders of older versions) by a worker still listening on one of its sockets."""
    pid = folder.name[len(FOLDER_PREFIX):].split("-", 1)[0]
    if pid.isdigit() and "-" in folder.name[len(FOLDER_PREFIX):]:
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    for path in folder.glob("*.sock"):
        with socket.socket(socket.AF_UNIX) as probe, contextlib.suppress(OSError):
            probe.connect(str(path))
            return True
    return False
