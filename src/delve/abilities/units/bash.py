"""Bash: the attacker picks how many power dice to roll, any blank is a miss, and two surges
buy +5 damage and Pierce 2.

Rulebook: Special Abilities, Bash. The miss on a blank and the surge ability are arithmetic and
live in ``delve.rules.attack_math`` (``AttackProfile.bash``, ``BASH_SURGE``). What is left here
is the choice: the attacker may roll anything from no power dice up to the cap of five, whatever
its trait or other effects (Berserk, Swarm) say, because a blank is now a risk. That is a
decision, so ``on_declare`` pushes a ``bash_power_dice`` step; it sits above the attack step
and is answered before the attack rolls (the attack step is already in its ``roll`` phase).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import Step
from delve.engine.steps import StepHandler, register
from delve.rules.attack import current_attack, load, store
from delve.rules.attack_context import AttackContext
from delve.rules.attack_math import POWER_DICE_CAP

STEP_KIND = "bash_power_dice"


@register_ability
class Bash(AbilityUnit):
    """Ask the attacker how many power dice the Bash attack rolls."""

    name = "Bash"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        game.push(STEP_KIND, attacker=ctx.attacker)


@register
class BashPowerDice(StepHandler):
    """The attacker of a Bash attack chooses 0 to 5 power dice (Rulebook: Bash)."""

    kind = STEP_KIND

    def decide(self, game: Game, step: Step) -> Decision | None:
        attacker = game.state.figures.get(step.data["attacker"])
        if attacker is None:
            return None
        ctx = load(current_attack(game))
        choices = [Choice(id=f"bash:{n}", label=f"Roll {n} power {'die' if n == 1 else 'dice'}",
                          data={"power": n})
                   for n in range(POWER_DICE_CAP + 1)]
        seat = attacker.seat if attacker.kind == "hero" else OVERLORD
        return Decision(seat=seat, kind="bash_power", choices=choices,
                        prompt=f"{attacker.name}: Bash attack - how many power dice (any blank misses; "
                               f"{ctx.power} without Bash)?")

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)  # the attacker left the board before choosing: nothing to decide

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        attack = current_attack(game)
        ctx = load(attack)
        ctx.power = int(choice.data["power"])
        store(attack, ctx)
        attacker = game.figure(step.data["attacker"])
        game.emit("bash_power_dice", f"{attacker.name} bashes with {ctx.power} power dice.", ref="Bash",
                  attacker=attacker.id, power=ctx.power)
        game.pop(step)
