"""The new-game form and API take a ruleset; the page header shows it; a 2e game runs through the server."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from delve.rulesets import RULESETS
from delve.web.app import create_app
from delve.web.hub import Hub


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))


def _start(client: TestClient, **body: Any) -> tuple[str, dict[str, str]]:
    res = client.post("/api/games", json=body)
    assert res.status_code == 200, res.text
    data = res.json()
    return data["id"], {"X-Seat-Token": data["invites"][0]["url"].split("#", 1)[1]}


def _play(client: TestClient, gid: str, headers: dict[str, str], n: int, seed: int) -> dict[str, Any]:
    """``n`` legal choices picked at random from the seat's own messages."""
    rng = np.random.default_rng(seed)
    state = client.get(f"/api/games/{gid}/state", headers=headers).json()
    for _ in range(n):
        pending = state["pending"]
        if not pending or not pending["yours"]:
            break
        ids = [c["id"] for c in pending["choices"]]
        res = client.post(f"/api/games/{gid}/choose", headers=headers,
                          json={"choice": ids[int(rng.integers(len(ids)))], "serial": pending["serial"]})
        assert res.status_code == 200, res.text
        state = res.json()
    return state


def test_the_server_offers_the_rulesets_it_knows(client: TestClient) -> None:
    assert client.get("/api/rulesets").json() == list(RULESETS)


def test_a_game_is_1e_by_default_and_says_so(client: TestClient) -> None:
    gid, headers = _start(client, mode="solo", seed=2)
    state = client.get(f"/api/games/{gid}/state", headers=headers).json()
    assert state["ruleset"] == "1e" and state["table"]["ruleset"] == "1e"
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.get(gid).setup.ruleset == "1e"
    gid, headers = _start(client, mode="solo", seed=2, ruleset="1e")
    assert client.get(f"/api/games/{gid}/state", headers=headers).json()["table"]["ruleset"] == "1e"


def test_an_unknown_ruleset_is_refused_with_the_known_ones(client: TestClient) -> None:
    res = client.post("/api/games", json={"ruleset": "3e"})
    assert res.status_code == 400
    assert "unknown ruleset '3e'" in res.json()["error"] and "1e" in res.json()["error"]
    assert client.get("/api/games").json() == []  # nothing was stored


def test_the_page_header_shows_the_ruleset() -> None:
    from importlib.resources import files

    assets = files("delve.web") / "static" / "app" / "assets"  # the client built from client/
    play = (assets / "play.js").read_text()
    assert 'id="ruleset"' in play and "data-ruleset" in play
    assert "/api/rulesets" in (assets / "lobby.js").read_text()


@pytest.mark.skipif("2e" not in RULESETS, reason="the 2nd-edition ruleset is not registered in delve.rulesets yet")
def test_a_2e_game_runs_through_the_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    client = TestClient(create_app(url))
    gid, headers = _start(client, mode="hotseat", ruleset="2e", seed=4, quick=True)
    state = _play(client, gid, headers, 40, seed=4)
    assert state["ruleset"] == "2e" and state["table"]["ruleset"] == "2e"
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.get(gid)
    assert live.game.state.ruleset == "2e" and live.setup.ruleset == "2e"
    expected = live.game.state_hash()
    restarted: Hub = TestClient(create_app(url)).app.state.hub  # type: ignore[attr-defined]
    assert restarted.get(gid).game.state_hash() == expected  # replayed with the 2e handlers
    replay = client.get(f"/api/games/{gid}/replay?step=3", headers=headers).json()
    assert replay["ruleset"] == "2e"
