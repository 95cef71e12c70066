"""Burn: an attack dealing at least 1 damage (before armor) sets the target on fire.

Rulebook: Special Abilities, Burn. The token is placed after the attack's wounds. At the start
of each of the figure's turns it rolls a power die per token, each surge puts one out, and each
token left costs one wound, armor ignored (``delve.rules.conditions``). Ironskin: immune."""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.rules.conditions import place_condition

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState
    from delve.rules.attack_context import AttackContext


@register_ability
class Burn(AbilityUnit):
    """One burn token per damaging attack."""

    name = "Burn"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Called only when the attack dealt at least 1 damage before armor, after its wounds."""
        place_condition(game, target, "burn", 1, ref="Burn")
