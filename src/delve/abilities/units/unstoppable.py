"""Unstoppable: immune to Daze, Grapple, Knockback, Stun and Web.

Rulebook: Special Abilities, Unstoppable. Immunities are data: ``src/delve/data/abilities.yaml``
puts these names into the figure's ``immunities`` at setup, and each of those effects checks
the list before it applies (never this ability's name). This unit needs no hook.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability


@register_ability
class Unstoppable(AbilityUnit):
    """Immunities by data; no hook."""

    name = "Unstoppable"
