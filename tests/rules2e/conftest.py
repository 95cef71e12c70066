"""Fixtures of the 2e rule tests: a tiny revealed room and a factory of probe games in it.

Several 2e unit tests (attributes, golden rules, knocked out) check a rule on a hero or two in
one small room; the room and the scenario -> ``Game`` step live here once (test files cannot
import each other under ``--import-mode=importlib``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml

from delve.engine.game import Game

# One revealed room, one row of three spaces.
ROOM_MAP = """---
areas:
  room: {name: Room, revealed: true}
symbols:
  R: {area: room}
---
+-+-+-+
|R . .|
+-+-+-+
"""

RoomGame = Callable[..., Game]


@pytest.fixture
def room_game(scenario_game: Callable[..., Game]) -> RoomGame:
    """Factory: ``room_game(scenario_yaml, ruleset="2e", **keys)`` -> a ``Game`` of the scenario
    named "probe" in the room; ``scenario_yaml`` gives its figures, flags, start and so on, and
    ``keys`` any further scenario keys (``dice``, ...)."""
    def build(scenario_yaml: str, ruleset: str = "2e", **keys: Any) -> Game:
        data = {"name": "probe", "ruleset": ruleset, "map": ROOM_MAP, **yaml.safe_load(scenario_yaml), **keys}
        return scenario_game(data, "probe")
    return build
