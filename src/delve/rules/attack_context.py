"""Everything about one attack in progress, as plain data stored in the attack step.

Ability hooks read and change this object; ``delve.rules.attack`` turns it into the pure
arithmetic types of ``delve.rules.attack_math`` (``AttackProfile``, ``Defense``) so the
engine and the odds calculator compute the same numbers.

Why plain dataclasses with their own converters (``from_data`` / ``to_data``): the attack step
keeps the context as JSON data (so a save holds it as it always did), and the rules read and
write it back several times per attack. The converters copy every list, so changing a loaded
context never changes the step until it is stored. The JSON they write is what pydantic wrote
when these were models, key for key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from delve.rules.attack_math import AttackProfile, SurgeAbility
from delve.rules.dice import POWER


@dataclass(slots=True, kw_only=True)
class SurgeOption:
    """A surge ability available to this attack (weapon, off-hand bonus, Bash...)."""

    cost: int
    damage: int = 0
    range: int = 0
    pierce: int = 0
    ability: str = ""  # an ability granted per purchase, e.g. "Stun" or "Blast"
    ability_rank: int = 0

    def as_math(self) -> SurgeAbility:
        """The arithmetic part of the option."""
        return SurgeAbility(cost=self.cost, damage=self.damage, range=self.range, pierce=self.pierce)


@dataclass(slots=True, kw_only=True)
class TargetResult:
    """What the attack did to one affected figure."""

    figure: str
    hit: bool = False
    damage: int = 0
    wounds: int = 0
    immune: bool = False  # e.g. Shadowcloak against a distant attacker
    shield: str = ""  # the shield the target exhausted against this attack, if any
    prevented: int = 0  # damage (before armor) the target was spared by ``no_damage`` (Mirror reflects it)
    note: str = ""


@dataclass(slots=True, kw_only=True)
class AttackContext:
    """One attack from declaration to its last effect (Rulebook: Attack Sequence)."""

    attacker: str
    side: str  # the attacker's side
    target: tuple[int, int]  # the declared target space (Rulebook: Step 1: Declare Attack)
    weapon: str = ""  # item id, "unarmed", or "" for a monster's own attack
    attack_type: str = "melee"
    range_needed: int = 0
    ignore_range: bool = False  # rolled range never matters (Rulebook: Bolt; Breath; Leap)
    dice: list[str] = field(default_factory=list)  # combat dice colours
    power: int = 0  # power dice rolled with the attack (capped at five with fatigue dice)
    abilities: dict[str, int] = field(default_factory=dict)  # the attack's abilities and ranks
    surge_options: list[SurgeOption] = field(default_factory=list)
    bonus_damage: int = 0
    bonus_range: int = 0
    free_surges: int = 0  # e.g. an off-hand bonus (Rulebook: Off-hand Bonus)
    area: list[tuple[int, int]] = field(default_factory=list)  # spaces affected besides the target's
    affected: list[str] = field(default_factory=list)  # figure ids hit by this attack
    faces: list[str] = field(default_factory=list)  # rolled face labels, aligned with ``all_dice``
    extra_power_faces: list[str] = field(default_factory=list)  # power dice bought with fatigue
    fatigue_spent: int = 0
    aimed: bool = False
    rerolled: bool = False
    fear: int = 0
    to_range: int = 0
    buys: list[int] = field(default_factory=list)
    threat: int = 0
    results: list[TargetResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def all_dice(self) -> list[str]:
        """The dice rolled at once: combat dice, then the power dice."""
        return [*self.dice, *([POWER] * self.power)]

    @property
    def overlord(self) -> bool:
        """True when a monster (the overlord) attacks."""
        return self.side == "overlord"

    def rank(self, name: str) -> int:
        """The attack's rank in an ability (0 without it); unranked abilities count 1."""
        return self.abilities.get(name, 0) if name in self.abilities else 0

    def has(self, name: str) -> bool:
        """True if the attack carries the ability."""
        return name in self.abilities

    def profile(self) -> AttackProfile:
        """The arithmetic profile of this attack (Rulebook: Steps 4 to 6)."""
        return AttackProfile(
            # an attack that ignores rolled range is checked like a melee attack
            attack_type="melee" if self.attack_type == "melee" or self.ignore_range
            else "ranged" if self.attack_type == "ranged" else "magic",
            range_needed=self.range_needed,
            bonus_damage=self.bonus_damage,
            bonus_range=self.bonus_range,
            surge_abilities=tuple(option.as_math() for option in self.surge_options),
            pierce=self.abilities.get("Pierce", 0),
            sorcery=self.abilities.get("Sorcery", 0),
            overlord=self.overlord,
            dark_prayer=self.overlord and "Dark Prayer" in self.abilities,
            fear=self.fear,
            bash="Bash" in self.abilities,
        )

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> AttackContext:
        """The context an attack step holds as JSON data (``to_data``'s output, or a save's)."""
        fields = dict(data)
        fields["target"] = _pos(fields["target"])
        for name in _LISTS:
            if name in fields:
                fields[name] = list(fields[name])
        if "abilities" in fields:
            fields["abilities"] = dict(fields["abilities"])
        if "area" in fields:
            fields["area"] = [_pos(p) for p in fields["area"]]
        if "surge_options" in fields:
            fields["surge_options"] = [SurgeOption(**o) for o in fields["surge_options"]]
        if "results" in fields:
            fields["results"] = [TargetResult(**r) for r in fields["results"]]
        return cls(**fields)

    def to_data(self) -> dict[str, Any]:
        """The context as JSON data, in field order (what a save holds)."""
        data = {name: getattr(self, name) for name in _FIELDS}
        data["target"] = list(self.target)
        for name in _LISTS:
            data[name] = list(data[name])
        data["abilities"] = dict(self.abilities)
        data["area"] = [list(p) for p in self.area]
        data["surge_options"] = [_record(o, _SURGE_FIELDS) for o in self.surge_options]
        data["results"] = [_record(r, _RESULT_FIELDS) for r in self.results]
        return data


def _pos(value: Any) -> tuple[int, int]:
    x, y = value
    return (int(x), int(y))


def _record(value: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: getattr(value, name) for name in names}


_FIELDS = tuple(AttackContext.__dataclass_fields__)
_SURGE_FIELDS = tuple(SurgeOption.__dataclass_fields__)
_RESULT_FIELDS = tuple(TargetResult.__dataclass_fields__)
_LISTS = ("dice", "affected", "faces", "extra_power_faces", "buys", "notes")
