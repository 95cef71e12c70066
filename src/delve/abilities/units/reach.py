"""Reach: a melee attack may target adjacent spaces and spaces at range 2.

Rulebook: Special Abilities, Reach; Melee Attacks. The attacker still needs line of sight to
the target space, and, as for any melee attack, rolled range does not matter: only an X face
misses. ``delve.rules.attack.can_target`` offers the range-2 spaces (``REACH_RANGE``) for a
weapon or figure with Reach, and the melee profile ignores range, so this unit needs no hook.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability


@register_ability
class Reach(AbilityUnit):
    """Computed by the attack's targeting rules; no hook."""

    name = "Reach"
