"""Morph: the overlord picks a combat die for each morph die and the attack's type.

Rulebook: Special Abilities, Morph; Morph Attacks. The choice is made by the attack step itself
(``delve.rules.attack``, phase ``morph``): a monster whose ``dice`` list holds ``morph`` entries
is asked, before declaring, for one colour per morph die and for a type that one of the chosen
dice allows (red: melee, blue: ranged, white: magic; melee only against an adjacent space).
The attack then follows the chosen type's rules. This unit needs no hook.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability


@register_ability
class Morph(AbilityUnit):
    """Handled by the attack step's morph phase; no hook."""

    name = "Morph"
