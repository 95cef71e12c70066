"""A small quest drawn from nothing, as the editor would send it: two rooms, a door, a goblin, a
chest and a goal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from delve.workbench.model import Draft


def two_rooms() -> dict[str, Any]:
    """The draft JSON of an 8 x 4 map: room ``a`` (heroes) left, room ``b`` right, a door between."""
    spaces = [{"x": x, "y": y, "terrain": "floor", "area": "a" if x < 4 else "b"} for y in range(4) for x in range(8)]
    walls = [[[3, 0], [4, 0]], [[3, 3], [4, 3]]]
    return {
        "format": 1, "ruleset": "1e", "pack": "starter",
        "map": {"name": "Two Rooms", "width": 8, "height": 4, "spaces": spaces, "walls": walls, "boundaries": [],
                "doors": [{"id": None, "kind": "normal", "colour": None, "open": False,
                           "edges": [[[3, 1], [4, 1]], [[3, 2], [4, 2]]]}]},
        "areas": [{"id": "a", "name": "Guard Room", "revealed": None, "read_aloud": "A bare room.",
                   "overlord_notes": ""},
                  {"id": "b", "name": "Store", "revealed": None, "read_aloud": "Crates and a goblin.",
                   "overlord_notes": ""}],
        "markers": [{"id": None, "kind": "chest", "x": 7, "y": 3, "colour": "copper", "active": None, "data": {}}],
        "monsters": [{"monster": "goblin", "master": False, "x": 6, "y": 1, "w": 1, "h": 1}],
        "hero_starts": [{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 0, "y": 1}, {"x": 1, "y": 1}],
        "quest": {"id": "two-rooms", "name": "Two Rooms", "starting_conquest": 5,
                  "chests": {"1": {"colour": "copper", "conquest": 1}},
                  "goals": {"heroes": {"text": "Reach the store.", "win_when": [{"reach_area": "b"}]},
                            "overlord": {"text": "Drain them.", "win_when": [{"heroes_out_of_conquest": True}]}},
                  "flavour": "A small test quest."},
    }


@pytest.fixture
def small_draft() -> Draft:
    return Draft.model_validate(two_rooms())


@pytest.fixture
def rooms() -> Callable[[], dict[str, Any]]:
    """The draft JSON maker (tests run with ``--import-mode=importlib``: they cannot import this file)."""
    return two_rooms
