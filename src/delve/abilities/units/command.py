"""Command: +1 damage and +1 range to attacks by the figure and by friends within 3 spaces.

Rulebook: Special Abilities, Command. Distance is counted in spaces between the two figures
(their nearest spaces, for large ones) with line of sight ignored; the holder itself is at
distance 0 and so commands its own attacks. Every Command figure in range adds its bonus, so
they stack; a figure counts once even if it had Command from two sources (the rulebook stacks
figures, not ranks).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import footprint_distance
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack_context import AttackContext

COMMAND_RANGE = 3


def figures_distance(a: FigureState, b: FigureState) -> int:
    """Spaces between two figures' nearest spaces (0 for the same figure)."""
    if a.id == b.id:
        return 0
    return min(footprint_distance(a.footprint, cell) for cell in b.footprint.cells())


@register_ability
class Command(AbilityUnit):
    """+1/+1 to the attacks of friendly figures near a commander."""

    name = "Command"

    def on_declare_nearby(self, game: Game, holder: FigureState, ctx: AttackContext, rank: int) -> None:
        if holder.side != ctx.side:
            return
        mark = f"command:{holder.id}"
        if mark in ctx.notes:
            return
        attacker = game.figure(ctx.attacker)
        if figures_distance(holder, attacker) > COMMAND_RANGE:
            return
        ctx.notes.append(mark)
        ctx.bonus_damage += 1
        ctx.bonus_range += 1
        game.emit("command", f"{holder.name}'s Command gives {attacker.name}'s attack +1 damage and +1 range.",
                  ref="Command", holder=holder.id, attacker=attacker.id)
