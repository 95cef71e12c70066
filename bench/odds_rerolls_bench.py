"""Re-roll (aim, dodge) odds: the array solver (``delve.odds.rerolls``) against the recursive
search it replaced, side by side in one run on the same queries (CPU seconds, so a busy machine
matters little), plus how far their answers differ.

The recursive search is kept here, unchanged but for its imports, as the "before": it visited
every sub-multiset of the pool through Python calls. Both choose optimally; where several choices
are worth exactly the same (objective, expected wounds, P(hit)), they may pick different ones,
so the wound distributions can differ while every value the players read is equal.

Run: ``.venv/bin/python bench/odds_rerolls_bench.py [--pools N]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache
from math import factorial
from pathlib import Path

import numpy as np

from delve.odds import AttackQuery
from delve.odds import exact as odds_exact
from delve.odds.exact import _ZERO, Dist, Key, Value, Vector, _add_effect, _add_keys, _better, _faces, _pool_dist
from delve.rules.attack_math import SurgeAbility

sys.path.insert(0, str(Path(__file__).parent))
from odds_bench import clear_caches, make_pools

Counts = tuple[int, ...]
Partial = tuple[Counts, ...]  # per colour of the pool: how many of each distinct face are kept


class RecursiveRerolls:
    """One re-roll of any subset of the first roll, chosen by the attacker (aim, maximise) or by
    the target (dodge, minimise). Ties keep more dice (re-roll less)."""

    def __init__(self, solver: odds_exact._Solver, maximise: bool) -> None:
        self.s = solver
        self.maximise = maximise
        self.colours = [c for c, _ in solver.pool]
        self.sizes = [n for _, n in solver.pool]
        self.faces = [_faces(c) for c in self.colours]
        self._kept: dict[tuple[Key, tuple[int, ...]], tuple[Vector, Value]] = {}
        self._best: dict[Partial, tuple[Vector, Value]] = {}
        self._keys: dict[Partial, Key] = {}

    def prefer(self, a: Value, b: Value) -> bool:
        return _better(a, b) if self.maximise else _better(b, a)

    def key_of(self, partial: Partial) -> Key:
        """Normalised totals of the kept dice, built from one die fewer (memoised)."""
        memo = self._keys.get(partial)
        if memo is not None:
            return memo
        key = _ZERO
        for i, counts in enumerate(partial):
            for j, n in enumerate(counts):
                if n:
                    smaller = (*partial[:i], (*counts[:j], n - 1, *counts[j + 1 :]), *partial[i + 1 :])
                    rules = self.s.rules
                    key = _add_effect(self.key_of(smaller), self.faces[i][j][0], rules.cap, rules.bash)
                    break
            else:
                continue
            break
        self._keys[partial] = key
        return key

    def keep(self, partial: Partial) -> tuple[Vector, Value]:
        """Keep exactly ``partial`` and re-roll every other die."""
        key = self.key_of(partial)
        missing = tuple(n - sum(c) for n, c in zip(self.sizes, partial, strict=True))
        memo = self._kept.get((key, missing))
        if memo is not None:
            return memo
        rules = self.s.rules
        if key[0] < 0:
            v = self.s.after(key)[0]
        else:
            reroll = _pool_dist(tuple(zip(self.colours, missing, strict=True)), rules.cap, rules.bash)
            finals: Dist = {}
            for r, p in reroll.items():
                final = _add_keys(key, r, rules.cap)
                finals[final] = finals.get(final, 0.0) + p
            v = self.s.mix(finals)
        result = (v, self.s.value(v))
        self._kept[(key, missing)] = result
        return result

    def best(self, partial: Partial) -> tuple[Vector, Value]:
        """The chooser's best over every sub-multiset of ``partial`` to keep."""
        memo = self._best.get(partial)
        if memo is not None:
            return memo
        best = self.keep(partial)
        for i, counts in enumerate(partial):
            for j, n in enumerate(counts):
                if n:
                    smaller = (*partial[:i], (*counts[:j], n - 1, *counts[j + 1 :]), *partial[i + 1 :])
                    candidate = self.best(smaller)
                    if self.prefer(candidate[1], best[1]):
                        best = candidate
        self._best[partial] = best
        return best

    def solve(self) -> Vector:
        total = np.zeros(self.s.length)
        for partial, p in self._first_rolls():
            total += p * self.best(partial)[0]
        return total

    def _first_rolls(self) -> Iterator[tuple[Partial, float]]:
        per_colour = [_multisets(c, n) for c, n in zip(self.colours, self.sizes, strict=True)]

        def walk(i: int, acc: Partial, p: float) -> Iterator[tuple[Partial, float]]:
            if i == len(per_colour):
                yield acc, p
                return
            for counts, q in per_colour[i]:
                yield from walk(i + 1, (*acc, counts), p * q)

        yield from walk(0, (), 1.0)


@lru_cache(maxsize=1024)
def _multisets(colour: str, n: int) -> tuple[tuple[Counts, float], ...]:
    """Every multiset of ``n`` faces of a die (counts per distinct face) with its probability."""
    faces = _faces(colour)
    out: list[tuple[Counts, float]] = []

    def walk(i: int, left: int, acc: Counts) -> None:
        if i == len(faces) - 1:
            counts = (*acc, left)
            p = float(factorial(n))
            for (_, q), c in zip(faces, counts, strict=True):
                p *= q**c / factorial(c)
            out.append((counts, p))
            return
        for c in range(left + 1):
            walk(i + 1, left - c, (*acc, c))

    walk(0, n, ())
    return tuple(out)



def solve(query: AttackQuery, recursive: bool) -> Vector:
    """The attack's outcome vector, as ``attack_odds`` builds it, by either re-roll solver."""
    rules = odds_exact._rules(query)
    best: tuple[Vector, Value] | None = None
    for power in range(odds_exact.POWER_DICE_CAP + 1) if query.bash else [query.power_dice]:
        solver = odds_exact._Solver(query, rules, power)
        v = RecursiveRerolls(solver, query.rerolls == "aim").solve() if recursive else solver.solve()
        if best is None or _better(solver.value(v), best[1]):
            best = (v, solver.value(v))
    assert best is not None
    return best[0]


FIVE = ("red", "blue", "green", "yellow", "white")
WEAPON = (SurgeAbility(1, damage=1), SurgeAbility(1, pierce=3), SurgeAbility(2, range=2))
LARGEST: dict[str, AttackQuery] = {
    "5 combat + 5 power, aim": AttackQuery(dice=FIVE, power=5, attack_type="ranged", range=3, armor=1, aim=True,
                                           surge_abilities=WEAPON),
    "5 combat + 5 power, dodge, kill 8": AttackQuery(dice=FIVE, power=5, attack_type="ranged", range=3, armor=2,
                                                     dodge=True, kill=8, surge_abilities=WEAPON),
    "5 combat + 3 power + 2 fatigue, aim": AttackQuery(dice=FIVE, power=3, fatigue=2, attack_type="ranged", range=4,
                                                       armor=1, aim=True, surge_abilities=WEAPON),
    "5 red + 5 power, aim, melee": AttackQuery(dice=("red",) * 5, power=5, armor=2, aim=True, surge_abilities=WEAPON),
    "5 combat, Bash (0-5 power), aim": AttackQuery(dice=FIVE, bash=True, armor=2, aim=True, surge_abilities=WEAPON),
}


def timed(fn: Callable[[], Vector]) -> tuple[float, Vector]:
    clear_caches()
    _multisets.cache_clear()
    start = time.process_time()
    v = fn()
    return time.process_time() - start, v


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=200, help="random plain pools, each with aim and dodge")
    parser.add_argument("--skip-largest", action="store_true", help="the largest pools take ~10 s before")
    args = parser.parse_args()
    print("| query | before (CPU s) | after (CPU s) | speed-up | largest difference |")
    print("| --- | --- | --- | --- | --- |")
    for name, query in ({} if args.skip_largest else LARGEST).items():
        before, a = timed(lambda q=query: solve(q, recursive=True))
        after, b = timed(lambda q=query: solve(q, recursive=False))
        print(f"| {name} | {before:.3f} | {after:.3f} | {before / after:.1f}x | {float(np.abs(a - b).max()):.1e} |")
    queries = [replace(q, aim=True) for q in make_pools(args.pools)] + [replace(q, dodge=True) for q in
                                                                       make_pools(args.pools)]
    before = after = worst = 0.0
    for query in queries:
        t, a = timed(lambda q=query: solve(q, recursive=True))
        before += t
        t, b = timed(lambda q=query: solve(q, recursive=False))
        after += t
        worst = max(worst, float(np.abs(a - b).max()))
    n = len(queries)
    print(f"| {n} random pools (1-3 combat, 0-3 power), mean | {before / n * 1e3:.2f} ms | {after / n * 1e3:.2f} ms "
          f"| {before / after:.1f}x | {worst:.1e} |")


if __name__ == "__main__":
    main()
