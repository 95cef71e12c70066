"""The FastAPI application: pages, a small JSON API and one WebSocket per open page.

Why tokens travel in a header or the first WebSocket message (never in a URL the server
sees): access logs and proxies record URLs. The invitation link keeps its token after ``#``,
which browsers do not send; the page reads it and presents it with every request.

What protects the table from the network (see docs/web.md, "Security"): ``delve.web.security``
wraps every request (Host allow-list, security headers, body limit); game creation is limited
per client address and by the games held in memory; a WebSocket must say hello in time and
with well-formed fields, and is closed after a long silence.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator, Callable
from importlib.resources import files
from typing import Any

from anyio import CapacityLimiter, to_thread
from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from sqlalchemy import make_url
from starlette.concurrency import run_in_threadpool

from delve.engine.game import Game
from delve.web.delivery import StaticDelivery
from delve.web.group_commit import GroupCommit
from delve.web.hub import Hub, LiveGame, Person, TableError
from delve.web.messages import message, screen_seats, viewing_seat
from delve.web.page import Page, dumps
from delve.web.routes import extras
from delve.web.security import CreationLimiter, SecurityMiddleware, TableSettings, router_peer
from delve.web.store import Store, token_hash
from delve.web.workbench_routes import balance_ray, balance_workers, workbench_routes
from delve.workbench.folder import default_root
from delve.workbench.jobs import BalanceJobs

STATIC = files("delve.web") / "static"
PAGES = STATIC / "app"  # the browser client, built from client/ (see docs/web.md); its CSP: delve.web.security
MAX_LISTED_TOKENS = 100  # tokens one GET /api/games may present
EVICT_EVERY_S = 60.0
THINKING_AT_ONCE = 2
"""Turns of searching (hard) automated players a server works on at once; more wait their turn.
Why a cap: the searches are pure Python, so threads add no CPU under the interpreter lock, but
each one running makes the event loop wait longer for the lock between the other games' I/O."""
log = logging.getLogger("delve.web")


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
    # A level for the automated side (GET /api/levels): the overlord's in solo and network games,
    # the heroes' in overlord games. It overrides ``overlord``.
    level: str | None = Field(default=None, max_length=20)
    quick: bool = False


class ChoiceIn(BaseModel):
    """A person's answer to their pending decision."""

    choice: str = Field(min_length=1, max_length=200)
    serial: int | None = None


def json_text(out: dict[str, Any]) -> Response:
    """A state message as an HTTP response. Why not FastAPI's own encoding of the returned dict:
    it walked the ~6 kB message in Python (``jsonable_encoder``), about 1 ms, most of a choice."""
    return Response(dumps(out), media_type="application/json")


def invites(live: LiveGame, base: str = "") -> list[dict[str, Any]]:
    """One invitation link per person (for the creator only: it carries every token)."""
    return [{"name": p.name, "seats": p.seats, "url": f"{base}/play/{live.id}#{p.token}"} for p in live.people]


def hello_fields(hello: Any) -> tuple[str, int]:
    """The token and ``log_from`` of a WebSocket's first message, or ValueError."""
    if not isinstance(hello, dict):
        raise ValueError("not an object")
    token, log_from = hello.get("token", ""), hello.get("log_from", 0)
    if not isinstance(token, str) or len(token) > 200:
        raise ValueError("bad token")
    if log_from is None:
        log_from = 0
    if isinstance(log_from, bool) or not isinstance(log_from, int) or not 0 <= log_from < 2**31:
        raise ValueError("bad log_from")
    return token, log_from


def create_app(store_url: str, shard: tuple[int, int] | None = None,
               settings: TableSettings | None = None) -> FastAPI:
    """The web table over the database at ``store_url``; ``shard`` (this worker, workers) when it
    is one of several worker processes behind ``delve.web.router``; ``settings`` default to
    ``TableSettings.from_env()``."""
    settings = settings or TableSettings.from_env()
    hub = Hub(Store(store_url), shard=shard, max_live=settings.max_live_games)
    group = GroupCommit(hub.store, hub.take_back)  # the socket's choices, one commit a turn of the loop
    limiter = CreationLimiter(settings.creates_per_minute)
    thinkers = CapacityLimiter(THINKING_AT_ONCE)  # turns of searching players under way (``_serve_socket``)
    # The workbench's balance runs (delve.workbench.jobs): niced worker processes, or a Ray cluster.
    jobs = BalanceJobs(workers=balance_workers(), new_id=hub.new_id, ray_address=balance_ray())

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        async def evict() -> None:
            while True:
                await asyncio.sleep(EVICT_EVERY_S)
                dropped = await run_in_threadpool(hub.evict_idle, settings.idle_evict_s)
                if dropped:
                    log.info("idle games left memory", extra={"games": len(dropped), "live": len(hub.games)})

        task = asyncio.create_task(evict())
        log.info("table ready", extra={"database": make_url(store_url).render_as_string(hide_password=True),
                                       "shard": shard, "allowed_hosts": settings.allowed_hosts,
                                       "creates_per_minute": settings.creates_per_minute,
                                       "max_live_games": settings.max_live_games})
        yield
        task.cancel()
        hub.store.commit_staged()  # none acknowledged, but kept all the same
        jobs.close()

    app = FastAPI(title="Delve table", docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.hub = hub
    app.state.settings = settings
    app.state.thinkers = thinkers
    if shard is not None and shard[1] > 1:
        from delve.web.router import sharding_middleware

        app.middleware("http")(sharding_middleware(*shard))
    app.add_middleware(StaticDelivery)  # gzip and revalidation for the built client (delve.web.delivery)
    app.add_middleware(SecurityMiddleware, settings=settings)  # added last: the outermost
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(extras(hub))  # catalogue, glossary, settings (delve.web.routes)
    app.include_router(workbench_routes(hub, settings, default_root(store_url), jobs))  # docs/workbench.md

    def client_address(request: Request) -> str:
        """The client's address; behind the worker router, the one the router saw."""
        if shard is not None:
            return router_peer(request.headers.get("x-delve-peer", ""), settings.peer_secret)
        return request.client.host if request.client else ""

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        fields = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
        return JSONResponse({"error": f"malformed request ({fields})"}, status_code=422)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(PAGES / "index.html"))

    @app.get("/play/{game_id}", include_in_schema=False)
    def play_page(game_id: str) -> FileResponse:
        return FileResponse(str(PAGES / "play.html"))

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> JSONResponse:
        try:
            hub.store.ping()
        except Exception:
            log.exception("health check: the database does not answer")
            return JSONResponse({"status": "database unavailable"}, status_code=503)
        return JSONResponse({"status": "ok", "live_games": len(hub.games)})

    @app.get("/api/games")
    def list_games(x_seat_tokens: str | None = Header(default=None)) -> list[dict[str, Any]]:
        """The caller's own games: those of the seat tokens in ``X-Seat-Tokens`` (comma-separated)."""
        tokens = [t.strip() for t in (x_seat_tokens or "").split(",") if t.strip()]
        if len(tokens) > MAX_LISTED_TOKENS:
            raise TableError(f"at most {MAX_LISTED_TOKENS} tokens at once")
        return hub.store.list_games([token_hash(t) for t in tokens])

    @app.get("/api/rulesets")
    def rulesets() -> list[str]:
        from delve.rulesets import RULESETS

        return list(RULESETS)

    @app.get("/api/levels")
    def levels() -> dict[str, list[dict[str, str]]]:
        """The levels of the automated players, per side, with their descriptions (for the lobby)."""
        from delve.ai.bots import levels as level_list

        return level_list()

    @app.post("/api/games")
    def create(body: NewGame, request: Request) -> dict[str, Any]:
        wait = limiter.allow(client_address(request))
        if wait:
            log.warning("game creation refused: rate limit", extra={"client": client_address(request)})
            raise HTTPException(429, "too many new games from your address; try again later",
                                headers={"Retry-After": str(int(wait) + 1)})
        live = hub.create(mode=body.mode, quest=body.quest, heroes=body.heroes, seed=body.seed,
                          physical_dice=body.physical_dice, overlord=body.overlord, quick=body.quick,
                          ruleset=body.ruleset, pack=body.pack, level=body.level)
        log.info("game created", extra={"game": live.id, "mode": live.mode, "ruleset": body.ruleset,
                                        "client": client_address(request), "live": len(hub.games)})
        return {"id": live.id, "invites": invites(live),
                "host": {"url": f"/play/{live.id}#host:{live.host_token}", "token": live.host_token}}

    def _person(game_id: str, token: str | None) -> tuple[LiveGame, Person]:
        live = hub.get(game_id, token or "")
        return live, live.person(token or "")

    @app.get("/api/games/{game_id}/state")
    def state(game_id: str, x_seat_token: str | None = Header(default=None), log_from: int = 0) -> Response:
        live, person = _person(game_id, x_seat_token)
        with live.lock:
            return json_text(message(live, person, log_from=max(0, log_from)))

    @app.get("/api/games/{game_id}/hint")
    def hint(game_id: str, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        """What the normal AI of the seat's side would choose for the person's pending decision,
        and why (``delve.ai.explain``). The hero AI reads only what a hero seat may see, so a
        hint never reveals the overlord's secrets."""
        from delve.ai.bots import make_bot
        from delve.ai.explain import explain
        from delve.engine.decision import OVERLORD, TABLE
        from delve.web.advice import hint as presented

        live, person = _person(game_id, x_seat_token)
        with live.lock:
            decision = live.game.pending
            if decision is None or decision.seat not in person.seats:
                raise TableError("You have no decision to be advised on now.", 409)
            if decision.seat != TABLE and decision.seat not in screen_seats(live.game, person):
                raise TableError("Pass the screen first: that decision belongs to the other side.", 409)
            player = make_bot("ai" if decision.seat == OVERLORD else "hero", live.ai_seed)
            out = explain(player, decision, live.game).to_dict()
            return presented(live.game, (decision.seat,), decision.seat, out)

    @app.get("/api/games/{game_id}/why")
    def why(game_id: str, event: int, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        """Why the automated player behind entry ``event`` of the person's log did it: its options,
        values, winner and ties, filtered so a hero seat learns nothing only the overlord knows
        (``delve.web.why``; docs/web.md, "Why did the overlord do that")."""
        from delve.web.why import why as explain_entry

        if event < 0:
            raise TableError("event must be a whole number >= 0")
        live, person = _person(game_id, x_seat_token)
        with live.lock:
            seats = screen_seats(live.game, person)
        return explain_entry(live, person, seats, event)

    @app.post("/api/games/{game_id}/choose")
    async def choose(game_id: str, body: ChoiceIn, x_seat_token: str | None = Header(default=None)) -> Response:
        def answer() -> Response:
            live = hub.choose(game_id, x_seat_token or "", body.choice, body.serial)
            person = live.person(x_seat_token or "")
            with live.lock:
                return json_text(message(live, person))

        live, _ = await run_in_threadpool(_person, game_id, x_seat_token)
        return await _off_loop(thinkers, live.thinks, answer)  # as on the socket (``_serve_socket``)

    @app.post("/api/games/{game_id}/undo")
    def undo(game_id: str, x_seat_token: str | None = Header(default=None)) -> Response:
        live = hub.undo(game_id, x_seat_token or "")
        person = live.person(x_seat_token or "")
        with live.lock:
            return json_text(message(live, person))

    @app.get("/api/games/{game_id}/replay")
    def replay(game_id: str, step: int = 0, x_seat_token: str | None = Header(default=None)) -> Response:
        def show(live: LiveGame, person: Person, game: Game) -> dict[str, Any]:
            out = message(live, person, game=game)
            out["replay"] = {"step": len(game.state.history), "of": len(live.records)}
            return out

        return json_text(hub.replay_at(game_id, x_seat_token or "", step, show))

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

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    @app.websocket("/ws/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            async with asyncio.timeout(settings.hello_timeout_s):
                hello = await ws.receive_json()
            token, log_from = hello_fields(hello)
            live, person = await run_in_threadpool(_person, game_id, token)
        except TableError as exc:
            await ws.send_json({"type": "error", "error": str(exc)})
            await ws.close(code=4421 if exc.status == 421 else 4403)
            return
        except TimeoutError:
            with contextlib.suppress(Exception):
                await ws.send_json({"type": "error", "error": "no hello: send {\"token\": ...} first"})
                await ws.close(code=4408)
            return
        except (ValueError, AttributeError, KeyError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await ws.send_json({"type": "error", "error": "the first message must be "
                                    "{\"token\": \"...\", \"log_from\": a whole number >= 0}"})
                await ws.close(code=4400)
            return
        await _serve_socket(ws, hub, group, live, person, token, log_from, settings.socket_idle_s, thinkers)

    return app


async def _off_loop(thinkers: CapacityLimiter, thinks: bool, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` on the thread pool; for a game whose automated seat searches (``thinks``:
    ``LiveGame.thinks``), in one of the ``THINKING_AT_ONCE`` places of ``thinkers``: its turns take
    CPU seconds."""
    if thinks:
        return await to_thread.run_sync(fn, *args, limiter=thinkers)
    return await run_in_threadpool(fn, *args)


async def _serve_socket(ws: WebSocket, hub: Hub, group: GroupCommit, live: LiveGame, person: Person, token: str,
                        log_from: int, idle_s: float, thinkers: CapacityLimiter) -> None:
    """Send a state message now and after every change; apply the choices and undos received.

    Why the game work runs on the event loop itself with SQLite: a choice is a few milliseconds
    of pure CPU (the SQLite commit does not wait for a disk sync), so handing it to a thread
    pool only adds two thread hops and GIL contention between dozens of threads; in line, the
    loop serves the queued choices one after the other. With a database server (PostgreSQL) a
    commit waits on the network, so the work goes to the thread pool and the loop stays free,
    and so does the work of a game whose automated seat searches (its turn is CPU seconds).
    A choice made on the loop is committed with the other games' choices of the same turn of
    the loop (``delve.web.group_commit``), and no state is sent before that commit.
    The state message answering a person's own choice is built and sent right after it; the
    change notification then finds nothing new for this page and sends nothing twice. The board
    (most of a message) is sent only when it differs from the last one this page received
    (``board: null`` otherwise), as the log sends only new events."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    # A game whose automated seat searches (the hard levels) works on the pool: its turns take
    # CPU seconds, which on the loop would stall every other game (``LiveGame.thinks``).
    thinks = live.thinks
    inline = hub.store.url.startswith("sqlite") and not thinks

    async def work(fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args) if inline else await run_in_threadpool(fn, *args)

    loop_thread = threading.get_ident()
    acting = False  # this page's own choice, undo or chat line is being applied

    def wake() -> None:
        if acting:  # the page's own change: ``receive`` sends its state right after
            return
        if threading.get_ident() == loop_thread:  # a change made on the loop itself (inline work)
            changed.set()
        else:  # from a thread of the pool: through the loop's wake-up pipe
            loop.call_soon_threadsafe(changed.set)

    unlisten = hub.listen(live, wake, person)
    page = Page(live, person, token, log_from)

    async def send_state(ack: dict[str, Any] | None = None) -> bool:
        """Send the page's next state message, if anything changed; ``ack``: the answer to the
        page's own request, carried inside it (``Page.next_state``). True when one was sent.
        Why ``acting`` lasts until the answer's state is read: while a page waited for the group
        commit, its change-driven send could find the page's own change and send it without the
        acknowledgement (the answer then went alone, in a frame of its own)."""
        nonlocal acting
        await group.settled()  # no page sees a choice before it is committed
        if acting and ack is None:  # the page's own request is under way: its answer sends this
            return False
        acting = False  # from here, anyone's change wakes the page again
        text = await work(page.next_text, ack)
        if text is None:
            return False
        await ws.send_text(text)
        return True

    async def act(fn: Callable[..., Any], *args: Any, pooled: bool = False, thinking: bool = False,
                  staged: bool = False) -> None:
        """``fn``: a change this page asked for, made without waking this page (``receive``
        sends its state next, read as ``acting`` goes off in ``send_state``, so a change anyone
        else made meanwhile is in it). Why: the wake-up cost a turn of the loop, a task and a
        state check that found nothing new on every choice. A refused change wakes the page as
        before.
        ``staged``: the change's choices are only staged; wait for their commit (which raises
        ``TableError`` if they could not be written: the game was taken back)."""
        nonlocal acting
        acting = True
        try:
            # a searching player may answer: at most THINKING_AT_ONCE such turns at a time
            await (_off_loop(thinkers, thinking, fn, *args) if pooled or thinking else work(fn, *args))
            if staged:
                await group.settled(live.id)
        except BaseException:
            acting = False
            changed.set()  # nothing will be sent for this change: look for anyone else's
            raise

    async def receive() -> None:
        while True:
            try:
                async with asyncio.timeout(idle_s):  # a timer, not a task per message
                    data = await ws.receive_json()
            except TimeoutError:  # a page that says nothing for this long reconnects when it wakes
                await ws.close(code=4408)
                return
            reply: dict[str, Any]
            echo = {"id": data["id"]} if isinstance(data, dict) and "id" in data else {}
            try:
                if not isinstance(data, dict):
                    raise TableError("a message must be a JSON object")
                if data.get("type") == "choose":
                    serial = data.get("serial")
                    if serial is not None and not isinstance(serial, int):
                        raise TableError("serial must be a whole number")
                    await act(hub.choose, live.id, token, str(data.get("choice") or ""), serial, inline,
                              thinking=thinks, staged=inline)
                    reply = {"type": "ack", "choice": data.get("choice")}
                elif data.get("type") == "undo":
                    await act(hub.undo, live.id, token, pooled=True)  # a replay: may take long
                    reply = {"type": "ack", "undo": True}
                elif data.get("type") == "chat":
                    await act(hub.say, live.id, token, data.get("text"))
                    reply = {"type": "ack", "chat": True}
                else:
                    raise TableError("unknown message type (use choose, undo or chat)")
                reply.update(echo)
                # One frame per request: the acknowledgement rides in the state message it
                # caused (its ``ack``); a frame of its own only when nothing new was there to send.
                if await send_state(reply):
                    continue
            except TableError as exc:
                reply = {"type": "error", "error": str(exc), **echo}
            await ws.send_json(reply)

    receiver = asyncio.create_task(receive())
    try:
        await group.settled()
        first = await run_in_threadpool(page.next_text)  # never None: the page has seen nothing yet
        if first is not None:
            await ws.send_text(first)
        while not receiver.done():
            waiter = asyncio.create_task(changed.wait())
            await asyncio.wait({receiver, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if changed.is_set():
                changed.clear()
                await send_state()
            waiter.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass
    except TableError as exc:  # the link was re-issued while this page was open
        with contextlib.suppress(Exception):
            await ws.send_json({"type": "error", "error": str(exc)})
            await ws.close(code=4403)
    finally:
        unlisten()
        receiver.cancel()
        with contextlib.suppress(BaseException):
            await receiver
