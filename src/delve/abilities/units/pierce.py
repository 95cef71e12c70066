"""Pierce: the attack ignores one point of armor per rank; shields are not affected.

Rulebook: Special Abilities, Pierce; Step 6: Inflict Wounds. Ranks from every source add up
(the figure's or weapon's ability, an off-hand bonus, and each purchase of a surge ability with
Pierce), see ``AttackContext.profile`` and ``delve.rules.attack_math.resolve``; armor never
drops below 0, and a shield then absorbs its wounds in full. Ironskin is immune (its
``immunities`` list holds Pierce). This unit needs no hook.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability


@register_ability
class Pierce(AbilityUnit):
    """Computed in ``attack_math``; no hook."""

    name = "Pierce"
