"""Sweep: the attack strikes every enemy figure within melee range of the attacker.

Rulebook: Special Abilities, Sweep; Attacking Large Monsters; Attack Re-rolls. Unlike Blast it
never touches friendly figures. "Melee range" is read as the spaces the attacker could target
with a melee attack: adjacent spaces in sight, and with Reach also spaces at range 2 in sight
(docs/rulings.md, Combat). Each enemy is hit once, however many of its spaces are in range
(``affected_figures``); the attack rolls once and deals its full damage to each of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.rules.attack_context import AttackContext


@register_ability
class Sweep(AbilityUnit):
    """Adds the spaces of every enemy in melee range to the attack's area."""

    name = "Sweep"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        """Widen the area to all enemies in melee range of the attacker."""
        from delve.rules.attack import can_target
        from delve.rules.movement import on_board

        attacker = game.figure(ctx.attacker)
        reach = "Reach" in ctx.abilities
        area = [(int(p[0]), int(p[1])) for p in ctx.area]
        for enemy in game.state.figures.values():
            if enemy.side == attacker.side or not on_board(enemy):
                continue
            cells = [c for c in enemy.footprint.cells() if can_target(game, attacker, c, "melee", reach)]
            for cell in cells[:1]:  # one space is enough: a large figure is hit once anyway
                if cell not in area and cell != tuple(ctx.target):
                    area.append(cell)
        ctx.area = area
        ctx.notes.append("Sweep")
