"""`delve serve --workers 2`: games are shared out by id between two processes behind one port;
every request reaches its game's process, kept-alive connections included, and kill -9 of the
server takes its workers down with it and loses nothing acknowledged."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from delve.web.router import Router, game_in_path, shard_of


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def _pick(state: dict[str, Any]) -> str:
    ids = [c["id"] for c in state["pending"]["choices"]]
    for prefix in ("keep", "end_shopping", "place:", "end_equip", "turn:", "action:advance", "end_turn", "done"):
        for choice in ids:
            if choice.startswith(prefix):
                return choice
    return ids[0]


async def _drive(url: str, gid: str, token: str, choices: int) -> dict[str, Any]:
    async with websockets.connect(url.replace("http", "ws") + f"/ws/{gid}") as ws:
        await ws.send(json.dumps({"token": token}))
        state = json.loads(await ws.recv())
        for _ in range(choices):
            await ws.send(json.dumps({"type": "choose", "choice": _pick(state),
                                      "serial": state["pending"]["serial"]}))
            state = json.loads(await ws.recv())
            assert state["type"] == "state" and state["ack"]["type"] == "ack", state
    return state


def test_paths_name_their_game_and_shards_split_ids() -> None:
    assert game_in_path("/api/games/00ff00ff00ff00ff/state") == "00ff00ff00ff00ff"
    assert game_in_path("/ws/abc") == "abc" and game_in_path("/play/abc") == "abc"
    assert game_in_path("/api/games") is None and game_in_path("/static/play.js") is None
    assert {shard_of(f"{n:08x}00000000", 2) for n in range(4)} == {0, 1}
    assert shard_of("not-hex", 3) == 0 and shard_of("ffffffff", 1) == 0
    router = Router(["a", "b", "c"])
    assert router.pick(b"GET /ws/00000005aaaaaaaa HTTP/1.1\r\n") == 5 % 3
    assert {router.pick(b"GET /static/play.js HTTP/1.1\r\n") for _ in range(3)} == {0, 1, 2}  # in turn


def test_two_workers_serve_every_game_and_die_with_the_server(sharded_server: Any) -> None:
    server = sharded_server
    assert server.process is not None
    workers = _children(server.process.pid)
    assert len(workers) == 2
    command = Path(f"/proc/{workers[0]}/cmdline").read_bytes().split(b"\0")
    sockets = Path(command[command.index(b"--uds") + 1].decode()).parent  # the workers' socket folder
    created = [httpx.post(server.url + "/api/games", json={"mode": "solo", "seed": n, "quick": True}).json()
               for n in range(6)]
    games = [(c["id"], c["invites"][0]["url"].split("#", 1)[1]) for c in created]
    assert {shard_of(gid, 2) for gid, _ in games} == {0, 1}  # both workers hold games
    states = asyncio.run(_gather(server.url, games))
    # one kept-alive client asks about every game in turn: each answer is about the right game
    with httpx.Client(follow_redirects=True) as client:
        for _ in range(2):
            for (gid, token), state in zip(games, states, strict=True):
                got = client.get(f"{server.url}/api/games/{gid}/state", headers={"X-Seat-Token": token}).json()
                assert got["table"]["id"] == gid and got["pending"]["serial"] == state["pending"]["serial"]
    server.kill()  # kill -9 of the router: the workers must not outlive it
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)
    shutil.rmtree(sockets, ignore_errors=True)  # what the killed router could not clean up
    server.start()
    for (gid, token), state in zip(games, states, strict=True):
        again = httpx.get(f"{server.url}/api/games/{gid}/state", headers={"X-Seat-Token": token},
                          follow_redirects=True).json()
        assert again["pending"] == state["pending"] and again["figures"] == state["figures"]


async def _gather(url: str, games: list[tuple[str, str]]) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(_drive(url, gid, token, 6) for gid, token in games)))


pytestmark = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
