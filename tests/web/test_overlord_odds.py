"""A person playing the overlord sees exact odds for the activated monster's attacks, as heroes do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from delve.ai import overlord_common as oc
from delve.ai.hero_ai import HeroAI
from delve.board.geometry import footprint_distance
from delve.web.hub import Hub, LiveGame
from delve.web.messages import message
from delve.web.store import Store


def _to_a_monster_attack(hub: Hub, live: LiveGame, seed: int) -> dict[str, Any] | None:
    """Play the overlord seat (activate, walk at random, end) until a monster may attack."""
    person = live.people[0]
    rng = np.random.default_rng(seed)
    for _ in range(600):
        msg = message(live, person)
        pending = msg["pending"]
        if not pending or not pending["yours"]:
            return None
        ids = [c["id"] for c in pending["choices"]]
        if pending["kind"] == "monster_activation" and any(c.startswith("attack:") for c in ids):
            return msg
        moves = [c for c in ids if c.startswith("move:")]
        choice = None
        if pending["kind"] == "overlord_turn":
            choice = next((c for c in ids if c.startswith("activate:")), None)
        if choice is None and moves and rng.random() < 0.8:
            choice = moves[int(rng.integers(len(moves)))]
        if choice is None:
            choice = next((c for c in ids if c in ("end_activation", "end_turn", "pass", "done", "keep")), ids[0])
        hub.choose(live.id, person.token, choice, pending["serial"])
    return None


@pytest.mark.parametrize("seed", [1, 5])
def test_monster_attack_choices_carry_the_calculators_odds(tmp_path: Path, seed: int) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'odds.sqlite3'}"))
    live = hub.create(mode="overlord", seed=seed, quick=True)
    msg = _to_a_monster_attack(hub, live, seed)
    assert msg is not None, "no monster attack came up"
    game = live.game
    monster = game.figure(next(s.data["figure"] for s in reversed(game.state.stack) if s.kind == "monster_activation"))
    attacks = [c for c in msg["pending"]["choices"] if c["id"].startswith("attack:")]
    for choice in attacks:
        odds = msg["pending"]["help"][choice["id"]]["odds"]
        target = (choice["data"]["x"], choice["data"]["y"])
        victim = next(f for f in game.state.figures.values()
                      if f.alive and not f.in_town and target in f.footprint.cells())
        assert odds["attacker"] == monster.name and odds["target"] == victim.name
        assert 0 <= odds["kill"] <= odds["hit"] <= 1 and abs(sum(odds["wounds"]) - 1) < 1e-3
        # the same attack as the overlord AI values it (its objective is expected wounds)
        reference = oc.odds(game, monster, victim, footprint_distance(monster.footprint, target))
        assert odds["hit"] == pytest.approx(reference.hit, abs=1e-3)
        assert odds["expected"] == pytest.approx(reference.expected_wounds, abs=2e-3)


def test_hero_seats_get_no_odds_of_the_overlords_attacks(tmp_path: Path) -> None:
    """The help is only for the seat that decides: a hero player waiting on the overlord sees none."""
    hub = Hub(Store(f"sqlite:///{tmp_path / 'odds.sqlite3'}"))
    live = hub.create(mode="network", overlord="human", seed=1, quick=True)
    overlord = next(p for p in live.people if "overlord" in p.seats)
    heroes = [p for p in live.people if p is not overlord]
    rng = np.random.default_rng(1)
    hero_ai = HeroAI(1)
    for _ in range(600):
        pending = live.game.pending
        if pending is None:
            break
        if pending.seat == "overlord":
            if pending.kind == "monster_activation" and any(c.id.startswith("attack:") for c in pending.choices):
                assert message(live, overlord)["pending"]["help"]
                for person in heroes:
                    assert "help" not in message(live, person)["pending"]
                return
            ids = [c.id for c in pending.choices]
            moves = [c for c in ids if c.startswith("move:")]
            choice = next((c for c in ids if c.startswith("activate:")), None)
            if choice is None and moves and rng.random() < 0.8:
                choice = moves[int(rng.integers(len(moves)))]
            choice = choice or next((c for c in ids if c in ("end_activation", "end_turn", "pass")), ids[0])
            hub.choose(live.id, overlord.token, choice, pending.serial)
        else:  # the hero players play like the hero AI
            owner = next(p for p in live.people if pending.seat in p.seats)
            hub.choose(live.id, owner.token, hero_ai.choose(pending, live.game), pending.serial)
    pytest.fail("no monster attack came up")
