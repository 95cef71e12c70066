"""The hard level: a determinized Monte Carlo search over the normal AI's best options.

How it decides (flat Monte Carlo over determinizations, the cheap form of information-set
search that fits a shared CPU):

1. The normal AI of the side (``OverlordAI`` or ``HeroAI``) answers first; its choice and its
   next best options (``candidates``: by the AI's own values where it has them) are the
   candidates. Decisions of other kinds, or with one candidate, take the normal AI's answer.
   A monster's activation step keeps one candidate per outcome (``distinct_candidates``): the
   AI's best options are each played to the end of the monster's activation in one probe world
   and an option that leaves the board as one already in (a step of the walk the AI makes anyway,
   the same attack from another space with nothing else changed) gives its place to the next.
2. ``worlds`` times, the game is copied honestly for the seat (``determinized_clone``: fresh
   dice, the hidden cards and chests re-drawn), and each candidate is played on its own copy of
   that world (common random numbers: every candidate meets the same dice), then both sides play
   on with normal AIs until the horizon: the end of the opponents' reply (for the overlord,
   the heroes' next turns; for a hero, the overlord's next turn), or the end of the game. The
   player's own side plays on with a fresh AI (the overlord) or a copy of its own (the heroes);
   the opponents of the overlord with a copy of its model of the heroes
   (``overlord_search.HeroWatch``).
3. Each end state gets a value for the side, relative to the searched decision (the overlord:
   ``overlord_search.OverlordJudge``: conquest, the health of the heroes on the board, the wounds
   taken by its monsters, the heroes' distance to their goals, a win or a loss; the heroes:
   ``hero_search.HeroJudge``); the candidate with the best mean wins, but the normal AI's own
   choice is kept unless another beats it by ``margin`` and is better in every sampled world
   too (the search corrects the AI; it does not replace it with the luck of the dice). The
   overlord plays a close call (an alternative ahead by the margin in the first worlds) in more
   worlds, the two candidates only, up to ``verify_worlds`` (6), and switches when the
   alternative is still ahead by the margin on average and behind in at most ``tolerance`` (1)
   of them: two worlds alone let a difference of pure dice through one time in four.

The heroes' candidates, end-state value and choice rule live in ``delve.ai.hero_search`` (why
the overlord's value, turned round, made the heroes weaker is told there); the overlord's value
and model of the heroes in ``delve.ai.overlord_search`` (with the defects they fixed).
``evaluate`` is the plain zero-sum value of a state (no reference to a decision).

Tried and not kept (docs/simulation.md, "The hard overlord with a larger budget"): 4 worlds of
4 candidates, verified in 8 worlds with 2 against, affordable once the engine was compiled; on
the same games it was even with this budget on the long 1st-edition quests (+2.1% over 48
games) and behind it on the tutorial (-6.9% over 72): most candidates are twins (moves after
which the monster makes the same attack), so more worlds sharpen differences that are not
there. Leaving out the twins by the AI's values (the same attack from another space) was even
with it too (first-steps 51 of 72 against 55): most twins were steps of one walk, which only the
outcome of the whole activation tells apart, as ``distinct_candidates`` now does. More worlds
where the distinct candidates differ (4) with a standard-error rule beside the count of worlds
against an alternative was behind on the tutorial (47 of 72 against 53) and not kept.

Reproducible by construction: every world's seed comes from the player's seed and the state's
serial, the budget is counted in worlds and candidates, not in seconds (``time_limit`` is an
opt-in cap for interactive play that makes a decision depend on the machine's speed).
"""

from __future__ import annotations

import copy
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from delve.ai import overlord_2e, overlord_ai
from delve.ai.explain import Explanation, Values, build
from delve.ai.hero_ai import HeroAI
from delve.ai.hero_search import HeroJudge, Outcomes, hero_candidates
from delve.ai.overlord_2e import Tuning2e
from delve.ai.overlord_ai import OverlordAI, Tuning1e
from delve.ai.overlord_common import top_step
from delve.ai.overlord_search import HeroWatch, OverlordJudge, encounters_decided, goal_progress
from delve.engine.decision import OVERLORD, TABLE, Decision
from delve.engine.determinize import determinized_clone
from delve.engine.game import EngineError, Game

# Decision kinds worth a search, per side: where a monster goes and whom it strikes, which
# card to play at the start of the turn, where a spawn stands; for heroes, which action and who
# acts first. Not the overlord's event and trap windows: a card played there costs threat (1st
# edition) and a card from the hand, which no end-state value at this horizon sees, so the search
# spent both on whatever helped a little before the horizon (and the windows were half of the
# searched decisions of a first-steps game).
SEARCHED = {
    "overlord": ("monster_activation", "overlord_cards", "spawn_place"),
    "heroes": ("choose_action", "choose_hero_turn"),
}
WIN_VALUE = 50.0


@dataclass(frozen=True)
class Budget:
    """How much a search may do per decision: sampled worlds, candidates, rollout length."""

    worlds: int = 2
    candidates: int = 3
    max_rollout_choices: int = 400
    margin: float = 0.3  # how much better than the normal AI's own choice another must be
    # the overlord: on a close call (an alternative beats the AI's choice by the margin in the
    # first ``worlds``), the two are played in more worlds, up to this many in all
    verify_worlds: int = 6
    tolerance: int = 1  # worlds of those where the alternative may fail to beat the AI's choice
    # the overlord's activations: options (by the AI's ranking) whose activation is played to its
    # end in a probe world, to keep one candidate per outcome (``activation_outcome``); 0: none
    pool: int = 8
    probe_choices: int = 60  # choices a probe may play before the activation is given up as endless
    time_limit: float | None = None  # CPU seconds per decision; None: reproducible


def evaluate(game: Game, side: str) -> float:
    """How good a state is for ``side`` ("overlord" or "heroes"): a won game is worth
    ``WIN_VALUE``; otherwise each conquest point the heroes hold counts 1 for them, each hero's
    health (wounds left / most wounds) 2, each monster's health 0.5 (1 for a master), and the
    distance to their goals (``goal_progress``) against them."""
    state = game.state
    if state.winner is not None:
        return WIN_VALUE if state.winner == side else -WIN_VALUE
    heroes = sum(h.wounds / max(1, h.max_wounds) for h in state.heroes() if h.alive)
    monsters = sum((1.0 if m.master else 0.5) * m.wounds / max(1, m.max_wounds)
                   for m in state.monsters() if m.alive and m.side == "overlord")
    for_heroes = state.conquest + 2.0 * heroes - monsters - goal_progress(game)
    return for_heroes if side == "heroes" else -for_heroes


def _applied(game: Game, choice: str, seat: str) -> bool:
    """Apply a choice on a search copy; False when refused or when the engine fails (a copy for
    search runs without transactions: what is left of it is simply valued as it stands)."""
    try:
        return game.apply(choice, seat).accepted
    except EngineError:
        return False


def _seed(*parts: object) -> int:
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class SearchPlayer:
    """A player of one side that searches its key decisions; the normal AI answers the rest."""

    def __init__(self, seed: int = 0, *, side: str = "overlord", budget: Budget | None = None,
                 tuning_2e: Tuning2e | None = None, rollout_tuning_2e: Tuning2e | None = None,
                 tuning_1e: Tuning1e | None = None) -> None:
        if side not in SEARCHED:
            raise ValueError(f"side must be one of {', '.join(SEARCHED)}")
        self.seed = seed
        self.side = side
        self.budget = budget or Budget()
        # the overlord's 2e weights (``overlord_2e.Tuning2e``; a 1st-edition game never reads
        # them): its own play (the base policy the search corrects) by ``tuning_2e``, the hard
        # level's ``overlord_2e.HARD`` unless given; the rollouts' and probes' overlord by
        # ``rollout_tuning_2e``, the normal level's default unless given
        self.tuning_2e = tuning_2e or overlord_2e.HARD
        self.rollout_tuning_2e = rollout_tuning_2e or overlord_2e.DEFAULT
        # its 1st-edition weights (``overlord_ai.Tuning1e``; a 2e game reads them only where the
        # 2e play leaves a decision to the 1st-edition rules): the base policy's by ``tuning_1e``,
        # the hard level's ``overlord_ai.HARD`` unless given; the rollouts and probes play the
        # normal level's default, as in 2e
        self.tuning_1e = tuning_1e or overlord_ai.HARD
        self.base: Any = (OverlordAI(seed, self.tuning_2e, self.tuning_1e) if side == "overlord"
                          else HeroAI(seed))
        self.searched = 0  # decisions searched (a figure for benchmarks)
        # the overlord's model of the heroes for its rollouts (delve.ai.overlord_search)
        self.watch = HeroWatch(seed) if side == "overlord" else None

    # -- the protocol -----------------------------------------------------------------------
    def choose(self, decision: Decision, game: Game) -> str:
        """The normal AI's answer, corrected by search on the key decisions."""
        pick = self.base.choose(decision, game)
        if self.watch is not None:
            self.watch.watch(game)
        if decision.kind not in SEARCHED[self.side]:
            return pick
        candidates = self.candidates(decision, game, pick)
        if len(candidates) < 2:
            return pick
        outcomes = self.play_out(decision, game, candidates)
        return self.select(pick, mean_values(outcomes)[0], outcomes)

    def select(self, pick: str, means: dict[str, float], outcomes: Outcomes | None = None) -> str:
        """The best mean, unless the normal AI's choice is within ``margin`` of it, or the best is
        not better than it in every sampled world (``hero_search.better_in_every_world``: a
        fight's dice spread the values of one world several times wider than the margin, so a
        mean of two worlds alone picks noise). Both sides follow this rule; the overlord, over the
        worlds of a verified close call, allows ``budget.tolerance`` worlds against it, and only
        the verified alternative may win there (the others' means are of the first worlds only)."""
        eligible = list(means)
        if outcomes is not None and self.side == "overlord":
            played = {c: sum(v is not None for v in outcomes[c]) for c in means}
            eligible = [c for c in means if c == pick or played[c] == max(played.values())]
        best = max(eligible, key=lambda c: (means[c], c == pick))
        tolerance = self.budget.tolerance if self.side == "overlord" else 0  # the heroes verify nothing
        if not means[best] > means.get(pick, -float("inf")) + self.budget.margin:
            return pick
        if outcomes is not None and not better_in_enough_worlds(outcomes, best, pick, tolerance,
                                                                self.budget.verify_worlds):
            return pick
        return best

    def candidates(self, decision: Decision, game: Game, pick: str) -> list[str]:
        """The normal AI's choice first, then its next best options by its own values (or, for
        a decision it does not value, the other choices in order), ``budget.candidates`` in all.
        The heroes' candidates are those of ``hero_search.hero_candidates``."""
        if self.side == "heroes":
            return hero_candidates(decision, game, pick, self.budget.candidates)
        out = [pick]
        values: Values = {}
        if isinstance(self.base, OverlordAI):
            _measure, values = self.base.option_values(game, decision)
        ranked = sorted((c for c, (v, _d) in values.items() if v is not None), key=lambda c: -(values[c][0] or 0.0))
        if values:
            ranked += [c for c in ("end_activation", "continue") if decision.find(c) and c not in ranked]
        else:
            ranked = [c.id for c in decision.choices]
        if decision.kind == "monster_activation" and self.budget.pool > 0:
            return self.distinct_candidates(decision, game, pick, ranked)
        for choice_id in ranked:
            if len(out) >= self.budget.candidates:
                break
            if choice_id not in out:
                out.append(choice_id)
        return out

    def distinct_candidates(self, decision: Decision, game: Game, pick: str, ranked: list[str]) -> list[str]:
        """One candidate per outcome of the monster's activation: the AI's choice, then the next
        options by the AI's ranking (``budget.pool`` of them) whose activation, played to its end
        by the normal AI in one probe world (honest, the same dice for every option), leaves the
        board otherwise than every candidate already in. Why: most options of an activation step
        are twins (a step of the walk the AI's own choice makes anyway, the same attack from a
        neighbouring space after which nothing differs), and a search between twins compares
        dice, not choices (docs/simulation.md, "Levels"); with one outcome only there is nothing
        to search and the AI's choice stands."""
        pool = [pick, *[c for c in ranked if c != pick][: self.budget.pool - 1]]
        world_seed = _seed("delve-probe", self.seed, game.state.serial)
        world = determinized_clone(game, OVERLORD, world_seed)
        heroes: Any = self.watch.player() if self.watch is not None else HeroAI(self.seed)
        out: list[str] = []
        seen: set[tuple[Any, ...]] = set()
        for choice_id in pool:
            outcome = self.activation_outcome(world, decision, choice_id, world_seed, heroes)
            if outcome is None or outcome in seen:
                continue
            seen.add(outcome)
            out.append(choice_id)
            if len(out) >= self.budget.candidates:
                break
        return out if pick in out else [pick]

    def activation_outcome(self, world: Game, decision: Decision, choice_id: str, seed: int,
                           heroes: Any) -> tuple[Any, ...] | None:
        """Where the board stands once the activation that ``choice_id`` begins is over (the
        normal AI plays the rest of it, the heroes' model answers what they are asked on the
        way): every figure's place, health and fatigue, the conquest and the winner. None when
        the choice is refused."""
        branch = world.clone()
        step = top_step(branch, "monster_activation")
        monster = step.data.get("figure") if step is not None else None
        if not _applied(branch, choice_id, decision.seat):
            return None
        overlord = OverlordAI(seed, self.rollout_tuning_2e)
        for _ in range(self.budget.probe_choices):
            pending = branch.pending
            if pending is None or branch.state.winner is not None:
                break
            if not any(s.kind == "monster_activation" and s.data.get("figure") == monster for s in branch.state.stack):
                break
            player: Any = overlord if pending.seat in (OVERLORD, TABLE) else heroes
            if not _applied(branch, player.choose(pending, branch), pending.seat):
                break
        state = branch.state
        figures = tuple(sorted((f.id, f.footprint.x, f.footprint.y, f.wounds, f.fatigue, f.in_town)
                               for f in state.figures.values()))
        return (figures, state.conquest, state.winner)

    # -- the search ---------------------------------------------------------------------------
    def search(self, decision: Decision, game: Game, candidates: list[str]) -> tuple[dict[str, float], dict[str, int]]:
        """Mean value and number of rollouts of each candidate over the sampled worlds."""
        return mean_values(self.play_out(decision, game, candidates))

    def play_out(self, decision: Decision, game: Game, candidates: list[str]) -> Outcomes:
        """The value of each candidate in each sampled world (None where it was refused)."""
        started = time.process_time()
        outcomes: Outcomes = {c: [] for c in candidates}
        value = self.valuer(game)
        self.searched += 1
        for world_index in range(self.budget.worlds):
            played = self.world(decision, game, world_index, candidates, value)
            for candidate in candidates:
                outcomes[candidate].append(played.get(candidate))
            limit = self.budget.time_limit
            if limit is not None and time.process_time() - started > limit:
                break
        if self.side == "overlord" and self.budget.verify_worlds > self.budget.worlds:
            self.verify(decision, game, outcomes, value)
        return outcomes

    def verify(self, decision: Decision, game: Game, outcomes: Outcomes, value: Callable[[Game], float]) -> None:
        """A close call: the best alternative beats the AI's choice (the first candidate) by the
        margin on average; play the two in more worlds (the same world seeds for both), up to
        ``budget.verify_worlds`` in all; the other candidates get no value there."""
        pick = next(iter(outcomes))
        means = mean_values(outcomes)[0]
        if pick not in means or len(means) < 2:
            return
        best = max((c for c in means if c != pick), key=lambda c: means[c])
        if not means[best] > means[pick] + self.budget.margin:
            return
        for world_index in range(len(outcomes[pick]), self.budget.verify_worlds):
            played = self.world(decision, game, world_index, [pick, best], value)
            for candidate, values in outcomes.items():
                values.append(played.get(candidate))

    def world(self, decision: Decision, game: Game, index: int, candidates: list[str],
              value: Callable[[Game], float]) -> dict[str, float | None]:
        """The value of each candidate in sampled world ``index`` (None where it was refused):
        one honest copy for the seat, every candidate played on a copy of it (the same dice)."""
        seat = decision.seat if decision.seat != TABLE else OVERLORD
        world_seed = _seed("delve-search", self.seed, game.state.serial, index)
        world = determinized_clone(game, seat, world_seed)
        out: dict[str, float | None] = {}
        for candidate in candidates:
            branch = world.clone()
            played = _applied(branch, candidate, decision.seat)
            out[candidate] = self.rollout(branch, world_seed, value) if played else None
        return out

    def _horizon_reached(self, game: Game, start_round: int, decided: int = 0) -> bool:
        """The opponents have replied: for the overlord, the heroes' next turns are over, or an
        encounter of a 2e quest ended (``decided``: those decided at the start); for the heroes,
        the overlord's turn is over (a new round began)."""
        if self.side == "heroes":
            return game.state.round > start_round
        if len(encounters_decided(game)) > decided:
            return True
        return game.state.round > start_round and not any(s.kind == "hero_turns" for s in game.state.stack)

    def valuer(self, game: Game) -> Callable[[Game], float]:
        """How this side values an end state of a search from ``game``: the overlord by an
        ``OverlordJudge`` of this decision (``delve.ai.overlord_search``); the heroes by a
        ``HeroJudge`` (``delve.ai.hero_search``)."""
        if self.side == "heroes":
            return HeroJudge.at(game, self.base).value
        return OverlordJudge.at(game).value

    def rollout(self, game: Game, seed: int, value: Callable[[Game], float] | None = None) -> float:
        """Play on with normal AIs of both sides until the horizon; the end state's ``value``
        (``evaluate`` for the side when not given). The heroes' search plays its own heroes on
        with a copy of its hero AI (what it remembers: the markers done with), the overlord's
        with a copy of its model of the heroes (``HeroWatch``)."""
        start_round, decided = game.state.round, len(encounters_decided(game))
        overlord = OverlordAI(seed, self.rollout_tuning_2e)
        heroes: HeroAI = copy.deepcopy(self.base) if self.watch is None else self.watch.player()
        for _ in range(self.budget.max_rollout_choices):
            decision = game.pending
            if decision is None or self._horizon_reached(game, start_round, decided):
                break
            player: Any = overlord if decision.seat in (OVERLORD, TABLE) else heroes
            if not _applied(game, player.choose(decision, game), decision.seat):
                break
        return value(game) if value is not None else evaluate(game, self.side)

    # -- explanations ---------------------------------------------------------------------------
    def explain(self, decision: Decision, game: Game) -> Explanation:
        """The candidates with their mean values and rollouts, the winner and the ties."""
        pick = self.base.choose(decision, game)
        if decision.kind not in SEARCHED[self.side]:
            inner = getattr(self.base, "explain", None)
            if callable(inner):
                found: Explanation = inner(decision, game)
                return found
            return build(decision, "search", pick, "no search for this kind: the normal AI's choice", {})
        candidates = self.candidates(decision, game, pick)
        if len(candidates) < 2:
            return build(decision, "search", pick, "one candidate: the normal AI's choice", {})
        outcomes = self.play_out(decision, game, candidates)
        means, visits = mean_values(outcomes)
        winner = self.select(pick, means, outcomes)
        # Each candidate's value is its mean over the first worlds, which every candidate met:
        # the only figures that compare. A close call's two (the pick and its challenger) were
        # played in more worlds; their mean there and how often the challenger beat the pick
        # are details (``select`` decides on those).
        first = mean_values({c: v[: self.budget.worlds] for c, v in outcomes.items()})
        values: Values = {}
        for c in means:
            details: dict[str, Any] = {"worlds": first[1].get(c, visits[c]), "normal_ai_choice": c == pick}
            if visits[c] > first[1].get(c, 0):
                details["worlds"] = visits[c]
                details["mean_all_worlds"] = round(means[c], 3)
                if c != pick:
                    pairs = [(b, p) for b, p in zip(outcomes[c], outcomes[pick], strict=True)
                             if b is not None and p is not None]
                    details["beat_pick"] = sum(1 for b, p in pairs if b > p)
                    details["compared"] = len(pairs)
            values[c] = (first[0].get(c, means[c]), details)
        worlds = max(first[1].values(), default=0)
        return build(decision, "search", winner, f"mean value for the {self.side} after the opponents' reply "
                     f"(conquest or the guard of the goal, health, win/loss) over the first {worlds} sampled "
                     "worlds, which every examined option met", values, margin=self.budget.margin)


def better_in_enough_worlds(outcomes: Outcomes, best: str, pick: str, tolerance: int, per: int) -> bool:
    """``hero_search.better_in_every_world``, allowing ``tolerance`` worlds in every ``per``
    where ``best`` does not beat ``pick`` (over the verified worlds one tie or loss need not veto
    a clear difference; over fewer worlds none is allowed)."""
    pairs = [(b, p) for b, p in zip(outcomes[best], outcomes[pick], strict=True) if b is not None and p is not None]
    allowed = tolerance * len(pairs) // per if per > 0 else 0
    return sum(1 for b, p in pairs if not b > p) <= allowed


def mean_values(outcomes: Outcomes) -> tuple[dict[str, float], dict[str, int]]:
    """Mean value and number of rollouts of each candidate (those played in some world)."""
    totals = dict.fromkeys(outcomes, 0.0)
    visits = dict.fromkeys(outcomes, 0)
    for candidate, values in outcomes.items():
        for value in values:
            if value is not None:
                totals[candidate] += value
                visits[candidate] += 1
    return {c: totals[c] / visits[c] for c in outcomes if visits[c]}, visits


def side_of(seat: str) -> str:
    """The side a seat plays for."""
    return "overlord" if seat in (OVERLORD, TABLE) else "heroes"


__all__ = ["Budget", "SearchPlayer", "evaluate", "side_of"]
