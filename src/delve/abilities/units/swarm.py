"""Swarm: one extra power die for every other friendly figure adjacent to the target.

Rulebook: Special Abilities, Swarm; Power Dice (never more than five). Adjacent means touching,
even at a corner (Rulebook: Map tiles & Markers), so walls do not matter. The attacker itself
does not count; for a large target any of its spaces counts. The extra dice are always taken:
more power dice never hurt an attack, except under Bash, whose own choice comes later and wins.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.game import Game
from delve.rules.attack import figure_at
from delve.rules.attack_context import AttackContext
from delve.rules.attack_math import POWER_DICE_CAP
from delve.rules.movement import on_board


@register_ability
class Swarm(AbilityUnit):
    """Extra power dice from friends crowding the target."""

    name = "Swarm"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        target = figure_at(game, ctx.target)
        if target is None:
            return
        target_cells = set(target.footprint.cells())
        friends = 0
        for figure in game.state.figures.values():
            if figure.id == ctx.attacker or figure.side != ctx.side or not on_board(figure):
                continue
            cells = set(figure.footprint.cells())
            if any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a in cells for b in target_cells):
                friends += 1
        if not friends:
            return
        before = ctx.power
        ctx.power = min(POWER_DICE_CAP, ctx.power + friends)
        attacker = game.figure(ctx.attacker)
        game.emit("swarm", f"{attacker.name} swarms: {friends} friend(s) beside the target, "
                  f"{ctx.power - before} extra power dice.", ref="Swarm", attacker=attacker.id,
                  friends=friends, power=ctx.power)
