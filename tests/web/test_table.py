"""The web table's API: tokens, seats, bad input, persistence and restart, undo, replays, WebSockets.

The persistence tests run on SQLite and, when PostgreSQL is available, on a real PostgreSQL server.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from delve.web.app import create_app
from delve.web.hub import Hub
from delve.web.store import Store


def _client(url: str) -> TestClient:
    return TestClient(create_app(url))


def _new(client: TestClient, **body: Any) -> tuple[str, list[dict[str, Any]]]:
    res = client.post("/api/games", json=body)
    assert res.status_code == 200, res.text
    data = res.json()
    return data["id"], data["invites"]


def _token(invite: dict[str, Any]) -> str:
    return str(invite["url"].split("#", 1)[1])


def _pick(state: dict[str, Any]) -> str:
    """A choice that moves a solo game along: keep, finish shopping, place, advance, end turns."""
    ids = [c["id"] for c in state["pending"]["choices"]]
    for prefix in ("keep", "end_shopping", "place:", "end_equip", "turn:", "action:advance", "familiar:done",
                   "end_turn", "done"):
        for choice in ids:
            if choice.startswith(prefix):
                return choice
    return ids[0]


def _play(client: TestClient, gid: str, token: str, n: int) -> dict[str, Any]:
    headers = {"X-Seat-Token": token}
    state = client.get(f"/api/games/{gid}/state", headers=headers).json()
    for _ in range(n):
        res = client.post(f"/api/games/{gid}/choose", headers=headers,
                          json={"choice": _pick(state), "serial": state["pending"]["serial"]})
        assert res.status_code == 200, res.text
        state = res.json()
    return state


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'table.sqlite3'}"


def test_tokens_seats_and_bad_input_change_nothing(sqlite_url: str) -> None:
    client = _client(sqlite_url)
    gid, invites = _new(client, mode="network", overlord="human")
    tokens = {inv["name"]: _token(inv) for inv in invites}
    assert set(tokens) == {"Hero player 1", "Hero player 2", "Overlord"}
    h1, h2 = tokens["Hero player 1"], tokens["Hero player 2"]
    state = client.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": h1}).json()
    assert state["pending"]["seat"] == "h1" and state["pending"]["yours"]
    before = client.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": h1}).json()
    bad = [
        ({}, {"choice": "keep"}, 403),  # no token
        ({"X-Seat-Token": "forged"}, {"choice": "keep"}, 403),
        ({"X-Seat-Token": h2}, {"choice": "keep"}, 409),  # another seat's decision
        ({"X-Seat-Token": h1}, {"choice": "move:99,99"}, 400),  # not a legal choice
        ({"X-Seat-Token": h1}, {"choice": "keep", "serial": 999}, 409),  # stale
        ({"X-Seat-Token": h1}, {"choose": "keep"}, 422),  # malformed
        ({"X-Seat-Token": h1}, {"choice": ["keep"]}, 422),
    ]
    for headers, body, status in bad:
        res = client.post(f"/api/games/{gid}/choose", headers=headers, json=body)
        assert res.status_code == status, (body, res.text)
        assert res.json()["error"]
    res = client.post(f"/api/games/{gid}/choose", headers={"X-Seat-Token": h1}, content=b"{not json")
    assert res.status_code == 422 and "malformed" in res.json()["error"]
    assert client.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": h1}).json() == before
    assert client.get("/api/games/nope/state", headers={"X-Seat-Token": h1}).status_code == 404
    # no invitation carries another's token, and no message carries any token
    assert all(t not in str(before) for t in tokens.values())
    # a seat that is not pending sees no prompt and no choices
    other = client.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": h2}).json()["pending"]
    assert "choices" not in other and "prompt" not in other and not other["yours"]


def _persistence_round_trip(url: str) -> None:
    client = _client(url)
    gid, invites = _new(client, mode="solo", seed=5)
    token = _token(invites[0])
    state = _play(client, gid, token, 25)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    expected = hub.get(gid).game.state_hash()
    again = _client(url)  # a second server over the same database: a restart
    restarted: Hub = again.app.state.hub  # type: ignore[attr-defined]
    assert restarted.get(gid).game.state_hash() == expected
    assert again.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": token}).json() == state
    hub.store.close()
    restarted.store.close()


def test_a_restart_resumes_the_game_exactly_sqlite(sqlite_url: str) -> None:
    _persistence_round_trip(sqlite_url)


def test_a_restart_resumes_the_game_exactly_postgres(postgres_url: str) -> None:
    _persistence_round_trip(postgres_url)


def test_sqlite_uses_wal(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_undo_takes_back_the_last_decision_but_not_hidden_information(sqlite_url: str) -> None:
    client = _client(sqlite_url)
    gid, invites = _new(client, mode="solo", seed=2)
    headers = {"X-Seat-Token": _token(invites[0])}
    first = client.get(f"/api/games/{gid}/state", headers=headers).json()
    after = client.post(f"/api/games/{gid}/choose", headers=headers, json={"choice": _pick(first)}).json()
    assert after["table"]["choices_made"] > first["table"]["choices_made"]
    undone = client.post(f"/api/games/{gid}/undo", headers=headers).json()
    assert undone["pending"] == first["pending"] and undone["table"]["choices_made"] == first["table"]["choices_made"]
    # play into the rounds: once the overlord has drawn cards or dice were rolled, undo is refused
    state = _play(client, gid, headers["X-Seat-Token"], 30)
    refused = client.post(f"/api/games/{gid}/undo", headers=headers)
    if refused.status_code == 409:
        assert "cannot undo" in refused.json()["error"]
        assert client.get(f"/api/games/{gid}/state", headers=headers).json() == state
    # networked games have no undo
    gid2, invites2 = _new(client, mode="network")
    res = client.post(f"/api/games/{gid2}/undo", headers={"X-Seat-Token": _token(invites2[0])})
    assert res.status_code == 409


def test_replay_steps_through_the_game(sqlite_url: str) -> None:
    client = _client(sqlite_url)
    gid, invites = _new(client, mode="solo", seed=3)
    headers = {"X-Seat-Token": _token(invites[0])}
    state = _play(client, gid, headers["X-Seat-Token"], 12)
    total = state["table"]["choices_made"]
    start = client.get(f"/api/games/{gid}/replay?step=0", headers=headers).json()
    assert start["replay"] == {"step": 0, "of": total} and start["round"] == 0
    end = client.get(f"/api/games/{gid}/replay?step={total}", headers=headers).json()
    assert end["board"] == state["board"] and end["figures"] == state["figures"]
    assert client.get(f"/api/games/{gid}/replay?step=1", headers={"X-Seat-Token": "x"}).status_code == 403


def test_websocket_plays_and_refuses_forged_messages(sqlite_url: str) -> None:
    client = _client(sqlite_url)
    gid, invites = _new(client, mode="solo", quick=True, seed=4)
    token = _token(invites[0])
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"token": "forged"})
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"token": token})
        state = ws.receive_json()
        assert state["type"] == "state" and state["pending"]["yours"]
        for bad in ({"type": "choose", "choice": "nonsense"}, {"type": "launch"}, [1, 2],
                    {"type": "choose", "choice": _pick(state), "serial": "x"}):
            ws.send_json(bad)
            assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "launch", "id": "req-1"})
        assert ws.receive_json() == {"type": "error", "error": "unknown message type (use choose, undo or chat)",
                                     "id": "req-1"}  # a refusal names the request it answers
        ws.send_json({"type": "choose", "choice": _pick(state), "serial": state["pending"]["serial"]})
        new = ws.receive_json()  # the state message, carrying the acknowledgement (one frame)
        assert new["type"] == "state" and new["ack"]["type"] == "ack"
        assert new["table"]["choices_made"] > state["table"]["choices_made"]
        assert new["log_from"] == state["log_length"]  # only the new events travel


def test_attack_choices_carry_exact_odds(sqlite_url: str) -> None:
    """Walk a quick solo game until a hero may attack; every attack choice then has its odds."""
    client = _client(sqlite_url)
    gid, invites = _new(client, mode="solo", quick=True, seed=7)
    headers = {"X-Seat-Token": _token(invites[0])}
    state = client.get(f"/api/games/{gid}/state", headers=headers).json()
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    from delve.ai.hero_ai import HeroAI

    ai = HeroAI(1)
    for _ in range(400):
        attacks = [c for c in state["pending"]["choices"] if c["id"].startswith("attack:")]
        if attacks and state["pending"]["seat"] != "overlord":
            help_ = state["pending"]["help"]
            for choice in attacks:
                odds = help_[choice["id"]]["odds"]
                assert 0 <= odds["hit"] <= 1 and abs(sum(odds["wounds"]) - 1) < 1e-6
            return
        live = hub.get(gid)
        pick = ai.choose(live.game.pending, live.game)  # type: ignore[arg-type]
        state = client.post(f"/api/games/{gid}/choose", headers=headers, json={"choice": pick}).json()
        assert state.get("pending"), state
    pytest.fail("no attack came up")
