"""Mirror: an attack that hits the bearer hurts the attacker instead.

extra-game-effects.txt, Mirror, mapped onto the 1st edition (docs/rulesets.md, "Extra game
effects"; Rulebook: Step 6: Inflict Wounds). A figure bearing Mirror (its own ability, an
equipped non-weapon item, or a locked item) that is hit by an attack loses no wounds and no
fatigue to it; the attacker suffers wounds equal to the attack's damage on the bearer before
armor (the bearer's armor and shield never come into it) plus the attack's Drain, and the
attacker's own armor and shield do not reduce them either. Nothing else of the attack touches
the bearer or the attacker: no condition tokens, no Leech drain, no knockback (1st-edition
on-hit effects need damage, and the bearer took none). A miss, or an attack that deals no
damage, is not reflected. The reflected wounds are not an attack, so a Mirror on the attacker
does not send them back again; the bearer counts as the killer if they kill the attacker.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.abilities.units.locking_stamina import points
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack import DECLARE_HOOKS, TARGET_HIT_HOOKS, current_attack
from delve.rules.attack_context import AttackContext, TargetResult
from delve.rules.movement import on_board
from delve.rules.wounds import suffer_wounds

NAME = "Mirror"
KEY = "mirror"  # attack step data: ids of the targets whose damage is reflected


@register_ability
class Mirror(AbilityUnit):
    """Works through the attack's declare and target-hit hooks (so items can carry it too)."""

    name = NAME


def _declare(game: Game, ctx: AttackContext) -> None:
    """Every affected figure bearing Mirror takes no damage from this attack."""
    step = current_attack(game)
    for figure_id in ctx.affected:
        target = game.state.figures.get(figure_id)
        if target is None or points(game, target, NAME) <= 0:
            continue
        no_damage = step.data.setdefault("no_damage", [])
        if figure_id not in no_damage:
            no_damage.append(figure_id)
        step.data.setdefault(KEY, []).append(figure_id)


def _reflect(game: Game, ctx: AttackContext, target: FigureState, result: TargetResult) -> None:
    """Send the damage the bearer was spared back to the attacker."""
    if target.id not in current_attack(game).data.get(KEY, []) or not result.hit or result.prevented <= 0:
        return
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is None or not on_board(attacker):
        return
    wounds = result.prevented + ctx.abilities.get("Drain", 0)
    game.emit("mirrored", f"{target.name}'s Mirror turns {wounds} damage back on {attacker.name}.", ref=NAME,
              figure=target.id, attacker=attacker.id, wounds=wounds)
    suffer_wounds(game, attacker, wounds, cause=f"{target.name}'s Mirror", killer=target, ref=NAME)


DECLARE_HOOKS.append(_declare)
TARGET_HIT_HOOKS.append(_reflect)
