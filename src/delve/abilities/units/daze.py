"""Daze: an attack dealing at least 1 damage (before armor) leaves one daze token.

Rulebook: Special Abilities, Daze. While dazed, every attack the figure makes loses one yellow,
green or black die per token, chosen by its owner; each turn a power die per token, surges
discard. Both effects belong to the tokens (``delve.rules.conditions``). Unstoppable: immune."""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.rules.conditions import place_condition

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState
    from delve.rules.attack_context import AttackContext


@register_ability
class Daze(AbilityUnit):
    """One daze token per damaging attack."""

    name = "Daze"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Called only when the attack dealt at least 1 damage before armor, after its wounds."""
        place_condition(game, target, "daze", 1, ref="Daze")
