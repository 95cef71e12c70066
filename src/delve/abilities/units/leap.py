"""Leap: a special attack that jumps in a straight line and strikes every enemy jumped over.

Rulebook: Special Abilities, Leap; Attack Re-rolls. The figure moves orthogonally in a straight
line up to twice its remaining movement points, over obstacles and any figures, but never
through a wall, a closed door or off the map, and must land on a space with no figure and no
obstacle that blocks movement. One attack roll then affects each enemy figure in the spaces it
passed. Rolled range does not matter (only an X misses), each enemy takes the full damage, and
only one dodge re-roll is allowed. It is the figure's attack for the activation or action,
once per turn, and the figure may not move any more afterwards.

Offered as extra choices during a monster activation (``leap:X,Y``) and during a hero's turn
while he may still attack (``leap:WEAPON:X,Y``), one per landing space that passes at least one
enemy. Landing counts as entering that space (enter-space hooks run once); the spaces leapt
over are not entered (docs/rulings.md, Combat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import ORTHOGONAL, Footprint, Pos
from delve.engine.decision import Choice
from delve.rules import equipment
from delve.rules.attack import figure_at, hero_attack_context, monster_attack_context, start_attack
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import ENTER_SPACE_HOOKS, moving_locked, occupied_spaces, on_board, step_lock
from delve.rules.overlord_turn import ACTIVATION_CHOICE_PROVIDERS

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState, Step

TURN_KINDS = {"hero_turn": "hero", "monster_activation": "figure"}


def _has_leap(figure: FigureState) -> bool:
    return any(a.name == "Leap" for a in figure.abilities)


def leaps(game: Game, figure: FigureState, budget: int) -> list[tuple[Footprint, list[str], list[Pos]]]:
    """Every legal leap: landing footprint, the enemies passed (nearest first) and one space of each."""
    board = game.board
    occupied = occupied_spaces(game, figure)
    found = []
    for d in ORTHOGONAL:
        fp = figure.footprint
        passed: list[str] = []
        spaces: list[Pos] = []
        for _ in range(2 * budget):
            ahead = [(c, (c[0] + d[0], c[1] + d[1])) for c in fp.cells()]
            if not all(board.is_space(to) and not board.blocked_edge(c, to) for c, to in ahead):
                break  # a wall, a closed door or the map edge ends the line
            fp = fp.translated(*d)
            cells = fp.cells()
            if passed and all(c not in occupied and not board.blocks_movement_at(c) for c in cells):
                found.append((fp, list(passed), list(spaces)))
            for c in cells:
                other = figure_at(game, c)
                if other is not None and other.side != figure.side and other.id not in passed:
                    passed.append(other.id)
                    spaces.append(c)
    return found


def _turn_step(game: Game, figure: FigureState) -> Step | None:
    for step in reversed(game.state.stack):
        key = TURN_KINDS.get(step.kind)
        if key is not None and step.data.get(key) == figure.id:
            return step
    return None


@step_lock
def leapt_this_turn(game: Game, figure: FigureState) -> str | None:
    """Rulebook: Leap. No more movement after a leap attack this turn."""
    step = _turn_step(game, figure)
    if step is not None and step.data.get("leapt"):
        return f"{figure.name} has leapt this turn and cannot move further"
    return None


def leap_choices(game: Game, step: Step, figure: FigureState) -> list[Choice]:
    """One choice per landing space (per weapon, for a hero) that passes an enemy."""
    if not _has_leap(figure) or step.data.get("leapt") or step.data.get("attacks", 0) <= 0 or not on_board(figure):
        return []
    if moving_locked(game, figure):  # a leap moves the figure (Grapple, Web: no movement points)
        return []
    budget = step.data.get("mp", 0)
    if budget <= 0:
        return []
    weapons = [("", "")]
    if figure.kind == "hero":
        weapons = [(w.id, w.name) for w in equipment.weapons(game, figure)] or [(equipment.UNARMED, "bare hands")]
    choices = []
    for landing, passed, _ in leaps(game, figure, budget):
        names = ", ".join(game.figure(f).name for f in passed)
        for weapon_id, weapon_name in weapons:
            prefix = f"leap:{weapon_id}:" if weapon_id else "leap:"
            choices.append(Choice(id=f"{prefix}{landing.x},{landing.y}",
                                  label=f"Leap to ({landing.x},{landing.y}) attacking {names}"
                                        + (f" with {weapon_name}" if weapon_name else ""),
                                  data={"weapon": weapon_id, "x": landing.x, "y": landing.y}))
    return choices


def apply_leap(game: Game, step: Step, figure: FigureState, choice: Choice) -> bool:
    """Jump, then declare one attack against every enemy passed."""
    if not choice.id.startswith("leap:"):
        return False
    found = {(fp.x, fp.y): (fp, passed, spaces) for fp, passed, spaces in leaps(game, figure, step.data.get("mp", 0))}
    landing, passed, spaces = found[(choice.data["x"], choice.data["y"])]
    step.data["attacks"] -= 1
    step.data["mp"] = 0
    step.data["leapt"] = True
    figure.footprint = landing
    game.emit("figure_leapt", f"{figure.name} leaps to ({landing.x},{landing.y}) over {len(passed)} enemy figure(s).",
              ref="Leap", figure=figure.id, x=landing.x, y=landing.y, passed=passed)
    for hook in ENTER_SPACE_HOOKS:
        hook(game, figure, landing)
    if figure.kind == "hero":
        ctx = hero_attack_context(game, figure, choice.data["weapon"], spaces[0])
    else:
        ctx = monster_attack_context(game, figure, spaces[0])
    ctx.area = spaces[1:]
    ctx.ignore_range = True
    ctx.notes.append("Leap")
    start_attack(game, ctx, morph=figure.dice.count("morph"))
    return True


@register_ability
class Leap(AbilityUnit):
    """Offered as its own attack choice; the attack itself needs no hook."""

    name = "Leap"


turn_choice_provider(leap_choices, apply_leap)
ACTIVATION_CHOICE_PROVIDERS.append((leap_choices, apply_leap))
