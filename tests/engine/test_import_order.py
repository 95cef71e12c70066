"""The rules register themselves in one order, whatever a program imports first.

Why: hook and choice-provider lists keep registration order, which is the order of the choices a
seat is offered (so of an AI's tie-breaks) and of the hooks run. Before ``import delve`` loaded
every rules module itself, a process that imported ``delve.rules.skill_effects`` first offered a
hero's items before the terrain jump, and the same seeded game ended with another state hash than
in a fresh process (issue 16, point 1: nothing may depend on process history).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Modules a program, a test or a tool may import first: rules of both editions, an ability unit,
# the AIs, the table's presentation layer, and nothing but the package.
ENTRY_MODULES = ("delve", "delve.rules.skill_effects", "delve.rules.items", "delve.abilities.units.jump",
                 "delve.rules2e.knocked_out", "delve.ai.hero_ai", "delve.web.present")

_FINGERPRINT = """
import importlib, json, sys, types
importlib.import_module(sys.argv[1])

def name(x):
    if isinstance(x, tuple):
        return [name(part) for part in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    if callable(x) and hasattr(x, "__qualname__"):
        return f"{getattr(x, '__module__', '?')}.{x.__qualname__}"
    return f"{type(x).__module__}.{type(x).__qualname__}"

registries = {}
for module_name in sorted(m for m in sys.modules if m.startswith("delve")):
    for attr, value in sorted(vars(sys.modules[module_name]).items()):
        if isinstance(value, list) and value:
            registries[f"{module_name}.{attr}"] = [name(item) for item in value]
        elif isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
            registries[f"{module_name}.{attr}"] = [[k, name(v)] for k, v in value.items()]
print(json.dumps(registries))
"""


def _registries_after_importing(module: str) -> dict[str, list[object]]:
    out = subprocess.run([sys.executable, "-c", _FINGERPRINT, module], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    registries: dict[str, list[object]] = json.loads(out.stdout.strip().splitlines()[-1])
    return registries


@pytest.fixture(scope="module")
def reference() -> dict[str, list[object]]:
    return _registries_after_importing("delve")


@pytest.mark.parametrize("module", ENTRY_MODULES[1:])
def test_every_registry_has_one_order_whatever_is_imported_first(module: str,
                                                                 reference: dict[str, list[object]]) -> None:
    found = _registries_after_importing(module)
    shared = sorted(set(found) & set(reference))
    assert "delve.rules.hero_turn.TURN_CHOICE_PROVIDERS" in shared
    assert "delve.engine.steps.STEP_HANDLERS" in shared
    different = [key for key in shared if found[key] != reference[key]]
    assert different == [], f"importing {module} first reorders {different}"


def test_importing_delve_registers_every_rule(reference: dict[str, list[object]]) -> None:
    """``import delve`` alone loads the rules of both editions (no lazy registration later)."""
    handlers = {kind for kind, _ in reference["delve.engine.steps.STEP_HANDLERS"]}  # type: ignore[misc]
    assert {"hero_turn", "attack"} <= handlers
    assert "2e" in {key for key, _ in reference["delve.engine.steps.RULESET_STEP_HANDLERS"]}  # type: ignore[misc]


_GAME = """
import importlib, sys
importlib.import_module(sys.argv[1])
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.sim.runner import make_player
game = new_game(GameSetup(ruleset="1e", pack="starter", quest="first-steps", seed=11, choices=True))
hero, overlord = make_player("hero", "ai", 12), make_player("overlord", "ai", 13)
while game.pending is not None and game.state.round < 40:
    decision = game.pending
    player = overlord if decision.seat in (OVERLORD, TABLE) else hero
    assert game.apply(player.choose(decision, game), decision.seat).accepted
print(game.state_hash())
"""


def test_a_seeded_game_ends_the_same_whatever_was_imported_first() -> None:
    """The case that found it: first-steps, seed 11, hero AI against the overlord AI."""
    ends = {module: subprocess.run([sys.executable, "-c", _GAME, module], cwd=ROOT, capture_output=True,
                                   text=True, check=True).stdout.strip()
            for module in ("delve", "delve.rules.skill_effects")}
    assert ends["delve"] == ends["delve.rules.skill_effects"], ends
