"""A table started without a quest plays its ruleset's own tutorial from its own pack."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from delve.rulesets import DEFAULT_CONTENT, default_content
from delve.web.app import create_app
from delve.web.hub import Hub


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))


def _setup_of(client: TestClient, **body: object) -> tuple[str, str, str]:
    res = client.post("/api/games", json=body)
    assert res.status_code == 200, res.text
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    setup = hub.get(res.json()["id"]).setup
    return setup.ruleset, setup.pack, setup.quest


def test_each_ruleset_names_a_pack_that_has_its_tutorial() -> None:
    from delve.content.loader import open_pack

    for ruleset, (pack, quest) in DEFAULT_CONTENT.items():
        assert quest in open_pack(pack).quests, ruleset


def test_default_content_prefers_what_the_person_named() -> None:
    assert default_content("1e") == ("starter", "first-steps")
    assert default_content("2e") == ("starter-2e", "first-steps-2e")
    assert default_content("2e", "first-steps") == ("starter", "first-steps")  # a 1e quest under 2e rules
    assert default_content("1e", "bridge-of-teeth") == ("starter", "bridge-of-teeth")
    assert default_content("2e", None, "starter") == ("starter", "first-steps-2e")


def test_a_2e_table_without_a_quest_starts_the_2e_tutorial(client: TestClient) -> None:
    assert _setup_of(client, ruleset="2e", quick=True) == ("2e", "starter-2e", "first-steps-2e")
    assert _setup_of(client, quick=True) == ("1e", "starter", "first-steps")


def test_a_table_opens_only_shipped_packs(client: TestClient) -> None:
    res = client.post("/api/games", json={"pack": "/etc", "quick": True})
    assert res.status_code == 400 and "unknown pack" in res.json()["error"]
    assert client.get("/api/games").json() == []


def test_the_solo_overlord_plays_the_2e_tutorial_on_the_table(client: TestClient) -> None:
    res = client.post("/api/games", json={"ruleset": "2e", "mode": "solo", "quick": True, "seed": 5})
    assert res.status_code == 200, res.text
    gid, token = res.json()["id"], res.json()["invites"][0]["url"].split("#", 1)[1]
    headers = {"X-Seat-Token": token}
    state = client.get(f"/api/games/{gid}/state", headers=headers).json()
    for _ in range(60):
        pending = state["pending"]
        if not pending or not pending["yours"]:
            break
        res = client.post(f"/api/games/{gid}/choose", headers=headers,
                          json={"choice": pending["choices"][-1]["id"], "serial": pending["serial"]})
        assert res.status_code == 200, res.text
        state = res.json()
    assert state["quest"].startswith("first-steps-2e") and state["ruleset"] == "2e"  # encounter 1 or 2
