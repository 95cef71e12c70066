"""Bolt: the attack hits every figure under the Bolt template laid against the attacker.

Rulebook: Special Abilities, Bolt; Attack Re-rolls. Like Breath, the template goes against one
side of the attacker and every figure under it, friend or foe, is affected; rolled range never
matters (only an X misses) and only one dodge re-roll is allowed. A bolt needs no line of sight
(figures and obstacles do not stop it) but it cannot pass through a wall or a closed door: it
travels straight out and stops there (``delve.board.templates``). Declaring it works as for
Breath (``bolt:FACING:X,Y`` for a monster, ``bolt:WEAPON:FACING:X,Y`` for a hero), with the
machinery shared in ``delve.abilities.units.breath``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.abilities.units.breath import place_template, register_template_choices

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.rules.attack_context import AttackContext


@register_ability
class Bolt(AbilityUnit):
    """Lays the Bolt template when the attack is declared."""

    name = "Bolt"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        """Cover the template's spaces; rolled range no longer matters."""
        place_template(game, ctx, "bolt")


register_template_choices("Bolt")
