"""The overlord's side of the search (the hard overlord level): its end-state value and the
heroes it plays against in its rollouts.

The same defects the heroes' search had (``delve.ai.hero_search``) were in the overlord's:

- **a dead hero counted as healthy**: ``delve.ai.search.evaluate`` counts every hero's health,
  and a dead hero returns to town with full health (Rulebook: Hero Death), so a kill was worth
  the conquest it cost the heroes minus the health he got back: barely more than leaving him
  on one wound. ``OverlordJudge`` counts only the heroes standing on the board: the hero in
  town is out of the fight, his health is worth nothing to the heroes at this horizon.
- **monsters revealed by the heroes counted for the overlord**: the health of every monster on
  the board was a gain, so a rollout in which the heroes happened to reveal an area (Rulebook:
  Revealing Areas) looked better for the overlord. The judge counts the wounds taken by the
  monsters that stood on the board at the decision; new ones neither count nor cost.
- **rollouts played against forgetful heroes**: they were played by a fresh hero AI, which had
  forgotten the markers the heroes are done with and walked back to them: heroes slower than
  the real ones. The search player keeps a model of the heroes (``HeroWatch``): a hero AI
  whose memory of markers done with is filled from what the overlord sees (a hero who ended a
  move on a marker he did not take is done with it), and the rollouts play a copy of it.
- **dice decided the choice**: see ``delve.ai.hero_search.better_in_every_world``; the overlord
  now keeps his AI's choice unless another candidate is better on average by the margin and
  better in every sampled world too.
- **a 2e game valued as a 1st-edition one**: a 2e overlord wins by holding out until the
  quest's last round (descent-2e excerpt a, "Quests"), with no conquest; what he must stop is
  the heroes' walk to their area or their strike on the monster they must kill. The judge of a
  2e game counts the heroes' health on the board (a knocked-out hero counts none), the wounds
  taken by the monsters of the decision, the named foe's health, and the guard the normal 2e AI
  measures (``overlord_2e.guard_value``: the heroes' walk to their goal with the monsters in the
  way, minus each hero who could strike the named foe), so the search and the normal AI it
  corrects aim at the same thing. A rollout that ends an encounter of a two-encounter quest
  stops there (the next encounter resets the round, so the horizon was never reached, and the
  first encounter's monsters, gone with it, counted as killed): the encounter won or lost is
  worth plus or minus ``ENCOUNTER``.
- **a 2e value that did not predict the encounter** (session 11; docs/simulation.md, "The 2e
  judge checked against the encounter's winner"): every candidate of 777 searched activations
  of 40 Vault games was rolled out to the search's horizon and then on to the end of the game
  (4 worlds each, ``bench/judge_2e_check.py``). Between the candidates of one world the guard
  term (``guard_progress``) varied most (standard deviation 0.55 against 0.11 for the named
  foe's health) and did not predict the winner at all (correlation +0.02; on the tutorial
  +0.01): at the horizon the overlord's turn is about to begin, and the lieutenant and her
  guards move before the heroes strike, so where they stand then says little. The judge's
  value correlated +0.10 with the winner (the tutorial +0.03); the named foe's health alone
  +0.20. The 2e value is now the terms that do predict it, weighted as a regression of the
  winner on them (rounds 1-3 of those games) weighs them: the named foe's health
  (``NAMED_2E``), the heroes' health on the board (``HEALTH_2E``), the wounds of the
  decision's monsters (``LOST_2E``) and each of them still standing (``STANDING_2E``); the
  guard is left to the normal AI, which ranks the candidates by it. A state whose encounter
  cannot be lost any more (the heroes' turns of its last round are over) is a win.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from delve.ai import overlord_2e
from delve.ai import overlord_common as oc
from delve.ai.hero_ai import MARKERS_WORTH_A_VISIT, HeroAI
from delve.ai.hero_common import on_board
from delve.ai.hero_search import health_lost
from delve.engine.game import Game
from delve.rules2e.encounters import quest_entry

WIN_VALUE = 50.0  # a win outweighs anything else
CONQUEST = 1.0  # each conquest token the heroes hold
HEALTH = 2.0  # a hero's full health, standing on the board
MONSTER = 0.5  # a monster's full health (a master counts twice)
GOAL_SPACE = 0.25  # each space of the heroes' walk to an area they must reach
GOAL_FAR = 40  # spaces: farther (or cut off) counts as this far
NAMED_HEALTH = 2.0  # a named foe's full health, when the heroes must kill him
GUARD = 1.0  # 2e: weight of the normal 2e AI's guard value in ``guard_progress``
ENCOUNTER = 10.0  # 2e: an encounter of a two-encounter quest won (lost) before the last one
# 2e end-state weights, from a regression of the encounter's winner on the state at the search's
# horizon (docs/simulation.md, "The 2e judge checked against the encounter's winner"): per unit,
# the named foe's health counted about four times the heroes' health
NAMED_2E = 4.0  # the named foe's full health (wounds left / most wounds)
HEALTH_2E = 1.0  # a hero's full health, standing on the board
LOST_2E = 0.8  # times the weighted wounds of the decision's monsters (``health_lost``: 0.5 a monster)
STANDING_2E = 0.5  # each monster of the decision still standing (a kill costs more than its wounds)


def goal_progress(game: Game) -> float:
    """How far the heroes are from their quest goals, as a cost (0: nothing measurable): each
    space between the nearest hero and an area they must reach costs ``GOAL_SPACE``; a named
    foe they must kill costs ``NAMED_HEALTH`` times its health (wounds left / most wounds)."""
    cost = 0.0
    heroes = [h for h in oc.heroes(game) if on_board(h)]
    for goal in game.state.flags.get("goals", {}).get("heroes", []):
        area = goal.get("reach_area")
        if area:
            cells = [p for p in game.board.spaces() if game.board.area_of(p) == area]
            gap = min((oc.distance_field(game, h.pos).get(c, GOAL_FAR) for h in heroes for c in cells),
                      default=GOAL_FAR)
            cost += GOAL_SPACE * min(gap, GOAL_FAR)
        named = goal.get("kill_named")
        if named:
            cost += NAMED_HEALTH * sum(m.wounds / max(1, m.max_wounds) for m in game.state.monsters()
                                       if m.alive and named in (m.content_id, m.id))
    return cost


def guard_progress(game: Game) -> float:
    """A 2e game's distance of the heroes from their goals, as the normal 2e overlord measures
    it (``overlord_2e.guard_value``: the walk to the area with the monsters in the way, the
    walk to the named foe and the heroes who could strike him), plus the named foe's health.
    With every hero knocked out (none on the board) each goal counts as out of reach."""
    named = NAMED_HEALTH * sum(m.wounds / max(1, m.max_wounds) for m in overlord_2e.protected(game))
    if not oc.heroes(game):
        goals = len(overlord_2e.protected(game)) + bool(overlord_2e.goal_cells(game))
        return named + GUARD * goals * overlord_2e.WALK * overlord_2e.WALK_CAP
    return named + GUARD * overlord_2e.guard_value(game)


def encounters_decided(game: Game) -> list[dict[str, str]]:
    """A 2e quest's encounters decided so far, each with its winner (``rules2e.encounters``)."""
    return list(game.state.flags.get("encounters", {}).get("won", []))


def held_out(game: Game) -> bool:
    """2e: the heroes' turns of the encounter's last round are over, so the overlord's
    ``end_of_round`` goal is met when his turn ends (the heroes act no more before it): the
    search's horizon in that round is a won state, not one to weigh by health."""
    rounds = [int(c["end_of_round"]) for c in game.state.flags.get("goals", {}).get("overlord", [])
              if c.get("end_of_round")]
    if not rounds or int(game.state.flags.get("rounds_ended", 0)) + 1 < min(rounds):
        return False
    kinds = {s.kind for s in game.state.stack}
    return "overlord_turn" in kinds and "hero_turns" not in kinds


@dataclass(frozen=True)
class OverlordJudge:
    """What an end state is compared with: the monsters on the board at the searched decision."""

    monsters: dict[str, tuple[float, float]]  # monster id -> (weight, health fraction) then
    decided: int = 0  # 2e: encounters decided at the decision

    @classmethod
    def at(cls, game: Game) -> OverlordJudge:
        """The judge of the decision pending in ``game``."""
        monsters = {m.id: (MONSTER * (2.0 if m.master else 1.0), m.wounds / max(1, m.max_wounds))
                    for m in game.state.monsters() if m.side == "overlord" and on_board(m)}
        return cls(monsters=monsters, decided=len(encounters_decided(game)))

    def value(self, game: Game) -> float:
        """How good ``game`` is for the overlord (``WIN_VALUE`` for a win, minus for a loss):
        minus the conquest the heroes hold, minus the health of the heroes on the board, minus
        the wounds taken by the monsters of the decision, plus the heroes' distance to their
        goals. A 2e state: ``value_2e``."""
        state = game.state
        if state.winner is not None:
            return WIN_VALUE if state.winner == "overlord" else -WIN_VALUE
        decided = encounters_decided(game)[self.decided:]
        if decided:  # an encounter ended since: the next one's board is not this decision's
            return sum(ENCOUNTER if d.get("winner") == "overlord" else -ENCOUNTER for d in decided)
        if overlord_2e.active(game):
            return self.value_2e(game)
        health = sum(h.wounds / max(1, h.max_wounds) for h in state.heroes() if on_board(h))
        lost = health_lost(game, self.monsters)
        return -(CONQUEST * state.conquest + HEALTH * health + lost) + goal_progress(game)

    def value_2e(self, game: Game) -> float:
        """A 2e state still in play: ``WIN_VALUE`` when the encounter is held (``held_out``);
        else the named foe's health, minus the heroes' health on the board, minus the wounds of
        the decision's monsters, plus each of them still standing, weighted as they predict the
        encounter's winner (the module's notes; the guard of the goal does not, at this horizon)."""
        state = game.state
        if held_out(game):  # the game won, or an encounter before the last one
            quest = quest_entry(game)
            return WIN_VALUE if quest is None or quest.next_encounter is None else ENCOUNTER
        health = sum(h.wounds / max(1, h.max_wounds) for h in state.heroes() if on_board(h))
        named = sum(m.wounds / max(1, m.max_wounds) for m in overlord_2e.protected(game))
        standing = sum(1 for m in state.monsters() if m.id in self.monsters and on_board(m))
        return (NAMED_2E * named - HEALTH_2E * health - LOST_2E * health_lost(game, self.monsters)
                + STANDING_2E * standing)


class HeroWatch:
    """The overlord's model of the heroes for its rollouts: a hero AI whose memory of markers
    done with is filled from the states the overlord sees."""

    def __init__(self, seed: int) -> None:
        self.model = HeroAI(seed)

    def watch(self, game: Game) -> None:
        """Note the markers worth a visit that a hero stands on at the overlord's decision: the
        hero ended his move there without taking it, so he is done with it (as the hero AI
        notes for itself)."""
        for hero in game.state.heroes():
            if not on_board(hero):
                continue
            cells = hero.footprint.cells()
            for marker in game.board.markers:
                if marker.kind in MARKERS_WORTH_A_VISIT and marker.pos in cells:
                    self.model.visited.add(marker.id)

    def player(self) -> HeroAI:
        """A copy of the model to play a rollout with (the rollout's notes stay in it)."""
        return copy.deepcopy(self.model)


__all__ = ["HeroWatch", "OverlordJudge", "encounters_decided", "goal_progress", "guard_progress", "held_out"]
