"""The Golden Rules (ruleset 2e): descent-2e excerpt A, "The Golden Rules".

1. **Quest rules over the rulebook, cards and abilities over both.** How the engine orders this
   (docs/rulesets.md, "Ruleset 2e: The Golden Rules"): the rulebook is the rules modules
   (``delve.rules``, then the 2e overrides of ``delve.rules2e``); a quest's own rules are data
   of the quest (goals, encounters, prolonged actions, named monsters, read-aloud triggers) run by
   hooks the rules modules call at their hook points, so they act inside and after the rule they
   change; cards and abilities are ability units and card effects, consulted at every hook point
   before the engine's default (an ability's ``prevents_death`` before defeat, an attack's
   abilities before its damage, a card's effect after the rule that opened its window). Nothing
   in the engine lets a rule override a card: where a card and a rule disagree, the card's effect
   is the last word because it runs last.
2. **The current player orders simultaneous triggers.** When one triggering condition starts
   several abilities or cards at once (the start of a hero's turn: his start-of-turn skills, the
   overlord's "before a hero's turn" events, a familiar activated first), the steps they push
   are gathered in one ``order_triggers_2e`` step and the current player (the hero whose turn it
   is, or the overlord in his turn) picks which resolves first, then next, until one is left.
   Which step kinds count as such triggers: ``ORDERABLE_KINDS`` (other rules may add theirs).
3. **Tokens are not limited**: the engine counts wounds, fatigue and tokens as numbers and has
   no supply to run out of, so nothing is needed.
"""

from __future__ import annotations

from typing import Any

from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import hero_turn, overlord_turn
from delve.rules2e import active

ORDER_STEP = "order_triggers_2e"
REF = "The Golden Rules"

# Step kinds that stand for an ability or a card used on a triggering condition: the overlord's
# event and trap windows, a hero's held (triggered) skill effects, a familiar activated first.
ORDERABLE_KINDS: list[str] = ["event_window", "trap_window", "held_effects", "familiar_first"]
LABELS = {
    "event_window": "the overlord's event cards",
    "trap_window": "the overlord's trap cards",
    "held_effects": "the hero's triggered skills and abilities",
    "familiar_first": "activating a familiar first",
}


def _label(game: Game, step: dict[str, Any]) -> str:
    """A short description of a gathered step for the chooser."""
    base = LABELS.get(step["kind"], step["kind"].replace("_", " "))
    hero = game.state.figures.get(step["data"].get("hero", ""))
    return f"{base} ({hero.name})" if hero is not None and step["kind"] != "event_window" else base


def gather(game: Game, above: int, seat: str) -> None:
    """Move the orderable steps above stack index ``above`` into one ordering step for ``seat``,
    if there are two or more (one trigger, several abilities)."""
    stack = game.state.stack
    found = [i for i in range(above + 1, len(stack)) if stack[i].kind in ORDERABLE_KINDS]
    if len(found) < 2:
        return
    gathered = [{"kind": stack[i].kind, "data": stack[i].data} for i in found]
    for i in reversed(found):
        del stack[i]
    game.push(ORDER_STEP, seat=seat, steps=gathered)


def _hero_turn_starts(game: Game, hero: FigureState) -> None:
    """``hero_turn.TURN_START_LAST_HOOKS`` (after every other start-of-turn hook):
    the steps the other start hooks pushed for this trigger are ordered by the hero's player."""
    if not active(game):
        return
    turn = max(i for i, s in enumerate(game.state.stack) if s.kind == "hero_turn" and s.data.get("hero") == hero.id)
    gather(game, turn, hero.seat)


def _overlord_turn_starts(game: Game, step: Step) -> None:
    """``overlord_turn.TURN_START_LAST_HOOKS``: the overlord orders what starts with his turn."""
    if not active(game):
        return
    turn = max(i for i, s in enumerate(game.state.stack) if s is step)
    gather(game, turn, OVERLORD)


@register
class OrderTriggers(StepHandler):
    """The current player picks which of the gathered triggers resolves next."""

    kind = ORDER_STEP

    def decide(self, game: Game, step: Step) -> Decision | None:
        if len(step.data["steps"]) < 2:
            return None
        choices = [Choice(id=f"first:{n}", label=f"Resolve {_label(game, s)} first", data={"index": n})
                   for n, s in enumerate(step.data["steps"])]
        return Decision(seat=step.data["seat"], kind="order_triggers",
                        prompt="Several things trigger at once: which resolves first?", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)
        for gathered in step.data["steps"][::-1]:  # not reversed(): mypyc cannot compile that over Any
            game.push(gathered["kind"], **gathered["data"])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        steps = list(step.data["steps"])
        picked = steps.pop(choice.data["index"])
        step.data["steps"] = steps
        game.emit("trigger_ordered", f"The current player resolves {_label(game, picked)} first.", ref=REF,
                  step_kind=picked["kind"])
        game.push(picked["kind"], **picked["data"])


# The "last" lists: these run after every other start-of-turn hook whichever module was imported
# first (appended to the plain lists, importing this module early changed 2e games).
hero_turn.TURN_START_LAST_HOOKS.append(_hero_turn_starts)
overlord_turn.TURN_START_LAST_HOOKS.append(_overlord_turn_starts)
