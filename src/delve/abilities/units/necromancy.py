"""Necromancy: a hero may animate a small normal monster he killed and direct it after his turn.

Rulebook: Special Abilities, Necromancy. When a hero with Necromancy deals the killing blow to a
one-space monster that is neither a master nor named, and it stays dead (``on_kill`` runs only
then), his seat decides whether to animate it. Animated, the monster comes back on its space at
full health, on the heroes' side and under that hero's seat; lingering tokens and orders from its
first life are gone (a reading: it died). A hero controls one at most: animating a new one kills
the old one first. After the controlling hero's turn ends, however it ends, the monster activates
as a monster does (same activation step, hooks and lingering effects, but the hero's seat
decides), then the hero rolls a power die: anything but an enhancement and it falls apart (it is
killed, with no killer). The overlord never activates it (``overlord_turn.activatable``).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.boundary import dump, load
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.dice import POWER
from delve.rules.hero_turn import TURN_END_HOOKS
from delve.rules.movement import occupied_spaces, on_board
from delve.rules.overlord_turn import start_activation
from delve.rules.rolling import request_roll
from delve.rules.wounds import kill

ANIMATE_STEP = "necromancy_animate"
ACTIVATE_STEP = "necromancy_activation"
FLAG = "necromancy"  # game.state.flags[FLAG][hero id] = id of the monster he controls
HOLDS = "enh"  # the power die face that keeps the animated monster together


def controlled(game: Game, hero_id: str) -> FigureState | None:
    """The animated monster ``hero_id`` controls now, if it is still on the board."""
    monster_id = game.state.flags.get(FLAG, {}).get(hero_id)
    monster = game.state.figures.get(monster_id) if monster_id else None
    if monster is None or not on_board(monster) or monster.seat != game.figure(hero_id).seat:
        return None
    return monster


def can_animate(killer: FigureState, victim: FigureState) -> bool:
    """A hero's kill of a small, normal, unnamed enemy monster."""
    return (killer.kind == "hero" and victim.kind == "monster" and victim.side != killer.side
            and victim.footprint.size == 1 and not victim.master and not victim.named)


@register_ability
class Necromancy(AbilityUnit):
    """Offer the animation when the hero's victim stays dead."""

    name = "Necromancy"

    def on_kill(self, game: Game, killer: FigureState, victim: FigureState, rank: int) -> None:
        if can_animate(killer, victim):
            game.push(ANIMATE_STEP, hero=killer.id, monster=dump(victim))


@register
class NecromancyAnimate(StepHandler):
    """The hero's seat decides whether to animate the monster he just killed."""

    kind = ANIMATE_STEP

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.figure(step.data["hero"])
        monster = load(FigureState, step.data["monster"])
        if not on_board(hero) or set(monster.footprint.cells()) & occupied_spaces(game, monster):
            return None
        old = controlled(game, hero.id)
        label = f"Animate {monster.name}" + (f" ({old.name} falls apart)" if old else "")
        return Decision(seat=hero.seat, kind="necromancy", prompt=f"{hero.name}: animate {monster.name}?",
                        choices=[Choice(id="necromancy:animate", label=label),
                                 Choice(id="necromancy:decline", label=f"Leave {monster.name} dead")])

    def run(self, game: Game, step: Step) -> None:
        # Nothing to decide: the hero is gone or the space was taken.
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        game.pop(step)
        hero = game.figure(step.data["hero"])
        monster = load(FigureState, step.data["monster"])
        if choice.id == "necromancy:decline":
            game.emit("necromancy_declined", f"{hero.name} leaves {monster.name} dead.", ref="Necromancy",
                      hero=hero.id, figure=monster.id)
            return
        old = controlled(game, hero.id)
        if old is not None:
            game.emit("animated_falls_apart", f"{hero.name} lets {old.name} fall apart.", ref="Necromancy",
                      hero=hero.id, figure=old.id)
            old.wounds = 0
            kill(game, old, None)
        monster.wounds = monster.max_wounds
        monster.side = hero.side
        monster.seat = hero.seat
        monster.tokens = {}
        monster.order = None
        game.state.figures[monster.id] = monster
        game.state.flags.setdefault(FLAG, {})[hero.id] = monster.id
        game.emit("monster_animated", f"{hero.name} animates {monster.name}.", ref="Necromancy",
                  hero=hero.id, figure=monster.id, x=monster.pos[0], y=monster.pos[1])


@register
class NecromancyActivation(StepHandler):
    """After the hero's turn: the animated monster activates, then the power die decides its fate."""

    kind = ACTIVATE_STEP

    def run(self, game: Game, step: Step) -> None:
        hero = game.figure(step.data["hero"])
        monster = game.state.figures.get(step.data["monster"])
        phase = step.data["phase"]
        if monster is None or not on_board(monster):
            game.pop(step)
            return
        if phase == "activate":
            game.emit("monster_activated", f"{monster.name} activates under {hero.name}'s control.",
                      ref="Necromancy", figure=monster.id, hero=hero.id)
            step.data["phase"] = "roll"
            start_activation(game, monster, seat=hero.seat)
        elif phase == "roll":
            step.data["phase"] = "rolled"
            request_roll(game, step, [POWER], "faces", f"Necromancy: does {monster.name} hold together")
        else:
            game.pop(step)
            if step.data["faces"][0] == HOLDS:
                game.emit("animated_holds", f"{monster.name} holds together.", ref="Necromancy",
                          figure=monster.id)
                return
            game.emit("animated_falls_apart", f"{monster.name} falls apart.", ref="Necromancy",
                      hero=hero.id, figure=monster.id)
            monster.wounds = 0
            kill(game, monster, None)


def after_hero_turn(game: Game, hero: FigureState) -> None:
    """Rulebook: Necromancy. The animated monster moves after its hero's turn ends."""
    monster = controlled(game, hero.id)
    if monster is not None:
        game.push(ACTIVATE_STEP, hero=hero.id, monster=monster.id, phase="activate")


TURN_END_HOOKS.append(after_hero_turn)
