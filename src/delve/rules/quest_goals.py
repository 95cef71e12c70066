"""Winning a quest: the heroes' and the overlord's goals, checked when something changes.

Rulebook: Conquest Tokens (the heroes win by completing the quest goal before running out);
1. Choose a Quest (each quest says how each side wins). Goals are data from the quest file,
copied into the game state at setup (``flags["goals"]``) so saves and replays carry them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from delve.board.geometry import Footprint
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.movement import on_board, on_enter_space

# Called when a side meets a goal, before the game ends: a hook returns True when it takes the
# win over (ruleset 2e: the quest goes on to its next encounter, ``delve.rules2e.encounters``).
GoalHook = Callable[[Game, str, dict[str, Any]], bool]
GOAL_MET_HOOKS: list[GoalHook] = []


def _met(game: Game, condition: dict[str, Any]) -> bool:
    flags = game.state.flags
    if condition.get("kill_named"):
        return condition["kill_named"] in flags.get("slain_named", [])
    if condition.get("reach_area"):
        heroes = [h for h in game.state.heroes() if on_board(h)]
        inside = [h for h in heroes if game.board.area_of(h.pos) == condition["reach_area"]]
        return bool(inside) and (condition.get("heroes", "any") == "any" or len(inside) == len(game.state.heroes()))
    if condition.get("complete_action"):
        return condition["complete_action"] in flags.get("completed_actions", [])
    if condition.get("heroes_out_of_conquest"):
        return game.state.conquest <= 0
    if condition.get("end_of_round"):
        # counted by the overlord's turn end (``delve.rules2e.encounters``)
        return int(flags.get("rounds_ended", 0)) >= int(condition["end_of_round"])
    return False


# The rules section a quest's end cites, by ruleset (the 1st edition's: Conquest Tokens; a ruleset
# whose quests end otherwise registers its own, as ``delve.rules2e.encounters`` does).
GAME_OVER_REF: dict[str, str] = {}


def check_goals(game: Game) -> None:
    """End the game if either side has met a goal of its quest."""
    if game.state.winner is not None:
        return
    goals = game.state.flags.get("goals", {})
    for side in ("heroes", "overlord"):
        for condition in goals.get(side, []):
            if _met(game, condition):
                if any(hook(game, side, condition) for hook in GOAL_MET_HOOKS):
                    return
                game.state.winner = side
                text = ("The overlord has completed the quest goal and wins." if side == "overlord"
                        else f"The {side} have completed the quest goal and win.")
                game.emit("game_over", text, ref=GAME_OVER_REF.get(game.state.ruleset, "Conquest Tokens"), winner=side,
                          goal=condition)
                return


@on_enter_space
def _goal_after_hero_moves(game: Game, figure: FigureState, _fp: Footprint) -> None:
    if figure.kind == "hero" and any("reach_area" in c for c in game.state.flags.get("goals", {}).get("heroes", [])):
        check_goals(game)
