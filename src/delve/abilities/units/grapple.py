"""Grapple: enemies next to a living grappler may not spend movement points.

Rulebook: Special Abilities, Grapple. The lock holds while any living enemy figure with Grapple
touches the figure (corners included, walls ignored, as for adjacency in Map tiles & Markers);
it ends the moment the grappler dies or is no longer adjacent. The grappled figure may still
attack, and may still spend fatigue on movement points, but cannot use them for anything in
the Movement Actions table (walking, stairs, doors, chests, potions, giving...: every such
action asks ``movement_locked``). Immunity is data: ``"Grapple"`` in the figure's immunities (Unstoppable).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, has, register_ability
from delve.board.geometry import footprint_distance
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.movement import movement_lock, on_board


@register_ability
class Grapple(AbilityUnit):
    """Works through the movement lock (``grappled``), not through attacks."""

    name = "Grapple"


@movement_lock
def grappled(game: Game, figure: FigureState) -> str | None:
    """The reason ``figure`` may not spend movement points, if an enemy grappler holds it."""
    if "Grapple" in figure.immunities:
        return None
    for holder in game.state.figures.values():
        if holder.side == figure.side or not on_board(holder) or not has(holder, "Grapple"):
            continue
        if min(footprint_distance(figure.footprint, cell) for cell in holder.footprint.cells()) <= 1:
            return f"grappled by {holder.name}"
    return None
