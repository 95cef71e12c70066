"""Ruleset 2e, large monsters: where a walk that stopped early expands (descent-2e excerpt A,
Large Monsters; our reading in docs/rulings.md), and what the destinations rule leaves alone.

The moves themselves are scenarios: tests/scenarios/rules2e/b/large-monster-*.yaml.
"""

from __future__ import annotations

from typing import Any

import yaml

from delve.board.geometry import Footprint
from delve.engine.game import Game
from delve.rules.movement import destinations
from delve.rules2e.large_monsters import PLACE, expand
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

_MAP = """\
---
areas:
  hall: {name: Hall, revealed: true}
symbols:
  H: {area: hall}
---
+-+-+-+-+-+-+
|H . . . . .|
+           +
|. . . . . .|
+-+-+-+-+ +-+
        |.|
        + +
        |.|
        +-+
"""


def _game(ruleset: str = "2e", size: tuple[int, int] = (2, 2)) -> Game:
    scenario = Scenario.model_validate(yaml.safe_load(yaml.safe_dump({
        "name": "large monster unit test", "map": _MAP, "ruleset": ruleset,
        "figures": [{"id": "ada", "name": "Ada", "speed": 4, "wounds": 10, "at": [0, 0]},
                    {"id": "ogre", "side": "overlord", "name": "Ogre", "speed": 3, "wounds": 8, "at": [2, 0],
                     "size": list(size)}],
    })))
    return Game(build_state(scenario, "<test>"), handlers_for(ruleset))


def _walk(stopped_at: int) -> dict[str, Any]:
    return {"figure": "ogre", "base": [2, 0, 2, 2], "start": [3, 1], "path": [[4, 2, 1, 1], [4, 3, 1, 1]],
            "index": stopped_at, "to": [4, 2, 2, 2]}


def test_a_walk_stopped_where_a_base_fits_lets_the_overlord_place_it_there() -> None:
    game = _game()
    ogre = game.figure("ogre")
    ogre.footprint = Footprint.single((3, 1))  # stopped on its first step
    walk = {**_walk(0), "path": [[3, 1, 1, 1]], "index": 1, "start": [2, 1], "to": [3, 0, 2, 2]}
    expand(game, ogre, walk)
    assert ogre.footprint == Footprint(x=3, y=0, w=2, h=2)  # the chosen base still fits: placed


def test_a_walk_stopped_where_no_base_fits_goes_back_to_the_last_space_where_one_does() -> None:
    game = _game()
    ogre = game.figure("ogre")
    ogre.footprint = Footprint.single((4, 3))  # deep in the one-space corridor
    expand(game, ogre, _walk(2))
    game.advance()
    decision = game.pending
    assert decision is not None and decision.kind == PLACE and decision.seat == "overlord"
    assert [c.id for c in decision.choices] == ["place:2,0,2,2", "place:3,0,2,2"]
    game.apply("place:3,0,2,2", "overlord")
    assert ogre.footprint == Footprint(x=3, y=0, w=2, h=2)


def test_a_single_fitting_base_is_placed_without_a_question() -> None:
    game = _game(size=(2, 1))
    ogre = game.figure("ogre")
    ogre.footprint = Footprint.single((4, 3))
    walk = {**_walk(2), "base": [2, 0, 2, 1], "to": [4, 1, 1, 2]}  # (4, 3) is not in that base
    expand(game, ogre, walk)
    assert ogre.footprint == Footprint(x=4, y=2, w=1, h=2)


def test_destinations_cost_at_least_one_point_and_keep_1e_games_as_they_were() -> None:
    game = _game()
    ogre = game.figure("ogre")
    found = destinations(game, ogre, 3)
    assert ogre.footprint not in found and all(r.cost >= 1 for r in found.values())
    assert Footprint(x=4, y=2, w=1, h=1) not in found  # a one-space spot is never a 2x2 base
    assert all(fp.size == 4 for fp in found)
    classic = _game("1e")
    assert all(r.path[-1] == fp for fp, r in destinations(classic, classic.figure("ogre"), 3).items())
