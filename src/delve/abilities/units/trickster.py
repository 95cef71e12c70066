"""Trickster: each Trickster monster in play makes the overlord's trap cards 1 threat cheaper.

Rulebook: Special Abilities, Trickster. Only the overlord's own monsters on the board count (a
monster a hero animated is not his). The cost never goes below 0 (a reading: the rulebook names
no floor). Overlord cards cannot be played yet, so ``trap_cost`` waits for the card rules.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, has, register_ability
from delve.engine.game import Game
from delve.rules.movement import on_board


@register_ability
class Trickster(AbilityUnit):
    """No attack hooks: the card rules ask ``trap_cost``."""

    name = "Trickster"


def trap_cost(game: Game, card_cost: int) -> int:
    """The threat a trap card costs now: ``card_cost`` less 1 per Trickster monster in play."""
    tricksters = sum(1 for figure in game.state.monsters()
                     if figure.side == "overlord" and on_board(figure) and has(figure, "Trickster"))
    return max(0, card_cost - tricksters)
