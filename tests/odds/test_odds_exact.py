"""The exact calculator against hand counts, brute-force enumeration and simulation."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from delve.engine.chance import Chance, seeded
from delve.odds import AttackQuery, OddsResult, attack_odds
from delve.rules.attack_math import (
    AttackOutcome,
    RollTotals,
    SurgeAbility,
    best_spend,
    fatigue_dice_allowed,
    resolve,
    resolve_best,
)
from delve.rules.dice import DICE, POWER, DieFace, roll_die

PLUS_DAMAGE = SurgeAbility(cost=1, damage=1)
PIERCE_2 = SurgeAbility(cost=2, pierce=2)
PLUS_RANGE = SurgeAbility(cost=1, range=1)


def outcome_of(faces: list[DieFace], query: AttackQuery) -> AttackOutcome:
    """One attack resolved the way the engine will: totals, best spend, resolve."""
    totals = RollTotals.from_faces(faces)
    return resolve_best(totals, query.profile(), query.defense(), query.objective, query.kill or 1)


def brute_force(query: AttackQuery, extra_power: int = 0) -> OddsResult:
    """Every labelled face combination, equally likely (no re-roll, fatigue dice always rolled)."""
    dice = [*query.dice, *[POWER] * (query.power_dice + extra_power)]
    hit = 0.0
    wounds: Counter[int] = Counter()
    combos = list(itertools.product(*(DICE[d].faces for d in dice)))
    for combo in combos:
        out = outcome_of(list(combo), query)
        hit += out.hit
        wounds[out.wounds] += 1
    n = len(combos)
    top = max(wounds)
    dist = tuple(wounds[k] / n for k in range(top + 1))
    return OddsResult(hit / n, dist, sum(k * p for k, p in enumerate(dist)))


def same(a: OddsResult, b: OddsResult) -> None:
    assert a.hit == pytest.approx(b.hit, abs=1e-12)
    assert a.expected_wounds == pytest.approx(b.expected_wounds, abs=1e-12)
    assert len(a.wounds) == len(b.wounds)
    for x, y in zip(a.wounds, b.wounds, strict=True):
        assert x == pytest.approx(y, abs=1e-12)


def test_one_red_die_against_no_armor() -> None:
    """X misses; 0/4, 1/3, 1/3S, 2/2, 2/1S deal 4, 3, 3, 2, 1 (a sixth each)."""
    result = attack_odds(AttackQuery(dice=("red",)))
    assert result.hit == pytest.approx(5 / 6)
    assert result.wounds == pytest.approx((1 / 6, 1 / 6, 1 / 6, 2 / 6, 1 / 6))
    assert result.expected_wounds == pytest.approx((4 + 3 + 3 + 2 + 1) / 6)
    assert result.to_json() == {
        "hit": result.hit,
        "wounds": list(result.wounds),
        "expected_wounds": result.expected_wounds,
    }


def test_one_red_die_against_armor_2() -> None:
    result = attack_odds(AttackQuery(dice=("red",), armor=2))
    # wounds 2, 1, 1, 0, 0 and a miss.
    assert result.wounds == pytest.approx((3 / 6, 2 / 6, 1 / 6))
    assert result.hit == pytest.approx(5 / 6)


QUERIES = [
    AttackQuery(dice=("red", "yellow"), power=2, attack_type="ranged", range=3, armor=1),
    AttackQuery(
        dice=("blue",), power=1, attack_type="ranged", range=4, armor=0, surge_abilities=(PLUS_RANGE,)
    ),
    AttackQuery(dice=("white", "green"), power=1, attack_type="magic", range=2, armor=3, pierce=1, shield=1),
    AttackQuery(dice=("red", "red"), power=1, armor=4, surge_abilities=(PLUS_DAMAGE, PIERCE_2)),
    AttackQuery(dice=("green", "yellow"), power=2, attack_type="ranged", range=5, sorcery=1, bonus_range=1),
    AttackQuery(dice=("red", "white"), power=1, armor=2, fear=1, surge_abilities=(PLUS_DAMAGE,)),
    AttackQuery(dice=("blue", "yellow"), power=1, attack_type="ranged", range=4, dark_prayer=True, armor=1),
    AttackQuery(dice=("red", "green"), power=2, armor=2, overlord=True, bonus_damage=-1, bonus_range=-1),
    AttackQuery(dice=("red",), power=3, armor=3, ironskin=True, pierce=2, kill=3),
]


@pytest.mark.parametrize("query", QUERIES, ids=lambda q: ",".join(q.dice) + f"+{q.power}")
def test_matches_brute_force_enumeration(query: AttackQuery) -> None:
    same(attack_odds(query), brute_force(query))


@pytest.mark.parametrize("query", QUERIES, ids=lambda q: ",".join(q.dice) + f"+{q.power}")
def test_probabilities_sum_to_one(query: AttackQuery) -> None:
    for variant in (query, replace(query, aim=True), replace(query, dodge=True), replace(query, fatigue=2)):
        result = attack_odds(variant)
        assert math.fsum(result.wounds) == pytest.approx(1.0, abs=1e-12)
        assert all(p >= 0.0 for p in result.wounds)
        assert 0.0 <= result.hit <= 1.0 + 1e-12
        assert result.wounds[-1] > 0.0
        miss_mass = 1.0 - result.hit
        assert result.wounds[0] >= miss_mass - 1e-12  # every miss is 0 wounds


@pytest.mark.parametrize("query", QUERIES[:6], ids=lambda q: ",".join(q.dice) + f"+{q.power}")
def test_fatigue_without_bash_rolls_every_die_it_may(query: AttackQuery) -> None:
    """Without Bash, more power dice never hurt, so the best policy equals rolling them all."""
    q = replace(query, fatigue=1)
    same(attack_odds(q), brute_force(q, extra_power=fatigue_dice_allowed(q.power_dice, 1)))


def test_fatigue_stops_at_five_power_dice() -> None:
    q = AttackQuery(dice=("red",), power=2, fatigue=4, armor=2, surge_abilities=(PLUS_DAMAGE,))
    same(attack_odds(q), brute_force(q, extra_power=3))


def test_power_dice_capped_at_five() -> None:
    base = AttackQuery(dice=("red",), power=5, armor=1)
    assert attack_odds(replace(base, power=8)).wounds == attack_odds(base).wounds
    assert attack_odds(replace(base, fatigue=3)).wounds == attack_odds(base).wounds  # no room left
    four = replace(base, power=4)
    assert attack_odds(replace(four, fatigue=3)).wounds == pytest.approx(
        attack_odds(replace(four, fatigue=1)).wounds
    )


def test_aim_and_dodge_cancel() -> None:
    q = QUERIES[0]
    assert attack_odds(replace(q, aim=True, dodge=True)).wounds == attack_odds(q).wounds


def _values(result: OddsResult) -> tuple[float, float]:
    return result.expected_wounds, result.hit


def brute_force_reroll(
    query: AttackQuery, choose: Callable[[list[tuple[float, ...]]], tuple[float, ...]]
) -> float:
    """Expected wounds when a chooser (max for aim, min for dodge) picks, for every labelled first
    roll, the subset of dice to re-roll by its (objective, expected wounds, P(hit))."""
    dice = [*query.dice, *[POWER] * query.power_dice]
    kill = query.kill
    total = 0.0
    combos = list(itertools.product(*(DICE[d].faces for d in dice)))
    for first in combos:
        options = []
        for mask in range(1 << len(dice)):
            rerolled = [i for i in range(len(dice)) if mask >> i & 1]
            ew = hit = reach = 0.0
            seconds = list(itertools.product(*(DICE[dice[i]].faces for i in rerolled)))
            for second in seconds:
                faces = list(first)
                for i, face in zip(rerolled, second, strict=True):
                    faces[i] = face
                out = outcome_of(faces, query)
                ew += out.wounds / len(seconds)
                hit += out.hit / len(seconds)
                reach += (kill is not None and out.wounds >= kill) / len(seconds)
            options.append((reach, ew, hit) if kill is not None else (ew, hit))
        total += choose(options)[-2] / len(combos)
    return total


@pytest.mark.parametrize(
    "query",
    [
        AttackQuery(dice=("red",), power=1, armor=1, surge_abilities=(PLUS_DAMAGE,)),
        AttackQuery(dice=("blue", "yellow"), attack_type="ranged", range=5, armor=1),
        AttackQuery(dice=("white",), power=2, attack_type="magic", range=3, kill=3),
        # several dice of one colour (a lattice of multisets per colour in delve.odds.rerolls)
        AttackQuery(dice=("red", "red"), power=2, armor=2, surge_abilities=(PLUS_DAMAGE,)),
        AttackQuery(dice=("green", "green", "yellow"), attack_type="ranged", range=4, armor=1, pierce=1),
    ],
)
def test_aim_and_dodge_match_brute_force(query: AttackQuery) -> None:
    aimed = attack_odds(replace(query, aim=True))
    dodged = attack_odds(replace(query, dodge=True))
    plain = attack_odds(query)
    assert aimed.expected_wounds == pytest.approx(brute_force_reroll(query, max), abs=1e-9)
    assert dodged.expected_wounds == pytest.approx(brute_force_reroll(query, min), abs=1e-9)
    if query.kill is None:
        assert aimed.expected_wounds >= plain.expected_wounds >= dodged.expected_wounds
    else:
        assert aimed.kill is not None and plain.kill is not None and dodged.kill is not None
        assert aimed.kill >= plain.kill >= dodged.kill


def test_kill_objective_reaches_threshold_at_least_as_often() -> None:
    q = AttackQuery(
        dice=("red", "yellow"), power=2, fatigue=1, aim=True, armor=2, surge_abilities=(PIERCE_2,)
    )
    for n in (2, 4, 6):
        killer = attack_odds(replace(q, kill=n))
        assert killer.kill is not None
        assert killer.kill >= attack_odds(q).at_least(n) - 1e-12
        assert killer.kill == pytest.approx(killer.at_least(n))


def test_bash_picks_the_best_number_of_power_dice() -> None:
    q = AttackQuery(dice=("red",), bash=True, armor=4)
    result = attack_odds(q)
    best = max(
        (brute_force(replace(q, bash=True, power=n)) for n in range(6)),
        key=lambda r: (round(r.expected_wounds, 12), round(r.hit, 12)),
    )
    assert result.expected_wounds == pytest.approx(best.expected_wounds)
    assert 0 <= result.power_dice <= 5
    # With Bash, extra fatigue dice are a gamble: never worse than not rolling them.
    assert attack_odds(replace(q, fatigue=2)).expected_wounds >= result.expected_wounds - 1e-12


def test_simulation_agrees_with_exact_answer() -> None:
    """200,000 attacks rolled through roll_die with a seeded Chance and resolved with the
    engine's best_spend/resolve: every probability within 4 standard errors of the exact one."""
    query = AttackQuery(
        dice=("red", "yellow"),
        power=1,
        fatigue=1,
        attack_type="ranged",
        range=3,
        armor=1,
        surge_abilities=(PLUS_DAMAGE,),
    )
    exact = attack_odds(query)
    dice = [*query.dice, POWER, POWER]  # trait die + the fatigue die (always worth rolling here)
    profile, target = query.profile(), query.defense()
    chance = Chance(seeded(20240611))
    resolved: dict[RollTotals, AttackOutcome] = {}
    n = 200_000
    hits = 0
    wounds: Counter[int] = Counter()
    for _ in range(n):
        totals = RollTotals.from_faces([roll_die(chance, d) for d in dice])
        out = resolved.get(totals)
        if out is None:
            out = resolved[totals] = resolve(totals, profile, best_spend(totals, profile, target), target)
        hits += out.hit
        wounds[out.wounds] += 1

    def close(p: float, count: int) -> bool:
        se = math.sqrt(max(p * (1 - p), 1e-12) / n)
        return abs(count / n - p) <= 4 * se

    assert close(exact.hit, hits)
    assert max(wounds) < len(exact.wounds)
    for k, p in enumerate(exact.wounds):
        assert close(p, wounds[k]), (k, p, wounds[k] / n)


@settings(max_examples=40, deadline=None)
@given(
    dice=st.lists(st.sampled_from(["red", "blue", "white", "green", "yellow"]), min_size=1, max_size=2),
    power=st.integers(0, 1),
    distance=st.integers(0, 6),
    armor=st.integers(0, 4),
    shield=st.integers(0, 1),
    pierce=st.integers(0, 2),
    weapon=st.sampled_from([(), (PLUS_DAMAGE,), (PLUS_RANGE, PIERCE_2), (PLUS_DAMAGE, PLUS_RANGE)]),
    bonus=st.integers(-1, 1),
    sorcery=st.integers(0, 1),
    fear=st.integers(0, 1),
    who=st.sampled_from(["hero", "overlord", "dark_prayer"]),
    bash=st.booleans(),
)
def test_random_pools_match_brute_force(
    dice: list[str],
    power: int,
    distance: int,
    armor: int,
    shield: int,
    pierce: int,
    weapon: tuple[SurgeAbility, ...],
    bonus: int,
    sorcery: int,
    fear: int,
    who: str,
    bash: bool,
) -> None:
    query = AttackQuery(
        dice=tuple(dice),
        power=power,
        attack_type="melee" if distance == 0 else "ranged",
        range=distance,
        armor=armor,
        shield=shield,
        pierce=pierce,
        surge_abilities=weapon,
        bonus_damage=bonus,
        bonus_range=bonus,
        sorcery=sorcery,
        fear=fear,
        overlord=who == "overlord",
        dark_prayer=who == "dark_prayer",
    )
    if bash:  # Bash picks its own number of power dice: compare with that number
        result = attack_odds(replace(query, bash=True))
        if result.power_dice + len(dice) <= 4:  # keep the enumeration small
            same(result, brute_force(replace(query, bash=True, power=result.power_dice)))
        one = brute_force(replace(query, bash=True, power=1))
        assert result.expected_wounds >= one.expected_wounds - 1e-12
    else:
        same(attack_odds(query), brute_force(query))


@settings(max_examples=60, deadline=None)
@given(
    rng=st.integers(0, 6), hearts=st.integers(0, 8), surges=st.integers(0, 4), enh=st.integers(0, 3),
    needed=st.integers(0, 6), armor=st.integers(0, 4), shield=st.integers(0, 2), kill=st.integers(1, 8),
    kind=st.sampled_from(["melee", "ranged", "magic"]), overlord=st.booleans(), pierce=st.integers(0, 2),
)
def test_final_outcomes_do_not_depend_on_the_objective(
    rng: int, hearts: int, surges: int, enh: int, needed: int, armor: int, shield: int, kill: int,
    kind: str, overlord: bool, pierce: int,
) -> None:
    """The calculator keeps one (wounds, hit) per final roll for every objective (its memo has no
    ``kill`` in its key): the kill objective's best play gives the same outcome."""
    from delve.odds.exact import _outcome
    from delve.rules.attack_math import best_play

    query = AttackQuery(dice=("red",), attack_type=kind, range=needed, armor=armor, shield=shield,  # type: ignore[arg-type]
                        pierce=pierce, overlord=overlord, kill=kill,
                        surge_abilities=(PLUS_DAMAGE, PIERCE_2, PLUS_RANGE))
    totals = RollTotals(False, rng, hearts, surges, enh, 0)
    out = best_play(totals, query.profile(), query.defense(), "kill", kill)[1]
    assert _outcome((rng, hearts, surges, enh), query.profile(), query.defense()) == (out.wounds, out.hit)
