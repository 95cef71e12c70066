"""One re-roll of any subset of the first roll (Rulebook: Aim, Dodge, Attack Re-rolls), solved
exactly over whole arrays instead of one sub-multiset at a time.

The chooser (the attacker for aim, maximising; the target for dodge, minimising) sees the first
roll and keeps a sub-multiset K of it; every other die is rolled again. Keeping K is worth what
its kept totals (``key``) and the dice still to roll (``missing``, per colour) are worth, so:

1. Every sub-multiset of the pool (a "partial": per colour, how many of each distinct face are
   kept) is listed once as an array row, with its key and missing vector.
2. Each distinct (key, missing) pair is valued once: the re-roll's distribution is built in
   integer codes of the totals (``_Codes``), and the outcome rows of the complete rolls it
   reaches are gathered and weighted by its chances (``_PairValues``).
3. Pairs are ranked by value (lexicographic, as ``exact._better`` compares), ties broken toward
   keeping more dice, and "the best sub-multiset of each partial" is a maximum over its down-set.
   The lattice of partials is a product of one small lattice per colour, so that maximum is taken
   one colour axis at a time (``_down_max``): a few hundred numpy operations in all.
4. Each first roll (a full partial) then has its best pair; the answer is their mixture.

Why not the recursive search it replaces: it visited every sub-multiset through Python calls
(1.8 million for five combat and five power dice, about 4 s); this does the same arithmetic in
array operations (``bench/odds_rerolls_bench.py`` measures both on the same pools).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from math import factorial, prod
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from delve.odds.exact import Dist, Effect, Key, Vector, _Solver

IntArray = NDArray[np.int64]
Roll = tuple[IntArray, NDArray[np.float64]]  # codes of totals and their chances
GATHER_CELLS = 1 << 21  # floats gathered at once when mixing a re-roll in
QUANTUM = 1e9  # values equal to 1e-9 rank equal (exact._better uses a 1e-12 tolerance)


@dataclass(frozen=True, slots=True)
class _Colour:
    """Every sub-multiset of ``n`` dice of one colour, smallest first, as arrays.

    Sub-multiset ``a`` keeps ``size[a]`` dice (``miss``: one of them always misses); ``child[a, j]``
    is the sub-multiset with one face ``j`` fewer (-1 when ``a`` keeps none); ``full`` marks the
    sub-multisets of exactly ``n`` dice (the possible first rolls) and ``prob`` their chance."""

    size: IntArray
    child: IntArray
    miss: NDArray[np.bool_]
    totals: IntArray  # (range, hearts, surges, enhancements) of the kept faces, uncapped
    full: IntArray
    prob: NDArray[np.float64]


@lru_cache(maxsize=256)
def _colour(faces: tuple[tuple[Effect, float], ...], n: int, bash: bool) -> _Colour:
    """The sub-multisets of ``n`` dice with these distinct faces (see ``_Colour``)."""
    rows: list[tuple[int, ...]] = [()]
    for _ in faces:
        rows = [(*row, c) for row in rows for c in range(n + 1 - sum(row))]
    rows.sort(key=lambda row: (sum(row), row))
    index = {row: a for a, row in enumerate(rows)}
    counts = np.array(rows, dtype=np.int64).reshape(len(rows), len(faces))
    child = np.full(counts.shape, -1, dtype=np.int64)
    for a, row in enumerate(rows):
        for j, c in enumerate(row):
            if c:
                child[a, j] = index[(*row[:j], c - 1, *row[j + 1 :])]
    effects = np.array([effect for effect, _ in faces], dtype=np.int64)
    misses = (effects[:, 0] > 0) | (bash & (effects[:, 5] > 0))
    size = counts.sum(axis=1)
    full = np.nonzero(size == n)[0]
    probs = np.array([q for _, q in faces])
    prob = np.array(
        [factorial(n) * prod(float(probs[j]) ** c / factorial(c) for j, c in enumerate(rows[a])) for a in full]
    )
    return _Colour(
        size=size,
        child=child,
        miss=np.asarray((counts[:, misses] > 0).any(axis=1), dtype=bool),
        totals=counts @ effects[:, 1:5],
        full=full,
        prob=prob,
    )


def _grid(parts: list[IntArray] | list[NDArray[np.bool_]], combine: Callable[..., IntArray]) -> IntArray:
    """Combine one array per colour over the product of their sub-multisets (C order)."""
    shaped = [p.reshape([-1 if i == k else 1 for k in range(len(parts))]) for i, p in enumerate(parts)]
    out = shaped[0]
    for p in shaped[1:]:
        out = combine(out, p)
    return np.asarray(np.broadcast_to(out, tuple(len(p) for p in parts)).reshape(-1), dtype=np.int64)


def _down_max(scores: IntArray, colours: list[_Colour]) -> IntArray:
    """For every partial, the largest score over the partials it contains (its down-set)."""
    grid = scores.reshape((*(len(c.size) for c in colours), 1)).copy()  # 1: rows stay arrays
    for axis, colour in enumerate(colours):
        view = np.moveaxis(grid, axis, 0)
        for a in range(1, len(colour.size)):  # smallest first: children are already closed
            for b in colour.child[a]:
                if b >= 0:
                    np.maximum(view[a], view[b], out=view[a])
    return grid.reshape(-1)


class _PairValues:
    """Outcome vectors of keeping a key while re-rolling ``missing`` dice, for many keys at once.

    Keys are handled as codes (``_Codes``); every complete roll a re-roll can reach is one row
    of outcomes (fatigue then played optimally by ``_Solver.after``), computed once."""

    def __init__(self, solver: _Solver, colours: list[str], codes: _Codes,
                 dice_dist: Callable[[str, int, int, bool], Dist]) -> None:
        self.s = solver
        self.colours = colours
        self.codes = codes
        self.dice_dist = dice_dist
        nothing = codes.code((0, 0, 0, 0))
        self._rolls: dict[tuple[int, ...], Roll] = {(): (np.array([nothing], dtype=np.int64), np.ones(1))}
        self._rows = np.zeros((codes.size, solver.length))  # by final code, filled on first use
        self._known = np.zeros(codes.size, dtype=bool)

    def _roll(self, missing: tuple[int, ...]) -> Roll:
        """Codes and chances of rolling ``missing`` dice per colour, one colour added at a time
        to a memoised shorter roll."""
        memo = self._rolls.get(missing)
        if memo is not None:
            return memo
        head, n = self._roll(missing[:-1]), missing[-1]
        roll = head
        if n:
            rules = self.s.rules
            dist = self.dice_dist(self.colours[len(missing) - 1], n, rules.cap, rules.bash)
            codes = np.array([self.codes.code(k) for k in dist], dtype=np.int64)
            probs = np.fromiter(dist.values(), dtype=np.float64, count=len(dist))
            sums = self.codes.add(head[0], codes).reshape(-1)
            chances = np.bincount(sums, weights=np.outer(head[1], probs).reshape(-1), minlength=self.codes.size)
            reached = np.nonzero(chances)[0].astype(np.int64)
            roll = (reached, np.asarray(chances[reached], dtype=np.float64))
        self._rolls[missing] = roll
        return roll

    def _fill(self, finals: IntArray) -> None:
        """Compute the rows of final codes not seen yet."""
        for code in finals[~self._known[finals]]:
            self._rows[code] = self.s.after(self.codes.key(int(code)))[0]
        self._known[finals] = True

    def vectors(self, keys: IntArray, missing: tuple[int, ...]) -> NDArray[np.float64]:
        """One outcome vector per key code."""
        rolled, probs = self._roll(missing)
        finals = self.codes.add(keys, rolled)
        self._fill(np.nonzero(np.bincount(finals.reshape(-1), minlength=self.codes.size))[0])
        # gathered rows weighted by the re-roll's chances, in chunks of keys to bound memory
        out = np.empty((len(keys), self.s.length))
        step = max(1, GATHER_CELLS // (len(rolled) * self.s.length))
        for start in range(0, len(keys), step):
            rows = self._rows[finals[start : start + step]]
            out[start : start + step] = np.einsum("krl,r->kl", rows, probs, optimize=False)
        return out


@dataclass(frozen=True, slots=True)
class _Codes:
    """Roll totals as integers: 0 is a miss, else 1 + (range, hearts, surges, enhancements) in
    mixed radix. Range is capped (``exact._Rules.cap``); the other bounds are the largest totals
    of a complete roll of the pool, so sums of a kept part and a re-roll never overflow."""

    cap: int
    bounds: tuple[int, int, int]  # hearts, surges, enhancements: largest value + 1
    miss_key: Key

    @property
    def rest(self) -> int:
        return self.bounds[0] * self.bounds[1] * self.bounds[2]

    @property
    def size(self) -> int:
        return (self.cap + 1) * self.rest + 1

    def encode(self, rng: IntArray, hearts: IntArray, surges: IntArray, enh: IntArray) -> IntArray:
        b = self.bounds
        return (np.minimum(rng, self.cap) * self.rest + (hearts * b[1] + surges) * b[2] + enh) + 1

    def code(self, key: Key) -> int:
        if key[0] < 0:
            return 0
        rng, hearts, surges, enh = key
        return (min(rng, self.cap) * self.rest + (hearts * self.bounds[1] + surges) * self.bounds[2] + enh) + 1

    def key(self, code: int) -> Key:
        if code == 0:
            return self.miss_key
        rng, rest = divmod(code - 1, self.rest)
        rest, enh = divmod(rest, self.bounds[2])
        hearts, surges = divmod(rest, self.bounds[1])
        return (rng, hearts, surges, enh)

    def add(self, a: IntArray, b: IntArray) -> IntArray:
        """Totals of every kept part ``a`` with every re-roll ``b`` (rows: ``a``; a miss in
        either is a miss)."""
        ra, rest_a = np.divmod(a - 1, self.rest)
        rb, rest_b = np.divmod(b - 1, self.rest)
        out = np.minimum(ra[:, None] + rb[None, :], self.cap) * self.rest + (rest_a[:, None] + rest_b[None, :] + 1)
        out[a == 0, :] = 0
        out[:, b == 0] = 0
        return out


def _values(solver: _Solver, vectors: NDArray[np.float64]) -> IntArray:
    """Each vector's value (as ``_Solver.value``), quantised so that equal values compare equal."""
    wounds = vectors[:, :-1]
    ew = wounds @ np.arange(wounds.shape[1])
    columns = [ew, vectors[:, -1]]
    if solver.rules.objective == "kill":
        columns.insert(0, wounds[:, solver.rules.kill :].sum(axis=1))
    return np.round(np.stack(columns, axis=1) * QUANTUM).astype(np.int64)


def _ranks(values: IntArray, maximise: bool) -> IntArray:
    """Dense ranks of value rows, lexicographic; the chooser's best gets the highest rank."""
    _, inverse = np.unique(values, axis=0, return_inverse=True)
    ranks = inverse.reshape(-1).astype(np.int64)
    return ranks if maximise else ranks.max() - ranks


def solve_rerolls(
    solver: _Solver,
    maximise: bool,
    faces_of: Callable[[str], tuple[tuple[Effect, float], ...]],
    dice_dist: Callable[[str, int, int, bool], Dist],
    miss_key: Key,
) -> Vector:
    """The outcome distribution of the attack when the chooser re-rolls optimally once."""
    rules = solver.rules
    names = [c for c, _ in solver.pool]
    sizes = [n for _, n in solver.pool]
    colours = [_colour(faces_of(c), n, rules.bash) for c, n in solver.pool]

    miss = _grid([c.miss for c in colours], np.logical_or).astype(bool)
    totals = [_grid([c.totals[:, t] for c in colours], np.add) for t in range(4)]
    kept = _grid([c.size for c in colours], np.add)
    radix = [n + 1 for n in sizes]  # the dice to re-roll per colour, as one mixed-radix code
    strides = [prod(radix[i + 1 :]) for i in range(len(radix))]
    missing_code = _grid([(n - c.size) * w for n, c, w in zip(sizes, colours, strides, strict=True)], np.add)

    codes = _Codes(rules.cap, tuple(int(t.max()) + 1 for t in totals[1:]), miss_key)  # type: ignore[arg-type]
    key_code = np.where(miss, 0, codes.encode(*totals))
    pair_code = key_code * prod(radix) + missing_code
    pairs, pair_of = np.unique(pair_code, return_inverse=True)
    pair_of = pair_of.reshape(-1)

    values_by_pair = _PairValues(solver, names, codes, dice_dist)
    vectors = np.zeros((len(pairs), solver.length))
    pair_keys = pairs // prod(radix)
    pair_missing = pairs % prod(radix)
    for code in np.unique(pair_missing):
        members = np.nonzero(pair_missing == code)[0]
        vectors[members] = values_by_pair.vectors(pair_keys[members], _digits(int(code), radix))

    ranks = _ranks(_values(solver, vectors), maximise)
    width = int(kept.max()) + 1
    scores = (ranks[pair_of] * width + kept) * len(pairs) + pair_of
    best = _down_max(scores, colours)

    first_index = np.zeros(1, dtype=np.int64)
    first_prob = np.ones(1)
    for c in colours:
        first_index = (first_index[:, None] * len(c.size) + c.full[None, :]).reshape(-1)
        first_prob = (first_prob[:, None] * c.prob[None, :]).reshape(-1)
    chosen = best[first_index] % len(pairs)
    weights = np.bincount(chosen, weights=first_prob, minlength=len(pairs))
    return np.asarray(np.einsum("p,pl->l", weights, vectors, optimize=False), dtype=np.float64)


def _digits(code: int, radix: list[int]) -> tuple[int, ...]:
    """The mixed-radix digits of ``code`` (most significant first)."""
    out = []
    for base in reversed(radix):
        code, digit = divmod(code, base)
        out.append(digit)
    return tuple(reversed(out))
