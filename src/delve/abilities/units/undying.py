"""Undying: when killed, a power die surge brings the figure back at full health.

Rulebook: Special Abilities, Undying. The die is rolled inside the death check (a synchronous
hook: ``prevents_death``), so it comes straight from the game's chance source and is logged as a
``dice_rolled`` event. On a surge the figure returns to full health and then loses the wounds the
killing blow had left over (how far its wounds went below 0). If that leftover is as much as its
full health it dies anyway, without a second roll (one killing blow, one roll: a reading). Only a
figure that stays dead triggers "when killed" effects: ``wounds.kill`` asks this unit first.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.dice import POWER, roll_die

SURGE = "surge"


@register_ability
class Undying(AbilityUnit):
    """Roll a power die at death; a surge restores the figure."""

    name = "Undying"

    def prevents_death(self, game: Game, figure: FigureState, rank: int) -> bool:
        face = roll_die(game.chance, POWER).label
        game.emit("dice_rolled", f"{figure.name}'s Undying: rolled {POWER} {face}.", ref="Undying",
                  dice=[POWER], faces=[face])
        if face != SURGE:
            game.emit("undying_failed", f"{figure.name} does not rise again.", ref="Undying", figure=figure.id)
            return False
        leftover = max(0, -figure.wounds)
        if leftover >= figure.max_wounds:
            figure.wounds = 0
            game.emit("undying_failed", f"{figure.name} rises, but the leftover {leftover} wounds kill it again.",
                      ref="Undying", figure=figure.id, leftover=leftover)
            return False
        figure.wounds = figure.max_wounds - leftover
        game.emit("undying", f"{figure.name} rises again with {figure.wounds} wounds "
                  f"({leftover} left over from the killing blow).", ref="Undying", figure=figure.id,
                  leftover=leftover, left=figure.wounds)
        return True
