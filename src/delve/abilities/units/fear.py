"""Fear: the attacker must pay one surge per rank of the target's Fear, or the attack misses.

Rulebook: Special Abilities, Fear. The payment is arithmetic (``delve.rules.attack_math``: too
few surges is an outright miss; the surges paid are wasted, give no threat and count for no
other ability). This unit only tells the attack how much Fear it faces: the highest rank among
the figures it affects (an attack is paid for once, so ranks of different targets do not add).
A Fear ability written without a rank counts as rank 1.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack_context import AttackContext


@register_ability
class Fear(AbilityUnit):
    """Raise the attack's Fear cost to this target's rank."""

    name = "Fear"

    def on_defend(self, game: Game, ctx: AttackContext, target: FigureState, rank: int) -> None:
        ctx.fear = max(ctx.fear, rank, 1)
