"""A card that drains fatigue (docs/rulings.md, "A card that drains fatigue"): the hero loses the
fatigue he has left, and what he cannot lose he suffers as wounds, armor not counted. Before,
the starter-2e card Exhaustion was played by the overlord AI and did nothing
("effect not implemented")."""

from __future__ import annotations

import pytest
import yaml

from delve.api import open_pack
from delve.engine.game import Game
from delve.rules.overlord_cards import run_effects
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

_MAP = """\
---
areas:
  room: {name: Room, revealed: true}
symbols:
  R: {area: room}
---
+-+-+
|R .|
+-+-+
"""


def _game(fatigue: int) -> Game:
    scenario = Scenario.model_validate(yaml.safe_load(yaml.safe_dump({
        "name": "drain fatigue", "map": _MAP, "ruleset": "2e", "pack": "starter-2e",
        "figures": [{"id": "ada", "name": "Ada", "speed": 4, "wounds": 10, "fatigue": fatigue, "armor": 2,
                     "at": [0, 0]}],
    })))
    return Game(build_state(scenario, "<test>"), handlers_for("2e"))


@pytest.mark.parametrize(("fatigue", "left", "wounds"), [(4, 2, 10), (1, 0, 9), (0, 0, 8)])
def test_exhaustion_takes_fatigue_then_wounds(fatigue: int, left: int, wounds: int) -> None:
    game = _game(fatigue)
    card = open_pack("starter-2e").overlord["exhaustion"]
    run_effects(game, card, {"triggering_hero": "ada"})
    ada = game.state.figures["ada"]
    assert (ada.fatigue, ada.wounds) == (left, wounds)
    assert not [e for e in game.state.log if e.kind == "effect_not_implemented"]
