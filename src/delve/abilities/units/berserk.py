"""Berserk: a wounded monster rolls all five power dice.

Rulebook: Special Abilities, Berserk. "Wounded" means it carries at least one wound token, i.e.
its wounds left are below its wound value. Only monsters go berserk; the number replaces
whatever the attack would roll (monsters normally roll none). Bash still lets the attacker
choose fewer, because its choice is answered after every declare hook has run.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.game import Game
from delve.rules.attack_context import AttackContext
from delve.rules.attack_math import POWER_DICE_CAP


@register_ability
class Berserk(AbilityUnit):
    """Five power dice for a wounded monster."""

    name = "Berserk"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        attacker = game.figure(ctx.attacker)
        if attacker.kind != "monster" or attacker.wounds >= attacker.max_wounds:
            return
        ctx.power = POWER_DICE_CAP
        game.emit("berserk", f"{attacker.name} is wounded and goes berserk: {POWER_DICE_CAP} power dice.",
                  ref="Berserk", attacker=attacker.id, power=POWER_DICE_CAP)
