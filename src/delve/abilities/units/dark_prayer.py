"""Dark Prayer: each surge of the monster's attack is 1 threat, +1 range and +1 damage.

Rulebook: Special Abilities, Dark Prayer; Attacker is the overlord. Pure arithmetic, done in
``delve.rules.attack_math.resolve`` from ``AttackProfile.dark_prayer`` (set when a monster's
attack carries the ability): the surges left after Fear and any surge abilities each give one
threat instead of one per two, and add range (which counts toward hitting) and damage. This
unit registers the name so the ability is documented and found with the others; it needs no hook.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability


@register_ability
class DarkPrayer(AbilityUnit):
    """Computed in ``attack_math``; no hook."""

    name = "Dark Prayer"
