"""Fixtures every test directory may use: small scenario games built from a dict.

Why a fixture and not a helper module: pytest runs with ``--import-mode=importlib``, so test
files cannot import each other; a conftest fixture that returns a factory is how they share one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml

from delve.engine.game import Game
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

# A revealed hall one row of four spaces long: room for a hero, a familiar and an enemy in a line.
HALL_MAP = """\
---
areas:
  hall: {name: Hall, revealed: true}
symbols:
  H: {area: hall}
---
+-+-+-+-+
|H . . .|
+-+-+-+-+
"""

ScenarioGame = Callable[..., Game]


def build_scenario_game(data: dict[str, Any], source: str = "<test>") -> Game:
    """A game at the scenario's start, under the scenario's ruleset (``docs/scenarios.md`` keys;
    the hall map when ``data`` names none)."""
    scenario = Scenario.model_validate(yaml.safe_load(yaml.safe_dump({"map": HALL_MAP, **data})))
    return Game(build_state(scenario, source), handlers_for(scenario.ruleset))


@pytest.fixture
def scenario_game() -> ScenarioGame:
    """Factory: ``scenario_game({"name": ..., "figures": [...], ...})`` -> a ``Game``."""
    return build_scenario_game
