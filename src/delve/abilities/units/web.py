"""Web: an attack dealing at least 1 damage (before armor) leaves one web token.

Rulebook: Special Abilities, Web. At the start of each of the figure's turns it rolls a power
die per token, surges discard, and with any token left it may spend no movement points that
turn (a movement lock in ``delve.rules.conditions``). Unstoppable: immune."""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.rules.conditions import place_condition

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState
    from delve.rules.attack_context import AttackContext


@register_ability
class Web(AbilityUnit):
    """One web token per damaging attack."""

    name = "Web"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Called only when the attack dealt at least 1 damage before armor, after its wounds."""
        place_condition(game, target, "web", 1, ref="Web")
