"""Trickster lowers the overlord's trap card cost (Rulebook: Special Abilities, Trickster).

Overlord cards cannot be played yet, so the cost rule is tested directly; a scenario will take
over once trap cards can be played.
"""

from __future__ import annotations

import yaml

from delve.abilities.units.trickster import trap_cost
from delve.engine.game import Game
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

SCENARIO = """
name: Tricksters in play
map: |
  ---
  areas:
    room: {name: Room, revealed: true}
  symbols:
    R: {area: room}
  ---
  +-+-+-+-+-+
  |R . . . .|
  +-+-+-+-+-+
figures:
  - {id: ada, name: Ada, speed: 4, wounds: 10, at: [0, 0]}
  - {id: t1, name: Imp, side: overlord, speed: 4, wounds: 3, abilities: ["Trickster"], at: [1, 0]}
  - {id: t2, name: Imp, side: overlord, speed: 4, wounds: 3, abilities: ["Trickster"], at: [2, 0]}
  - {id: gob, name: Goblin, side: overlord, speed: 5, wounds: 3, at: [3, 0]}
"""


def game() -> Game:
    scenario = Scenario.model_validate(yaml.safe_load(SCENARIO))
    return Game(build_state(scenario, "test"), handlers_for("1e"))


def test_each_trickster_in_play_lowers_the_cost_by_one() -> None:
    g = game()
    assert trap_cost(g, 5) == 3


def test_cost_never_goes_below_zero() -> None:
    assert trap_cost(game(), 1) == 0


def test_dead_tricksters_and_monsters_without_it_do_not_count() -> None:
    g = game()
    del g.state.figures["t1"]
    assert trap_cost(g, 5) == 4
    del g.state.figures["t2"]
    assert trap_cost(g, 5) == 5


def test_a_trickster_the_heroes_control_does_not_count() -> None:
    g = game()
    g.state.figures["t1"].side = "heroes"
    assert trap_cost(g, 5) == 4
