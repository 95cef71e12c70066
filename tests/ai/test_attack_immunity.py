"""Automated players and attacks that cannot affect their target (Special Abilities, Shadowcloak).

A sim game of bridge-of-teeth (seed 7002, game 35, AI heroes against the random overlord) ran to
the 80-round cap: a crossbow hero shot a Shadowcloak shade from afar twice a turn for 50 rounds,
every shot shrugged off. Players now ask the rules (``immune_from``) before valuing an attack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from delve.ai.hero_ai import HeroAI
from delve.ai.hero_common import value_attack
from delve.ai.overlord_ai import OverlordAI
from delve.api import player_rules
from delve.board.geometry import Footprint
from delve.engine.game import Game

MAP = """\
---
areas:
  room: {name: Room, revealed: true}
symbols:
  R: {area: room}
---
+-+-+-+-+-+-+
|R . . . . .|
+           +
|. . . . . .|
+-+-+-+-+-+-+
"""
SELA = {"id": "sela", "name": "Sela", "speed": 4, "wounds": 10, "fatigue": 0,
        "traits": {"melee": 0, "ranged": 0, "magic": 0}, "items": ["yew-shortbow"], "at": [0, 0]}


GameOf = Callable[[list[dict[str, Any]]], Game]


@pytest.fixture
def game_of(scenario_game: Callable[..., Game]) -> GameOf:
    """Factory: a 1e game in the 6x2 room with these figures."""
    return lambda figures: scenario_game({"name": "immunity", "map": MAP, "figures": figures})


def test_rules_say_shadowcloak_shrugs_off_distant_attacks_only(game_of: GameOf) -> None:
    game = game_of([SELA, {"id": "shade", "name": "Shade", "side": "overlord", "speed": 4, "wounds": 8,
                           "abilities": ["Shadowcloak"], "at": [4, 0]}])
    shade = game.figure("shade")
    immune_from = player_rules().immune_from
    assert immune_from(game, Footprint.single((0, 0)), shade)
    assert not immune_from(game, Footprint.single((3, 0)), shade)
    assert not immune_from(game, Footprint.single((3, 1)), shade)  # diagonal neighbour
    plain = game.figure("sela")
    assert not immune_from(game, Footprint.single((5, 1)), plain)


def test_hero_ai_values_a_distant_shot_at_a_shadowcloak_figure_at_nothing(game_of: GameOf) -> None:
    game = game_of([SELA, {"id": "shade", "name": "Shade", "side": "overlord", "speed": 4, "wounds": 8,
                           "abilities": ["Shadowcloak"], "at": [4, 0]}])
    sela, shade = game.figure("sela"), game.figure("shade")
    far = value_attack(game, sela, "yew-shortbow", (4, 0), shade)
    assert far.expected == 0 and far.kill == 0
    near = value_attack(game, replace(sela, footprint=Footprint.single((3, 0))), "yew-shortbow", (4, 0),
                        shade)
    assert near.expected > 0


def test_hero_ai_walks_up_instead_of_shooting_from_afar(game_of: GameOf) -> None:
    game = game_of([SELA, {"id": "shade", "name": "Shade", "side": "overlord", "speed": 4, "wounds": 8,
                           "abilities": ["Shadowcloak"], "at": [4, 0]}])
    ai = HeroAI(seed=1, strict=True)
    attacks_from: list[int] = []
    moved = False
    while game.pending is not None and game.pending.seat != "overlord" and len(attacks_from) < 10:
        choice = ai.choose(game.pending, game)
        sela = game.figure("sela")
        if choice.startswith("attack:"):
            attacks_from.append(max(abs(sela.footprint.x - 4), abs(sela.footprint.y)))
        assert game.apply(choice, game.pending.seat).accepted
        moved = moved or game.figure("sela").footprint != Footprint.single((0, 0))
    assert moved
    assert all(gap <= 1 for gap in attacks_from), attacks_from


def test_overlord_ai_values_an_attack_on_a_shadowcloak_hero_from_afar_at_nothing(game_of: GameOf) -> None:
    hero = dict(SELA, abilities=["Shadowcloak"])
    game = game_of([hero, {"id": "archer", "name": "Archer", "side": "overlord", "speed": 4, "wounds": 5,
                           "attack_type": "ranged", "dice": ["blue", "red"], "at": [4, 0]}])
    archer, sela = game.figure("archer"), game.figure("sela")
    ai = OverlordAI(seed=1)
    assert ai.attack_value(game, archer, Footprint.single((4, 0)), sela) == 0
    assert ai.attack_value(game, archer, Footprint.single((1, 0)), sela) > 0
