"""Aura: an enemy stepping next to the figure takes 1 wound that armor cannot reduce.

Rulebook: Special Abilities, Aura. The wound comes from the mover's own step: every space an
enemy figure enters while moving that touches the Aura figure costs it 1 wound (also when it
was already adjacent and steps to another adjacent space); the Aura figure moving up to
enemies does nothing. Adjacent means touching, corners included (Map tiles & Markers), with
walls ignored. Several Aura figures each wound. Immunity is data: ``"Aura"`` in the mover's
immunities (Ironskin).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, has, register_ability
from delve.board.geometry import Footprint, footprint_distance
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.movement import on_board, on_enter_space
from delve.rules.wounds import suffer_wounds, zone_wounds

AURA_WOUNDS = 1


def touches(a: Footprint, b: Footprint) -> bool:
    """True when two footprints are adjacent (some cells touch, corners included)."""
    return min(footprint_distance(a, cell) for cell in b.cells()) <= 1


@register_ability
class Aura(AbilityUnit):
    """Works through movement (``aura_on_enter``), not through attacks."""

    name = "Aura"


@on_enter_space
def aura_on_enter(game: Game, mover: FigureState, entered: Footprint) -> None:
    """Wound ``mover`` once per enemy Aura figure next to the space it just entered."""
    for holder in list(game.state.figures.values()):
        if not mover.alive or not on_board(mover):
            return
        if holder.side == mover.side or not on_board(holder) or not has(holder, "Aura"):
            continue
        if not touches(entered, holder.footprint):
            continue
        if "Aura" in mover.immunities:
            game.emit("immune", f"{mover.name} is immune to {holder.name}'s Aura.", ref="Aura",
                      figure=mover.id, ability="Aura", source=holder.id)
            continue
        wounds = zone_wounds(game, mover, holder, AURA_WOUNDS, "Aura")  # prevention (Evade) first
        if wounds <= 0:
            continue
        game.emit("aura", f"{mover.name} moves next to {holder.name} and is hurt by its Aura.", ref="Aura",
                  figure=mover.id, source=holder.id)
        suffer_wounds(game, mover, wounds, cause=f"{holder.name}'s Aura", killer=holder, ref="Aura")
