"""The heroes' side of the search (the hard hero level): its candidates and its end-state value.

Why a value of its own: the first hard heroes valued an end state as the overlord's value turned
round (``delve.ai.search.evaluate``) and lost 15 of 16 games where the hero AI alone won a
third. That value, read from the heroes' side, punishes what wins a quest for them:

- **exploring**: it counts the health of every monster on the board, so a step that reveals an
  area (and the monsters in it) costs several points; the heroes must reveal areas to reach the
  key, the vault and the named foe (Rulebook: Revealing Areas; the quest goals);
- **walking on**: apart from a goal area already in sight, no term measures progress, so at a
  horizon of one round, standing still (Battle with nobody in reach: no movement points) looked
  as good as walking and safer; the overlord's clock (conquest lost when his deck runs out,
  Rulebook: Step 1: Collect Threat and Draw Cards) is never seen;
- **dying**: a dead hero returns to town with full health (Rulebook: Hero Death), so after the
  conquest he cost, his health still counted in full: a hero about to die was worth nearly as
  much dead as alive, and the hero in town is out of the fight.

So the heroes value (``HeroJudge``), relative to the searched decision: a won or lost game; the
conquest they hold (the overlord wins at 0: Conquest Tokens); the health of each hero standing
on the board (a hero in town counts nothing); the wounds dealt to the monsters that stood on the
board at the decision (newly revealed or spawned ones neither count nor cost), a named foe of
their goal heavily; and each hero's walk to his own objective as the hero AI sees it at the
decision (goal area, named foe, enemies, glyphs, markers, the edge of the explored map), so
walking on is progress and a step into the unexplored counts as reaching its edge.

Candidates (``hero_candidates``): the hero AI's choice, then the other actions that can do
something: Battle only when an attack can be made from where the hero stands (the old candidates
were the first choices as listed, so Ready was never weighed and a Battle with nobody in reach
often was).

The choice (``better_in_every_world``): an alternative replaces the hero AI's choice only when
its mean beats it by the margin *and* it is better in every sampled world. Measured on
first-steps (8 worlds per decision): where no die is rolled before the horizon the candidates'
values do not vary between worlds, but in a fight the difference between two candidates varies
with a standard deviation of 1.5 to 3 from world to world, five to ten times the margin of 0.3,
so with two worlds the best mean alone was mostly the luck of the dice.

Rollouts play the heroes on with a copy of the searching player's own hero AI (it remembers the
markers it is done with; a fresh AI walked back to them).
"""

from __future__ import annotations

from dataclasses import dataclass

from delve.ai.hero_ai import BIAS_FRONTIER, HeroAI
from delve.ai.hero_common import INF, best_attack_from, field_at, on_board
from delve.engine.decision import Decision
from delve.engine.game import Game

WIN_VALUE = 50.0  # as the overlord's search: a win outweighs anything else
CONQUEST = 1.0  # each conquest token the heroes hold
HEALTH = 2.0  # a hero's full health, standing on the board
MONSTER = 0.5  # a monster's full health taken off (a master counts twice)
NAMED = 4.0  # the named foe of the heroes' goal: his full health taken off
STEP = 0.1  # each space of a hero's walk to his objective
FAR = 40  # spaces: a hero in town (or cut off) is this far from his objective
# Alternatives to the hero AI's action, the most useful first: Ready (move, then a guard order
# or half an attack) is the careful version of a walk; Advance moves and strikes once; Run
# walks twice as far; Battle strikes twice but does not move.
ACTION_ORDER = ("action:ready", "action:advance", "action:run", "action:battle")


@dataclass(frozen=True)
class HeroJudge:
    """What an end state is compared with: taken from the game at the searched decision."""

    monsters: dict[str, tuple[float, float]]  # monster id -> (weight, health fraction) then
    fields: dict[str, list[int]]  # hero id -> walking cost to the hero AI's objective then

    @classmethod
    def at(cls, game: Game, ai: HeroAI) -> HeroJudge:
        """The judge of the decision pending in ``game``, with the objectives ``ai`` walks to."""
        goals = game.state.flags.get("goals", {}).get("heroes", [])
        named = {g["kill_named"] for g in goals if g.get("kill_named")}
        monsters = {}
        for m in game.state.monsters():
            if m.alive and m.side == "overlord" and on_board(m):
                weight = NAMED if (m.content_id in named or m.id in named) else MONSTER * (2.0 if m.master else 1.0)
                monsters[m.id] = (weight, m.wounds / max(1, m.max_wounds))
        # the hero AI's own objective field (cached on the board's view): the search values
        # walking where the AI walks, not a second notion of progress
        fields = {h.id: ai._objective_field(game, h) for h in game.state.heroes() if on_board(h)}
        return cls(monsters=monsters, fields=fields)

    def walk(self, game: Game, hero_id: str) -> int:
        """Spaces between a hero and his objective (as seen at the decision) in ``game``."""
        hero = game.state.figures.get(hero_id)
        field = self.fields.get(hero_id)
        if hero is None or field is None or not on_board(hero):
            return FAR
        gap = field_at(game, field, hero.footprint)
        return BIAS_FRONTIER if gap >= INF else min(gap, FAR)  # unseen then: past the edge

    def value(self, game: Game) -> float:
        """How good ``game`` is for the heroes (``WIN_VALUE`` for a win, minus for a loss)."""
        state = game.state
        if state.winner is not None:
            return WIN_VALUE if state.winner == "heroes" else -WIN_VALUE
        health = sum(h.wounds / max(1, h.max_wounds) for h in state.heroes() if on_board(h))
        dealt = health_lost(game, self.monsters)
        walk = sum(self.walk(game, h.id) for h in state.heroes())
        return CONQUEST * state.conquest + HEALTH * health + dealt - STEP * walk


def health_lost(game: Game, monsters: dict[str, tuple[float, float]]) -> float:
    """The health the monsters of a decision (id -> (weight, health fraction) then) have lost
    in ``game``, each weighted; a monster killed or gone from the board has lost all it had."""
    lost = 0.0
    for monster_id, (weight, before) in monsters.items():
        m = game.state.figures.get(monster_id)
        after = m.wounds / max(1, m.max_wounds) if m is not None and m.alive and on_board(m) else 0.0
        lost += weight * (before - after)
    return lost


# a candidate's value in each sampled world, in world order (None: refused in that world)
Outcomes = dict[str, list[float | None]]


def better_in_every_world(outcomes: Outcomes, best: str, pick: str) -> bool:
    """Whether ``best`` beats ``pick`` in every world where both were played. The candidates
    of one world meet the same dice and hidden cards, so this is a paired comparison: with two
    worlds, noise alone passes it one time in four, while a real difference (walking into a
    room full of monsters, standing still) shows in every world."""
    return all(b > p for b, p in zip(outcomes[best], outcomes[pick], strict=True) if b is not None and p is not None)


def hero_candidates(decision: Decision, game: Game, pick: str, count: int) -> list[str]:
    """The hero AI's choice first, then up to ``count`` - 1 alternatives worth playing out: for
    the action, those of ``ACTION_ORDER`` that can do something (Battle needs an attack from
    where the hero stands; a hero in town has nothing to weigh); for the turn order, the other
    heroes as the decision lists them."""
    out = [pick]
    if decision.kind == "choose_action":
        step = next((s for s in reversed(game.state.stack) if s.kind == "hero_turn"), None)
        hero = game.state.figures.get(str(step.data.get("hero"))) if step is not None else None
        if hero is None or not on_board(hero):
            return out
        ranked = [a for a in ACTION_ORDER if decision.find(a) is not None]
        if "action:battle" in ranked and best_attack_from(game, hero, hero.footprint) is None:
            ranked.remove("action:battle")
    else:
        ranked = [c.id for c in decision.choices]
    out += [c for c in ranked if c != pick][:max(0, count - 1)]
    return out


__all__ = ["HeroJudge", "Outcomes", "better_in_every_world", "health_lost", "hero_candidates"]
