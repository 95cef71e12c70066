"""The table's hint (``GET /api/games/{id}/hint``) on a sample of decision kinds of both rulesets.

A hotseat table holds every seat, so one person meets hero and overlord decisions alike; at each
one the test asks for the hint, checks it names one of the person's legal choices and lists them
all, and plays the hinted choice. Explanations on every kind are ``tests/ai/test_explain_every_kind.py``;
this is the served path (the seat's normal AI, the person's token, the JSON shape)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from delve.web.app import create_app

HINTS = 160  # decisions hinted and played per game
IDS = re.compile(r"\b(?:door|marker|area|chest)-\d+\b|\bhero\d\b|\bm\d+\b")


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))


@pytest.mark.parametrize(("ruleset", "quest", "sample"), [
    ("1e", "first-steps", {"skill_trade", "shop", "hero_turn", "overlord_turn", "monster_activation", "trap_window"}),
    ("2e", "first-steps-2e", {"choose_hero_turn", "hero_turn", "event_window", "overlord_turn",
                              "monster_activation"}),
])
def test_the_hint_works_on_the_kinds_of_a_whole_table(client: TestClient, ruleset: str, quest: str,
                                                      sample: set[str]) -> None:
    res = client.post("/api/games", json={"mode": "hotseat", "seed": 5, "ruleset": ruleset, "quest": quest})
    assert res.status_code == 200, res.text
    gid, token = res.json()["id"], res.json()["invites"][0]["url"].split("#", 1)[1]
    headers = {"X-Seat-Token": token}
    live = client.app.state.hub.get(gid)  # type: ignore[attr-defined]
    kinds: set[str] = set()
    for _ in range(HINTS):
        decision = live.game.pending
        if decision is None:
            break
        hint = client.get(f"/api/games/{gid}/hint", headers=headers)
        assert hint.status_code == 200, (decision.kind, hint.text)
        data = hint.json()
        assert data["seat"] == decision.seat and data["kind"] == decision.kind
        assert sorted(o["choice"] for o in data["options"]) == sorted(c.id for c in decision.choices)
        assert data["winner"] in {c.id for c in decision.choices}
        # labels as the panel shows them: names, never a door's, marker's or figure's id
        assert not [r["label"] for r in data["rows"] if IDS.search(r["label"])], decision.kind
        kinds.add(decision.kind)
        played = client.post(f"/api/games/{gid}/choose", headers=headers,
                             json={"choice": data["winner"], "serial": decision.serial})
        assert played.status_code == 200, played.text
    assert sample <= kinds, sorted(kinds)
