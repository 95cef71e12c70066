"""kill -9 the server while a client drives a game; after a restart the game is exactly at the
last acknowledged choice (or one further, if the killed request had been committed but not
yet answered), and the server resumes it from there."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import numpy as np

from delve.web.hub import Hub, replay
from delve.web.messages import message
from delve.web.store import Store


def _pick(state: dict[str, Any]) -> str:
    ids = [c["id"] for c in state["pending"]["choices"]]
    for prefix in ("keep", "end_shopping", "place:", "end_equip", "turn:", "action:run", "move:", "familiar:done",
                   "end_turn", "done"):
        for choice in ids:
            if choice.startswith(prefix):
                return choice
    return ids[0]


def test_kill_9_mid_game_loses_nothing_acknowledged(server: Any) -> None:
    created = httpx.post(server.url + "/api/games", json={"mode": "solo", "seed": 11},
                         timeout=60).json()  # a fresh server on a loaded machine
    gid, token = created["id"], created["invites"][0]["url"].split("#", 1)[1]
    headers = {"X-Seat-Token": token}
    rng = np.random.default_rng(5)
    for _crash in range(3):
        acked: list[dict[str, Any]] = [httpx.get(f"{server.url}/api/games/{gid}/state", headers=headers).json()]
        if acked[0]["pending"] is None and _crash > 0:
            break  # the game ended after an earlier kill: nothing left to interrupt
        in_flight: list[str | None] = [None]

        def drive(acked: list[dict[str, Any]] = acked, in_flight: list[str | None] = in_flight) -> None:
            with httpx.Client(timeout=10) as client:
                while True:
                    state = acked[-1]
                    if state["pending"] is None:
                        return
                    in_flight[0] = _pick(state)
                    try:
                        res = client.post(f"{server.url}/api/games/{gid}/choose", headers=headers,
                                          json={"choice": in_flight[0], "serial": state["pending"]["serial"]})
                    except httpx.HTTPError:
                        return  # the server died mid-request
                    assert res.status_code == 200, res.text
                    acked.append(res.json())
                    in_flight[0] = None

        client_thread = threading.Thread(target=drive)
        client_thread.start()
        deadline = time.monotonic() + 60  # a loaded machine may be slow to answer the first choice
        while len(acked) < 2 and client_thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(float(rng.uniform(0.2, 1.2)))  # then kill at a random moment of the game
        server.kill()
        client_thread.join(timeout=30)
        assert len(acked) > 1, "the client made no progress before the kill"
        last = acked[-1]

        # What survived, read straight from the database by a fresh hub (no server running).
        hub = Hub(Store(server.store))
        live = hub.get(gid)
        person = live.person(token)
        made = len(live.records)
        n_acked = last["table"]["choices_made"]
        assert made >= n_acked
        prefix = replay(live.setup, live.records[:n_acked])
        assert message(live, person, game=prefix) == last  # everything acknowledged is there, exactly
        if made > n_acked:  # the killed request was committed before its answer was sent
            assert in_flight[0] is not None and live.records[n_acked] == (last["pending"]["seat"], in_flight[0], True)
        expected = message(live, person)
        hub.store.close()

        server.start()  # restart: the server resumes the game where the database has it
        # the first request rebuilds the game from the store and checks it: slow on a busy machine
        resumed = httpx.get(f"{server.url}/api/games/{gid}/state", headers=headers, timeout=60).json()
        assert resumed == expected


def test_kill_9_while_sockets_share_group_commits_loses_nothing_acknowledged(server: Any) -> None:
    """Six games driven over WebSockets at once, so the server commits several games' choices
    together (``delve.web.group_commit``), then ``kill -9`` at a random moment: every state a
    page was sent is in the database for every game, and nothing else but a choice whose answer
    was never sent."""
    import asyncio
    import json

    import websockets

    games = []
    for seed in range(6):
        created = httpx.post(server.url + "/api/games", json={"mode": "solo", "seed": 20 + seed, "quick": True},
                             timeout=60).json()
        games.append((created["id"], created["invites"][0]["url"].split("#", 1)[1]))
    last: dict[str, dict[str, Any]] = {}  # each game's last state a page was sent
    sent: dict[str, str | None] = {}  # a choice sent and not yet answered

    async def drive(gid: str, token: str) -> None:
        try:
            async with websockets.connect(server.url.replace("http", "ws") + f"/ws/{gid}") as ws:
                await ws.send(json.dumps({"token": token}))
                last[gid] = json.loads(await ws.recv())
                while last[gid]["pending"] is not None:
                    sent[gid] = _pick(last[gid])
                    await ws.send(json.dumps({"type": "choose", "choice": sent[gid],
                                              "serial": last[gid]["pending"]["serial"]}))
                    state = json.loads(await ws.recv())
                    assert state["type"] == "state", state
                    last[gid], sent[gid] = state, None
        except (websockets.ConnectionClosed, OSError):
            return  # the server died

    async def play_then_kill() -> None:
        drivers = [asyncio.create_task(drive(gid, token)) for gid, token in games]
        deadline = time.monotonic() + 60
        while sum(s["table"]["choices_made"] for s in last.values()) < 60 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await asyncio.sleep(float(np.random.default_rng(9).uniform(0.1, 0.6)))
        server.kill()
        await asyncio.gather(*drivers)

    asyncio.run(play_then_kill())
    assert len(last) == len(games)
    hub = Hub(Store(server.store))
    for gid, token in games:
        live = hub.get(gid)
        person = live.person(token)
        acked = last[gid]["table"]["choices_made"]
        assert len(live.records) >= acked, gid
        prefix = replay(live.setup, live.records[:acked])
        rebuilt = message(live, person, game=prefix)
        assert (rebuilt["pending"], rebuilt["figures"]) == (last[gid]["pending"], last[gid]["figures"])  # all sent
        if len(live.records) > acked:  # committed, its answer not sent before the kill
            assert sent[gid] is not None and live.records[acked][1] == sent[gid]
    hub.store.close()
