"""The FastAPI application: pages, a small JSON API and one WebSocket per open page.

Why tokens travel in a header or the first WebSocket message (never in a URL the server
sees): access logs and proxies record URLs. The invitation link keeps its token after ``#``,
which browsers do not send; the page reads it and presents it with every request.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from delve.engine.game import Game
from delve.web.hub import Hub, LiveGame, Person, TableError
from delve.web.messages import message, viewing_seat
from delve.web.store import Store

STATIC = files("delve.web") / "static"
PAGES = STATIC / "app"  # the browser client, built from client/ (see docs/web.md)
# The pages load scripts only from this server (no inline script); Svelte sets inline styles.
PAGE_POLICY = {"Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                          "connect-src 'self' ws: wss:; img-src 'self' data:"}


class NewGame(BaseModel):
    """A request to start a game (all fields optional: the default is the solo tutorial)."""

    mode: str = "solo"
    ruleset: str = "1e"  # one of delve.rulesets.RULESETS
    quest: str | None = Field(default=None, max_length=100)  # None: the ruleset's tutorial
    pack: str | None = Field(default=None, max_length=40)  # None: the ruleset's own pack
    heroes: list[str] = Field(default_factory=list, max_length=4)
    seed: int = Field(default=1, ge=0, le=2**31)
    physical_dice: bool = False
    overlord: str = "solo"
    quick: bool = False


class ChoiceIn(BaseModel):
    """A person's answer to their pending decision."""

    choice: str = Field(min_length=1, max_length=200)
    serial: int | None = None


def invites(live: LiveGame, base: str = "") -> list[dict[str, Any]]:
    """One invitation link per person (for the creator only: it carries every token)."""
    return [{"name": p.name, "seats": p.seats, "url": f"{base}/play/{live.id}#{p.token}"} for p in live.people]


def create_app(store_url: str, shard: tuple[int, int] | None = None) -> FastAPI:
    """The web table over the database at ``store_url``; ``shard`` (this worker, workers) when it
    is one of several worker processes behind ``delve.web.router``."""
    hub = Hub(Store(store_url), shard=shard)
    app = FastAPI(title="Delve table", docs_url=None, redoc_url=None)
    app.state.hub = hub
    if shard is not None and shard[1] > 1:
        from delve.web.router import sharding_middleware

        app.middleware("http")(sharding_middleware(*shard))
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        fields = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
        return JSONResponse({"error": f"malformed request ({fields})"}, status_code=422)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(PAGES / "index.html"), headers=PAGE_POLICY)

    @app.get("/play/{game_id}", include_in_schema=False)
    def play_page(game_id: str) -> FileResponse:
        return FileResponse(str(PAGES / "play.html"), headers=PAGE_POLICY)

    @app.get("/api/games")
    def list_games() -> list[dict[str, Any]]:
        return hub.store.list_games()

    @app.get("/api/rulesets")
    def rulesets() -> list[str]:
        from delve.rulesets import RULESETS

        return list(RULESETS)

    @app.post("/api/games")
    def create(body: NewGame) -> dict[str, Any]:
        live = hub.create(mode=body.mode, quest=body.quest, heroes=body.heroes, seed=body.seed,
                          physical_dice=body.physical_dice, overlord=body.overlord, quick=body.quick,
                          ruleset=body.ruleset, pack=body.pack)
        return {"id": live.id, "invites": invites(live)}

    def _person(game_id: str, token: str | None) -> tuple[LiveGame, Person]:
        live = hub.get(game_id)
        return live, live.person(token or "")

    @app.get("/api/games/{game_id}/state")
    def state(game_id: str, x_seat_token: str | None = Header(default=None), log_from: int = 0) -> dict[str, Any]:
        live, person = _person(game_id, x_seat_token)
        with live.lock:
            return message(live, person, log_from=max(0, log_from))

    @app.post("/api/games/{game_id}/choose")
    def choose(game_id: str, body: ChoiceIn, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        live = hub.choose(game_id, x_seat_token or "", body.choice, body.serial)
        person = live.person(x_seat_token or "")
        with live.lock:
            return message(live, person)

    @app.post("/api/games/{game_id}/undo")
    def undo(game_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        live = hub.undo(game_id, x_seat_token or "")
        person = live.person(x_seat_token or "")
        with live.lock:
            return message(live, person)

    @app.get("/api/games/{game_id}/replay")
    def replay(game_id: str, step: int = 0, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        def show(live: LiveGame, person: Person, game: Game) -> dict[str, Any]:
            out = message(live, person, game=game)
            out["replay"] = {"step": len(game.state.history), "of": len(live.records)}
            return out

        return hub.replay_at(game_id, x_seat_token or "", step, show)

    @app.get("/api/games/{game_id}/sight")
    def sight(game_id: str, figure: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        from delve.api import game_view
        from delve.web.annotate import sight as sight_of

        live, person = _person(game_id, x_seat_token)
        with live.lock:
            game = live.game
            view = game_view(game, viewing_seat(game, person))
            seen = {(s["x"], s["y"]) for s in view["board"]["spaces"]}
            visible_ids = {f["id"] for f in view["figures"]}
            visible = [f for f in game.state.figures.values() if f.id in visible_ids]
            return {"figure": figure, "spaces": sight_of(game, figure, seen, visible)}

    @app.websocket("/ws/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            hello = await ws.receive_json()
            live, person = await run_in_threadpool(_person, game_id, str(hello.get("token", "")))
        except TableError as exc:
            await ws.send_json({"type": "error", "error": str(exc)})
            await ws.close(code=4421 if exc.status == 421 else 4403)
            return
        except (ValueError, AttributeError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await ws.send_json({"type": "error", "error": "the first message must be {\"token\": ...}"})
                await ws.close(code=4400)
            return
        await _serve_socket(ws, hub, live, person, int(hello.get("log_from", 0) or 0))

    return app


async def _serve_socket(ws: WebSocket, hub: Hub, live: LiveGame, person: Person, log_from: int) -> None:
    """Send a state message now and after every change; apply the choices and undos received.

    Why the game work runs on the event loop itself with SQLite: a choice is a few milliseconds
    of pure CPU (the SQLite commit does not wait for a disk sync), so handing it to a thread
    pool only adds two thread hops and GIL contention between dozens of threads; in line, the
    loop serves the queued choices one after the other. With a database server (PostgreSQL) a
    commit waits on the network, so the work goes to the thread pool and the loop stays free.
    The state message answering a person's own choice is built and sent right after it; the
    change notification then finds nothing new for this page and sends nothing twice. The board
    (most of a message) is sent only when it differs from the last one this page received
    (``board: null`` otherwise), as the log sends only new events."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    inline = hub.store.url.startswith("sqlite")

    async def work(fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args) if inline else await run_in_threadpool(fn, *args)

    def wake() -> None:
        loop.call_soon_threadsafe(changed.set)

    unlisten = hub.listen(live, wake)
    sent: dict[str, Any] = {"log": max(0, log_from), "epoch": live.epoch, "version": None, "board": None}

    def build() -> dict[str, Any] | None:
        """The next state message for this page, or None when it has seen this state already."""
        with live.lock:
            version = (live.epoch, id(live.game), len(live.game.state.history))
            if version == sent["version"]:
                return None
            start = sent["log"] if sent["epoch"] == live.epoch else 0
            out = message(live, person, log_from=start)
            sent["log"], sent["epoch"], sent["version"] = out["log_length"], live.epoch, version
        if out["board"] == sent["board"]:
            out["board"] = None  # unchanged since the last message: the page keeps the one it has
        else:
            sent["board"] = out["board"]
        out["type"] = "state"
        return out

    async def send_state() -> None:
        out = await work(build)
        if out is not None:
            await ws.send_json(out)

    async def receive() -> None:
        while True:
            data = await ws.receive_json()
            reply: dict[str, Any]
            try:
                if not isinstance(data, dict):
                    raise TableError("a message must be a JSON object")
                if data.get("type") == "choose":
                    serial = data.get("serial")
                    if serial is not None and not isinstance(serial, int):
                        raise TableError("serial must be a whole number")
                    await work(hub.choose, live.id, person.token, str(data.get("choice") or ""), serial)
                    reply = {"type": "ack", "choice": data.get("choice")}
                elif data.get("type") == "undo":
                    await run_in_threadpool(hub.undo, live.id, person.token)  # a replay: may take long
                    reply = {"type": "ack", "undo": True}
                else:
                    raise TableError("unknown message type (use choose or undo)")
                await send_state()
            except TableError as exc:
                reply = {"type": "error", "error": str(exc)}
            if "id" in data if isinstance(data, dict) else False:
                reply["id"] = data["id"]
            await ws.send_json(reply)

    receiver = asyncio.create_task(receive())
    try:
        await ws.send_json(await run_in_threadpool(build))
        while not receiver.done():
            waiter = asyncio.create_task(changed.wait())
            await asyncio.wait({receiver, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if changed.is_set():
                changed.clear()
                await send_state()
            waiter.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        unlisten()
        receiver.cancel()
        with contextlib.suppress(BaseException):
            await receiver
