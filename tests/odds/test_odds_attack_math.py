"""The pure arithmetic of one attack (Rulebook: Attack Sequence, Steps 4-6, and abilities)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from delve.rules.attack_math import (
    BASH_SURGE,
    POWER_DICE_CAP,
    AttackProfile,
    Defense,
    RollTotals,
    Spend,
    SurgeAbility,
    auto_miss_reason,
    best_spend,
    fatigue_dice_allowed,
    legal_spends,
    outcome_key,
    power_dice_for_attack,
    resolve,
    resolve_best,
    wounds_after_armor,
)
from delve.rules.dice import DICE

NO_ARMOR = Defense()
PLUS_DAMAGE = SurgeAbility(cost=1, damage=1)
PIERCE_3 = SurgeAbility(cost=1, pierce=3)


def faces(*labels: str) -> RollTotals:
    """Totals of faces named ``colour:label``."""
    picked = []
    for item in labels:
        colour, _, label = item.partition(":")
        picked.append(next(f for f in DICE[colour].faces if f.label == label))
    return RollTotals.from_faces(picked)


def test_totals_from_faces() -> None:
    t = faces("red:2/1S", "yellow:3/0", "black:enh", "black:blank", "black:surge")
    assert t == RollTotals(miss=False, range=5, hearts=1, surges=2, enhancements=1, blanks=1)
    assert faces("red:X").miss
    assert faces("red:1/3") + faces("red:X") == RollTotals(True, 1, 3, 0, 0, 0)


def test_melee_ignores_range() -> None:
    t = faces("red:0/4")
    out = resolve(t, AttackProfile("melee", range_needed=5), Spend(), NO_ARMOR)
    assert out.hit and out.damage == 4 and out.wounds == 4


def test_ranged_misses_below_range() -> None:
    t = faces("blue:2/2")
    assert not resolve(t, AttackProfile("ranged", range_needed=3), Spend(), NO_ARMOR).hit
    out = resolve(t, AttackProfile("magic", range_needed=2), Spend(), NO_ARMOR)
    assert out.hit and out.wounds == 2
    miss = resolve(t, AttackProfile("ranged", range_needed=3), Spend(), NO_ARMOR)
    assert miss.miss_reason == "range" and miss.wounds == 0 and miss.damage == 0


def test_x_always_misses() -> None:
    t = faces("red:X", "green:0/3", "black:enh", "black:enh")
    for profile in (AttackProfile("melee"), AttackProfile("ranged", range_needed=0)):
        assert auto_miss_reason(t, profile) == "miss"
        assert legal_spends(t, profile) == [Spend()]
        out = resolve_best(t, profile, NO_ARMOR)
        assert not out.hit and out.wounds == 0
    with pytest.raises(ValueError):
        resolve(t, AttackProfile("melee"), Spend(to_range=1), NO_ARMOR)


def test_enhancements_go_to_range_or_damage() -> None:
    t = faces("blue:2/2", "black:enh", "black:enh")
    profile = AttackProfile("ranged", range_needed=3)
    assert not resolve(t, profile, Spend(to_range=0), NO_ARMOR).hit
    out = resolve(t, profile, Spend(to_range=1), NO_ARMOR)
    assert out.hit and out.range == 3 and out.damage == 3
    assert best_spend(t, profile, NO_ARMOR) == Spend(to_range=1, buys=())
    # Melee: everything to damage.
    assert resolve_best(t, AttackProfile("melee"), NO_ARMOR).damage == 4
    with pytest.raises(ValueError):
        resolve(t, profile, Spend(to_range=3), NO_ARMOR)


def test_surge_abilities_are_repeatable() -> None:
    t = faces("white:1/3S", "white:3/1S", "black:surge")  # three surges
    profile = AttackProfile("melee", surge_abilities=(PLUS_DAMAGE,))
    assert resolve(t, profile, Spend(buys=(3,)), NO_ARMOR).damage == 4 + 3
    assert resolve_best(t, profile, NO_ARMOR).damage == 7
    with pytest.raises(ValueError):
        resolve(t, profile, Spend(buys=(4,)), NO_ARMOR)


def test_frost_axe_example() -> None:
    """Rulebook: Using Power Surges (Attacker is a hero): two surges with a '+1 Damage' and a
    'Pierce 3' ability give +1 damage and Pierce 3, or Pierce 6, or +2 damage."""
    t = RollTotals(range=1, hearts=3, surges=2)
    profile = AttackProfile("melee", surge_abilities=(PLUS_DAMAGE, PIERCE_3))
    spends = {s.buys for s in legal_spends(t, profile)}
    assert {(1, 1), (0, 2), (2, 0)} <= spends
    mixed = resolve(t, profile, Spend(buys=(1, 1)), NO_ARMOR)
    assert (mixed.damage, mixed.pierce) == (4, 3)
    six = resolve(t, profile, Spend(buys=(0, 2)), NO_ARMOR)
    assert (six.damage, six.pierce) == (3, 6)
    two = resolve(t, profile, Spend(buys=(2, 0)), NO_ARMOR)
    assert (two.damage, two.pierce) == (5, 0)
    # Against armor 6 the Pierce 6 option is best: 3 wounds; against armor 0, +2 damage: 5.
    assert resolve_best(t, profile, Defense(armor=6)).wounds == 3
    assert resolve_best(t, profile, NO_ARMOR).wounds == 5


def test_beastman_example() -> None:
    """Rulebook: Step 6: Inflict Wounds: 6 damage against armor 1 + 1 (leather) is 4 wounds."""
    assert wounds_after_armor(6, Defense(armor=2)) == 4
    t = RollTotals(hearts=6)
    assert resolve(t, AttackProfile("melee"), Spend(), Defense(armor=2)).wounds == 4


def test_pierce_against_armor_never_below_zero() -> None:
    assert wounds_after_armor(3, Defense(armor=2), pierce=1) == 2
    assert wounds_after_armor(3, Defense(armor=2), pierce=5) == 3  # not 6: armor stops at 0
    assert wounds_after_armor(1, Defense(armor=4)) == 0
    t = RollTotals(hearts=4)
    out = resolve(t, AttackProfile("melee", pierce=2), Spend(), Defense(armor=3))
    assert out.wounds == 3 and out.pierce == 2


def test_shield_is_not_pierced() -> None:
    target = Defense(armor=2, shield=1)
    assert wounds_after_armor(5, target, pierce=10) == 4  # armor gone, shield still absorbs 1
    assert wounds_after_armor(5, target, pierce=0) == 2
    assert wounds_after_armor(1, Defense(shield=3)) == 0


def test_ironskin_ignores_pierce() -> None:
    target = Defense(armor=3, ironskin=True)
    out = resolve(RollTotals(hearts=5), AttackProfile("melee", pierce=3), Spend(), target)
    assert out.wounds == 2 and out.pierce == 0


def test_power_dice_cap() -> None:
    assert POWER_DICE_CAP == 5
    assert power_dice_for_attack(3, extra=4) == 5
    assert power_dice_for_attack(2) == 2
    assert power_dice_for_attack(1, berserk_wounded=True) == 5  # Rulebook: Berserk
    assert fatigue_dice_allowed(power_rolled=3, fatigue=4) == 2
    assert fatigue_dice_allowed(power_rolled=5, fatigue=4) == 0
    assert fatigue_dice_allowed(power_rolled=0, fatigue=2) == 2


def test_overlord_threat_per_two_surges() -> None:
    profile = AttackProfile("melee", overlord=True)
    assert resolve(RollTotals(hearts=2, surges=3), profile, Spend(), NO_ARMOR).threat == 1
    assert resolve(RollTotals(hearts=2, surges=4), profile, Spend(), NO_ARMOR).threat == 2
    assert resolve(RollTotals(hearts=2, surges=1), profile, Spend(), NO_ARMOR).threat == 0
    # A hero never gains threat.
    assert resolve(RollTotals(hearts=2, surges=4), AttackProfile("melee"), Spend(), NO_ARMOR).threat == 0


def test_dark_prayer() -> None:
    """Rulebook: Dark Prayer: each surge is 1 threat and +1 range and +1 damage."""
    profile = AttackProfile("ranged", range_needed=4, overlord=True, dark_prayer=True)
    t = RollTotals(range=2, hearts=1, surges=2)
    out = resolve(t, profile, Spend(), NO_ARMOR)
    assert out.hit and out.range == 4 and out.damage == 3 and out.threat == 2
    assert not resolve(RollTotals(range=2, hearts=1, surges=1), profile, Spend(), NO_ARMOR).hit


def test_fear_surges_are_wasted() -> None:
    """Rulebook: Fear: the attacker pays surges equal to the rank or misses; they are wasted."""
    profile = AttackProfile("melee", surge_abilities=(PLUS_DAMAGE,), fear=2)
    assert auto_miss_reason(RollTotals(hearts=3, surges=1), profile) == "fear"
    assert not resolve_best(RollTotals(hearts=3, surges=1), profile, NO_ARMOR).hit
    out = resolve_best(RollTotals(hearts=3, surges=3), profile, NO_ARMOR)
    assert out.hit and out.damage == 4  # only the third surge buys +1 damage
    with pytest.raises(ValueError):
        resolve(RollTotals(hearts=3, surges=3), profile, Spend(buys=(2,)), NO_ARMOR)
    # Fear's surges are not threat either.
    overlord = AttackProfile("melee", overlord=True, fear=1)
    assert resolve(RollTotals(hearts=3, surges=2), overlord, Spend(), NO_ARMOR).threat == 0


def test_bash() -> None:
    """Rulebook: Bash: a blank power die is a miss; two surges buy +5 damage and Pierce 2."""
    profile = AttackProfile("melee", bash=True)
    assert profile.all_surge_abilities == (BASH_SURGE,)
    blank = faces("red:0/4", "black:blank", "black:enh")
    assert auto_miss_reason(blank, profile) == "bash"
    assert not resolve_best(blank, profile, NO_ARMOR).hit
    # Without Bash the same blank is harmless.
    assert resolve_best(blank, AttackProfile("melee"), NO_ARMOR).hit
    t = faces("red:1/3S", "black:surge", "black:surge", "black:surge")
    out = resolve_best(t, profile, Defense(armor=3))
    # Four surges: Bash twice = +10 damage, Pierce 4; 3 hearts + 10 = 13 vs armor 3 - 4 -> 0.
    assert out.damage == 13 and out.pierce == 4 and out.wounds == 13


def test_command_and_black_curse_bonuses() -> None:
    t = RollTotals(range=2, hearts=2)
    command = AttackProfile("ranged", range_needed=3, bonus_damage=1, bonus_range=1)
    out = resolve(t, command, Spend(), NO_ARMOR)
    assert out.hit and out.damage == 3
    curse = AttackProfile("ranged", range_needed=2, bonus_damage=-1, bonus_range=-1)
    assert not resolve(t, curse, Spend(), NO_ARMOR).hit
    weak = AttackProfile("melee", bonus_damage=-1)
    assert resolve(RollTotals(hearts=0), weak, Spend(), NO_ARMOR).damage == 0


def test_sorcery_splits_like_enhancements() -> None:
    profile = AttackProfile("magic", range_needed=4, sorcery=2)
    out = resolve_best(RollTotals(range=3, hearts=2), profile, NO_ARMOR)
    assert out.hit and out.range == 4 and out.damage == 3


def test_ironskin_ignores_sorcery() -> None:
    profile = AttackProfile("melee", sorcery=2)
    assert resolve_best(RollTotals(hearts=3), profile, Defense(armor=1)).wounds == 4
    assert resolve_best(RollTotals(hearts=3), profile, Defense(armor=1, ironskin=True)).wounds == 2
    with pytest.raises(ValueError):
        resolve(RollTotals(hearts=3), profile, Spend(to_range=1), Defense(ironskin=True))


def test_surge_parse() -> None:
    assert SurgeAbility.parse("1:+1 damage") == SurgeAbility(1, damage=1)
    assert SurgeAbility.parse("2:pierce 2") == SurgeAbility(2, pierce=2)
    assert SurgeAbility.parse("1:+1 range") == SurgeAbility(1, range=1)
    assert SurgeAbility.parse("2: +5 Damage and Pierce 2") == BASH_SURGE
    assert SurgeAbility.parse("3:+2 damage, +1 range").describe() == "3:+2 damage, +1 range"
    for bad in ("+1 damage", "x:+1 damage", "1:fly", "0:+1 damage"):
        with pytest.raises(ValueError):
            SurgeAbility.parse(bad)


abilities_st = st.lists(
    st.builds(
        SurgeAbility,
        cost=st.integers(1, 3),
        damage=st.integers(0, 3),
        range=st.integers(0, 2),
        pierce=st.integers(0, 3),
    ),
    max_size=3,
).map(tuple)


@settings(max_examples=300, deadline=None)
@given(
    totals=st.builds(
        RollTotals,
        miss=st.booleans(),
        range=st.integers(0, 8),
        hearts=st.integers(0, 10),
        surges=st.integers(0, 5),
        enhancements=st.integers(0, 4),
        blanks=st.integers(0, 1),
    ),
    profile=st.builds(
        AttackProfile,
        attack_type=st.sampled_from(["melee", "ranged", "magic"]),
        range_needed=st.integers(0, 8),
        bonus_damage=st.integers(-1, 2),
        bonus_range=st.integers(-1, 2),
        surge_abilities=abilities_st,
        pierce=st.integers(0, 2),
        sorcery=st.integers(0, 2),
        overlord=st.booleans(),
        dark_prayer=st.booleans(),
        fear=st.integers(0, 2),
        bash=st.booleans(),
    ),
    target=st.builds(Defense, armor=st.integers(0, 6), shield=st.integers(0, 2), ironskin=st.booleans()),
    kill=st.integers(1, 8),
)
def test_best_spend_matches_exhaustive_search(
    totals: RollTotals, profile: AttackProfile, target: Defense, kill: int
) -> None:
    """The fast search finds the same best outcome as trying every legal spend."""
    for objective in ("expected_wounds", "kill"):
        best = resolve(totals, profile, best_spend(totals, profile, target, objective, kill), target)
        brute = max(
            outcome_key(resolve(totals, profile, s, target), objective, kill)
            for s in legal_spends(totals, profile, target)
        )
        assert outcome_key(best, objective, kill) == brute
