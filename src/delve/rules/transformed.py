"""A hero turned into a small beast by a curse (the ``transform`` card effect).

Rulebook: Transformed (Curse of the Monkey God). When the effect hits a hero he rolls one power
die: a blank saves him. Otherwise his turn ends at once; while transformed he cannot attack or
use any item (potions included), moves up to five spaces on his turn without any movement
action, keeps his wounds and fatigue, and has a total armor of 0. He holds two countdown
tokens and gives one back at the end of each of his later turns (not the turn the curse came);
with the last one gone he is himself again.

State: ``tokens["transformed"]`` (turns left) on the hero; ``flags["transformed"][hero]``
holds the move allowance and whether the curse came during the turn now ending. Hero death
clears the tokens, so a dead hero comes back from town as himself.

Rulings (docs/rulings.md): "up to 5 spaces" is 5 movement points (terrain costs apply); his
items count as exhausted (so a shield absorbs nothing); he may not spend fatigue to move.
"""

from __future__ import annotations

from typing import Any

from delve.engine.decision import Choice
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.attack import PRE_DAMAGE_HOOKS
from delve.rules.attack_context import AttackContext
from delve.rules.dice import POWER
from delve.rules.hero_turn import TURN_CHOICE_FILTERS, TURN_END_HOOKS, TURN_START_HOOKS
from delve.rules.overlord_cards import effect
from delve.rules.rolling import request_roll

TOKEN = "transformed"
FLAG = "transformed"
TRANSFORM_ROLL = "transform_roll"


def transformed(hero: FigureState) -> bool:
    """Is the hero transformed now?"""
    return hero.token(TOKEN) > 0


def _own_turn(game: Game, hero: FigureState) -> Step | None:
    return next((s for s in game.state.stack if s.kind == "hero_turn" and s.data.get("hero") == hero.id), None)


@effect("transform")
def _transform(game: Game, item: Any, context: dict[str, Any]) -> None:
    """Each target rolls the power die (a step, so physical dice can answer it)."""
    from delve.rules.trap_cards import _targets

    for hero in _targets(game, item.target, context):
        if hero.kind == "hero" and not hero.in_town:
            game.push(TRANSFORM_ROLL, hero=hero.id, turns=item.turns, speed=item.speed, phase="roll")


@register
class TransformRoll(StepHandler):
    """Rulebook: Transformed. One power die: a blank and nothing happens; else the change."""

    kind = TRANSFORM_ROLL

    def run(self, game: Game, step: Step) -> None:
        hero = game.figure(step.data["hero"])
        if step.data["phase"] == "roll":
            step.data["phase"] = "rolled"
            request_roll(game, step, [POWER], "faces", f"{hero.name} resists the curse")
            return
        game.pop(step)
        if step.data["faces"][0] == "blank" or not hero.alive or hero.in_town:
            game.emit("transform_resisted", f"{hero.name} shrugs off the curse.", ref="Transformed", hero=hero.id)
            return
        hero.tokens[TOKEN] = int(step.data["turns"])
        turn = _own_turn(game, hero)
        game.state.flags.setdefault(FLAG, {})[hero.id] = {"speed": int(step.data["speed"]),
                                                          "fresh": turn is not None}
        hero.exhausted = list(hero.equipped)
        game.emit("hero_transformed", f"{hero.name} is transformed into a small beast.", ref="Transformed",
                  hero=hero.id, turns=hero.tokens[TOKEN])
        if turn is not None:
            turn.data["phase"] = "done"  # the hero's turn ends at once


def _turn_start(game: Game, hero: FigureState) -> None:
    """A transformed hero takes no action: he just has his move allowance, and no items."""
    if not transformed(hero):
        return
    turn = _own_turn(game, hero)
    if turn is None:
        return
    speed = game.state.flags.get(FLAG, {}).get(hero.id, {}).get("speed", 5)
    turn.data.update(phase="acting", action="transformed", mp=speed, attacks=0, halves=[])
    hero.exhausted = list(hero.equipped)
    game.emit("action_chosen", f"{hero.name} is transformed and may only move up to {speed} spaces.",
              ref="Transformed", hero=hero.id, action="transformed")


def _only_moves(game: Game, step: Step, hero: FigureState, choices: list[Choice]) -> list[Choice]:
    """No attacks, items, orders or movement actions: moving and ending the turn only."""
    if not transformed(hero):
        return choices
    return [c for c in choices if c.id.startswith("move:") or c.id == "end_turn"]


def _turn_end(game: Game, hero: FigureState) -> None:
    """One countdown token goes at the end of each of his turns after the one he changed in."""
    if not transformed(hero):
        return
    state = game.state.flags.setdefault(FLAG, {}).setdefault(hero.id, {"speed": 5, "fresh": False})
    if state.get("fresh"):
        state["fresh"] = False
        return
    hero.tokens[TOKEN] -= 1
    if hero.tokens[TOKEN] > 0:
        game.emit("transform_countdown", f"{hero.name} stays transformed ({hero.tokens[TOKEN]} left).",
                  ref="Transformed", hero=hero.id, left=hero.tokens[TOKEN])
        return
    del hero.tokens[TOKEN]
    game.state.flags[FLAG].pop(hero.id, None)
    game.emit("hero_restored", f"{hero.name} is himself again.", ref="Transformed", hero=hero.id)


def _armor_zero(game: Game, step: Step, ctx: AttackContext) -> None:
    """Rulebook: Transformed. A transformed hero's total armor is 0."""
    bonus = step.data.setdefault("armor_bonus", {})
    for figure_id in ctx.affected:
        target = game.state.figures.get(figure_id)
        if target is not None and target.kind == "hero" and transformed(target):
            bonus[figure_id] = -equipment.armor_value(game, target)


TURN_START_HOOKS.append(_turn_start)
TURN_CHOICE_FILTERS.append(_only_moves)
TURN_END_HOOKS.append(_turn_end)
PRE_DAMAGE_HOOKS.append(_armor_zero)
