"""The web table's defences (issue 21, finding 4): each test failed on the open server.

Only the caller's own games are listed; creation is rate-limited per address and capped in
memory, idle games leave memory and come back whole; only allowed Host names are served; every
response carries the security headers; large bodies are refused before parsing; hellos are
validated and timed, silent sockets closed; the router times out a missing first line; stale
worker-socket folders are removed; the data folder and database are private; tokens are stored
hashed (old stores migrate).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sqlite3
import stat
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from starlette.websockets import WebSocketDisconnect

from delve.web import router as router_module
from delve.web import server as server_module
from delve.web.app import create_app
from delve.web.hub import Hub, Person, TableError
from delve.web.security import CreationLimiter, TableSettings
from delve.web.store import Store, sqlite_url, token_hash

LOCAL = "http://localhost:8765"


def _client(tmp_path: Path, **limits: Any) -> TestClient:
    settings = TableSettings(**limits)
    return TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}", settings=settings), base_url=LOCAL)


def _new(client: TestClient, **body: Any) -> tuple[str, list[str]]:
    res = client.post("/api/games", json={"quick": True, **body})
    assert res.status_code == 200, res.text
    data = res.json()
    return data["id"], [inv["url"].split("#", 1)[1] for inv in data["invites"]]


def test_the_game_list_shows_only_the_callers_games(tmp_path: Path) -> None:
    client = _client(tmp_path)
    mine, [token] = _new(client, seed=1)
    theirs, their_tokens = _new(client, mode="network", overlord="human", seed=2)
    assert client.get("/api/games").json() == []  # no token, no games
    assert client.get("/api/games", headers={"X-Seat-Tokens": "forged"}).json() == []
    listed = client.get("/api/games", headers={"X-Seat-Tokens": token}).json()
    assert [g["id"] for g in listed] == [mine] and listed[0]["name"] == "You" and listed[0]["quest"]
    both = client.get("/api/games", headers={"X-Seat-Tokens": f"{token}, {their_tokens[0]}"}).json()
    assert {g["id"] for g in both} == {mine, theirs}
    assert client.get("/api/games", headers={"X-Seat-Tokens": ",".join(["x"] * 101)}).status_code == 400


def test_creation_is_rate_limited_per_address(tmp_path: Path) -> None:
    client = _client(tmp_path, creates_per_minute=3)
    for seed in range(3):
        _new(client, seed=seed)
    res = client.post("/api/games", json={"quick": True})
    assert res.status_code == 429 and int(res.headers["retry-after"]) >= 1 and res.json()["error"]
    now = [0.0]
    limiter = CreationLimiter(2, clock=lambda: now[0])
    assert [limiter.allow("a"), limiter.allow("a")] == [0.0, 0.0]
    assert limiter.allow("a") == pytest.approx(30.0) and limiter.allow("b") == 0.0  # per address
    now[0] = 30.0
    assert limiter.allow("a") == 0.0 and limiter.allow("a") > 0  # refilled one game in 30 s


def test_live_games_are_capped_and_idle_ones_come_back_whole(tmp_path: Path) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'table.sqlite3'}"), max_live=2)
    first = hub.create(seed=1, quick=True)
    token = first.people[0].token
    for _ in range(6):
        pending = first.game.pending
        assert pending is not None
        hub.choose(first.id, token, pending.choices[-1].id)
    expected, records = first.game.state_hash(), list(first.records)
    second = hub.create(seed=2, quick=True)
    watching = hub.listen(second, lambda: None)  # an open page keeps its game in memory
    with pytest.raises(TableError) as full:  # both busy (touched just now, or watched)
        hub.create(seed=3, quick=True)
    assert full.value.status == 503
    first.touched -= 60
    third = hub.create(seed=3, quick=True)  # the idle game makes room
    assert set(hub.games) == {second.id, third.id}
    back = hub.get(first.id)  # replayed from the store: nothing lost
    assert back is not first and back.game.state_hash() == expected and back.records == records
    back.person(token)
    watching()
    hub.games[second.id].touched -= 1_000
    assert hub.evict_idle(900) == [second.id]


def test_a_stranger_cannot_make_the_server_replay_an_evicted_game(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A game out of memory is replayed only for one of its own links: a wrong token is refused
    before any replay (knowing a game id must not buy CPU), the right one brings it back."""
    hub = Hub(Store(sqlite_url(tmp_path)))
    live = hub.create(seed=1, quick=True)
    token = live.people[0].token
    live.touched -= 60
    assert hub.evict_idle(30) == [live.id]
    replays: list[str] = []
    rebuild = hub._rebuild
    monkeypatch.setattr(hub, "_rebuild", lambda stored: replays.append(stored.id) or rebuild(stored))
    with pytest.raises(TableError) as wrong:
        hub.get(live.id, "not-a-link")
    assert wrong.value.status == 403 and replays == [] and live.id not in hub.games
    with pytest.raises(TableError):
        hub.choose(live.id, "not-a-link", "anything")
    assert replays == []
    back = hub.get(live.id, token)
    assert replays == [live.id] and back.person(token).seats == live.people[0].seats


def test_only_allowed_hosts_are_served(tmp_path: Path) -> None:
    settings = TableSettings()
    app = create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}", settings=settings)
    for base in ("http://localhost:8765", "http://127.0.0.1", "http://[::1]:8765"):
        assert TestClient(app, base_url=base).get("/api/games").status_code == 200, base
    rebinding = TestClient(app, base_url="http://evil.example:8765")
    assert rebinding.get("/api/games").status_code == 421
    assert rebinding.post("/api/games", json={}).status_code == 421
    assert rebinding.get("/healthz").status_code == 200  # health checks may use any name
    with pytest.raises(WebSocketDisconnect) as refused, rebinding.websocket_connect("ws://evil.example:8765/ws/x"):
        pass
    assert refused.value.code == 4421
    local = TestClient(app, base_url=LOCAL)
    with pytest.raises(WebSocketDisconnect), local.websocket_connect("ws://localhost:8765/ws/x", headers={"Origin": "http://evil.example"}):
        pass
    assert local.post("/api/games", json={}, headers={"Origin": "http://evil.example"}).status_code == 421
    hosted = TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}",
                                   settings=TableSettings(allowed_hosts=("play.example.org",))),
                        base_url="https://play.example.org")
    assert hosted.get("/api/games").status_code == 200
    assert hosted.get("/").headers["strict-transport-security"] == "max-age=31536000"  # behind HTTPS only
    assert "strict-transport-security" not in TestClient(app, base_url=LOCAL).get("/").headers


def test_every_response_carries_the_security_headers(tmp_path: Path) -> None:
    client = _client(tmp_path)
    responses = [client.get("/"), client.get("/play/abc"), client.get("/static/app/assets/lobby.js"),
                 client.get("/api/games"), client.get("/api/nothing"), client.post("/api/games", content=b"{bad"),
                 client.post("/api/games", content=b"x" * 70_000)]
    assert [r.status_code for r in responses] == [200, 200, 200, 200, 404, 422, 413]
    for res in responses:
        csp = res.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "connect-src 'self' ws://localhost:8765 wss://localhost:8765" in csp
        assert "script-src 'self';" in csp and "img-src 'self' data:" in csp
        assert res.headers["x-frame-options"] == "DENY"
        assert res.headers["x-content-type-options"] == "nosniff"
        assert res.headers["referrer-policy"] == "no-referrer"
    assert responses[3].headers["cache-control"] == "no-store"


def test_large_bodies_are_refused_before_parsing(tmp_path: Path) -> None:
    client = _client(tmp_path)
    huge = json.dumps({"mode": "solo", "heroes": ["x" * 1000] * 100}).encode()
    assert client.post("/api/games", content=huge).status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while read
        for _ in range(100):
            yield b" " * 1_000

    assert client.post("/api/games", content=chunks()).status_code == 413
    assert client.get("/api/games").json() == []  # nothing was created


def _hello(client: TestClient, gid: str, hello: Any) -> tuple[dict[str, Any], int]:
    with client.websocket_connect(f"ws://localhost:8765/ws/{gid}") as ws:
        ws.send_json(hello)
        reply = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return reply, closed.value.code


def test_hellos_are_validated_and_timed_and_silent_sockets_closed(tmp_path: Path) -> None:
    client = _client(tmp_path, hello_timeout_s=0.3, socket_idle_s=0.5)
    gid, [token] = _new(client)
    for hello in ({"token": token, "log_from": "abc"}, {"token": token, "log_from": -1},
                  {"token": token, "log_from": True}, {"token": 5}, ["token"], "hello"):
        reply, code = _hello(client, gid, hello)
        assert code == 4400 and "first message" in reply["error"], hello
    assert _hello(client, gid, {"token": "forged"})[1] == 4403
    with client.websocket_connect(f"ws://localhost:8765/ws/{gid}") as ws:  # says nothing
        assert "no hello" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4408
    with client.websocket_connect(f"ws://localhost:8765/ws/{gid}") as ws:  # says hello, then nothing
        ws.send_json({"token": token, "log_from": None})
        assert ws.receive_json()["type"] == "state"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4408


async def _closed_within(port: int, seconds: float) -> bool:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        return await asyncio.wait_for(reader.read(), seconds) == b""
    finally:
        writer.close()


def test_the_router_times_out_a_missing_first_line_and_names_the_peer(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(router_module, "HEAD_TIMEOUT_S", 0.3)
    seen: list[bytes] = []

    async def upstream(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seen.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()

    async def scenario() -> tuple[bool, bytes]:
        path = str(tmp_path / "w.sock")
        worker = await asyncio.start_unix_server(upstream, path)
        public = await asyncio.start_server(router_module.Router([path], "s3cret").handle, "127.0.0.1", 0)
        port = public.sockets[0].getsockname()[1]
        async with worker, public:
            silent = await _closed_within(port, 5)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Delve-Peer: forged\r\n\r\n")
            answer = await asyncio.wait_for(reader.read(), 5)
            writer.close()
        return silent, answer

    silent, answer = asyncio.run(scenario())
    assert silent and answer.startswith(b"HTTP/1.1 204")
    assert seen[0].split(b"\r\n")[1] == b"X-Delve-Peer: s3cret 127.0.0.1"  # before the client's own


def test_behind_the_router_the_limit_counts_the_address_the_router_vouches_for(tmp_path: Path) -> None:
    settings = TableSettings(creates_per_minute=1, peer_secret="s3cret")
    app = create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}", shard=(0, 1), settings=settings)
    client = TestClient(app, base_url=LOCAL)

    def create(peer: str) -> int:
        return client.post("/api/games", json={"quick": True}, headers={"X-Delve-Peer": peer}).status_code

    assert [create("s3cret 10.0.0.1"), create("s3cret 10.0.0.1"), create("s3cret 10.0.0.2")] == [200, 429, 200]
    assert [create("10.0.0.3"), create("wrong 10.0.0.4")] == [200, 429]  # forged: one shared limit


def test_the_server_times_out_a_missing_request_head(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(server_module, "HEAD_TIMEOUT_S", 0.3)
    port = server_module.free_port()
    app = create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}", settings=TableSettings())
    server = uvicorn.Server(server_module.uvicorn_config(app, host="127.0.0.1", port=port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(100):
            if server.started:
                break
            time.sleep(0.05)
        assert asyncio.run(_closed_within(port, 5))
        with socket.create_connection(("127.0.0.1", port)) as half:  # a head started, never finished
            half.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
            half.settimeout(5)
            assert half.recv(100) == b""
        res = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)  # a real request is served
        assert res.json()["status"] == "ok"
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as slow:  # kept alive past the head timeout
            assert slow.get("/api/games").status_code == 200
    finally:
        server.should_exit = True
        thread.join(10)


def test_stale_worker_socket_folders_are_removed(tmp_path: Path) -> None:
    dead = tmp_path / f"{router_module.FOLDER_PREFIX}999999999-abc"
    alive = tmp_path / f"{router_module.FOLDER_PREFIX}{os.getpid()}-def"
    old = tmp_path / f"{router_module.FOLDER_PREFIX}k3j2h1"  # an older version's: no worker listens
    for folder in (dead, alive, old):
        folder.mkdir()
        (folder / "worker-0.sock").touch()
    assert sorted(router_module.remove_stale_folders(tmp_path)) == sorted([dead, old])
    assert alive.exists() and not dead.exists() and not old.exists()


def test_the_data_folder_and_database_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "share" / "delve"  # Delve's own folder, left world-readable by an older version
    own.mkdir(parents=True, mode=0o755)
    monkeypatch.setattr(server_module, "default_data_dir", lambda: own)
    server_module.database_url()
    assert stat.S_IMODE(own.stat().st_mode) == 0o700
    named = tmp_path / "mine"  # a folder the user named: created private, left alone if it exists
    named.mkdir(mode=0o755)
    sqlite_url(named)
    assert stat.S_IMODE(named.stat().st_mode) == 0o755
    folder = tmp_path / "data"
    url = sqlite_url(folder)
    store = Store(url)
    hub = Hub(store)
    hub.create(seed=1, quick=True)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    files = list(folder.iterdir())
    assert {f.name for f in files} >= {"delve.sqlite3", "delve.sqlite3-wal"}
    for file in files:
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
    store.close()


def test_tokens_are_stored_hashed_and_old_stores_migrate(tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite3"
    url = f"sqlite:///{path}"
    client = _client(tmp_path)
    gid, [token] = _new(client, seed=4)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.store.close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        dump = "\n".join(db.iterdump())
        assert token not in dump
        # an older version's row: the plain token in the config, no seat_tokens row
        config = json.loads(db.execute("SELECT config FROM games WHERE id = ?", (gid,)).fetchone()[0])
        config["people"][0]["token"] = token
        del config["people"][0]["token_hash"]
        db.execute("UPDATE games SET config = ? WHERE id = ?", (json.dumps(config), gid))
        db.execute("DELETE FROM seat_tokens")
        db.commit()
    assert Person.stored(config["people"][0]).token_hash == token_hash(token)  # a plain token is accepted
    again = TestClient(create_app(url, settings=TableSettings()), base_url=LOCAL)
    assert again.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": token}).status_code == 200
    assert [g["id"] for g in again.get("/api/games", headers={"X-Seat-Tokens": token}).json()] == [gid]
    with contextlib.closing(sqlite3.connect(path)) as db:  # opening the store replaced it by its hash
        assert token not in "\n".join(db.iterdump())
        assert db.execute("SELECT count(*) FROM seat_tokens WHERE hash = ?", (token_hash(token),)).fetchone() == (1,)


def test_health_and_json_logs_without_secrets(server: Any) -> None:
    assert httpx.get(server.url + "/healthz").json()["status"] == "ok"
    created = httpx.post(server.url + "/api/games", json={"mode": "network", "overlord": "human"}).json()
    tokens = [inv["url"].split("#", 1)[1] for inv in created["invites"]]
    headers = {"X-Seat-Token": tokens[0]}
    assert httpx.get(server.url + f"/api/games/{created['id']}/state", headers=headers).status_code == 200
    assert httpx.get(server.url + "/api/games", headers={"X-Seat-Tokens": ",".join(tokens)}).status_code == 200
    time.sleep(0.3)
    lines = [json.loads(line) for line in server.logged().splitlines() if line.strip()]
    assert any(r["message"] == "game created" and r["game"] == created["id"] for r in lines)
    assert any(r["message"] == "table ready" and r["database"] == server.store for r in lines)
    assert all({"time", "level", "logger", "message"} <= set(r) for r in lines)
    assert not any(t in server.logged() for t in tokens)


def test_kill_9_with_workers_leaves_no_socket_folder_behind(tmp_path: Path, make_server: Any) -> None:
    import tempfile

    def folders(pid: int) -> list[Path]:
        return list(Path(tempfile.gettempdir()).glob(f"{router_module.FOLDER_PREFIX}{pid}-*"))

    store = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    first = make_server(store, workers=2)
    assert len(folders(first.process.pid)) == 1
    first.kill()
    assert len(folders(first.process.pid)) == 1  # kill -9: nobody could tidy up
    second = make_server(store, workers=2)
    assert folders(first.process.pid) == [] and len(folders(second.process.pid)) == 1  # removed on the next start
    second.stop()
    assert folders(second.process.pid) == []  # and on a clean exit


def test_a_real_server_closes_a_websocket_that_sends_too_much(server: Any) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    created = httpx.post(server.url + "/api/games", json={"quick": True}).json()
    token = created["invites"][0]["url"].split("#", 1)[1]
    with connect(server.url.replace("http", "ws") + f"/ws/{created['id']}", max_size=None) as ws:
        ws.send(json.dumps({"token": token}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send(json.dumps({"type": "choose", "choice": "x" * 70_000}))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
