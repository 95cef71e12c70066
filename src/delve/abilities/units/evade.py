"""Evade: each turn, each point of Evade stops one wound from one enemy's zone effect (Aura).

extra-game-effects.txt, Evade, mapped onto the 1st edition (docs/rulesets.md, "Extra game
effects"; Rulebook: Aura). The other game's "provoke" is an enemy's zone effect that hurts a
figure for moving near it; in the 1st edition that is Aura (and any later zone effect that goes
through ``wounds.zone_wounds``). Evade takes no rank in content: each source gives one point
(the figure's own ability, each equipped non-weapon item with it, a locked item), and a written
rank (scenario figures) counts as that many points. Each point prevents one wound from one
enemy per turn: the first zone wound an enemy deals in a turn uses a point (while any is left),
and that enemy's further wounds that turn -- the rest of the same effect included -- find no
point for them, however many the figure has (ruling in docs/rulesets.md). The points come back
at the start of every hero's turn and of the overlord's turn (1st-edition turns). Attacks and
terrain are not zone effects.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.abilities.units.locking_stamina import points
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.rules import hero_turn, overlord_turn
from delve.rules.wounds import ZONE_WOUND_HOOKS

NAME = "Evade"
FLAG = "evade_used"  # state.flags[FLAG][figure_id] = ids of the enemies evaded this turn, one point each


@register_ability
class Evade(AbilityUnit):
    """Works through the zone-wound prevention hook."""

    name = NAME


def _prevent(game: Game, figure: FigureState, source: FigureState, wounds: int, effect: str) -> int:
    """Spend one unused Evade point on an enemy not yet evaded this turn: one wound less."""
    total = points(game, figure, NAME)
    if total <= 0 or wounds <= 0:
        return wounds
    evaded: list[str] = game.state.flags.get(FLAG, {}).get(figure.id, [])
    if source.id in evaded or len(evaded) >= total:
        return wounds
    game.state.flags.setdefault(FLAG, {})[figure.id] = [*evaded, source.id]
    game.emit("evaded", f"{figure.name} evades 1 wound of {source.name}'s {effect}.", ref=NAME,
              figure=figure.id, source=source.id, effect=effect, prevented=1)
    return wounds - 1


def _new_turn(game: Game) -> None:
    game.state.flags.pop(FLAG, None)


def _hero_turn(game: Game, _hero: FigureState) -> None:
    _new_turn(game)


def _overlord_turn(game: Game, _step: Step) -> None:
    _new_turn(game)


ZONE_WOUND_HOOKS.append(_prevent)
hero_turn.TURN_START_HOOKS.append(_hero_turn)
overlord_turn.TURN_START_HOOKS.append(_overlord_turn)
