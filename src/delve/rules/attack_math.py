"""The arithmetic of one attack, once the dice have been rolled: pure functions, no game state.

Why a separate module: the engine's attack step and the odds calculator (``delve.odds``) both
call these functions, so what the calculator predicts and what the table does can never drift
apart. Nothing here rolls dice or reads the board; the caller supplies the rolled faces (as
``RollTotals``), what the attacker brings (``AttackProfile``), how the rolled power is spent
(``Spend``) and what the target has (``Defense``).

The order of a resolution follows the rulebook's Attack Sequence:

- Step 4 (Rulebook: Step 4: Determine Attack Success): an X face misses outright; so does a
  blank power die under Bash (Rulebook: Bash) and failing to pay a Fear rank in surges
  (Rulebook: Fear). Ranged and magic attacks also need enough range; melee ignores range
  (Rulebook: Melee Attacks, Ranged Attacks, Magic Attacks).
- Step 5 (Rulebook: Step 5: Power Enhancements, Power Surges, and Fatigue): each enhancement
  (and each Sorcery rank, Rulebook: Sorcery) adds 1 range or 1 damage; surges buy the weapon's
  surge abilities, each as often as it is paid for; the overlord turns unspent surges into threat.
- Step 6 (Rulebook: Step 6: Inflict Wounds): damage minus armor, where Pierce lowers armor but
  never below 0 (Rulebook: Pierce) and a shield then absorbs wounds (shields ignore Pierce).

See ``docs/rulings.md`` ("Combat") for the readings chosen where the rulebook is unclear.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Protocol

AttackType = Literal["melee", "ranged", "magic"]
Objective = Literal["expected_wounds", "kill"]
MissReason = Literal["miss", "bash", "fear", "range"]

POWER_DICE_CAP = 5
"""No attack ever rolls more than five power dice, whatever their source (Rulebook: Power Dice)."""


class _Face(Protocol):
    """What ``RollTotals.from_faces`` needs from a die face (``delve.rules.dice.DieFace``)."""

    @property
    def effect(self) -> tuple[int, int, int, int, int, int]: ...


@dataclass(frozen=True, slots=True)
class RollTotals:
    """The sum of the rolled faces: all an attack needs to know about the dice.

    ``miss`` is True when any X face was rolled; ``blanks`` counts blank power-die faces (they
    matter only under Bash).
    """

    miss: bool = False
    range: int = 0
    hearts: int = 0
    surges: int = 0
    enhancements: int = 0
    blanks: int = 0

    @classmethod
    def from_faces(cls, faces: Iterable[_Face]) -> RollTotals:
        """Add up rolled faces (anything with ``DieFace.effect``)."""
        miss = rng = hearts = surges = enh = blanks = 0
        for face in faces:
            m, r, h, s, e, b = face.effect
            miss += m
            rng += r
            hearts += h
            surges += s
            enh += e
            blanks += b
        return cls(bool(miss), rng, hearts, surges, enh, blanks)

    def __add__(self, other: RollTotals) -> RollTotals:
        """Totals of two sets of dice rolled for one attack (e.g. fatigue dice added after the roll)."""
        return RollTotals(
            self.miss or other.miss,
            self.range + other.range,
            self.hearts + other.hearts,
            self.surges + other.surges,
            self.enhancements + other.enhancements,
            self.blanks + other.blanks,
        )


_SURGE_PART = re.compile(r"^\s*(?:\+?(\d+)\s*(damage|range)|pierce\s*(\d+))\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class SurgeAbility:
    """A surge ability: pay ``cost`` surges for the listed bonuses; may be bought repeatedly.

    Rulebook: Using Power Surges (Attacker is a hero) and Special Abilities (item cards): an
    effect may be triggered again each time its cost is paid again, and Pierce ranks add up.
    """

    cost: int
    damage: int = 0
    range: int = 0
    pierce: int = 0

    def __post_init__(self) -> None:
        if self.cost < 1:
            raise ValueError("a surge ability costs at least one surge")
        if min(self.damage, self.range, self.pierce) < 0:
            raise ValueError("surge ability bonuses cannot be negative")

    @classmethod
    def parse(cls, text: str) -> SurgeAbility:
        """Parse ``"COST:EFFECT[, EFFECT...]"`` such as ``"1:+1 damage"``, ``"2:pierce 2"``,
        ``"1:+1 range"`` or ``"2:+5 damage and pierce 2"`` (the command line's ``--surge``)."""
        cost_text, sep, effects = text.partition(":")
        if not sep or not cost_text.strip().isdigit():
            raise ValueError(f"surge ability {text!r}: expected COST:EFFECT, e.g. '1:+1 damage'")
        damage = rng = pierce = 0
        for part in re.split(r",|\band\b", effects):
            match = _SURGE_PART.match(part)
            if match is None:
                raise ValueError(f"surge ability {text!r}: cannot read effect {part.strip()!r}")
            if match.group(3) is not None:
                pierce += int(match.group(3))
            elif match.group(2).lower() == "damage":
                damage += int(match.group(1))
            else:
                rng += int(match.group(1))
        return cls(cost=int(cost_text), damage=damage, range=rng, pierce=pierce)

    def describe(self) -> str:
        """The ability in the same notation ``parse`` reads."""
        parts = [f"+{self.damage} damage"] if self.damage else []
        parts += [f"+{self.range} range"] if self.range else []
        parts += [f"pierce {self.pierce}"] if self.pierce else []
        return f"{self.cost}:" + (", ".join(parts) or "nothing")


BASH_SURGE = SurgeAbility(cost=2, damage=5, pierce=2)
"""Bash's own surge ability: two surges for +5 damage and Pierce 2 (Rulebook: Bash)."""


@dataclass(frozen=True, slots=True)
class AttackProfile:
    """Everything about the attacker that changes the arithmetic of one attack.

    - ``range_needed``: spaces to the target; ignored by melee attacks.
    - ``bonus_damage`` / ``bonus_range``: fixed modifiers, e.g. +1/+1 per Command figure near
      the attacker (Rulebook: Command) or -1/-1 from an enemy's Black Curse (Rulebook: Black
      Curse); the caller adds up the sources.
    - ``surge_abilities``: the weapon's surge abilities (each repeatable).
    - ``pierce``: innate Pierce rank (weapon or monster ability).
    - ``sorcery``: Sorcery rank, +1 range or +1 damage per rank, split freely (Rulebook: Sorcery).
    - ``overlord``: the overlord attacks; unspent surges become threat, 1 per 2 surges.
    - ``dark_prayer``: instead, each unspent surge is 1 threat and +1 range and +1 damage
      (Rulebook: Dark Prayer); implies ``overlord``.
    - ``fear``: the target's Fear rank: that many surges must be paid or the attack misses,
      and they are wasted (Rulebook: Fear).
    - ``bash``: any blank power die is a miss; adds the Bash surge ability (Rulebook: Bash).
    """

    attack_type: AttackType = "melee"
    range_needed: int = 0
    bonus_damage: int = 0
    bonus_range: int = 0
    surge_abilities: tuple[SurgeAbility, ...] = ()
    pierce: int = 0
    sorcery: int = 0
    overlord: bool = False
    dark_prayer: bool = False
    fear: int = 0
    bash: bool = False

    def __post_init__(self) -> None:
        if self.range_needed < 0 or self.pierce < 0 or self.sorcery < 0 or self.fear < 0:
            raise ValueError("range, pierce, sorcery and fear cannot be negative")

    @property
    def melee(self) -> bool:
        """Melee attacks ignore rolled range."""
        return self.attack_type == "melee"

    @property
    def all_surge_abilities(self) -> tuple[SurgeAbility, ...]:
        """The abilities a ``Spend.buys`` vector indexes: the weapon's, then Bash's if any."""
        return (*self.surge_abilities, BASH_SURGE) if self.bash else self.surge_abilities


@dataclass(frozen=True, slots=True)
class Defense:
    """The target's protection: armor, a shield's absorption and Ironskin (immune to Pierce)."""

    armor: int = 0
    shield: int = 0
    ironskin: bool = False


@dataclass(frozen=True, slots=True)
class Spend:
    """The attacker's choices in Step 5.

    ``to_range``: how many enhancement/Sorcery points go to range (the rest go to damage).
    ``buys[i]``: how often ``profile.all_surge_abilities[i]`` is bought (missing entries are 0).
    """

    to_range: int = 0
    buys: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackOutcome:
    """The result of one resolved attack."""

    hit: bool
    damage: int  # total damage dealt (0 on a miss)
    wounds: int  # wounds the target suffers after armor, Pierce and shield
    threat: int  # threat tokens the overlord gains from this attack's surges
    range: int  # total range after all modifiers
    pierce: int  # total Pierce rank applied (0 against Ironskin)
    miss_reason: MissReason | None = None


MISS = AttackOutcome(hit=False, damage=0, wounds=0, threat=0, range=0, pierce=0, miss_reason="miss")


def power_dice_for_attack(trait: int, *, extra: int = 0, berserk_wounded: bool = False) -> int:
    """How many power dice an attack rolls before fatigue: the trait plus extra sources
    (e.g. Swarm), all five under Berserk when wounded, never more than five.

    Rulebook: Power Dice; Berserk; Swarm.
    """
    if berserk_wounded:
        return POWER_DICE_CAP
    return max(0, min(POWER_DICE_CAP, trait + extra))


def fatigue_dice_allowed(power_rolled: int, fatigue: int) -> int:
    """How many more power dice fatigue can buy after the roll (Rulebook: Using Fatigue)."""
    return max(0, min(fatigue, POWER_DICE_CAP - power_rolled))


def wounds_after_armor(damage: int, target: Defense, pierce: int = 0) -> int:
    """Wounds from ``damage``: armor less Pierce (never below 0), then the shield absorbs.

    Rulebook: Step 6: Inflict Wounds; Pierce (shields are not affected); Ironskin.
    """
    armor = target.armor if target.ironskin else max(0, target.armor - pierce)
    return max(0, damage - armor - target.shield)


def auto_miss_reason(totals: RollTotals, profile: AttackProfile) -> MissReason | None:
    """Why the roll misses whatever is spent: an X, a blank under Bash, or unpaid Fear."""
    if totals.miss:
        return "miss"
    if profile.bash and totals.blanks > 0:
        return "bash"
    if totals.surges < profile.fear:
        return "fear"
    return None


def enhancement_points(totals: RollTotals, profile: AttackProfile, target: Defense | None = None) -> int:
    """Points to split between range and damage: rolled enhancements plus Sorcery ranks, except
    that Sorcery does nothing against Ironskin (Rulebook: Sorcery; Ironskin)."""
    sorcery = 0 if target is not None and target.ironskin else profile.sorcery
    return totals.enhancements + sorcery


def _buys(spend: Spend, n: int) -> tuple[int, ...]:
    if len(spend.buys) > n:
        raise ValueError(f"spend buys {len(spend.buys)} abilities but the attack has {n}")
    return spend.buys + (0,) * (n - len(spend.buys))


def resolve(totals: RollTotals, profile: AttackProfile, spend: Spend, target: Defense) -> AttackOutcome:
    """Resolve one attack from its rolled totals and the attacker's spend.

    Raises ``ValueError`` for a spend the roll cannot pay for, so an engine bug cannot
    silently buy free surges.
    """
    abilities = profile.all_surge_abilities
    buys = _buys(spend, len(abilities))
    reason = auto_miss_reason(totals, profile)
    if reason is not None:
        if spend.to_range or any(buys):
            raise ValueError(f"nothing can be spent on an attack that misses ({reason})")
        return AttackOutcome(False, 0, 0, 0, 0, 0, reason)
    points = enhancement_points(totals, profile, target)
    if not 0 <= spend.to_range <= points or min(buys, default=0) < 0:
        raise ValueError(f"spend {spend} does not fit {points} enhancement points")
    budget = totals.surges - profile.fear  # Fear's surges are wasted
    cost = dmg = rng = pierce = 0
    for count, ability in zip(buys, abilities, strict=True):
        cost += count * ability.cost
        dmg += count * ability.damage
        rng += count * ability.range
        pierce += count * ability.pierce
    if cost > budget:
        raise ValueError(f"spend costs {cost} surges but only {budget} are available")
    leftover = budget - cost
    prayer = leftover if profile.dark_prayer else 0
    total_range = totals.range + profile.bonus_range + spend.to_range + rng + prayer
    if profile.dark_prayer:
        threat = leftover
    elif profile.overlord:
        threat = leftover // 2
    else:
        threat = 0
    total_pierce = 0 if target.ironskin else profile.pierce + pierce
    hit = profile.melee or total_range >= profile.range_needed
    if not hit:
        return AttackOutcome(False, 0, 0, threat, total_range, total_pierce, "range")
    damage = max(0, totals.hearts + profile.bonus_damage + (points - spend.to_range) + dmg + prayer)
    wounds = wounds_after_armor(damage, target, total_pierce)
    return AttackOutcome(True, damage, wounds, threat, total_range, total_pierce)


def _all_buys(abilities: tuple[SurgeAbility, ...], budget: int) -> Iterator[tuple[int, ...]]:
    """Every way to buy the abilities (each any number of times) within ``budget`` surges."""
    if not abilities:
        yield ()
        return
    first, rest = abilities[0], abilities[1:]
    for count in range(budget // first.cost + 1):
        for tail in _all_buys(rest, budget - count * first.cost):
            yield (count, *tail)


def legal_spends(totals: RollTotals, profile: AttackProfile, target: Defense | None = None) -> list[Spend]:
    """Every spend the roll can pay for (only the empty spend when the roll misses outright).

    Exhaustive on purpose: tests and the engine's decision menus use it; ``best_spend`` finds
    the same optimum without walking the whole list.
    """
    if auto_miss_reason(totals, profile) is not None:
        return [Spend()]
    points = enhancement_points(totals, profile, target)
    budget = totals.surges - profile.fear
    buys_list = list(_all_buys(profile.all_surge_abilities, budget))
    return [Spend(to_range, buys) for buys in buys_list for to_range in range(points + 1)]


_Purchase = tuple[tuple[int, ...], int, int, int, int]


@lru_cache(maxsize=4096)
def _useful_buys(abilities: tuple[SurgeAbility, ...], budget: int) -> tuple[_Purchase, ...]:
    """The buy vectors not dominated by a cheaper-or-equal one giving at least as much damage,
    range and Pierce, as ``(buys, cost, damage, range, pierce)``. Cached per weapon and budget.

    Why this is exact: a cheaper purchase leaves more surges unspent, which can only add threat
    (and, under Dark Prayer, range and damage), so a dominated purchase is never strictly better.
    """
    options: list[_Purchase] = []
    for buys in _all_buys(abilities, budget):
        cost = dmg = rng = pierce = 0
        for count, ability in zip(buys, abilities, strict=True):
            cost += count * ability.cost
            dmg += count * ability.damage
            rng += count * ability.range
            pierce += count * ability.pierce
        options.append((buys, cost, dmg, rng, pierce))
    options.sort(key=lambda o: (o[1], -o[2], -o[3], -o[4]))
    kept: list[_Purchase] = []
    for option in options:
        _, cost, dmg, rng, pierce = option
        if not any(k[1] <= cost and k[2] >= dmg and k[3] >= rng and k[4] >= pierce for k in kept):
            kept.append(option)
    return tuple(kept)


def outcome_key(
    outcome: AttackOutcome, objective: Objective = "expected_wounds", kill: int = 1
) -> tuple[int, ...]:
    """How the attacker ranks outcomes of one fixed roll: reach ``kill`` wounds first (for the
    "kill" objective), then more wounds, then a hit (it may trigger on-hit effects), then threat."""
    reached = int(outcome.wounds >= kill) if objective == "kill" else 0
    return (reached, outcome.wounds, int(outcome.hit), outcome.threat)


def best_play(
    totals: RollTotals,
    profile: AttackProfile,
    target: Defense,
    objective: Objective = "expected_wounds",
    kill: int = 1,
) -> tuple[Spend, AttackOutcome]:
    """The spend that maximises ``outcome_key`` for this roll (cheapest purchase on ties), with
    the outcome it gives.

    For a fixed roll "expected wounds" is just "most wounds", and the most wounds also reach
    any kill threshold when anything does, so both objectives agree; the objective only changes
    tie-breaking. Enhancement points cover whatever range is still missing, the rest is damage.
    """
    if auto_miss_reason(totals, profile) is not None:
        return Spend(), resolve(totals, profile, Spend(), target)
    points = enhancement_points(totals, profile, target)
    budget = totals.surges - profile.fear
    # The same arithmetic as ``resolve``, inlined for speed (this loop is the odds calculator's
    # hot path); the winner is then resolved by ``resolve`` itself, so there is one authority.
    armor = target.armor
    best_spend_: Spend | None = None
    best_key: tuple[int, ...] = ()
    for buys, cost, dmg, rng, pierce in _useful_buys(profile.all_surge_abilities, budget):
        leftover = budget - cost
        prayer = leftover if profile.dark_prayer else 0
        base_range = totals.range + profile.bonus_range + rng + prayer
        short = profile.range_needed - base_range
        to_range = 0 if profile.melee or short <= 0 or short > points else short
        threat = leftover if profile.dark_prayer else leftover // 2 if profile.overlord else 0
        if profile.melee or base_range + to_range >= profile.range_needed:
            damage = max(0, totals.hearts + profile.bonus_damage + (points - to_range) + dmg + prayer)
            total_pierce = 0 if target.ironskin else profile.pierce + pierce
            effective = armor if target.ironskin else max(0, armor - total_pierce)
            wounds = max(0, damage - effective - target.shield)
            hit = 1
        else:
            wounds = hit = 0
        reached = int(wounds >= kill) if objective == "kill" else 0
        key = (reached, wounds, hit, threat)
        if best_spend_ is None or key > best_key:
            best_spend_, best_key = Spend(to_range, buys), key
    assert best_spend_ is not None  # the empty purchase is always an option
    return best_spend_, resolve(totals, profile, best_spend_, target)


def best_spend(
    totals: RollTotals,
    profile: AttackProfile,
    target: Defense,
    objective: Objective = "expected_wounds",
    kill: int = 1,
) -> Spend:
    """The attacker's best spend for this roll (see ``best_play``)."""
    return best_play(totals, profile, target, objective, kill)[0]


def resolve_best(
    totals: RollTotals,
    profile: AttackProfile,
    target: Defense,
    objective: Objective = "expected_wounds",
    kill: int = 1,
) -> AttackOutcome:
    """``resolve`` with ``best_spend``: the outcome of a roll played as well as possible."""
    return best_play(totals, profile, target, objective, kill)[1]
