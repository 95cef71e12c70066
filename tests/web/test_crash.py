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
