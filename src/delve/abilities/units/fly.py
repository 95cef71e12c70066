"""Fly: move through enemy figures and obstacles, but end on a legal empty space.

Rulebook: Special Abilities, Fly. The movement layer reads the ability directly
(``delve.board.movement.reachable(..., fly=True)`` via ``delve.rules.movement.destinations``):
a flier passes enemies and movement-blocking terrain (water, rubble) for 1 point a step, may
not end on a figure or on blocking terrain, stays inside walls and closed doors, and suffers no
terrain effects, so it may end safely on damaging terrain. This unit only documents that.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability


@register_ability
class Fly(AbilityUnit):
    """No hooks: movement reads Fly as data."""

    name = "Fly"
