"""Why the automated overlord did what the log shows (``/api/games/{id}/why``, ``delve.web.why``):
explanations of his public decisions, the card he played and nothing else of his hand, and never
a card still in his hand or deck in what a hero seat receives."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from delve.ai.bots import make_bot
from delve.ai.overlord_common import pack
from delve.web.app import create_app
from delve.web.hub import Hub
from delve.web.why import HIDDEN, scrub

WHY_KINDS = ("monster_activated", "figure_moved", "attack_declared", "card_played", "monster_spawned")


def _play(client: TestClient, level: str, seed: int, rounds: int) -> tuple[str, dict[str, str]]:
    """A solo game (one person holds every hero, the overlord automated at ``level``), its heroes
    played by the hero AI through the API until ``rounds`` have started."""
    res = client.post("/api/games", json={"mode": "solo", "level": level, "quick": True, "seed": seed}).json()
    gid, headers = res["id"], {"X-Seat-Token": res["invites"][0]["url"].split("#", 1)[1]}
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    bot = make_bot("hero", 1)
    for _ in range(2000):
        live = hub.get(gid)
        if live.game.pending is None or live.game.state.round > rounds:
            break
        choice = bot.choose(live.game.pending, live.game)
        assert client.post(f"/api/games/{gid}/choose", headers=headers, json={"choice": choice}).status_code == 200
    return gid, headers


def _secrets(client: TestClient, gid: str) -> list[str]:
    """Ids and names of the cards in the overlord's hand and deck now."""
    game = client.app.state.hub.get(gid).game  # type: ignore[attr-defined]
    cards = [*game.state.overlord.hand, *game.state.overlord.deck]
    known = pack(game).overlord
    return [*cards, *(known[c].name for c in cards if c in known)]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[TestClient, str, dict[str, str]]:
    path: Path = tmp_path_factory.mktemp("why") / "table.sqlite3"
    with pytest.MonkeyPatch.context() as env:  # as the conftest's autouse fixture (function-scoped)
        env.setenv("DELVE_ALLOWED_HOSTS", "localhost,127.0.0.1,::1,testserver")
        env.setenv("DELVE_CREATES_PER_MINUTE", "0")
        client = TestClient(create_app(f"sqlite:///{path}"))
        gid, headers = _play(client, "normal", 5, 6)
    return client, gid, headers


def _answers(client: TestClient, gid: str, headers: dict[str, str]) -> list[tuple[dict[str, Any], int, Any]]:
    log = client.get(f"/api/games/{gid}/state", headers=headers).json()["log"]
    out = []
    for entry in log:
        if entry["kind"] in WHY_KINDS:
            res = client.get(f"/api/games/{gid}/why?event={entry['n']}", headers=headers)
            out.append((entry, res.status_code, res.json()))
    return out


Played = tuple[TestClient, str, dict[str, str]]


def test_a_hero_seat_never_reads_a_card_of_the_overlords_hand_or_deck(played: Played) -> None:
    client, gid, headers = played
    answers = _answers(client, gid, headers)
    # a card he holds now may have been played before (and come back with a reshuffle): what the
    # hero seat's log has shown is known to it; any other card of his hand or deck must stay unknown
    seen = json.dumps(client.get(f"/api/games/{gid}/state", headers=headers).json()["log"]).lower()
    secrets = [s.lower() for s in _secrets(client, gid)]
    unseen = [s for s in secrets if s not in seen]
    assert secrets and unseen, "the overlord should hold unseen cards (the test would prove nothing)"
    for entry, status, body in answers:
        text = json.dumps(body).lower()
        leaked = [s for s in unseen if s in text]
        assert not leaked, (entry["text"], leaked)
        assert status in (200, 403, 409), body
    explained = [body for _e, status, body in answers if status == 200]
    kinds = {body["kind"] for body in explained}
    assert {"monster_activation", "overlord_turn"} <= kinds
    assert all(body["filtered"] for body in explained)
    # named by level, as a player reads it: never the class name of the player
    assert {body["player"] for body in explained} == {"The normal overlord"}
    assert all(body["who"] == body["player"] and body["reason"] for body in explained)
    assert not any(re.search(r"OverlordAI|SearchPlayer|overlord AI", json.dumps(body)) for body in explained)
    valued = [body for body in explained if body["kind"] == "monster_activation"]
    assert any(o["value"] is not None for body in valued for o in body["options"])
    for body in explained:
        if body["kind"] in ("overlord_cards", "trap_window", "event_window"):
            # the card he played, and not one option more: not the rest of his hand
            assert [o["choice"] for o in body["options"]] == [body["chosen"]] and body["ties"] == []


def test_the_card_he_played_is_named_once_revealed(played: Played) -> None:
    client, gid, headers = played
    plays = [(entry, body) for entry, status, body in _answers(client, gid, headers)
             if entry["kind"] == "card_played" and status == 200]
    assert plays, "the overlord played no card in this game: pick another seed"
    for entry, body in plays:
        assert body["chosen"] != HIDDEN and body["options"][0]["label"], entry


def test_a_persons_own_decisions_and_wrong_askers_are_refused(played: Played) -> None:
    client, gid, headers = played
    log = client.get(f"/api/games/{gid}/state", headers=headers).json()["log"]
    hero_move = next(e for e in log if e["kind"] == "figure_moved" and e["turn"] not in ("overlord", None))
    res = client.get(f"/api/games/{gid}/why?event={hero_move['n']}", headers=headers)
    assert res.status_code == 409 and "person's decision" in res.json()["error"]
    assert client.get(f"/api/games/{gid}/why?event=0", headers={"X-Seat-Token": "wrong"}).status_code == 403
    assert client.get(f"/api/games/{gid}/why?event=99999", headers=headers).status_code == 404
    assert client.get(f"/api/games/{gid}/why?event=-1", headers=headers).status_code == 400


def test_scrub_drops_options_naming_a_secret_and_withholds_the_winner() -> None:
    out = {"kind": "overlord_cards", "winner": "event:cruel-aim", "chosen": "event:cruel-aim",
           "options": [{"choice": "event:cruel-aim", "label": "Play Cruel Aim"},
                       {"choice": "continue", "label": "Activate monsters"}], "ties": ["continue"]}
    clean = scrub(out, {"cruel-aim", "Cruel Aim"})
    assert "cruel" not in json.dumps(clean).lower()
    assert clean["winner"] == HIDDEN and [o["choice"] for o in clean["options"]] == ["continue"]
