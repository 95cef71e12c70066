"""`delve serve` on a real PostgreSQL (started by the ``postgres_url`` fixture; skipped with a reason
when its binaries are missing): one server process killed and restarted, and two server
processes sharing the database behind the router, each game served by the process of its shard.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from delve.web.router import shard_of

PICK = ("keep", "end_shopping", "place:", "end_equip", "turn:", "action:advance", "end_turn", "done")


def _play(url: str, gid: str, token: str, n: int) -> dict[str, Any]:
    headers = {"X-Seat-Token": token}
    state = httpx.get(f"{url}/api/games/{gid}/state", headers=headers).json()
    for _ in range(n):
        ids = [c["id"] for c in state["pending"]["choices"]]
        choice = next((c for prefix in PICK for c in ids if c.startswith(prefix)), ids[0])
        res = httpx.post(f"{url}/api/games/{gid}/choose", headers=headers,
                         json={"choice": choice, "serial": state["pending"]["serial"]}, follow_redirects=True)
        assert res.status_code == 200, res.text
        state = res.json()
    return state


def _state(url: str, gid: str, token: str) -> dict[str, Any]:
    res = httpx.get(f"{url}/api/games/{gid}/state", headers={"X-Seat-Token": token}, follow_redirects=True)
    assert res.status_code == 200, res.text
    return dict(res.json())


def _create(url: str, seed: int) -> tuple[str, str]:
    data = httpx.post(url + "/api/games", json={"mode": "solo", "seed": seed, "quick": True}).json()
    return data["id"], data["invites"][0]["url"].split("#", 1)[1]


def test_a_server_on_postgres_survives_kill_9(postgres_url: str, make_server: Any) -> None:
    server = make_server(postgres_url)
    gid, token = _create(server.url, 21)
    state = _play(server.url, gid, token, 12)
    server.kill()
    restarted = make_server(postgres_url)
    assert _state(restarted.url, gid, token) == state
    assert [g["id"] for g in httpx.get(restarted.url + "/api/games", headers={"X-Seat-Tokens": token}).json()] == [gid]


def test_two_servers_share_one_postgres_with_games_routed_by_id(postgres_url: str, make_server: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DELVE_PEER_SECRET", "shared-by-router-and-servers")
    nodes = [make_server(postgres_url, "--shard", f"{k}/2") for k in range(2)]
    router = make_server("", *(arg for node in nodes for arg in ("--upstream", node.url.removeprefix("http://"))))
    games = [_create(router.url, seed) for seed in range(1, 7)]
    assert {shard_of(gid, 2) for gid, _ in games} == {0, 1}  # creation went to both servers
    states = {gid: _play(router.url, gid, token, 6) for gid, token in games}
    for gid, token in games:  # each game lives in the server of its shard
        home, other = nodes[shard_of(gid, 2)], nodes[1 - shard_of(gid, 2)]
        assert httpx.get(f"{home.url}/api/games/{gid}/state", headers={"X-Seat-Token": token}).json() == states[gid]
        assert httpx.get(f"{other.url}/api/games/{gid}/state", headers={"X-Seat-Token": token}).status_code == 307
    nodes[1].kill()  # one machine fails and comes back: its games resume, the others never stopped
    make_server(postgres_url, "--shard", "1/2", url=nodes[1].url)
    for gid, token in games:
        assert _state(router.url, gid, token) == states[gid]
