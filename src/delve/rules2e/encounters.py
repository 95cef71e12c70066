"""Ruleset 2e: quests made of encounters (descent-2e excerpt A, Quests).

A 2e quest of several encounters is a chain of quest entries: encounter 1 is the quest chosen
to play, and each entry's ``next_encounter`` names the next one (its own map, areas, monster
groups and goals). When either side meets a goal of an encounter that has a next one, the
encounter is over at once: the game records who won it and moves on (a ``encounter_transition``
step). On the last encounter a goal ends the game as in the 1st edition.

The transition steps of the excerpt, in order, as the engine does them:

1. Heroes keep their damage (wounds lost stay lost).
2. Heroes recover all their fatigue.
3. Heroes keep their conditions (condition tokens stay).
4. Hero sheets are flipped face up: nothing to do, the engine has no face-down hero sheet; the
   ``TRANSITION_HOOKS`` let a rule that adds one reset it.
5. Heroes keep every item they hold, equipped or carried, as they are.
6. A knocked-out hero stands up for free (``TRANSITION_HOOKS``: the knocked-out rules of the 2e
   ruleset add that step).
7. The overlord keeps his hand (and his deck and discard pile).
8. The map of the encounter is taken away (monsters, markers, the reserve, familiars' places)
   and the next map set up: heroes on its start spaces in turn order, its monsters and monster
   groups, then the start area is revealed; a new round 1 begins with the heroes' turns.

Our readings (``docs/rulings.md``): the encounter ends "immediately", so the turn in progress
ends with it (the rest of an attack or a move is not played); hero orders and exhausted items
are cleared with the old map (they were placed there), and the round count starts again so an
``end_of_round`` goal counts the rounds of its own encounter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from delve.boundary import dump
from delve.content.quest import Quest
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register_in
from delve.rules import equipment
from delve.rules.overlord_turn import TURN_END_HOOKS as OVERLORD_TURN_END_HOOKS
from delve.rules.quest_goals import GAME_OVER_REF, GOAL_MET_HOOKS, check_goals
from delve.rules.revealing import reveal_for_all_heroes
from delve.rules.setup import GameSetupStep, hero_order, monster_figure, named_monster_figure, players_in_game
from delve.rules2e import RULESET, active
from delve.rules2e.monster_groups import set_up_groups

REF = "Quests"
GAME_OVER_REF[RULESET] = REF  # the quest's end is its last encounter's, not the 1st edition's conquest
TRANSITION = "encounter_transition"
FLAG = "encounters"  # {"number": n, "won": [{"encounter": quest id, "winner": side}]}

# Called with each hero during a transition, after fatigue is recovered (step 6: a knocked-out
# hero stands up for free; a face-down hero sheet is turned face up).
TransitionHook = Callable[[Game, FigureState], None]
TRANSITION_HOOKS: list[TransitionHook] = []


def quest_entry(game: Game, quest_id: str | None = None) -> Quest | None:
    """A quest entry of the game's pack (the current encounter by default)."""
    return equipment.content(game).quests.get(quest_id or game.state.quest)


def encounter_number(game: Game) -> int:
    """The encounter being played (1 for the first)."""
    return int(game.state.flags.get(FLAG, {}).get("number", 1))


# -- the end of an encounter ------------------------------------------------------------------
def _goal_met(game: Game, side: str, condition: dict[str, Any]) -> bool:
    """A side met a goal: with a next encounter, the encounter ends instead of the game."""
    if not active(game):
        return False
    quest = quest_entry(game)
    if quest is None or quest.next_encounter is None:
        return False
    record = game.state.flags.setdefault(FLAG, {"number": quest.encounter, "won": []})
    if record.get("pending"):
        return True  # already over; the transition step is on its way
    record["pending"] = True
    record.setdefault("won", []).append({"encounter": quest.id, "winner": side})
    game.emit("encounter_won", f"The {side} complete the goal of {quest.name}: the encounter ends.", ref=REF,
              winner=side, encounter=quest.id, goal=condition)
    game.push(TRANSITION, next=quest.next_encounter)
    return True


GOAL_MET_HOOKS.append(_goal_met)


def _count_rounds(game: Game, _step: Step) -> None:
    """``end_of_round`` goals: a round is over once the overlord's turn ends."""
    goals = game.state.flags.get("goals", {})
    if not any("end_of_round" in c for side in goals.values() for c in side):
        return
    game.state.flags["rounds_ended"] = int(game.state.flags.get("rounds_ended", 0)) + 1
    check_goals(game)


OVERLORD_TURN_END_HOOKS.append(_count_rounds)


# -- setting up an encounter's map ------------------------------------------------------------
def _place_map_monsters(game: Game, quest: Quest, placements: list[Any]) -> None:
    """The map's own monsters (named ones included), as the 1st-edition setup places them."""
    pack = equipment.content(game)
    players = players_in_game(game.state)
    named = {n.id: n for n in quest.named_monsters}
    reserve: dict[str, list[dict[str, Any]]] = game.state.flags.setdefault("reserve", {})
    for placement in placements:
        if placement.kind != "monster" or placement.monster is None:
            continue
        if placement.monster in named:
            figure = named_monster_figure(pack, named[placement.monster], game.state.new_id("m"),
                                          placement.footprint, players)
        else:
            figure = monster_figure(pack.monsters[placement.monster], game.state.new_id("m"), placement.footprint,
                                    master=placement.master, players=players)
        area = placement.area
        if area is None or game.board.area(area).revealed:
            game.state.figures[figure.id] = figure
        else:
            reserve.setdefault(area, []).append(dump(figure))


def _carry_over_hero(game: Game, hero: FigureState) -> None:
    """Transition steps 1 to 6 for one hero."""
    hero.fatigue = hero.max_fatigue  # 2: fatigue recovered; 1 and 3: wounds and tokens stay
    hero.order = None
    hero.exhausted = []
    for hook in TRANSITION_HOOKS:
        hook(game, hero)


def start_encounter(game: Game, quest: Quest) -> None:
    """Take the old map away and set up ``quest``'s (transition step 8)."""
    from delve.board.mapfile import load_map

    pack = equipment.content(game)
    quest_map = load_map(pack.quest_map_path(quest.id))
    state = game.state
    for figure in [f for f in state.figures.values() if f.kind != "hero"]:
        del state.figures[figure.id]
    state.board = quest_map.board
    state.quest = quest.id
    flags = state.flags
    for stale in ("reserve", "slain_named", "completed_actions", "rounds_ended"):
        flags.pop(stale, None)
    starts = [p.footprint for p in quest_map.placements if p.kind == "hero_start"]
    order = hero_order(game)
    if len(starts) < len(order):
        raise ValueError(f"encounter {quest.id} has {len(starts)} hero start spaces for {len(order)} heroes")
    for hero_id, fp in zip(order, starts, strict=False):
        hero = state.figures[hero_id]
        hero.footprint = fp
        hero.in_town = False
    flags["hero_starts"] = [asdict(fp) for fp in starts]
    for rec in flags.get("familiars", []):
        owner = state.figures.get(rec.get("owner", ""))
        if owner is not None and rec.get("x") is not None:
            rec["x"], rec["y"] = owner.pos
    flags["goals"] = {side: [c.model_dump(mode="json", exclude_defaults=False) for c in
                             getattr(quest.goals, side).win_when] for side in ("heroes", "overlord")}
    _place_map_monsters(game, quest, list(quest_map.placements))
    set_up_groups(game, quest)
    reveal_for_all_heroes(game)


@register_in("2e")
class EncounterTransition(StepHandler):
    """Excerpt A, Quests: from one encounter to the next, step by step (module docstring)."""

    kind = TRANSITION

    def run(self, game: Game, step: Step) -> None:
        following = quest_entry(game, step.data["next"])
        if following is None:
            raise ValueError(f"no encounter {step.data['next']!r} in this pack")
        record = game.state.flags.setdefault(FLAG, {"number": 1, "won": []})
        record.pop("pending", None)
        record["number"] = following.encounter
        # The encounter ended at once: what was still going on (a turn, an attack) is dropped.
        game.state.stack = [Step(kind="rounds")]
        game.state.round = 0
        for hero in [game.state.figures[h] for h in hero_order(game)]:
            _carry_over_hero(game, hero)
        game.emit("encounter_transition", "The heroes keep their damage, conditions and items and recover "
                  "their fatigue; the overlord keeps his hand.", ref=REF, encounter=following.id)
        start_encounter(game, following)
        game.emit("encounter_started", f"The next encounter begins: {following.name}.", ref=REF,
                  encounter=following.id, number=following.encounter)


@register_in("2e")
class GameSetup2e(GameSetupStep):
    """The 1st-edition setup, then the quest's monster groups (excerpt A, Monsters) just before
    the start area is revealed."""

    kind = "game_setup"

    def run(self, game: Game, step: Step) -> None:
        if step.data.get("phase") == "done" and not step.data.get("groups_set_up"):
            step.data["groups_set_up"] = True
            quest = quest_entry(game)
            if quest is not None:
                game.state.flags.setdefault(FLAG, {"number": quest.encounter, "won": []})
                set_up_groups(game, quest)
        super().run(game, step)
