"""Leech: each wound the attack takes from its target drains 1 fatigue and heals the attacker.

Rulebook: Special Abilities, Leech. For every wound the target actually loses to the attack
(at most the wounds it had left) it also loses 1 fatigue, or, with no fatigue left, suffers 1
more wound that armor cannot reduce; the attacker recovers 1 wound per wound lost. Readings:
the extra wounds are not themselves Leech wounds (no chain); a target the attack killed loses
no fatigue (it is gone, or back in town restored), but the attacker still heals for the wounds
it lost; monsters carry no fatigue, so they take the extra wounds. Healing goes through
``wounds.heal`` (poison soaks it first).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack import current_attack
from delve.rules.attack_context import AttackContext
from delve.rules.movement import on_board
from delve.rules.wounds import heal, lose_fatigue, suffer_wounds

BEFORE_KEY = "leech_wounds_before"


@register_ability
class Leech(AbilityUnit):
    """Drain fatigue (or wounds) from the target, heal the attacker."""

    name = "Leech"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        # Remember every figure's wounds so that ``on_hit`` knows how many a killed target lost.
        step = current_attack(game)
        step.data[BEFORE_KEY] = {f.id: f.wounds for f in game.state.figures.values() if on_board(f)}

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        if wounds <= 0:
            return
        before = current_attack(game).data.get(BEFORE_KEY, {}).get(target.id)
        lost = wounds if before is None else min(wounds, before)
        attacker = game.state.figures.get(ctx.attacker)
        if target.alive and on_board(target):
            extra = lose_fatigue(game, target, lost, cause="Leech attack", ref="Leech")
            if extra:
                suffer_wounds(game, target, extra, cause="Leech, out of fatigue", killer=attacker, ref="Leech")
        if attacker is not None and attacker.alive and on_board(attacker):
            heal(game, attacker, lost, cause="Leech")
