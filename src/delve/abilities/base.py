"""Ability units: one small registered class per special ability, with hooks into the rules.

Rulebook: Special Abilities. Why hooks: the attack, turn and movement code call named hook
points (``on_declare``, ``on_defend``, ``on_hit``...) for whatever abilities are in play and
never name an ability themselves, so adding or fixing an ability touches one file.

Ranks from several sources add up (``merge_ranks``): Blast 1 and Blast 2 make Blast 3.
An ability with no registered unit still counts as data (``has`` / ``rank``), which is all
some abilities need (e.g. Fly is read by movement).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from delve.board.geometry import Footprint
    from delve.engine.game import Game
    from delve.engine.state import AbilityRef, FigureState
    from delve.rules.attack_context import AttackContext


@mypyc_attr(native_class=False)  # compiled as a plain class: @register makes every unit one (delve.native)
class AbilityUnit:
    """Base class: every hook does nothing. Subclasses set ``name`` and override hooks."""

    name: ClassVar[str] = ""

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        """The attack carries this ability: adjust dice, bonuses, targets before rolling."""

    def on_declare_nearby(self, game: Game, holder: FigureState, ctx: AttackContext, rank: int) -> None:
        """A figure on the board has this ability: adjust any attack it affects (Command...)."""

    def on_defend(self, game: Game, ctx: AttackContext, target: FigureState, rank: int) -> None:
        """A target of the attack has this ability (Fear, Shadowcloak, Ironskin...)."""

    def immune_from(self, game: Game, attacker: Footprint, target: FigureState, rank: int) -> bool:
        """Whether ``target`` shrugs off any attack made from ``attacker`` (Shadowcloak at range).
        Asked by ``on_defend`` and, before any attack, by players weighing where to attack from."""
        return False

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """The attack dealt ``damage`` (before armor) to ``target``: lingering effects etc."""

    def prevents_death(self, game: Game, figure: FigureState, rank: int) -> bool:
        """``figure`` with this ability was just killed: return True if it survives (Undying)."""
        return False

    def on_killed(self, game: Game, figure: FigureState, killer: FigureState | None, rank: int) -> None:
        """``figure`` with this ability died and stays dead (Black Curse)."""

    def on_kill(self, game: Game, killer: FigureState, victim: FigureState, rank: int) -> None:
        """``killer`` with this ability dealt the killing blow and ``victim`` stays dead (Necromancy).
        Called after the victim is removed or sent to town."""


ABILITY_UNITS: dict[str, AbilityUnit] = {}


def register_ability(cls: type[AbilityUnit]) -> type[AbilityUnit]:
    """Class decorator: register one ability unit under its rulebook name."""
    from delve.abilities.catalog import is_known

    if not is_known(cls.name):
        raise ValueError(f"{cls.__name__}: {cls.name!r} is not in the ability catalogue")
    if cls.name in ABILITY_UNITS:
        raise ValueError(f"ability {cls.name!r} registered twice")
    ABILITY_UNITS[cls.name] = cls()
    return cls


def unit(name: str) -> AbilityUnit | None:
    """The registered unit for an ability name, if any."""
    return ABILITY_UNITS.get(name)


def merge_ranks(groups: Iterable[Iterable[AbilityRef]]) -> dict[str, int]:
    """Abilities from several sources with their ranks added (Rulebook: Special Abilities)."""
    merged: dict[str, int] = {}
    for group in groups:
        for ref in group:
            merged[ref.name] = merged.get(ref.name, 0) + ref.rank
    return merged


def has(figure: FigureState, name: str) -> bool:
    """True if the figure itself has the ability."""
    return any(ref.name == name for ref in figure.abilities)


def rank(figure: FigureState, name: str) -> int:
    """The figure's total rank in an ability (0 if it lacks it)."""
    return sum(ref.rank for ref in figure.abilities if ref.name == name)
