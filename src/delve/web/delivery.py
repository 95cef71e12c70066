"""How the page's files and the public data reach the browser: compressed, revalidated, encoded once.

Why: the first page load (issue 15: under 1 s) fetches about 150 kB of scripts and styles and a
145 kB catalogue. Compressed, they are a third of that on the wire; encoded to JSON once per
pack and quest (not by FastAPI's encoder on every request, 15 ms of server time that competed
with the first state message), the catalogue costs a lookup.

- **Only public bytes are compressed**: the built client (``/static/``), the glossary and a game's
  catalogue (printed card texts, the same for every seat), the latter compressed once when cached.
  Responses that carry seat tokens or private state are left alone, so a compression side channel
  (BREACH) has nothing secret to measure next to text an attacker chose.
- **Revalidated, not long-cached**: the built files keep fixed names (the build must be
  byte-for-byte reproducible and diffable, see client/vite.config.ts), so a browser must ask
  again (``no-cache``: a 304 by ETag when unchanged) rather than keep a stale script after an
  upgrade; a content hash in the names would allow ``immutable`` but renames every file on each
  change.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from typing import Any

from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response

from delve.web.security import ASGIApp, Message, Receive, Scope, Send

MIN_SIZE = 1024  # bytes: smaller bodies gain nothing from compression
LEVEL = 6  # zlib's default: level 9 costs twice the CPU for 1% fewer bytes on the built client


@dataclass(frozen=True)
class PublicJSON:
    """Public JSON encoded once, plain and compressed (the routes cache one per pack and quest)."""

    plain: bytes
    compressed: bytes

    @classmethod
    def of(cls, data: Any) -> PublicJSON:
        plain = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        return cls(plain, gzip.compress(plain, LEVEL, mtime=0))

    def response(self, request: Request) -> Response:
        """The compressed bytes for a browser that accepts gzip, else the plain ones."""
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            return Response(self.compressed, media_type="application/json",
                            headers={"content-encoding": "gzip", "vary": "Accept-Encoding"})
        return Response(self.plain, media_type="application/json", headers={"vary": "Accept-Encoding"})


class StaticDelivery:
    """Compresses the built client's files (gzip, when the browser accepts it) and tells browsers
    to revalidate them; every other response passes untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=MIN_SIZE, compresslevel=LEVEL)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/static/"):
            await self.app(scope, receive, send)
            return

        async def revalidated(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"cache-control", b"no-cache")]
            await send(message)

        await self.gzip(scope, receive, revalidated)
