"""Poison: a hero wounded by a poison attack gets one poison token per wound suffered.

Rulebook: Special Abilities, Poison. The tokens sit on the hero's sheet and soak up healing
first, one token per wound that would be healed; only then do wounds come back. Soaking is
done where all healing goes through (``delve.rules.wounds.heal``). The rulebook speaks only of
heroes, so monsters get no poison tokens (a ruling). Ironskin: immune (data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.rules.conditions import place_condition

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState
    from delve.rules.attack_context import AttackContext


@register_ability
class Poison(AbilityUnit):
    """As many poison tokens as wounds the hero suffered from the attack (after armor)."""

    name = "Poison"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Called after the attack's wounds; a hero who died of them has none left to poison."""
        if target.kind == "hero":
            place_condition(game, target, "poison", wounds, ref="Poison")
