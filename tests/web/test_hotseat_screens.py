"""Hot-seat: one screen passed between the heroes' players and the overlord's. Each message is
built for the side on screen only, and the screen passes to the overlord only for a real decision."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD, TABLE
from delve.rules.card_triggers import window_plays
from delve.web.autoanswer import CARD_WINDOWS, public_single
from delve.web.hub import Hub
from delve.web.messages import message
from delve.web.store import Store

PRIVATE_KINDS = ("card_drawn_private",)


def _kinds(out: dict[str, Any]) -> set[str]:
    return {str(event.get("kind")) for event in out["log"]}


def test_the_heroes_screen_never_shows_the_overlords_private_events(tmp_path: Path) -> None:
    """Each screen shows its own side only; the screen passes to the overlord for a card window only
    when he could play a card there, and for a one-choice prompt only when having one choice is
    his secret (``PUBLIC_SINGLE``: the server answers the others; a glyph's kind still asks)."""
    hub = Hub(Store(f"sqlite:///{tmp_path / 'hot.sqlite3'}"))
    live = hub.create(mode="hotseat", seed=5)
    table = live.people[0]
    bots: dict[str, Any] = {}
    sides: set[str] = set()
    asked: set[str] = set()
    for _ in range(400):
        decision = live.game.pending
        if decision is None:
            break
        out = message(live, table)
        side = "overlord" if decision.seat == OVERLORD else "heroes"
        assert out["table"]["side"] == out["pending"]["side"] == side
        sides.add(side)
        if side == "heroes":
            assert "hand" not in out["overlord"]
            assert not _kinds(out) & set(PRIVATE_KINDS)
        else:
            assert "hand" in out["overlord"]
            if decision.kind in CARD_WINDOWS:  # handed over only when he could play a card there
                assert window_plays(live.game)
            assert public_single(live.game, decision) is None
            if len(decision.choices) == 1:
                asked.add(decision.kind)
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 3))
        hub.choose(live.id, table.token, bot.choose(decision, live.game), decision.serial)
    assert sides == {"heroes", "overlord"}
    on_overlord_screen = [e for e in live.game.state.log if e.kind in PRIVATE_KINDS]
    assert on_overlord_screen  # the overlord did draw cards: the heroes' screen left them out
    answered = {choice for seat, choice, by_person in live.records if seat == OVERLORD and not by_person}
    assert answered & {"end_turn", "end_activation"}  # the server answered some of his prompts for him
    assert asked <= {"place_glyph", "overlord_cards", "overlord_discard", "monster_activation"}  # secret ones


def test_a_person_with_one_side_keeps_their_whole_log(tmp_path: Path) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'net.sqlite3'}"))
    live = hub.create(mode="overlord", seed=5)
    person = live.people[0]
    assert person.seats == [OVERLORD, TABLE]
    out = message(live, person)
    assert out["table"]["side"] == "overlord"
    assert "hand" in out["overlord"]


def test_the_socket_sends_the_whole_log_of_the_new_side(table: Any) -> None:
    """When the screen changes sides, the page's log is the other side's: sent whole (log_from 0)."""
    res = table.client.post("/api/games", json={"mode": "hotseat", "seed": 5})
    gid, token = res.json()["id"], res.json()["invites"][0]["url"].split("#", 1)[1]
    hub: Hub = table.hub
    live = hub.get(gid)
    bots: dict[str, Any] = {}
    with table.client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"token": token})
        last = ws.receive_json()
        changes = 0
        for _ in range(300):
            decision = live.game.pending
            if decision is None or changes >= 2:
                break
            bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 3))
            ws.send_json({"type": "choose", "choice": bot.choose(decision, live.game), "serial": decision.serial})
            while True:  # until the message that answers this choice (the ``ack`` it carries)
                got = ws.receive_json()
                if got["type"] == "state":
                    if got["table"]["side"] != last["table"]["side"]:
                        changes += 1
                        assert got["log_from"] == 0 and got["log_length"] == len(got["log"])
                    else:
                        assert got["log_from"] == last["log_length"]
                    last = got
                if got["type"] == "ack" or "ack" in got:
                    break
        assert changes >= 2



def test_a_replay_is_seen_by_the_side_on_screen_at_every_step(tmp_path: Path) -> None:
    """From a browser play-test: with the heroes' side on screen, stepping a replay through the
    overlord's decisions showed his hand and the unexplored map. Each step is now built for the
    side on screen, as the live messages are."""
    hub = Hub(Store(f"sqlite:///{tmp_path / 'hot.sqlite3'}"))
    live = hub.create(mode="hotseat", seed=5)
    table = live.people[0]
    bots: dict[str, Any] = {}
    overlord_steps: list[int] = []
    for _ in range(400):
        decision = live.game.pending
        if decision is None or (overlord_steps and decision.seat != OVERLORD and len(overlord_steps) > 3):
            break
        if decision.seat == OVERLORD:
            overlord_steps.append(len(live.records))
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 3))
        hub.choose(live.id, table.token, bot.choose(decision, live.game), decision.serial)
    assert live.game.pending is not None and live.game.pending.seat != OVERLORD  # the heroes' screen now

    def show(live_game: Any, person: Any, game: Any) -> dict[str, Any]:
        return message(live_game, person, game=game)

    for step in overlord_steps[:4]:
        out = hub.replay_at(live.id, table.token, step, show)
        assert out["table"]["side"] == "heroes", step
        assert "hand" not in out["overlord"], step
        assert not _kinds(out) & set(PRIVATE_KINDS), step
        live_spaces = len(message(live, table)["board"]["spaces"])
        assert len(out["board"]["spaces"]) <= live_spaces  # no more of the map than the heroes have seen
