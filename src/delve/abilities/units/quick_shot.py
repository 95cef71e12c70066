"""Quick Shot: the monster may attack up to twice each time it activates.

Rulebook: Special Abilities, QuickShot. The activation step counts the attacks it still allows
(``attacks``); this unit raises it to 2 through the activation start hook of
``delve.rules.overlord_turn`` (run when the activation is pushed, before lingering effects, so a
stun can still take the attacks away). Why there: it is the one place every activation passes,
also for a monster a hero animated (Necromancy), and no turn code names the ability.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, has, register_ability
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.rules.overlord_turn import ACTIVATION_START_HOOKS

QUICK_SHOT_ATTACKS = 2


@register_ability
class QuickShot(AbilityUnit):
    """Works through ``two_attacks``, not through attack hooks."""

    name = "Quick Shot"


def two_attacks(game: Game, step: Step, monster: FigureState) -> None:
    """A Quick Shot monster's activation allows two attacks."""
    if has(monster, "Quick Shot"):
        step.data["attacks"] = max(step.data.get("attacks", 0), QUICK_SHOT_ATTACKS)


ACTIVATION_START_HOOKS.append(two_attacks)
