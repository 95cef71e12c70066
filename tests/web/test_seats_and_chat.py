"""Seats that survive people: a host link that re-issues links (the old one refused), presence
and whose turn in each message, spectator links with public information only, a game chat."""

from __future__ import annotations

from typing import Any

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.web.chat import BURST, KEPT, MAX_LENGTH
from delve.web.hub import SPECTATOR, Hub
from delve.web.page import Page
from delve.web.store import Store


def _network(table: Any) -> tuple[str, list[str], str]:
    res = table.client.post("/api/games", json={"mode": "network", "overlord": "human", "seed": 4})
    assert res.status_code == 200, res.text
    data = res.json()
    tokens = [str(i["url"].split("#", 1)[1]) for i in data["invites"]]
    return data["id"], tokens, data["host"]["token"]


def _post(table: Any, gid: str, what: str, token: str, body: dict[str, Any]) -> Any:
    return table.client.post(f"/api/games/{gid}/{what}", headers={"X-Seat-Token": token}, json=body)


def test_the_host_reissues_a_link_and_the_old_one_is_refused(table: Any) -> None:
    gid, tokens, host = _network(table)
    assert _post(table, gid, "reissue", tokens[1], {"person": 0}).status_code == 403  # not the host
    with table.client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"token": tokens[0]})
        assert ws.receive_json()["type"] == "state"
        seen = table.get(gid, tokens[1])["table"]["people"]
        assert seen[0]["connected"] is True and seen[1]["connected"] is False
        listed = table.get(gid, host, "people")
        assert [p["index"] for p in listed] == list(range(len(seen))) and listed[0]["connected"] is True
        assert table.client.get(f"/api/games/{gid}/people", headers={"X-Seat-Token": tokens[0]}).status_code == 403
        res = _post(table, gid, "reissue", host, {"person": 0})
        assert res.status_code == 200
        new = res.json()["url"].split("#", 1)[1]
        while (got := ws.receive_json())["type"] == "state":
            pass
        assert got["type"] == "error" and "replaced" in got["error"]
    assert table.client.get(f"/api/games/{gid}/state", headers={"X-Seat-Token": tokens[0]}).status_code == 403
    assert table.get(gid, new)["table"]["you"]["seats"] == table.get(gid, new)["table"]["people"][0]["seats"]
    assert table.get(gid, tokens[1])["table"]["people"][0]["connected"] is False  # the page closed
    reloaded = Hub(Store(table.hub.store.url)).get(gid)  # kept in the store
    assert reloaded.person(new).name == reloaded.people[0].name
    listed = table.client.get("/api/games", headers={"X-Seat-Tokens": f"{tokens[0]},{new},{host}"}).json()
    assert sorted(g["name"] for g in listed) == sorted(["Host", reloaded.people[0].name])


def test_each_message_says_whose_turn_it_is(table: Any) -> None:
    gid, tokens, _host = _network(table)
    state = table.get(gid, tokens[0])
    turn = state["table"]["turn"]
    assert turn["seat"] == state["pending"]["seat"]
    holder = next(p for p in state["table"]["people"] if turn["seat"] in p["seats"])
    assert turn["person"] == holder["name"]


def test_a_spectator_sees_only_public_information(table: Any) -> None:
    gid, tokens, host = _network(table)
    assert _post(table, gid, "spectators", tokens[0], {"name": "Eve"}).status_code == 403
    res = _post(table, gid, "spectators", host, {"name": "Eve"})
    assert res.status_code == 200 and res.json()["seats"] == [SPECTATOR]
    spectator = res.json()["url"].split("#", 1)[1]
    hub: Hub = table.hub
    live = hub.get(gid)
    bots: dict[str, Any] = {}
    hero_person = live.people[0]
    for _ in range(150):
        decision = live.game.pending
        if decision is None:
            break
        seen = table.get(gid, spectator)
        assert "hand" not in seen["overlord"]
        assert "choices" not in seen["pending"] and seen["pending"]["yours"] is False
        assert all(event["kind"] != "card_drawn_private" for event in seen["log"])
        hero = table.get(gid, hero_person.token)
        assert seen["board"] == hero["board"] and seen["figures"] == hero["figures"]
        public = [e for e in live.game.state.log if e.visible_to is None]
        assert len(seen["log"]) == len(public)
        owner = next(p for p in live.people if decision.seat in p.seats)
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 1))
        hub.choose(gid, owner.token, bot.choose(decision, live.game), decision.serial)
    state = table.get(gid, spectator)
    res = _post(table, gid, "choose", spectator, {"choice": "pass", "serial": state["pending"]["serial"]})
    assert res.status_code == 409


def test_chat_is_stored_plain_text_and_limited(table: Any) -> None:
    gid, tokens, _host = _network(table)
    res = _post(table, gid, "chat", tokens[0], {"text": "<b>hi</b>\x1b[31m\nthere"})
    assert res.status_code == 200
    assert res.json()["text"] == "<b>hi</b>[31m there"  # kept as text; control characters gone
    assert _post(table, gid, "chat", tokens[0], {"text": "x" * (MAX_LENGTH + 1)}).status_code == 422
    assert _post(table, gid, "chat", tokens[0], {"text": " \x00 "}).status_code == 400
    assert _post(table, gid, "chat", "forged", {"text": "hello"}).status_code == 403
    codes = [_post(table, gid, "chat", tokens[0], {"text": f"line {i}"}).status_code for i in range(BURST)]
    assert codes == [200] * (BURST - 1) + [429]  # the first line counted too
    assert _post(table, gid, "chat", tokens[1], {"text": "my turn"}).status_code == 200  # per person
    state = table.get(gid, tokens[1])
    assert [c["text"] for c in state["chat"]][-1] == "my turn" and state["chat_length"] == BURST + 1
    reloaded = Hub(Store(table.hub.store.url)).get(gid)
    assert [c["text"] for c in reloaded.chat] == [c["text"] for c in table.get(gid, tokens[0], "chat")]


def test_a_page_gets_new_chat_lines_when_the_kept_lines_are_full(table: Any) -> None:
    """Once a game keeps only its last ``KEPT`` lines, their count no longer grows: an open page
    must still see that a line came in (its state message carries it)."""
    gid, tokens, _host = _network(table)
    live = table.hub.get(gid)
    person = live.person(tokens[0])
    live.chat = [{"n": n, "name": "Someone", "text": f"line {n}"} for n in range(KEPT)]
    page = Page(live, person, tokens[0], 0)
    assert page.next_state() is not None
    assert page.next_state() is None  # nothing new
    table.hub.say(gid, tokens[1], "one more")
    assert len(live.chat) == KEPT
    state = page.next_state({"type": "ack", "chat": True})
    assert state is not None and state["chat"][-1]["text"] == "one more" and state["chat_length"] == KEPT + 1
    assert state["ack"] == {"type": "ack", "chat": True}
