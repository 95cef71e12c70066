"""Bleed: an attack dealing at least 1 damage (before armor) leaves one bleed token.

Rulebook: Special Abilities, Bleed. At the start of the bleeding figure's next turn it rolls
the white die per token, loses the hearts rolled as wounds (armor does not help) and discards
every bleed token; that part is in ``delve.rules.conditions`` because the tokens, not the
ability, carry it. Ironskin makes a figure immune (data: ``figure.immunities``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.rules.conditions import place_condition

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState
    from delve.rules.attack_context import AttackContext


@register_ability
class Bleed(AbilityUnit):
    """One bleed token per damaging attack, whatever the number of sources of Bleed."""

    name = "Bleed"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Called only when the attack dealt at least 1 damage before armor, after its wounds."""
        place_condition(game, target, "bleed", 1, ref="Bleed")
