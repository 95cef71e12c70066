"""Frost: an attack dealing at least 1 damage (before armor) to a hero leaves a frost token.

Rulebook: Special Abilities, Frost. Monsters are not affected: that is data (every monster's
``immunities`` lists Frost), so this unit only asks about immunity. While frosted, a hero
risks his weapon after each attack with it, his shield each time he exhausts it, and his armor
when an attack deals 5 or more damage before armor; each turn a power die per token, surges
discard (``delve.rules.conditions``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.rules.conditions import place_condition

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState
    from delve.rules.attack_context import AttackContext


@register_ability
class Frost(AbilityUnit):
    """One frost token per damaging attack."""

    name = "Frost"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Called only when the attack dealt at least 1 damage before armor, after its wounds."""
        place_condition(game, target, "frost", 1, ref="Frost")
