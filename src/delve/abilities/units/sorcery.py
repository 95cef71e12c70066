"""Sorcery: after the roll, +1 range or +1 damage per rank, split as the attacker likes.

Rulebook: Special Abilities, Sorcery. The ranks join the power enhancements as points the
attacker splits in Step 5 (``delve.rules.attack_math.enhancement_points``), so the attack's
spend choices ``spend:<to_range>:...`` cover every split. Against Ironskin the ranks do
nothing (Ironskin is immune to Sorcery). This unit needs no hook.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability


@register_ability
class Sorcery(AbilityUnit):
    """Computed in ``attack_math``; no hook."""

    name = "Sorcery"
