"""Familiar rules a scenario cannot reach: aim refused next to a harrying familiar (monsters
never aim in play yet), granting through a held skill, and JSON-safe familiar records.

Rulebook: Familiars & Companions; Skye.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from delve.engine.game import Game
from delve.rules.attack import monster_attack_context
from delve.rules.familiars import _harried_cannot_aim, records, sync_familiars

FamiliarGame = Callable[[list[dict[str, object]]], Game]


@pytest.fixture
def familiar_game(scenario_game: Callable[..., Game]) -> FamiliarGame:
    """Factory: Ada and a goblin in the hall (tests/conftest.py), with the given familiars."""
    def build(familiars: list[dict[str, object]]) -> Game:
        return scenario_game({
            "name": "familiar unit test",
            "figures": [
                {"id": "ada", "name": "Ada", "speed": 4, "wounds": 10, "at": [0, 0]},
                {"id": "gob", "side": "overlord", "name": "Goblin", "speed": 5, "wounds": 4, "dice": ["red"],
                 "at": [2, 0]},
            ],
            "familiars": familiars,
        })
    return build


def test_an_enemy_next_to_the_kestrel_cannot_aim(familiar_game: FamiliarGame) -> None:
    game = familiar_game([{"kind": "kestrel", "owner": "ada", "at": [3, 0]}])
    ctx = monster_attack_context(game, game.figure("gob"), (1, 0))
    ctx.aimed = True
    _harried_cannot_aim(game, ctx)
    assert ctx.aimed is False
    assert game.state.log[-1].kind == "aim_prevented"


def test_an_enemy_away_from_the_kestrel_may_aim(familiar_game: FamiliarGame) -> None:
    game = familiar_game([{"kind": "kestrel", "owner": "ada", "at": [0, 0]}])
    ctx = monster_attack_context(game, game.figure("gob"), (1, 0))
    ctx.aimed = True
    _harried_cannot_aim(game, ctx)
    assert ctx.aimed is True


def test_a_held_skill_grants_its_familiar_once_in_the_owners_space(familiar_game: FamiliarGame) -> None:
    game = familiar_game([])
    ada = game.figure("ada")
    game.state.flags["skills"] = {"ada": ["moth-call"]}
    sync_familiars(game, ada)
    sync_familiars(game, ada)
    assert [(r["kind"], r["owner"], r["x"], r["y"]) for r in records(game)] == [("lantern-moth", "ada", 0, 0)]
    json.dumps(game.state.flags["familiars"])  # plain JSON data

