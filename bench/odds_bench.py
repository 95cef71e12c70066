"""Benchmark of the exact odds calculator (``delve.odds``); figures go to docs/performance.md.

What it measures, and why:

- 1,000 different plain pools (1-3 combat dice, 0-3 power dice, melee or range 1-6, armor 0-4,
  Pierce 0-2, one of a few weapons' surge abilities): mean ms per pool, cold (every cache
  cleared before each pool), warm-inner (only the per-query result cache empty, the shared
  tables already built) and cached (the same query again). Target: under 1 ms per pool.
- Subsets with fatigue, aim and dodge, which need decisions and cost more.
- numpy Monte Carlo with 1e6 samples on a subset of pools (time, and the largest error
  against the exact answer), to show what sampling would cost for a worse answer.
- icepool (optional, ``pip install icepool``; the ``bench`` extra) computing the same plain
  distributions with its exact convolution, when importable.

Run: ``.venv/bin/python bench/odds_bench.py [--pools N]``.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from delve.odds import AttackQuery, OddsResult, attack_odds
from delve.odds import exact as odds_exact
from delve.odds import rerolls as odds_rerolls
from delve.rules import attack_math
from delve.rules.attack_math import RollTotals, SurgeAbility, resolve_best
from delve.rules.dice import COMBAT_COLOURS, DICE, POWER

WEAPONS: list[tuple[SurgeAbility, ...]] = [
    (),
    (SurgeAbility(1, damage=1),),
    (SurgeAbility(1, damage=1), SurgeAbility(1, pierce=3)),  # a Frost Axe-like weapon
    (SurgeAbility(1, range=1), SurgeAbility(2, damage=2)),
    (SurgeAbility(2, pierce=2), SurgeAbility(1, damage=1), SurgeAbility(3, damage=3)),
]


def make_pools(n: int, seed: int = 1) -> list[AttackQuery]:
    """``n`` distinct plain queries drawn with a seeded numpy generator."""
    rng = np.random.default_rng(seed)
    seen: set[AttackQuery] = set()
    pools: list[AttackQuery] = []
    while len(pools) < n:
        k = int(rng.integers(1, 4))
        dice = tuple(sorted(str(c) for c in rng.choice(COMBAT_COLOURS, size=k)))
        distance = int(rng.integers(0, 7))
        query = AttackQuery(
            dice=dice,
            power=int(rng.integers(0, 4)),
            attack_type="melee" if distance == 0 else "ranged",
            range=distance,
            armor=int(rng.integers(0, 5)),
            pierce=int(rng.integers(0, 3)),
            surge_abilities=WEAPONS[int(rng.integers(0, len(WEAPONS)))],
        )
        if query not in seen:
            seen.add(query)
            pools.append(query)
    return pools


def clear_caches() -> None:
    """Forget every memoised table so the next query starts from nothing."""
    for fn in (
        odds_exact.attack_odds,
        odds_exact._outcome,
        odds_exact._pool_dist,
        odds_exact._dice_dist,
        odds_rerolls._colour,
        attack_math._useful_buys,
    ):
        fn.cache_clear()
    odds_exact._OUTCOME_TABLES.clear()


def time_each(pools: list[AttackQuery], before: Callable[[], None] | None = None) -> float:
    """Mean milliseconds per ``attack_odds`` call over ``pools``."""
    total = 0.0
    for query in pools:
        if before is not None:
            before()
        start = time.perf_counter()
        attack_odds(query)
        total += time.perf_counter() - start
    return 1000 * total / len(pools)


def monte_carlo(query: AttackQuery, samples: int, rng: np.random.Generator) -> OddsResult:
    """Sampled odds of a plain query: numpy rolls, then each distinct roll resolved once with the
    engine's arithmetic (a fair, vectorised sampler; fatigue and re-rolls are not modelled)."""
    dice = [*query.dice, *[POWER] * query.power_dice]
    totals = np.zeros((samples, 6), dtype=np.int64)
    for colour in dice:
        effects = np.array([face.effect for face in DICE[colour].faces], dtype=np.int64)
        totals += effects[rng.integers(0, 6, size=samples)]
    # One integer per roll (each total is below 64), so np.unique sorts numbers, not rows.
    codes = totals @ (64 ** np.arange(6, dtype=np.int64))
    unique, inverse = np.unique(codes, return_inverse=True)
    profile, target = query.profile(), query.defense()
    outs = []
    for code in unique.tolist():
        m, r, h, s, e, b = ((code >> (6 * i)) & 63 for i in range(6))
        outs.append(resolve_best(RollTotals(bool(m), r, h, s, e, b), profile, target))
    wounds = np.array([o.wounds for o in outs])[inverse.ravel()]
    hits = np.array([o.hit for o in outs])[inverse.ravel()]
    dist = np.bincount(wounds) / samples
    return OddsResult(float(hits.mean()), tuple(float(p) for p in dist), float(wounds.mean()))


def icepool_odds(query: AttackQuery) -> tuple[float, ...]:
    """The same plain distribution through icepool's exact dice algebra (imported lazily)."""
    import icepool

    pool = None
    for colour in [*query.dice, *[POWER] * query.power_dice]:
        die = icepool.Die([icepool.Vector(face.effect) for face in DICE[colour].faces])
        pool = die if pool is None else pool + die
    assert pool is not None
    profile, target = query.profile(), query.defense()

    def wounds(v: tuple[int, ...]) -> int:
        m, r, h, s, e, b = v
        return resolve_best(RollTotals(bool(m), r, h, s, e, b), profile, target).wounds

    result = pool.map(wounds)
    top = max(result.outcomes())
    return tuple(float(result.probability(k)) for k in range(top + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=1000)
    parser.add_argument("--mc-pools", type=int, default=20)
    args = parser.parse_args()
    pools = make_pools(args.pools)
    print(f"python {platform.python_version()}, numpy {np.__version__}, {len(pools)} plain pools")

    cold = time_each(pools, before=clear_caches)
    clear_caches()
    first = time_each(pools)
    cached = time_each(pools)
    print(f"plain  cold (all caches cleared each pool): {cold:.3f} ms/pool")
    print(f"plain  first call (shared tables warm):     {first:.3f} ms/pool")
    print(f"plain  cached (same query again):           {cached * 1000:.2f} us/pool")

    subset = pools[:200]
    for label, change in (
        ("fatigue 2", {"fatigue": 2}),
        ("aim", {"aim": True}),
        ("dodge", {"dodge": True}),
        ("aim + fatigue 2", {"aim": True, "fatigue": 2}),
    ):
        variants = [replace(q, **change) for q in subset]  # type: ignore[arg-type]
        ms = time_each(variants, before=clear_caches)
        print(f"{label:<16} cold: {ms:.3f} ms/pool over {len(variants)} pools")

    rng = np.random.default_rng(7)
    mc_pools = pools[: args.mc_pools]
    start = time.perf_counter()
    worst = 0.0
    for query in mc_pools:
        sampled = monte_carlo(query, 1_000_000, rng)
        exact = attack_odds(query)
        width = max(len(sampled.wounds), len(exact.wounds))
        a = np.pad(np.array(sampled.wounds), (0, width - len(sampled.wounds)))
        b = np.pad(np.array(exact.wounds), (0, width - len(exact.wounds)))
        worst = max(worst, float(np.abs(a - b).max()), abs(sampled.hit - exact.hit))
    mc_ms = 1000 * (time.perf_counter() - start) / len(mc_pools)
    print(f"numpy Monte Carlo 1e6 samples: {mc_ms:.1f} ms/pool over {len(mc_pools)} pools, "
          f"largest error {worst:.4f}")  # fmt: skip

    try:
        import icepool  # noqa: F401
    except ImportError:
        print("icepool: not installed (pip install icepool)")
        return
    ice_pools = pools[:200]
    start = time.perf_counter()
    worst = 0.0
    for query in ice_pools:
        ice = icepool_odds(query)
        exact = attack_odds(query)
        worst = max(worst, max(abs(x - y) for x, y in zip(ice, exact.wounds, strict=False)))
    ice_ms = 1000 * (time.perf_counter() - start) / len(ice_pools)
    print(f"icepool exact: {ice_ms:.3f} ms/pool over {len(ice_pools)} pools, largest difference {worst:.2e}")


if __name__ == "__main__":
    main()
