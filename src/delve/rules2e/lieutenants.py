"""Ruleset 2e: lieutenants (descent-2e excerpt A, Lieutenants).

A lieutenant is a monster entry with ``lieutenant: true`` and ``attributes``
(``docs/content.md``); a 2e quest sets it up through ``monster_groups`` like any group. On the
board it is a monster figure in every respect (activation, movement, attacks, defense dice), so
the 1st-edition rules and the 2e monster rules apply to it unchanged. What sets it apart:

- it is listed in ``flags["lieutenants"]`` and carries its card's attributes
  (``FigureState.attributes``), so attribute tests roll
  against them as for a hero (``delve.rules2e.attributes``), where other monsters fail;
- it is a group of one (``monster_groups.group_key``): activating it never forces another
  monster to activate next, and an effect on its group affects it alone;
- it uses the single stat block of its card (the ``normal`` stats for the number of players);
- a quest goal ``kill_named: <lieutenant id>`` is met when it is defeated.
"""

from __future__ import annotations

from delve.board.geometry import Footprint
from delve.content.schema import MonsterType
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.quest_goals import check_goals
from delve.rules.setup import monster_figure, players_in_game
from delve.rules.wounds import KILL_HOOKS
from delve.rules2e import active
from delve.rules2e.monster_groups import is_lieutenant_figure

REF = "Lieutenants"
LIEUTENANTS = "lieutenants"  # flags: {figure id: lieutenant id}


def lieutenant_figure(game: Game, lieutenant: MonsterType, fp: Footprint) -> FigureState:
    """The lieutenant's figure: a monster figure with its card's stats and attributes."""
    figure = monster_figure(lieutenant, game.state.new_id("m"), fp, master=False,
                            players=players_in_game(game.state))
    game.state.flags.setdefault(LIEUTENANTS, {})[figure.id] = lieutenant.id
    if "attributes" in FigureState.__dataclass_fields__:  # the attribute tests read them from the figure
        setattr(figure, "attributes", dict(lieutenant.attributes))  # noqa: B010
    return figure


def _lieutenant_defeated(game: Game, figure: FigureState, _killer: FigureState | None, _overkill: int) -> None:
    """A defeated lieutenant counts for ``kill_named`` goals, which may end the encounter."""
    if not active(game) or not is_lieutenant_figure(game, figure):
        return
    slain = game.state.flags.setdefault("slain_named", [])
    slain.append(figure.content_id)
    game.emit("lieutenant_defeated", f"{figure.name} is defeated.", ref=REF, figure=figure.id,
              lieutenant=figure.content_id)
    check_goals(game)


KILL_HOOKS.append(_lieutenant_defeated)
