"""Exact attack odds by enumeration, not sampling.

How it stays small and fast:

- A roll matters only through its totals (``delve.rules.attack_math.RollTotals``), and those
  are normalised further: any X face (or a blank under Bash) collapses the whole roll into one
  "miss" state, and rolled range beyond what the attack still needs is cut off. So the number
  of states is tiny compared with the number of face combinations.
- Dice of one colour are counted as multisets of faces (multinomial weights), and identical
  faces (white's two ``3/1S``) are merged, so a die is at most six weighted outcomes.
- Every final state is resolved by ``attack_math.best_spend`` and ``resolve``, the functions the
  engine uses, so the calculator and the table agree by construction; results are memoised.

Decisions are optimal for the objective (expected wounds, or P(at least N wounds)), compared
lexicographically: objective, then expected wounds, then P(hit):

- Fatigue (Rulebook: Spending Fatigue for Attacks): after the roll, the attacker rolls extra
  power dice one at a time while that improves the objective (optimal stopping).
- Aim / Dodge (Rulebook: Aim, Dodge, Attack Re-rolls): the chooser sees the first roll and picks
  which dice to keep; the value of keeping a sub-multiset K depends only on its totals and the
  dice re-rolled, so the best choice for every roll is a maximum (aim) or minimum (dodge) over
  the sub-multisets of it, taken over whole arrays in ``delve.odds.rerolls``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
from numpy.typing import NDArray

from delve.odds.query import AttackQuery, OddsResult
from delve.rules.attack_math import (
    POWER_DICE_CAP,
    AttackProfile,
    Defense,
    Objective,
    RollTotals,
    best_play,
    fatigue_dice_allowed,
)
from delve.rules.dice import DICE, POWER

Key = tuple[int, int, int, int]  # (range, hearts, surges, enhancements), range capped
Effect = tuple[int, int, int, int, int, int]  # DieFace.effect: miss, range, hearts, surges, enh, blanks
Vector = NDArray[np.float64]  # P(k wounds) for k < len-1, then P(hit) in the last slot
Dist = dict[Key, float]
Value = tuple[float, ...]

MISS_KEY: Key = (-1, 0, 0, 0)
_EPS = 1e-12


@dataclass(frozen=True, slots=True)
class _Rules:
    """What normalisation and resolution need from a query; hashable for the caches."""

    profile: AttackProfile
    defense: Defense
    objective: Objective
    kill: int
    cap: int  # rolled range beyond this never matters
    bash: bool


def _rules(query: AttackQuery) -> _Rules:
    profile = query.profile()
    cap = 0 if profile.melee else max(0, profile.range_needed - profile.bonus_range)
    return _Rules(profile, query.defense(), query.objective, query.kill or 1, cap, profile.bash)


# -- dice -------------------------------------------------------------------------------------
@cache
def _faces(colour: str) -> tuple[tuple[Effect, float], ...]:
    """Distinct face effects of a die with their probabilities (identical faces merged)."""
    counts: dict[Effect, int] = {}
    for face in DICE[colour].faces:
        counts[face.effect] = counts.get(face.effect, 0) + 1
    total = len(DICE[colour].faces)
    return tuple((effect, n / total) for effect, n in counts.items())


def _add_effect(key: Key, effect: Effect, cap: int, bash: bool) -> Key:
    if key[0] < 0 or effect[0] or (bash and effect[5]):
        return MISS_KEY
    return (min(key[0] + effect[1], cap), key[1] + effect[2], key[2] + effect[3], key[3] + effect[4])


def _add_keys(a: Key, b: Key, cap: int) -> Key:
    if a[0] < 0 or b[0] < 0:
        return MISS_KEY
    return (min(a[0] + b[0], cap), a[1] + b[1], a[2] + b[2], a[3] + b[3])


_ZERO: Key = (0, 0, 0, 0)


@lru_cache(maxsize=4096)
def _dice_dist(colour: str, n: int, cap: int, bash: bool) -> Dist:
    """Distribution of the normalised totals of ``n`` dice of one colour."""
    dist: Dist = {_ZERO: 1.0}
    for _ in range(n):
        nxt: Dist = {}
        for key, p in dist.items():
            for effect, q in _faces(colour):
                k = _add_effect(key, effect, cap, bash)
                nxt[k] = nxt.get(k, 0.0) + p * q
        dist = nxt
    return dist


def _convolve(a: Dist, b: Dist, cap: int) -> Dist:
    out: Dist = {}
    for ka, pa in a.items():
        for kb, pb in b.items():
            k = _add_keys(ka, kb, cap)
            out[k] = out.get(k, 0.0) + pa * pb
    return out


@lru_cache(maxsize=4096)
def _pool_dist(pool: tuple[tuple[str, int], ...], cap: int, bash: bool) -> Dist:
    """Distribution of the normalised totals of a pool given as ``((colour, count), ...)``."""
    dist: Dist = {_ZERO: 1.0}
    for colour, n in pool:
        if n:
            dist = _convolve(dist, _dice_dist(colour, n, cap, bash), cap)
    return dist


def _pool(dice: tuple[str, ...], power: int) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for colour in dice:
        counts[colour] = counts.get(colour, 0) + 1
    if power:
        counts[POWER] = power
    return tuple(sorted(counts.items()))


# -- resolution ---------------------------------------------------------------------------------
@lru_cache(maxsize=1 << 16)
def _outcome(key: Key, profile: AttackProfile, defense: Defense) -> tuple[int, bool]:
    """(wounds, hit) of a final state, played with the engine's own ``best_play``.

    Keyed without the objective: for one fixed roll, reaching a kill threshold is a monotone
    function of the wounds, so ``best_play`` ranks the spends in the same order (and keeps the
    same one) under either objective; queries that differ only in ``kill`` (a target's wounds)
    share these entries, and each is exactly what the query's own objective would give."""
    if key[0] < 0:
        return 0, False
    rng, hearts, surges, enh = key
    totals = RollTotals(False, rng, hearts, surges, enh, 0)
    out = best_play(totals, profile, defense)[1]
    return out.wounds, out.hit


# (wounds, hit) per final state, one table per attacker profile and defence: the solvers of every
# query with that profile and defence (kill thresholds, power dice, fatigue, re-rolls) share it.
# Keyed by values only, so a lookup gives exactly what ``_outcome`` would.
_OUTCOME_TABLES: dict[tuple[AttackProfile, Defense], dict[Key, tuple[int, bool]]] = {}
_OUTCOME_TABLES_LIMIT = 1024


def _outcome_table(profile: AttackProfile, defense: Defense) -> dict[Key, tuple[int, bool]]:
    """The shared table of ``_outcome`` values for one profile and defence (emptied when full)."""
    table = _OUTCOME_TABLES.get((profile, defense))
    if table is None:
        if len(_OUTCOME_TABLES) >= _OUTCOME_TABLES_LIMIT:
            _OUTCOME_TABLES.clear()
        table = _OUTCOME_TABLES[(profile, defense)] = {}
    return table


class _Solver:
    """Decisions and distributions for one query (one number of power dice under Bash)."""

    def __init__(self, query: AttackQuery, rules: _Rules, power: int) -> None:
        self.query = query
        self.rules = rules
        self.power = power
        self.fatigue = fatigue_dice_allowed(power, query.fatigue)
        self.pool = _pool(query.dice, power)
        self.length = self._wound_bound() + 2
        self._after: dict[tuple[Key, int], tuple[Vector, Value]] = {}
        self._outcomes = _outcome_table(rules.profile, rules.defense)  # spares hashing the rules per lookup

    def outcome(self, key: Key) -> tuple[int, bool]:
        """(wounds, hit) of a final state (see ``_outcome``)."""
        out = self._outcomes.get(key)
        if out is None:
            out = self._outcomes[key] = _outcome(key, self.rules.profile, self.rules.defense)
        return out

    def _wound_bound(self) -> int:
        """An upper bound on wounds, to size outcome vectors."""
        p = self.rules.profile
        dice = [c for c, n in self.pool for _ in range(n)] + [POWER] * self.fatigue
        hearts = sum(max(f.hearts for f in DICE[c].faces) for c in dice)
        surges = sum(max(f.surges for f in DICE[c].faces) for c in dice)
        points = sum(max(f.enhancement for f in DICE[c].faces) for c in dice) + p.sorcery
        per_surge = max([a.damage for a in p.all_surge_abilities] + [1])
        return max(0, hearts + points + max(0, p.bonus_damage) + surges * per_surge)

    # values
    def value(self, v: Vector) -> Value:
        wounds = v[:-1]
        ew = float(wounds @ np.arange(len(wounds)))
        if self.rules.objective == "kill":
            return (float(wounds[self.rules.kill :].sum()), ew, float(v[-1]))
        return (ew, float(v[-1]))

    def final(self, key: Key) -> Vector:
        v = np.zeros(self.length)
        wounds, hit = self.outcome(key)
        if wounds >= self.length - 1:  # the last slot holds P(hit): never let wounds spill into it
            raise AssertionError(f"wound bound {self.length - 2} too small for {wounds} wounds")
        v[wounds] = 1.0
        v[-1] = float(hit)
        return v

    def after(self, key: Key, k: int | None = None) -> tuple[Vector, Value]:
        """Outcome distribution from ``key`` with ``k`` fatigue dice still available, rolling
        them one at a time while that strictly improves the attacker's value."""
        k = self.fatigue if k is None else k
        memo = self._after.get((key, k))
        if memo is not None:
            return memo
        stop = self.final(key)
        best = (stop, self.value(stop))
        if k > 0 and key[0] >= 0:
            cont = np.zeros(self.length)
            for effect, q in _faces(POWER):
                cont += q * self.after(_add_effect(key, effect, self.rules.cap, self.rules.bash), k - 1)[0]
            value = self.value(cont)
            if _better(value, best[1]):
                best = (cont, value)
        self._after[(key, k)] = best
        return best

    # whole attack
    def solve(self) -> Vector:
        mode = self.query.rerolls
        if mode is None:
            return self._no_reroll()
        from delve.odds.rerolls import solve_rerolls  # it reuses this module's dice tables

        return solve_rerolls(self, mode == "aim", _faces, _dice_dist, MISS_KEY)

    def _no_reroll(self) -> Vector:
        return self.mix(_pool_dist(self.pool, self.rules.cap, self.rules.bash))

    def mix(self, dist: Dist) -> Vector:
        """The outcome distribution when the roll reaches each state of ``dist`` with its
        probability and fatigue is then played optimally."""
        if self.fatigue == 0:  # every state is final: count (wounds, hit) directly
            keys = list(dist)
            probs = np.fromiter(dist.values(), dtype=np.float64, count=len(keys))
            outs = [self.outcome(key) for key in keys]
            wounds = np.fromiter((w for w, _ in outs), dtype=np.int64, count=len(keys))
            hits = np.fromiter((h for _, h in outs), dtype=np.float64, count=len(keys))
            v = np.zeros(self.length)
            v[:-1] = np.bincount(wounds, weights=probs, minlength=self.length - 1)
            v[-1] = float(probs @ hits)
            return v
        total = np.zeros(self.length)
        for key, p in dist.items():
            total += p * self.after(key)[0]
        return total


def _better(a: Value, b: Value) -> bool:
    """True when ``a`` is strictly better than ``b`` (lexicographic, with a float tolerance)."""
    for x, y in zip(a, b, strict=True):
        if x > y + _EPS:
            return True
        if x < y - _EPS:
            return False
    return False


# -- public entry ------------------------------------------------------------------------------
@lru_cache(maxsize=1 << 14)
def attack_odds(query: AttackQuery) -> OddsResult:
    """The exact odds of ``query``, with every choice made optimally; memoised per query."""
    rules = _rules(query)
    choices = range(POWER_DICE_CAP + 1) if query.bash else [query.power_dice]
    best: tuple[Vector, Value, int] | None = None
    for power in choices:
        solver = _Solver(query, rules, power)
        v = solver.solve()
        value = solver.value(v)
        if best is None or _better(value, best[1]):
            best = (v, value, power)
    assert best is not None
    v, _, power = best
    wounds = v[:-1]
    nonzero = np.nonzero(wounds > 0.0)[0]
    last = int(nonzero[-1]) if len(nonzero) else 0
    trimmed = tuple(float(x) for x in wounds[: last + 1])
    ew = float(wounds @ np.arange(len(wounds)))
    kill = None if query.kill is None else float(wounds[query.kill :].sum())
    return OddsResult(
        hit=float(v[-1]), wounds=trimmed, expected_wounds=ew, power_dice=power, kill=kill, query=query
    )
