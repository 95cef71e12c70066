"""The web table's outer wall: which hosts it answers to, what every response carries, how much a
request may send, and how often one address may start games.

Why an ASGI middleware of its own (not Starlette's ``TrustedHostMiddleware`` and friends): it sees
HTTP requests and WebSocket handshakes alike, and does all checks in one pass over the headers,
before any route or body parser runs, so a refused request costs almost nothing.

- **Host allow-list.** A page on another site can make a browser send requests to
  ``localhost`` under its own name (DNS rebinding). Answering only to the names the server is
  known by (``localhost``, ``127.0.0.1`` and ``::1`` unless configured) makes those requests fail;
  WebSocket handshakes must also come from a page of an allowed host (``Origin``).
- **Security headers** on every response: a content security policy (scripts, styles and
  connections from this origin only, no framing), no MIME sniffing, no referrer.
- **Body size.** A request body larger than ``max_body`` is refused with 413 before anything reads
  it: by its ``Content-Length``, or while it is read when it has none.
"""

from __future__ import annotations

import hmac
import os
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The names a server answers to unless told otherwise (``delve serve --allowed-host``)."""
OPEN_PATHS = ("/healthz",)
# Requests that carry a whole quest draft (docs/workbench.md): a large map is a few hundred kB.
LARGE_BODY_PATHS = ("/api/workbench/",)
LARGE_BODY = 1_048_576
"""Paths any Host may ask for: a load balancer's health check may use the bare address."""


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


@dataclass(frozen=True)
class TableSettings:
    """Limits of one server; ``from_env`` reads them from ``DELVE_*`` variables, which `delve serve`
    sets from its options so that worker processes inherit them."""

    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS  # "*" answers to any name (not for a public server)
    max_body: int = 65_536  # bytes of a request body
    creates_per_minute: int = 20  # new games per client address (a burst of as many); 0: no limit
    max_live_games: int = 1_000  # games held in memory; idle ones are evicted to the store first
    idle_evict_s: float = 900.0  # a game nobody watches or touched for this long leaves memory
    hello_timeout_s: float = 10.0  # a WebSocket must present its token within this time
    socket_idle_s: float = 3_600.0  # a WebSocket that sends nothing for this long is closed
    peer_secret: str = ""  # what the router's X-Delve-Peer header starts with (delve.web.router)

    @classmethod
    def from_env(cls) -> TableSettings:
        """The defaults, overridden by ``DELVE_ALLOWED_HOSTS`` (comma-separated names),
        ``DELVE_CREATES_PER_MINUTE``, ``DELVE_MAX_LIVE_GAMES``, ``DELVE_MAX_BODY``, ``DELVE_PEER_SECRET``."""
        hosts = tuple(h.strip().lower() for h in os.environ.get("DELVE_ALLOWED_HOSTS", "").split(",") if h.strip())
        return cls(allowed_hosts=hosts or LOCAL_HOSTS, max_body=_env_int("DELVE_MAX_BODY", cls.max_body),
                   creates_per_minute=_env_int("DELVE_CREATES_PER_MINUTE", cls.creates_per_minute),
                   max_live_games=_env_int("DELVE_MAX_LIVE_GAMES", cls.max_live_games),
                   peer_secret=os.environ.get("DELVE_PEER_SECRET", ""))


def host_name(host: str) -> str:
    """The name in a Host header or an origin's authority, without port or IPv6 brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a Host header value names this server."""
    return "*" in allowed or host_name(host) in allowed


def router_peer(header: str, secret: str) -> str:
    """The client address in the router's ``X-Delve-Peer`` header: after the shared secret when
    there is one ("unverified" for a header without it: those share one creation limit)."""
    if not secret:
        return header
    given, _, address = header.partition(" ")
    return address if address and hmac.compare_digest(given.encode(), secret.encode()) else "unverified"


def security_headers(host: str, path: str, https: bool = False) -> list[tuple[bytes, bytes]]:
    """The headers every response carries; ``host`` (already checked) names the WebSocket origin.
    Over HTTPS (a TLS proxy that says so in ``X-Forwarded-Proto``), browsers are told to keep to it."""
    csp = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
           f"connect-src 'self' ws://{host} wss://{host}; object-src 'none'; base-uri 'none'; "
           "form-action 'self'; frame-ancestors 'none'")
    headers = [(b"content-security-policy", csp.encode("latin-1")), (b"x-frame-options", b"DENY"),
               (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
               (b"cross-origin-opener-policy", b"same-origin")]
    if path.startswith("/api/"):
        headers.append((b"cache-control", b"no-store"))  # game states are private to a seat
    if https:
        headers.append((b"strict-transport-security", b"max-age=31536000"))
    return headers


class SecurityMiddleware:
    """Host allow-list, security headers and the body limit around the whole application."""

    def __init__(self, app: ASGIApp, settings: TableSettings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        host = headers.get(b"host", b"").decode("latin-1")
        path = str(scope.get("path", ""))
        if path not in OPEN_PATHS and not self._host_ok(host, headers.get(b"origin")):
            await self._refuse(scope, send, 421, f"this server does not answer to the host {host_name(host)!r} "
                                                 "(see delve serve --allowed-host)")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        extra = security_headers(host, path, scope.get("scheme") == "https")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        length = headers.get(b"content-length")
        limit = max(LARGE_BODY, self.settings.max_body) if path.startswith(LARGE_BODY_PATHS) else self.settings.max_body
        try:
            too_long = length is not None and int(length) > limit
        except ValueError:
            too_long = True
        if too_long:
            await _plain(send_with_headers, 413, f"the request body is larger than {limit} bytes")
            return
        if length is None and scope.get("method") in ("POST", "PUT", "PATCH"):
            body = await self._read_limited(receive, limit)
            if body is None:
                await _plain(send_with_headers, 413, f"the request body is larger than {limit} bytes")
                return
            receive = _replay(body)
        await self.app(scope, receive, send_with_headers)

    def _host_ok(self, host: str, origin: bytes | None) -> bool:
        allowed = self.settings.allowed_hosts
        if not host or not host_allowed(host, allowed):
            return False
        if origin is None or origin == b"null":
            return origin is None
        authority = origin.decode("latin-1").split("://", 1)[-1]
        return host_allowed(authority, allowed)

    async def _read_limited(self, receive: Receive, limit: int) -> bytes | None:
        """A body sent without a length (chunked), or None once it passes the limit."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    async def _refuse(self, scope: Scope, send: Send, status: int, text: str) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4000 + status})
            return
        await _plain(send, status, text)


async def _plain(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def _replay(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


@dataclass
class CreationLimiter:
    """A token bucket per client address: ``per_minute`` new games, refilled evenly.

    Why per address and in memory: the limit is there to stop one client from filling the
    server's memory and disk with games; a few thousand addresses' buckets are a few hundred kB,
    and full buckets are forgotten when the table of addresses grows."""

    per_minute: int
    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # address -> (tokens, when)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, address: str) -> float:
        """0 when ``address`` may create a game now (and counts it), else seconds to wait."""
        if self.per_minute <= 0:
            return 0.0
        now = self.clock()
        rate = self.per_minute / 60.0
        with self.lock:
            tokens, when = self.buckets.get(address, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - when) * rate)
            if tokens < 1.0:
                self.buckets[address] = (tokens, now)
                return (1.0 - tokens) / rate
            self.buckets[address] = (tokens - 1.0, now)
            if len(self.buckets) > 10_000:
                self._forget_full(now, rate)
        return 0.0

    def _forget_full(self, now: float, rate: float) -> None:
        full = [a for a, (t, w) in self.buckets.items() if t + (now - w) * rate >= self.per_minute]
        for address in full:
            del self.buckets[address]
