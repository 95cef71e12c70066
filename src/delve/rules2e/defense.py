"""Defense dice (ruleset 2e): a figure that has them rolls them when attacked; shields stop damage.

Our reading (docs/rulesets.md, "Ruleset 2e: Defense dice"): the excerpts say lieutenant and
monster cards list the dice used to defend. Each affected figure with ``defense_dice`` rolls
them when the attack is declared, together with the attack (before any surge is spent, so the
attacker spends knowing the shields); every shield counts as one point of armor against this
attack only (added to the attack's ``armor_bonus``). A figure without defense dice keeps its
1st-edition armor; one with both adds them. A 1st-edition game never rolls them.
"""

from __future__ import annotations

from delve.engine.game import Game
from delve.engine.state import Step
from delve.engine.steps import StepHandler, register
from delve.rules.attack import DECLARE_HOOKS, current_attack
from delve.rules.attack_context import AttackContext
from delve.rules.dice import die_spec
from delve.rules.movement import on_board
from delve.rules.rolling import request_roll
from delve.rules2e import active
from delve.rules2e.dice import engine_name

DEFENSE_STEP = "defense_roll_2e"


def shields(dice: list[str], labels: list[str]) -> int:
    """The shields shown by rolled defense dice (engine names and face labels, in order)."""
    total = 0
    for die, label in zip(dice, labels, strict=True):
        total += next(face.shields for face in die_spec(die).faces if face.label == label)
    return total


def _roll_defense(game: Game, ctx: AttackContext) -> None:
    """Declare hook: each affected figure with defense dice rolls them (pushed, so before the attack roll)."""
    if not active(game):
        return
    for figure_id in reversed(ctx.affected):
        figure = game.state.figures.get(figure_id)
        if figure is not None and on_board(figure) and figure.defense_dice:
            game.push(DEFENSE_STEP, figure=figure_id, dice=[engine_name(d) for d in figure.defense_dice])


@register
class DefenseRoll(StepHandler):
    """Roll one figure's defense dice and add the shields to the attack's armor for that figure."""

    kind = DEFENSE_STEP

    def run(self, game: Game, step: Step) -> None:
        figure = game.figure(step.data["figure"])
        if not step.data.get("asked"):
            step.data["asked"] = True
            request_roll(game, step, step.data["dice"], "faces", f"{figure.name}'s defense")
            return
        total = shields(step.data["dice"], step.data["faces"])
        attack = current_attack(game)
        bonus = attack.data.setdefault("armor_bonus", {})
        bonus[figure.id] = bonus.get(figure.id, 0) + total
        game.emit("defense_rolled", f"{figure.name} rolls {total} shield{'s' * (total != 1)}.",
                  ref="Ruleset 2e: Defense dice", figure=figure.id, shields=total)
        game.pop(step)


DECLARE_HOOKS.append(_roll_defense)
