"""For 200 random games, no message to a hero seat contains the overlord's hand or deck, chest
contents, the chance state or anything of an unrevealed area; errors to hero seats name nothing hidden."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from delve.ai.random_player import RandomPlayer
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.engine.views import PUBLIC_MARKER_DATA
from delve.web.hub import Hub, LiveGame, Person, TableError
from delve.web.messages import message
from delve.web.store import Store

GAMES = 200
PERSON_CHOICES = 25


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _hidden_spaces(game: Game) -> set[tuple[int, int]]:
    board = game.board
    return {p for p in board.spaces() if (a := board.area_of(p)) is not None and not board.area(a).revealed}


def _check(live: LiveGame, person: Person, public_cards: set[str]) -> None:
    game = live.game
    msg = message(live, person)
    text = json.dumps(msg)
    assert "chance" not in _keys(msg)
    assert "hand" not in msg["overlord"] and "deck" not in msg["overlord"]
    secret_cards = (set(game.state.overlord.hand) | set(game.state.overlord.deck)) - public_cards
    leaked = [c for c in secret_cards if f'"{c}"' in text or f":{c}" in text]
    assert not leaked, [text[max(0, text.find(c) - 300): text.find(c) + 100] for c in leaked]
    hidden = _hidden_spaces(game)
    assert not {(s["x"], s["y"]) for s in msg["board"]["spaces"]} & hidden
    for marker in msg["board"]["markers"]:
        assert tuple(marker["pos"]) not in hidden
        assert set(marker["data"]) <= PUBLIC_MARKER_DATA
    for figure in msg["figures"]:
        fp = figure["footprint"]
        cells = {(fp["x"] + dx, fp["y"] + dy) for dx in range(fp["w"]) for dy in range(fp["h"])}
        assert figure["in_town"] or not cells <= hidden
    for event in msg["log"]:
        assert "visible_to" not in event
    pending = msg["pending"]
    if pending is not None and pending["seat"] == OVERLORD:
        assert "choices" not in pending and "prompt" not in pending


def test_hero_seats_never_receive_hidden_information(tmp_path: Path) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'hidden.sqlite3'}"))
    rng = np.random.default_rng(2024)
    checked = 0
    for number in range(GAMES):
        overlord = ["solo", "ai", "random"][number % 3]
        live = hub.create(mode="network", overlord=overlord, seed=int(rng.integers(1 << 30)),
                          quick=bool(number % 2), physical_dice=number % 10 == 9)
        heroes = [p for p in live.people if OVERLORD not in p.seats]
        player = RandomPlayer(number, end_bias=0.2)
        public_cards: set[str] = set()
        for _ in range(PERSON_CHOICES):
            # cards shown to everybody (discarded, or played face up) are no secret, even if a copy is in hand
            public_cards |= set(live.game.state.overlord.discard)
            public_cards |= {str(e.data["card"]) for e in live.game.state.log
                             if e.visible_to is None and "card" in e.data}
            for person in heroes:
                _check(live, person, public_cards)
                checked += 1
            decision = live.game.pending
            if decision is None:
                break
            owner = next((p for p in live.people if decision.seat in p.seats), None)
            if owner is None:
                break
            # a hero seat answering someone else's decision learns nothing from the refusal
            for person in heroes:
                if decision.seat not in person.seats:
                    forged = decision.choices[0].id
                    try:
                        hub.choose(live.id, person.token, forged)
                        raise AssertionError("a seat decided another seat's prompt")
                    except TableError as exc:
                        assert str(exc) == "it is not your decision"
            hub.choose(live.id, owner.token, player.choose(decision), decision.serial)
        hub.games.pop(live.id)  # keep memory flat
    assert checked > GAMES * 2
