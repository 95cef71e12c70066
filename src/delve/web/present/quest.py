"""The quest as the table shows it: the objective tracker in every message and the summary at
the end.

Why the engine's goal records: the goals a game plays by are copied into its state at setup
(``flags["goals"]``, ``delve.rules.quest_goals``) and a 2e quest may change them between
encounters, so the tracker reads them there, with the public progress the engine keeps (named
monsters slain, completed prolonged actions, progress markers, rounds ended, conquest). It
decides nothing: a goal shown as met is one the engine has already ended the game on.
"""

from __future__ import annotations

from typing import Any

from delve.engine.game import Game
from delve.rules.overlord_cards import card_rules
from delve.rules2e import active as rules2e_active
from delve.web.present.names import Namer
from delve.web.present.stats import QuestStats


def objective(game: Game, namer: Namer, side: str, condition: dict[str, Any]) -> dict[str, Any]:
    """One goal condition with words, its target's name and its progress."""
    flags, state = game.state.flags, game.state
    quest = namer.quest
    goal_text = (quest.goals.heroes.text if side == "heroes" else quest.goals.overlord.text) if quest else ""
    out: dict[str, Any] = {"side": side, "goal": goal_text}
    if condition.get("kill_named"):
        target = str(condition["kill_named"])
        name = namer.of(target) or target.replace("-", " ")
        out.update(kind="kill_named", target=target, target_name=name, text=f"Kill {name}.",
                   done=target in flags.get("slain_named", []))
    elif condition.get("reach_area"):
        area = str(condition["reach_area"])
        name = namer.known_area(area) or "an unexplored area"
        everyone = condition.get("heroes", "any") == "all"
        heroes = state.heroes()
        inside = sum(1 for h in heroes if not h.in_town and h.alive and game.board.area_of(h.pos) == area)
        out.update(kind="reach_area", target=area, target_name=name,
                   text=f"{'Every hero reaches' if everyone else 'A hero reaches'} {name}.",
                   progress={"value": inside, "goal": len(heroes) if everyone else 1},
                   done=inside >= (len(heroes) if everyone else 1))
    elif condition.get("complete_action"):
        action_id = str(condition["complete_action"])
        action = next((a for a in quest.prolonged_actions if a.id == action_id), None) if quest else None
        name = action.name if action else action_id.replace("-", " ")
        progress = sum(int(v) for v in flags.get("progress", {}).get(action_id, {}).values())
        out.update(kind="complete_action", target=action_id, target_name=name, text=f"Complete {name}.",
                   done=action_id in flags.get("completed_actions", []))
        if action is not None and action.difficulty != "X":
            out["progress"] = {"value": progress, "goal": int(action.difficulty)}
    elif condition.get("heroes_out_of_conquest"):
        out.update(kind="heroes_out_of_conquest", text="Take every conquest token the heroes have.",
                   progress={"value": state.conquest, "goal": 0}, done=state.conquest <= 0)
    elif condition.get("end_of_round"):
        rounds = int(condition["end_of_round"])
        ended = int(flags.get("rounds_ended", 0))
        out.update(kind="end_of_round", text=f"Hold out until the end of round {rounds}.",
                   progress={"value": ended, "goal": rounds}, done=ended >= rounds)
    else:
        out.update(kind="other", text=goal_text, done=False)
    return out


def keeps_conquest(game: Game) -> bool:
    """True when conquest can decide this game: a goal ends it when the heroes run out.

    Why from the goals: a 2nd-edition quest is won by holding out or reaching an area, and the
    engine's conquest count (still kept, at the quest's start) then means nothing; a meter of it
    told a 2e player that something he could lose was at stake (descent-2e excerpt a, "Quests")."""
    goals = game.state.flags.get("goals", {})
    return any(condition.get("heroes_out_of_conquest") for side in goals.values() for condition in side)


def keeps_threat(game: Game) -> bool:
    """True when the overlord spends threat in this ruleset (1st edition: his cards cost it).

    Why: the 2nd edition's overlord plays cards for free, so the threat the shared attack rules
    still count is never used (``delve.rules2e.overlord_deck``) and is not shown."""
    return card_rules(game).costs_threat


def quest_state(game: Game, namer: Namer, stats: QuestStats) -> dict[str, Any]:
    """The objective tracker: each side's goals, conquest and threat with their last changes
    (``conquest`` or ``threat`` None when the game does not use it: ``keeps_conquest``,
    ``keeps_threat``)."""
    state = game.state
    goals = state.flags.get("goals", {})
    start = namer.quest.starting_conquest if namer.quest else state.conquest
    return {
        "id": state.quest, "name": namer.quest.name if namer.quest else state.quest, "round": state.round,
        "objectives": [objective(game, namer, side, c) for side in ("heroes", "overlord") for c in goals.get(side, [])],
        "conquest": ({"value": state.conquest, "start": start, "changes": list(stats.conquest_changes)}
                     if keeps_conquest(game) else None),
        "threat": ({"value": state.overlord.threat, "changes": list(stats.threat_changes)}
                   if keeps_threat(game) else None),
    }


def summary(game: Game, namer: Namer, stats: QuestStats) -> dict[str, Any] | None:
    """The end-of-quest summary, or None while the game runs."""
    state = game.state
    if state.winner is None:
        return None
    start = namer.quest.starting_conquest if namer.quest else 0
    figures = []
    heroes_now = {h.id for h in state.heroes()}
    seen = set(stats.kills) | set(stats.deaths) | set(stats.wounds_dealt) | {h.id for h in state.heroes()}
    for figure_id in sorted(seen, key=lambda f: (f not in heroes_now, f)):
        figure = state.figures.get(figure_id)
        name, side = (figure.name, figure.side) if figure is not None else stats.figures.get(figure_id, ("?", "?"))
        figures.append({"id": figure_id, "name": name, "side": side, "kills": stats.kills[figure_id],
                        "deaths": stats.deaths[figure_id], "wounds_dealt": stats.wounds_dealt[figure_id]})
    heroes = {h.id for h in state.heroes()}
    return {
        "winner": state.winner, "reason": stats.finish, "rounds": state.round,
        "conquest": [{"round": 0, "value": start}, *stats.conquest_points] if keeps_conquest(game) else [],
        "figures": figures,
        "monsters_killed": sum(n for f, n in stats.deaths.items() if f not in heroes),
        "heroes_died": sum(n for f, n in stats.deaths.items() if f in heroes),
        # a 2nd-edition hero is knocked out, not killed (descent-2e excerpt a, "Knocked Out"): the
        # end screen says so
        "heroes_fall": "knocked out" if rules2e_active(game) else "killed",
        "treasure": {"coins": stats.coins, "chests": stats.chests,
                     "items": [{**t, "name": namer.of(str(t["item"])) or t["item"]} for t in stats.treasure]},
    }
