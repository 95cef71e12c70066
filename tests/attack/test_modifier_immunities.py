"""Immunities granted by Ironskin and Unstoppable are data (src/delve/data/abilities.yaml).

Scenarios prove single effects in play (tests/scenarios/abilities-modifiers/unstoppable.yaml,
ironskin-*.yaml); this checks the whole lists, which a scenario cannot read.
Rulebook: Ironskin; Unstoppable.
"""

from __future__ import annotations

import pytest

from delve.abilities.base import ABILITY_UNITS
from delve.board.geometry import Footprint
from delve.engine.state import AbilityRef, FigureState
from delve.rules.setup import natural_immunities
from delve.rulesets import handlers_for


def _figure(ability: str, kind: str) -> FigureState:
    return FigureState(id="f", kind=kind, side="heroes" if kind == "hero" else "overlord", name="F",
                       footprint=Footprint(x=0, y=0), speed=4, max_wounds=5, wounds=5,
                       abilities=[AbilityRef(name=ability)])


@pytest.mark.parametrize("kind", ["hero", "monster"])
def test_unstoppable_immunities(kind: str) -> None:
    assert {"Daze", "Grapple", "Knockback", "Stun", "Web"} <= set(natural_immunities(_figure("Unstoppable", kind)))


@pytest.mark.parametrize("kind", ["hero", "monster"])
def test_ironskin_immunities(kind: str) -> None:
    immune = set(natural_immunities(_figure("Ironskin", kind)))
    assert {"Aura", "Bleed", "Burn", "Pierce", "Poison", "Sorcery"} <= immune


def test_a_hero_without_these_abilities_is_immune_to_nothing() -> None:
    assert natural_immunities(_figure("Fly", "hero")) == []


def test_every_modifier_ability_has_a_unit() -> None:
    handlers_for("1e")  # imports every unit
    for name in ("Bash", "Berserk", "Command", "Dark Prayer", "Fear", "Ironskin", "Morph", "Pierce", "Sorcery",
                 "Swarm", "Unstoppable"):
        assert name in ABILITY_UNITS, name
