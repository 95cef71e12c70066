"""The lobby's data: quest cards with size, suggested party and measured difficulty, and the
hero sheets of each ruleset's pack (names and stats, no game needed)."""

from __future__ import annotations

from typing import Any


def test_quest_cards_say_size_party_and_measured_difficulty(table: Any) -> None:
    quests = {(q["ruleset"], q["id"]): q for q in table.client.get("/api/quests").json()}
    tutorial = quests[("1e", "first-steps")]
    assert tutorial["size"]["max_heroes"] >= 2 and tutorial["size"]["areas"] >= 1
    assert tutorial["size"]["width"] > 0 and tutorial["size"]["height"] > 0
    party = tutorial["suggested_heroes"]
    assert party and all(h["name"] != h["id"] for h in party)
    levels = tutorial["difficulty"]["levels"]
    assert levels["normal"] == {"games": 100, "overlord_won": 61, "run": "levels_matrix seeds eed242f (root 10200)"}
    assert levels["hard"]["overlord_won"] > levels["normal"]["overlord_won"]
    assert "hero AI" in tutorial["difficulty"]["measured"]
    for quest in quests.values():  # every shipped quest was measured, and the figures are sane
        assert quest["difficulty"] is not None, quest["id"]
        for row in quest["difficulty"]["levels"].values():
            assert 0 <= row["overlord_won"] <= row["games"]


def test_hero_sheets_per_ruleset(table: Any) -> None:
    first = table.client.get("/api/heroes", params={"ruleset": "1e"}).json()
    assert len(first) >= 2
    sheet = first[0]
    for key in ("name", "speed", "wounds", "fatigue", "armor", "traits", "ability", "skills"):
        assert key in sheet, key
    second = table.client.get("/api/heroes", params={"ruleset": "2e"}).json()
    assert second and all(h["name"] for h in second)
    res = table.client.get("/api/heroes", params={"ruleset": "9e"})
    assert res.status_code == 404 and "unknown ruleset" in res.json()["error"]


def test_the_host_link_opens_the_seats_page(table: Any) -> None:
    res = table.client.post("/api/games", json={"mode": "network", "overlord": "human", "seed": 2}).json()
    gid, host = res["id"], res["host"]
    assert host["url"] == f"/play/{gid}#host:{host['token']}"  # the page reads "host:" as the host link
    assert table.client.get(f"/play/{gid}").status_code == 200
