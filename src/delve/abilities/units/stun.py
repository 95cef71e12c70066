"""Stun: an attack dealing at least 1 damage (before armor) leaves one stun token.

Rulebook: Special Abilities, Stun; Master Monsters; Named Monsters. On the figure's next turn
one token goes and the turn is cut short: a hero gets one half action, a monster's activation
ends, a master may move or attack (``delve.rules.conditions``). Named monsters and
Unstoppable figures are immune (data: ``figure.immunities``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.rules.conditions import place_condition

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState
    from delve.rules.attack_context import AttackContext


@register_ability
class Stun(AbilityUnit):
    """One stun token per damaging attack."""

    name = "Stun"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Called only when the attack dealt at least 1 damage before armor, after its wounds."""
        place_condition(game, target, "stun", 1, ref="Stun")
