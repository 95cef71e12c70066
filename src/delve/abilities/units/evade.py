"""Evade: each turn, each point of Evade stops one wound from an enemy's zone effect (Aura).

extra-game-effects.txt, Evade, mapped onto the 1st edition (docs/rulesets.md, "Extra game
effects"; Rulebook: Aura). The other game's "provoke" is an enemy's zone effect that hurts a
figure for moving near it; in the 1st edition that is Aura (and any later zone effect that goes
through ``wounds.zone_wounds``). Evade takes no rank in content: each source gives one point
(the figure's own ability, each equipped non-weapon item with it, a locked item), and a written
rank (scenario figures) counts as that many points. Each point prevents one zone wound per
turn, whichever enemy it comes from; the points come back at the start of every hero's turn
and of the overlord's turn (1st-edition turns). Attacks and terrain are not zone effects.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.abilities.units.locking_stamina import points
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.rules import hero_turn, overlord_turn
from delve.rules.wounds import ZONE_WOUND_HOOKS

NAME = "Evade"
FLAG = "evade_used"  # state.flags[FLAG][figure_id] = points used this turn


@register_ability
class Evade(AbilityUnit):
    """Works through the zone-wound prevention hook."""

    name = NAME


def _prevent(game: Game, figure: FigureState, source: FigureState, wounds: int, effect: str) -> int:
    """Spend unused Evade points, one per wound prevented."""
    total = points(game, figure, NAME)
    if total <= 0 or wounds <= 0:
        return wounds
    used = game.state.flags.get(FLAG, {}).get(figure.id, 0)
    spent = min(wounds, total - used)
    if spent <= 0:
        return wounds
    game.state.flags.setdefault(FLAG, {})[figure.id] = used + spent
    game.emit("evaded", f"{figure.name} evades {spent} wound(s) of {source.name}'s {effect}.", ref=NAME,
              figure=figure.id, source=source.id, effect=effect, prevented=spent)
    return wounds - spent


def _new_turn(game: Game) -> None:
    game.state.flags.pop(FLAG, None)


def _hero_turn(game: Game, _hero: FigureState) -> None:
    _new_turn(game)


def _overlord_turn(game: Game, _step: Step) -> None:
    _new_turn(game)


ZONE_WOUND_HOOKS.append(_prevent)
hero_turn.TURN_START_HOOKS.append(_hero_turn)
overlord_turn.TURN_START_HOOKS.append(_overlord_turn)
