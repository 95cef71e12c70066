"""The question the odds calculator answers (``AttackQuery``) and its answer (``OddsResult``).

Why frozen dataclasses: a query is a cache key (the calculator memoises answers per query),
and a result is shared between callers, so neither may change after it is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from delve.rules.attack_math import (
    POWER_DICE_CAP,
    AttackProfile,
    AttackType,
    Defense,
    Objective,
    SurgeAbility,
)
from delve.rules.dice import COMBAT_COLOURS


@dataclass(frozen=True, slots=True)
class AttackQuery:
    """One attack to evaluate.

    - ``dice``: combat dice by colour, repeated for several dice of one colour.
    - ``power``: power dice from traits (capped at five). Under ``bash`` the calculator instead
      picks the best number from 0 to 5, as Bash lets the attacker roll any number up to five.
    - ``fatigue``: fatigue the attacker is willing to spend, one extra power die each, rolled
      after the roll (and after any re-roll), never above five power dice in total.
    - ``attack_type`` and ``range``: melee ignores range; ranged and magic need ``range``.
    - ``aim`` / ``dodge``: one re-roll of any subset, chosen by the attacker (aim) to maximise
      the objective or by the target (dodge) to minimise it; together they cancel.
    - ``kill``: when set, the objective is "reach at least ``kill`` wounds" instead of
      "expected wounds"; ties are still broken toward more expected wounds, then hitting.
    - The rest mirror ``AttackProfile`` and ``Defense`` in ``delve.rules.attack_math``.
    """

    dice: tuple[str, ...] = ()
    power: int = 0
    fatigue: int = 0
    attack_type: AttackType = "melee"
    range: int = 0
    armor: int = 0
    shield: int = 0
    pierce: int = 0
    surge_abilities: tuple[SurgeAbility, ...] = ()
    aim: bool = False
    dodge: bool = False
    kill: int | None = None
    bonus_damage: int = 0
    bonus_range: int = 0
    sorcery: int = 0
    fear: int = 0
    bash: bool = False
    overlord: bool = False
    dark_prayer: bool = False
    ironskin: bool = False

    def __post_init__(self) -> None:
        unknown = [d for d in self.dice if d not in COMBAT_COLOURS]
        if unknown:
            raise ValueError(
                f"unknown combat dice {unknown}; use {', '.join(COMBAT_COLOURS)} (power dice: power=N)"
            )
        if min(self.power, self.fatigue, self.range, self.armor, self.shield) < 0:
            raise ValueError("power, fatigue, range, armor and shield cannot be negative")
        if self.kill is not None and self.kill < 1:
            raise ValueError("kill must be at least 1 wound")
        if not self.dice and self.power == 0 and not self.bash and self.fatigue == 0:
            raise ValueError("an attack needs at least one die")

    @property
    def objective(self) -> Objective:
        """``"kill"`` when a kill threshold is set, otherwise ``"expected_wounds"``."""
        return "expected_wounds" if self.kill is None else "kill"

    @property
    def power_dice(self) -> int:
        """Power dice rolled with the attack (before fatigue), capped at five."""
        return min(self.power, POWER_DICE_CAP)

    @property
    def rerolls(self) -> str | None:
        """``"aim"``, ``"dodge"`` or None; aim and dodge cancel (Rulebook: Attack Re-rolls)."""
        if self.aim and not self.dodge:
            return "aim"
        if self.dodge and not self.aim:
            return "dodge"
        return None

    def profile(self) -> AttackProfile:
        """The attacker's side, as the shared attack arithmetic sees it."""
        return AttackProfile(
            attack_type=self.attack_type,
            range_needed=0 if self.attack_type == "melee" else self.range,
            bonus_damage=self.bonus_damage,
            bonus_range=self.bonus_range,
            surge_abilities=self.surge_abilities,
            pierce=self.pierce,
            sorcery=self.sorcery,
            overlord=self.overlord or self.dark_prayer,
            dark_prayer=self.dark_prayer,
            fear=self.fear,
            bash=self.bash,
        )

    def defense(self) -> Defense:
        """The target's side."""
        return Defense(armor=self.armor, shield=self.shield, ironskin=self.ironskin)


@dataclass(frozen=True, slots=True)
class OddsResult:
    """The exact answer: P(hit), P(exactly k wounds) for each k, expected wounds.

    ``power_dice`` is how many power dice were rolled with the attack (the calculator's choice
    under Bash); ``kill`` is P(at least ``query.kill`` wounds) when a kill objective was asked.
    """

    hit: float
    wounds: tuple[float, ...]
    expected_wounds: float
    power_dice: int = 0
    kill: float | None = None
    query: AttackQuery | None = field(default=None, compare=False, repr=False)

    def at_least(self, n: int) -> float:
        """P(at least ``n`` wounds)."""
        return float(sum(self.wounds[max(0, n) :]))

    def to_json(self) -> dict[str, object]:
        """The stable JSON contract: ``hit``, ``wounds`` (P of exactly k wounds after armor),
        ``expected_wounds``; plus ``kill`` (P of at least N wounds) when a kill objective was set."""
        data: dict[str, object] = {
            "hit": self.hit,
            "wounds": list(self.wounds),
            "expected_wounds": self.expected_wounds,
        }
        if self.kill is not None:
            data["kill"] = self.kill
        return data
