"""Ironskin: immune to Aura, Bleed, Burn, Pierce, Poison and Sorcery; Blast, Bolt and Breath
attacks deal it no damage.

Rulebook: Special Abilities, Ironskin. The immunities are data (``src/delve/data/abilities.yaml``
fills ``FigureState.immunities``; Pierce and Sorcery are then ignored by
``delve.rules.attack_math`` and the condition abilities check the list). This unit zeroes the
damage of an area attack: when the attack carries Blast, Bolt or Breath at declaration, the
Ironskin figure joins the attack's ``no_damage`` list. The attack still hits (it may matter to
other rules), but 0 damage means no wounds and no on-hit effects.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack import current_attack
from delve.rules.attack_context import AttackContext

AREA_ABILITIES = ("Blast", "Bolt", "Breath")


@register_ability
class Ironskin(AbilityUnit):
    """Area attacks deal an Ironskin figure 0 damage."""

    name = "Ironskin"

    def on_defend(self, game: Game, ctx: AttackContext, target: FigureState, rank: int) -> None:
        kinds = [name for name in AREA_ABILITIES if ctx.has(name)]
        if not kinds:
            return
        step = current_attack(game)
        no_damage = step.data.setdefault("no_damage", [])
        if target.id not in no_damage:
            no_damage.append(target.id)
            game.emit("ironskin", f"{target.name}'s Ironskin turns the {kinds[0]} attack's damage to 0.",
                      ref="Ironskin", figure=target.id, attack=kinds[0])
