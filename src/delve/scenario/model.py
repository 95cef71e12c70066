"""The scenario file format: a small board, figures, scripted dice, choices and expectations.

Why pydantic with unknown fields forbidden: scenario authors outside the team get an error
that names the field they mistyped instead of a test that silently checks nothing.
The format is documented for people in ``docs/scenarios.md``; keep the two in step.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """Base: unknown fields are errors."""

    model_config = ConfigDict(extra="forbid")


class FigureSpec(Strict):
    """A figure to place: from content (``hero:`` / ``monster:``) or with stats written inline."""

    id: str
    hero: str | None = None
    monster: str | None = None
    name: str | None = None
    side: str | None = None  # heroes | overlord; implied by hero:/monster:
    master: bool = False
    named: bool = False
    at: tuple[int, int]
    size: tuple[int, int] = (1, 1)
    seat: str | None = None
    speed: int | None = None
    armor: int | None = None
    wounds: int | None = None
    max_wounds: int | None = None
    fatigue: int | None = None
    max_fatigue: int | None = None
    traits: dict[str, int] | None = None
    dice: list[str] | None = None
    attack_type: str | None = None
    abilities: list[str] | None = None  # "Pierce 2", "Fly"
    tokens: dict[str, int] = Field(default_factory=dict)
    order: str | None = None
    in_town: bool = False
    coins: int | None = None
    conquest_value: int | None = None
    items: list[str] = Field(default_factory=list)  # equipped item ids from the pack
    immunities: list[str] | None = None
    defense_dice: list[str] | None = None  # ruleset 2e: [gray], [brown, black]
    attributes: dict[str, int] | None = None  # ruleset 2e: {might: 3, knowledge: 2, ...}


class FamiliarSpec(Strict):
    """A familiar (or carried companion) placed directly: its content id and owner hero; ``at``
    for a familiar on the board, ``carrier`` for a companion a hero carries (Rulebook:
    Familiars & Companions)."""

    kind: str
    owner: str
    id: str | None = None  # default: the kind
    at: tuple[int, int] | None = None  # default: the owner's space
    carrier: str | None = None
    item: str | None = None  # an item it carries (carries_item familiars)


class StartSpec(Strict):
    """Where play begins: a hero's turn, the overlord's turn, or the start of a round."""

    hero_turn: str | None = None
    overlord_turn: bool = False
    round: int = 1
    # Setup's treachery spending (Rulebook: Treachery Cards): the budget by gem colour; play
    # begins with the overlord spending it, then round 1.
    treachery: dict[Literal["green", "purple", "red"], int] | None = None


class FigureExpect(Strict):
    """What must be true of one figure. Fields left out are not checked."""

    at: tuple[int, int] | None = None
    wounds: int | None = None
    fatigue: int | None = None
    armor: int | None = None
    tokens: dict[str, int] | None = None
    order: str | None = Field(default=None)
    no_order: bool = False
    in_town: bool | None = None
    alive: bool | None = None
    removed: bool = False
    coins: int | None = None


class PendingExpect(Strict):
    """What must be true of the pending decision."""

    seat: str | None = None
    kind: str | None = None
    has: list[str] = Field(default_factory=list)
    lacks: list[str] = Field(default_factory=list)
    none: bool = False  # the game is over


class Expect(Strict):
    """Expectations checked after a step, or at the end."""

    figures: dict[str, FigureExpect] = Field(default_factory=dict)
    conquest: int | None = None
    threat: int | None = None
    round: int | None = None
    winner: str | None = None
    pending: PendingExpect | None = None
    events: list[dict[str, Any]] = Field(default_factory=list)
    no_events: list[str] = Field(default_factory=list)
    areas: dict[str, bool] = Field(default_factory=dict)
    doors: dict[str, bool] = Field(default_factory=dict)
    dice_left: int | None = None
    hand_size: int | None = None
    deck_size: int | None = None
    discard: list[str] | None = None
    powers: list[str] | None = None


class StepSpec(Strict):
    """One choice to make, by a seat, and what to check after it."""

    choose: str
    seat: str | None = Field(default=None, alias="as")
    refused: str | None = None
    expect: Expect | None = None


class Scenario(Strict):
    """A whole scenario file."""

    name: str
    rule: str = ""
    description: str = ""
    ruleset: str = "1e"
    pack: str = "starter"
    quest: str | None = None  # a quest of the pack whose area texts and prolonged actions apply
    players: int | None = None
    map: str
    figures: list[FigureSpec] = Field(default_factory=list)
    familiars: list[FamiliarSpec] = Field(default_factory=list)
    conquest: int = 10
    threat: int = 0
    rune_keys: list[str] = Field(default_factory=list)
    overlord_hand: list[str] = Field(default_factory=list)
    overlord_deck: list[str] = Field(default_factory=list)
    overlord_discard: list[str] = Field(default_factory=list)
    overlord_powers: list[str] = Field(default_factory=list)
    goals: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)  # e.g. {heroes: [{kill_named: grolm}]}
    flags: dict[str, Any] = Field(default_factory=dict)  # game flags to set, e.g. {solo: {easy: false}}
    start: StartSpec = Field(default_factory=StartSpec)
    seed: int = 0
    dice: list[str] | None = None
    steps: list[StepSpec] = Field(default_factory=list)
    expect: Expect = Field(default_factory=Expect)
