"""Overkill: the damage a killing blow had beyond what its victim needed, and an ability using it.

extra-game-effects.txt, Overkill Damage, mapped onto the 1st edition (docs/rulesets.md, "Extra
game effects"; Rulebook: Wounds, Step 6: Inflict Wounds). The overkill of a kill is the wounds
that killed the figure minus the wounds it had left before them; a figure that is not killed
(or that Undying saves) gives none. ``wounds.suffer_wounds`` returns it and the ``KILL_HOOKS``
receive it; this module records, on the attack in progress, the overkill of every figure the
attack killed (``data["overkill"]``, by figure id), so any effect can read it.

The ability ``Overkill`` on an attack spends that overkill: when the attack kills a figure,
its overkill is dealt as damage to one other enemy of the attacker next to the slain figure
(its armor applies, it is not a new attack, so no on-hit effects; the attacker picks the enemy
when there are several, and nothing happens when there is none). Spilled damage that kills
again spills no further.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import Footprint
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.attack import current_attack
from delve.rules.attack_context import AttackContext
from delve.rules.movement import on_board
from delve.rules.wounds import KILL_HOOKS, suffer_wounds

NAME = "Overkill"
KEY = "overkill"  # attack step data: {figure id: overkill}
SPILL = "overkill_spill"


def attack_overkill(game: Game, figure_id: str) -> int:
    """The overkill of ``figure_id`` in the attack in progress (0 if it was not killed by it)."""
    try:
        step = current_attack(game)
    except EngineError:
        return 0
    return int(step.data.get(KEY, {}).get(figure_id, 0))


def _record(game: Game, victim: FigureState, killer: FigureState | None, overkill: int) -> None:
    """Keep the overkill of a figure killed during an attack on that attack's step."""
    if not any(step.kind == "attack" for step in game.state.stack):
        return
    current_attack(game).data.setdefault(KEY, {})[victim.id] = overkill


def _touching(a: Footprint, b: Footprint) -> bool:
    return any(max(abs(x - u), abs(y - v)) <= 1 for x, y in a.cells() for u, v in b.cells())


@register_ability
class Overkill(AbilityUnit):
    """Spill the overkill of each kill onto a neighbouring enemy."""

    name = NAME

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        extra = attack_overkill(game, target.id)
        attacker = game.state.figures.get(ctx.attacker)
        if extra <= 0 or attacker is None or not on_board(attacker):
            return
        near = [f.id for f in game.state.figures.values()
                if f.side != attacker.side and f.id != target.id and on_board(f)
                and _touching(f.footprint, target.footprint)]
        if near:
            game.push(SPILL, attacker=attacker.id, amount=extra, options=sorted(near), victim=target.name)


@register
class OverkillSpill(StepHandler):
    """The attacker picks the enemy the overkill spills onto (automatic when only one)."""

    kind = SPILL

    def decide(self, game: Game, step: Step) -> Decision | None:
        options = [o for o in step.data["options"] if o in game.state.figures and on_board(game.figure(o))]
        attacker = game.state.figures.get(step.data["attacker"])
        if len(options) < 2 or attacker is None:
            return None
        return Decision(seat=attacker.seat or OVERLORD, kind="overkill_target",
                        prompt=f"{attacker.name}: {step.data['amount']} overkill damage spills onto",
                        choices=[Choice(id=f"overkill:{o}", label=game.figure(o).name, data={"figure": o})
                                 for o in options])

    def run(self, game: Game, step: Step) -> None:
        options = [o for o in step.data["options"] if o in game.state.figures and on_board(game.figure(o))]
        game.pop(step)
        if options:
            self._spill(game, step, options[0])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        game.pop(step)
        self._spill(game, step, choice.data["figure"])

    def _spill(self, game: Game, step: Step, figure_id: str) -> None:
        target = game.figure(figure_id)
        attacker = game.state.figures.get(step.data["attacker"])
        damage = int(step.data["amount"])
        wounds = max(0, damage - equipment.armor_value(game, target))
        game.emit("overkill", f"{damage} overkill damage from {step.data['victim']} spills onto {target.name}: "
                  f"{wounds} wound(s) after armor.", ref=NAME, figure=target.id, damage=damage, wounds=wounds)
        suffer_wounds(game, target, wounds, cause="overkill", killer=attacker, ref=NAME)


KILL_HOOKS.append(_record)
