"""Levels of the automated players on the web table: listed for the lobby, chosen at creation."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from delve.engine.decision import OVERLORD
from delve.web.app import create_app
from delve.web.hub import Hub


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))


def test_levels_are_listed_with_descriptions(client: TestClient) -> None:
    levels = client.get("/api/levels").json()
    assert [lv["name"] for lv in levels["overlord"]] == ["easy", "normal", "hard"]
    assert [lv["kind"] for lv in levels["overlord"]] == ["solo", "ai", "search"]
    assert all(lv["description"] for side in levels.values() for lv in side)


@pytest.mark.parametrize(("mode", "level", "seat_kind"), [
    ("solo", "hard", (OVERLORD, "search")), ("solo", "normal", (OVERLORD, "ai")), ("solo", "easy", (OVERLORD, "solo")),
    ("overlord", "hard", ("hero", "hero-search")), ("overlord", "easy", ("hero", "random")),
])
def test_a_level_picks_the_automated_side(client: TestClient, mode: str, level: str,
                                          seat_kind: tuple[str, str]) -> None:
    res = client.post("/api/games", json={"mode": mode, "level": level, "quick": True, "seed": 3})
    assert res.status_code == 200, res.text
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.get(res.json()["id"])
    seat, kind = seat_kind
    kinds = {s: k for s, k in live.ai.items() if s == seat or (seat == "hero" and s != OVERLORD)}
    assert kinds and set(kinds.values()) == {kind}
    assert live.setup.solo == (mode == "solo" and level == "easy")


@pytest.mark.parametrize(("mode", "level", "levels"), [
    ("solo", "hard", {OVERLORD: "hard"}), ("solo", "easy", {OVERLORD: "easy"}),
    ("overlord", "normal", {"hero": "normal"}), ("hotseat", None, {}),
])
def test_the_table_names_the_level_played_against(client: TestClient, mode: str, level: str | None,
                                                   levels: dict[str, str]) -> None:
    """The page says whom the person plays against ("hard overlord"): the level of each automated
    seat is in the table part of every state message (public, as the automated seats are)."""
    body = {"mode": mode, "quick": True, "seed": 3, **({"level": level} if level else {})}
    res = client.post("/api/games", json=body)
    assert res.status_code == 200, res.text
    token = res.json()["invites"][0]["url"].split("#", 1)[1]
    table = client.get(f"/api/games/{res.json()['id']}/state", headers={"X-Seat-Token": token}).json()["table"]
    shown = {("hero" if seat != OVERLORD else seat): lv for seat, lv in table["levels"].items()}
    assert shown == levels
    assert set(table["levels"]) <= set(table["automated"])


def test_level_of_inverts_the_levels() -> None:
    from delve.ai.bots import HERO_LEVELS, HERO_SEAT_KINDS, OVERLORD_LEVELS, level_of

    assert {level_of(kind): name for name, (kind, _) in OVERLORD_LEVELS.items()} == {n: n for n in OVERLORD_LEVELS}
    assert [level_of(HERO_SEAT_KINDS[kind], "heroes") for kind, _ in HERO_LEVELS.values()] == list(HERO_LEVELS)
    assert level_of("nobody") is None


def test_an_unknown_level_is_refused(client: TestClient) -> None:
    res = client.post("/api/games", json={"level": "nightmare", "quick": True})
    assert res.status_code == 400 and "unknown level" in res.json()["error"]


def test_a_person_may_ask_for_a_hint_on_their_own_decision(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "solo", "quick": True, "seed": 4})
    gid, token = res.json()["id"], res.json()["invites"][0]["url"].split("#", 1)[1]
    state = client.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": token}).json()
    hint = client.get(f"/api/games/{gid}/hint", headers={"X-Seat-Token": token})
    assert hint.status_code == 200, hint.text
    data = hint.json()
    assert data["seat"] == state["pending"]["seat"]
    assert data["winner"] in {o["choice"] for o in data["options"]}
    assert client.get(f"/api/games/{gid}/hint", headers={"X-Seat-Token": "wrong"}).status_code == 403
