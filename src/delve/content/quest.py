"""The shape of a quest: its map, chests, areas, named monsters, prolonged actions and goals.

Why a module of its own: a quest is the largest entry and the only one with parts that
refer to each other (a goal names a named monster or an area). Those inner references are
checked here; references to other files (monsters, the map) are checked by
``delve.content.crossref``. Rulebook: Game Setup, Overlord Setup; Treasures; Named Monsters;
Prolonged Action; Conquest Tokens.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, field_validator, model_validator

from delve.content.effects import Effect
from delve.content.refs import (
    AbilityRef,
    ContentId,
    DieColour,
    HeroAttackType,
    Model,
    NonNegative,
    Positive,
    Text,
    TreasureColour,
    check_problems,
)

__all__ = [
    "Area",
    "Chest",
    "Encounter",
    "Goal",
    "Goals",
    "MonsterGroup",
    "NamedMonster",
    "ProlongedAction",
    "Quest",
    "SoloSettings",
    "StatChanges",
    "TreacheryBudget",
    "TreasureDraws",
    "VictoryCondition",
]

_MAP_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_./-]*\.map$")


class TreacheryBudget(Model):
    """Treachery the overlord may spend to customise the deck (Rulebook: Treachery Cards)."""

    green: NonNegative = 0
    purple: NonNegative = 0
    red: NonNegative = 0


class TreasureDraws(Model):
    """Treasure cards each hero draws from each deck (Rulebook: Treasure Chests markers)."""

    copper: NonNegative = 0
    silver: NonNegative = 0
    gold: NonNegative = 0


class Chest(Model):
    """The contents of one numbered chest (Rulebook: Treasures; Curses).

    ``coins`` go to each hero; ``curses`` give the overlord threat per hero.
    """

    colour: TreasureColour
    coins: Annotated[int, Field(ge=0, multiple_of=25)] = 0
    treasure: TreasureDraws = TreasureDraws()
    conquest: NonNegative = 0
    curses: NonNegative = 0

    @model_validator(mode="after")
    def _holds_something(self) -> Chest:
        """An empty chest is surely an authoring slip."""
        t = self.treasure
        if not (self.coins or t.copper or t.silver or t.gold or self.conquest or self.curses):
            raise ValueError("expected the chest to hold coins, treasure, conquest or curses")
        return self


class Area(Model):
    """What is read aloud when the heroes reveal an area, and what only the overlord knows.

    Rulebook: Revealing New Areas.
    """

    read_aloud: Text
    overlord_notes: str = ""


class Encounter(Model):
    """What happens when a hero ends his move on one of the quest's encounter markers.

    Rulebook: Encounter markers. Keyed in ``Quest.encounters`` by the marker's id on the map;
    ``effects`` run with the hero as ``triggering_hero``; ``once`` removes the marker after it
    has triggered.
    """

    text: Text
    effects: tuple[Effect, ...] = ()
    once: bool = True


class StatChanges(Model):
    """How a named monster differs from its base monster's master stats (added to them)."""

    speed: int = 0
    armor: int = 0
    wounds: int = 0
    extra_dice: tuple[DieColour, ...] = ()
    abilities: tuple[AbilityRef, ...] = ()


class NamedMonster(Model):
    """A unique monster of this quest, built on a monster type (Rulebook: Named Monsters).

    It uses the base monster's master stats plus ``changes``; heroes gain ``conquest``
    when they slay it.
    """

    id: ContentId
    name: Text
    base: ContentId
    area: ContentId | None = None
    changes: StatChanges = StatChanges()
    conquest: NonNegative
    flavour: Text


class MonsterGroup(Model):
    """Ruleset 2e (descent-2e excerpt A, Monsters; Lieutenants): a monster group the quest sets
    up in ``area``. Its size comes from the monster's ``group`` for the number of heroes; a
    lieutenant (a monster entry with ``lieutenant: true``) is a group of one."""

    monster: ContentId
    area: ContentId


# Rulebook: Disrupting Prolonged Actions: the quest says which events break the attempt.
Disruption = Literal["moving", "losing_wounds", "being_attacked", "leaving_area", "spending_fatigue"]


class ProlongedAction(Model):
    """A task heroes complete by rolling power enhancements over several turns.

    Rulebook: Prolonged Action (Trait, Difficulty, Disrupting, Continuous, Group Efforts).
    ``difficulty`` is a number or ``"X"`` (complete with any progress). An empty
    ``disrupted_by`` means the action cannot be disrupted.
    """

    id: ContentId
    name: Text
    trait: HeroAttackType
    difficulty: Positive | Literal["X"]
    disrupted_by: tuple[Disruption, ...] = ()
    continuous: bool = False
    group_effort: bool = False
    area: ContentId | None = None
    text: Text
    effects: tuple[Effect, ...] = ()

    @field_validator("difficulty", mode="before")
    @classmethod
    def _number_or_x(cls, value: Any) -> Any:
        """One clear message instead of one per branch of ``int | "X"``."""
        if value == "X" or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
            return value
        raise ValueError(f"expected a whole number of at least 1, or 'X', got {value!r}")


class KillNamed(Model):
    """Won when the named monster ``kill_named`` is slain."""

    kill_named: ContentId


class ReachArea(Model):
    """Won when one hero (or all, with ``heroes: all``) stands in the area."""

    reach_area: ContentId
    heroes: Literal["any", "all"] = "any"


class CompleteAction(Model):
    """Won when the prolonged action is completed."""

    complete_action: ContentId


class EndOfRound(Model):
    """Won when the overlord's turn of round ``end_of_round`` is over (a time limit)."""

    end_of_round: Positive


class HeroesOutOfConquest(Model):
    """Won when the heroes have no conquest left (Rulebook: Conquest Tokens)."""

    heroes_out_of_conquest: Literal[True]


_VICTORY_KEYS = ("kill_named", "reach_area", "complete_action", "heroes_out_of_conquest", "end_of_round")


def _victory_tag(value: Any) -> str | None:
    """Pick the condition model by the key the author wrote."""
    if isinstance(value, dict):
        return next((key for key in _VICTORY_KEYS if key in value), None)
    return next((key for key in _VICTORY_KEYS if hasattr(value, key)), None)


VictoryCondition = Annotated[
    Annotated[KillNamed, Tag("kill_named")]
    | Annotated[ReachArea, Tag("reach_area")]
    | Annotated[CompleteAction, Tag("complete_action")]
    | Annotated[HeroesOutOfConquest, Tag("heroes_out_of_conquest")]
    | Annotated[EndOfRound, Tag("end_of_round")],
    Discriminator(
        _victory_tag,
        custom_error_type="victory_condition",
        custom_error_message="expected a mapping with one of the keys " + ", ".join(_VICTORY_KEYS),
    ),
]


class Goal(Model):
    """One side's goal: prose for people and conditions for the engine (any one wins)."""

    text: Text
    win_when: tuple[VictoryCondition, ...] = Field(min_length=1)


class Goals(Model):
    """What each side must do to win."""

    heroes: Goal
    overlord: Goal


DEFAULT_COMMAND_DECK = 20  # cards: three at setup, then one a round (a 17-round clock)


class SoloSettings(Model):
    """What the solo overlord variant asks of each scenario (solo-overlord-variant.txt: Setup,
    Overlord's Turn, Raise Dead; docs/solo-overlord.md). Ignored unless the game is solo."""

    orders: NonNegative = 0  # the scenario's orders, added to the rolled ones every overlord turn
    command_deck: Positive = DEFAULT_COMMAND_DECK  # cards in the Command deck: the game's clock
    raise_dead_cards: NonNegative = 0  # how many of them are Raise Dead cards
    deck_loss: bool = True  # the variant: the heroes lose at the end of a round with the deck empty
    rises: tuple[ContentId, ...] = ()  # monster kinds, beside the undead, that may rise from bone piles

    @model_validator(mode="after")
    def _raise_dead_in_deck(self) -> SoloSettings:
        """The Raise Dead cards are part of the Command deck."""
        if self.raise_dead_cards > self.command_deck:
            raise ValueError(f"raise_dead_cards ({self.raise_dead_cards}) cannot exceed command_deck "
                             f"({self.command_deck})")
        return self


class Quest(Model):
    """A quest: one file in a pack's ``quests/`` folder (Rulebook: Overlord Setup)."""

    id: ContentId
    name: Text
    map: str = Field(description="map file, relative to the quest file")
    tutorial: bool = False
    starting_conquest: Positive
    treachery: TreacheryBudget = TreacheryBudget()
    chests: dict[Positive, Chest] = {}
    areas: dict[ContentId, Area] = Field(min_length=1)
    named_monsters: tuple[NamedMonster, ...] = ()
    prolonged_actions: tuple[ProlongedAction, ...] = ()
    encounters: dict[str, Encounter] = {}
    # Ruleset 2e (descent-2e excerpt A, Quests): a quest of several encounters is a chain of
    # quest entries; ``next_encounter`` names the entry whose map is set up when a side meets
    # its goal here, and ``encounter`` numbers this one (only encounter 1 is chosen to play).
    # ``monster_groups`` are set up sized by the number of heroes (excerpt A, Monsters).
    encounter: Positive = 1
    next_encounter: ContentId | None = None
    monster_groups: tuple[MonsterGroup, ...] = ()
    goals: Goals
    flavour: Text
    solo: SoloSettings = SoloSettings()

    @field_validator("map")
    @classmethod
    def _map_inside_pack(cls, value: str) -> str:
        """A pack is copied as one folder, so its maps must not point outside it."""
        if ".." in value.split("/"):
            raise ValueError(f"expected a path inside the pack's quests folder, without '..', got {value!r}")
        if not _MAP_NAME.match(value):
            raise ValueError(
                "expected a relative file name ending in .map (letters, digits, '-', '_', '/'), "
                f"got {value!r}"
            )
        return value

    @model_validator(mode="after")
    def _inner_references(self) -> Quest:
        """Ids inside the quest are unique, and goals and placements name things that exist."""
        problems: list[tuple[str, str]] = []
        named = [m.id for m in self.named_monsters]
        actions = [a.id for a in self.prolonged_actions]
        for field, ids in (("named_monsters", named), ("prolonged_actions", actions)):
            for index, item_id in enumerate(ids):
                if item_id in ids[:index]:
                    problems.append((f"{field}.{index}.id", f"duplicate id {item_id!r} in this quest"))
        placed: list[tuple[str, str | None]] = [
            *((f"named_monsters.{i}.area", m.area) for i, m in enumerate(self.named_monsters)),
            *((f"prolonged_actions.{i}.area", a.area) for i, a in enumerate(self.prolonged_actions)),
        ]
        placed += [(f"monster_groups.{i}.area", g.area) for i, g in enumerate(self.monster_groups)]
        if self.next_encounter == self.id:
            problems.append(("next_encounter", "an encounter cannot lead to itself"))
        groups = [g.monster for g in self.monster_groups]
        for where, area in placed:
            if area is not None and area not in self.areas:
                problems.append((where, self._unknown("area", area, self.areas)))
        for side in ("heroes", "overlord"):
            goal: Goal = getattr(self.goals, side)
            for index, cond in enumerate(goal.win_when):
                where = f"goals.{side}.win_when.{index}"
                if isinstance(cond, KillNamed) and cond.kill_named not in named + groups:
                    problems.append((f"{where}.kill_named",
                                     self._unknown("named monster or monster group", cond.kill_named,
                                                   named + groups)))
                if isinstance(cond, ReachArea) and cond.reach_area not in self.areas:
                    problems.append((f"{where}.reach_area",
                                     self._unknown("area", cond.reach_area, self.areas)))
                if isinstance(cond, CompleteAction) and cond.complete_action not in actions:
                    problems.append((f"{where}.complete_action",
                                     self._unknown("prolonged action", cond.complete_action, actions)))
        check_problems(problems)
        return self

    @staticmethod
    def _unknown(kind: str, name: str, known: Any) -> str:
        """A message naming the missing id and the ids that do exist."""
        listed = ", ".join(sorted(known)) or "none"
        return f"unknown {kind} {name!r}; this quest defines: {listed}"
