"""Guard: a hero's interrupt attack during the overlord's turn.

Rulebook: Guard. A hero with a guard order may make one attack at any point of the overlord's
turn; the overlord's turn halts until it is resolved. Declining at one moment does not prevent
using the order at a later moment, but a decline is final for that moment. The order is used
by the attack (and, as for every order, lost on taking a wound or at the start of the hero's
next turn).

Where the windows open (ruling, see docs/rulings.md): when a monster starts its activation,
after every space a monster enters, before a monster's attack is rolled, and when the overlord
ends his turn. A window is offered only to guarding heroes who have a legal attack at that
moment (public information), so play does not stop for nothing.
"""

from __future__ import annotations

from delve.board.geometry import Footprint
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.attack import hero_attack_choices, hero_attack_context, start_attack
from delve.rules.movement import on_board, on_enter_space
from delve.rules.overlord_turn import ACTIVATION_START_HOOKS

GUARD_WINDOW = "guard_window"


def in_overlord_turn(game: Game) -> bool:
    """True while the overlord's turn is the turn being played."""
    for step in reversed(game.state.stack):
        if step.kind == "hero_turn":
            return False
        if step.kind == "overlord_turn":
            return True
    return False


def guarding_heroes(game: Game) -> list[FigureState]:
    """Heroes on the board holding a guard order, in seat order."""
    return [h for h in game.state.heroes() if h.order == "guard" and on_board(h)]


def open_guard_window(game: Game) -> None:
    """Offer the guarding heroes an interrupt attack now, if any could attack."""
    if in_overlord_turn(game) and guarding_heroes(game):
        game.push(GUARD_WINDOW, declined=[])


def _options(game: Game, hero: FigureState) -> list[Choice]:
    return hero_attack_choices(game, Step(kind=GUARD_WINDOW, data={"attacks": 1}), hero)


@register
class GuardWindow(StepHandler):
    """Ask each guarding hero with a target, one at a time, whether to interrupt now."""

    kind = GUARD_WINDOW

    def _next(self, game: Game, step: Step) -> tuple[FigureState, list[Choice]] | None:
        for hero in guarding_heroes(game):
            if hero.id in step.data["declined"]:
                continue
            options = _options(game, hero)
            if options:
                return hero, options
        return None

    def decide(self, game: Game, step: Step) -> Decision | None:
        found = self._next(game, step)
        if found is None:
            return None
        hero, options = found
        choices = [*options, Choice(id="guard:pass", label=f"{hero.name} keeps the guard order for later",
                                    data={"hero": hero.id})]
        return Decision(seat=hero.seat, kind="guard_interrupt",
                        prompt=f"{hero.name} is on guard: interrupt the overlord with an attack now?",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        found = self._next(game, step)
        assert found is not None
        hero, _ = found
        step.data["declined"] = [*step.data["declined"], hero.id]
        if choice.id == "guard:pass":
            return
        hero.order = None
        game.emit("guard_used", f"{hero.name} interrupts the overlord's turn with a guard attack.", ref="Guard",
                  hero=hero.id)
        ctx = hero_attack_context(game, hero, choice.data["weapon"], (choice.data["x"], choice.data["y"]))
        start_attack(game, ctx)


def _guard_at_activation_start(game: Game, step: Step, monster: FigureState) -> None:
    open_guard_window(game)


ACTIVATION_START_HOOKS.append(_guard_at_activation_start)


@on_enter_space
def _guard_after_monster_step(game: Game, figure: FigureState, _fp: Footprint) -> None:
    if figure.side == "overlord":
        open_guard_window(game)
