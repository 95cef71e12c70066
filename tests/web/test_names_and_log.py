"""Names, never ids, where a person reads; log events with round, turn and what the board can
play back; choices with structured targets; and none of it names a hidden thing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.web.hub import Hub, LiveGame, Person
from delve.web.messages import message
from delve.web.present.events import PROSE_KINDS
from delve.web.present.glossary import glossary
from delve.web.store import Store

# an id: words joined by hyphens or underscores, or a figure id (hero1, m6); "(4,2)" and "2/1S" are not
ID = re.compile(r"(?<![\w(/'])(?:[a-z0-9]+(?:[-_][a-z0-9]+)+|hero\d|m\d+)(?![\w)/'])")
ALLOWED = {"re-roll"}  # ordinary hyphenated words
ONE_POINTS = re.compile(r"\b1 movement points")  # reads "1 movement point"


def _ids_in(text: str) -> set[str]:
    return set(ID.findall(text)) - ALLOWED


def _play(hub: Hub, live: LiveGame, person: Person, choices: int, seed: int = 5) -> list[dict[str, Any]]:
    """Play ``choices`` decisions with automated players for every seat; return each message the person got."""
    bots: dict[str, Any] = {}
    seen = []
    for _ in range(choices):
        msg = message(live, person)
        seen.append(msg)
        decision = live.game.pending
        if decision is None:
            break
        owner = next(p for p in live.people if decision.seat in p.seats)
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", seed))
        hub.choose(live.id, owner.token, bot.choose(decision, live.game), decision.serial)
    seen.append(message(live, person))
    return seen


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    return Hub(Store(f"sqlite:///{tmp_path / 'names.sqlite3'}"))


@pytest.mark.parametrize(("ruleset", "quest"), [("1e", None), ("1e", "bridge-of-teeth"), ("2e", None)])
def test_texts_use_names_and_events_carry_round_turn_and_show(hub: Hub, ruleset: str, quest: str | None) -> None:
    live = hub.create(mode="hotseat", ruleset=ruleset, quest=quest, seed=3)
    person = live.people[0]
    messages = _play(hub, live, person, 700)
    for msg in messages:
        pending = msg["pending"]
        if pending is not None and pending.get("choices"):
            assert not _ids_in(pending["prompt"]), pending["prompt"]
            assert "(s)" not in pending["prompt"] and not ONE_POINTS.search(pending["prompt"]), pending["prompt"]
            for choice in pending["choices"]:
                assert not _ids_in(choice["label"]), choice
                assert "(s)" not in choice["label"], choice  # counted words read in their number
                target = choice.get("target", {})
                if "x" in choice["data"]:
                    assert target["space"] == [choice["data"]["x"], choice["data"]["y"]]
                if choice["id"].startswith("attack:") and "x" in choice["data"]:
                    assert target["figure"] in {f["id"] for f in msg["figures"]}
                if "door" in choice["data"]:
                    assert target["door"] == choice["data"]["door"]
        assert all(names for names in msg["names"].values())
    log = messages[-1]["log"]
    assert [e["n"] for e in log] == list(range(len(log)))
    gained = {(e["data"]["hero"], e["data"]["skill"]) for e in log if e["kind"] == "skill_gained"}
    for hero, skills in messages[-1]["hero_skills"].items():
        assert {(hero, s) for s in skills} <= gained  # each held skill was announced
    turn = None
    for event in log:
        if event["kind"] not in PROSE_KINDS:
            assert not _ids_in(event["text"]), event
            assert "(s)" not in event["text"], event
        assert isinstance(event["round"], int) and "turn_name" in event
        assert "glossary" not in event or event["glossary"] in glossary()
        if event["kind"] == "round_started":
            assert event["round"] == event["data"]["round"]
        if event["kind"] == "hero_turn_started":
            turn = event["data"]["hero"]
        elif event["kind"] == "overlord_turn_started":
            turn = "overlord"
        if event["kind"] in ("figure_moved", "wounds_suffered", "attack_declared") and turn is not None:
            assert event["turn"] == turn, event
        if event["kind"] in ("hero_turn_ended", "overlord_turn_ended"):
            assert event["turn"] == turn
            turn = None
    assert any("glossary" in e for e in log)
    shows = {e["show"]["type"]: e["show"] for e in log if "show" in e}
    assert {"move", "dice", "wounds", "turn", "round"} <= set(shows)
    assert set(shows["move"]) == {"type", "figure", "from", "to"} and shows["move"]["from"] is not None
    assert shows["dice"]["faces"]
    if live.game.state.winner is not None:
        assert shows["end"]["winner"] == live.game.state.winner


def test_names_come_from_what_the_seat_may_see(hub: Hub) -> None:
    """A hero person's names, labels and log texts never name an unrevealed area nor a card only in
    the overlord's hand or deck."""
    live = hub.create(mode="network", overlord="ai", seed=11)
    heroes = [p for p in live.people if OVERLORD not in p.seats]
    bots: dict[str, Any] = {}
    for _ in range(400):
        game = live.game
        hidden_areas = {a.name for a in game.board.areas if not a.revealed}
        played = {str(e.data.get("card")) for e in game.state.log if e.visible_to is None and "card" in e.data}
        public = played | set(game.state.overlord.discard)
        secret = {_card_name(live, c) for c in set(game.state.overlord.hand) | set(game.state.overlord.deck)
                  if c not in public}
        for person in heroes:
            msg = message(live, person)
            text = json.dumps({k: msg[k] for k in ("names", "log", "pending", "board", "quest_state", "summary",
                                                   "hero_skills")})
            for name in hidden_areas:
                assert name not in text, name
            for name in secret:
                assert f"{name}" not in text, name
        decision = game.pending
        if decision is None:
            break
        owner = next(p for p in live.people if decision.seat in p.seats)
        bot = bots.setdefault(decision.seat, make_bot("hero", 3))
        hub.choose(live.id, owner.token, bot.choose(decision, game), decision.serial)


def _card_name(live: LiveGame, card: str) -> str:
    from delve.api import open_pack

    return str(open_pack(live.game.state.pack).overlord[card].name)


def test_bare_hands_and_dazed_dice_read_as_words(hub: Hub) -> None:
    """An attack without a weapon reads "with bare hands", not the engine's weapon id "unarmed";
    a dazed attacker "loses a black die", not "loses black" (the engine lists die ids)."""
    from delve.engine.decision import Event
    from delve.web.present.events import text_of
    from delve.web.present.names import Namer

    live = hub.create(mode="hotseat", ruleset="2e", seed=3)
    game = live.game
    hero = next(iter(game.state.heroes()))
    namer = Namer(game, next(s for s in live.people[0].seats if s != OVERLORD))
    attack = Event(kind="attack_declared", text=f"{hero.name} attacks the space at (3,4) with unarmed.",
                   data={"attacker": hero.id, "x": 3, "y": 4, "weapon": "unarmed", "aimed": False})
    assert text_of(attack, namer).endswith("at (3,4) with bare hands.")
    dazed = Event(kind="daze_dice_lost", text=f"{hero.name} is dazed and loses black, 2e-yellow.",
                  data={"figure": hero.id, "dice": ["black", "2e-yellow"]})
    assert text_of(dazed, namer) == f"{hero.name} is dazed and loses a black die and a yellow die."
    none = Event(kind="daze_dice_lost", text=f"{hero.name} is dazed and loses no dice.",
                 data={"figure": hero.id, "dice": []})
    assert text_of(none, namer) == f"{hero.name} is dazed and loses no dice."


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_an_attack_roll_is_shown_once_unless_its_dice_changed(hub: Hub, ruleset: str) -> None:
    """The final ``attack_rolled`` repeats a roll of the attack (its own ``dice_rolled``; in 2e the
    defence dice are rolled before it) unless a re-roll or an extra power die changed the faces:
    then it is marked ``repeat`` and plays nothing back."""
    live = hub.create(mode="hotseat", seed=5, ruleset=ruleset)
    log = _play(hub, live, live.people[0], 700)[-1]["log"]
    repeats = kept = 0
    rolls: list[list[str]] = []
    for event in log:
        if event["kind"] == "attack_declared":
            rolls = []
        elif event["kind"] == "dice_rolled":
            rolls.append(event["data"]["faces"])
        elif event["kind"] == "attack_rolled":
            same = event["data"]["faces"] in rolls
            assert event.get("repeat", False) == same and ("show" in event) != same, event
            repeats, kept = repeats + same, kept + (not same)
        else:
            assert "repeat" not in event
    assert repeats > 0 and kept > 0, (repeats, kept)  # both kinds met: plain rolls, and fatigue dice
