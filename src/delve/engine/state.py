"""The whole state of one game, as plain serializable data.

Why plain slotted dataclasses and no behaviour here: the state must save to JSON and load back
with nothing lost, clone cheaply for AI search, and hash for replay checks. Rules live in
``delve.rules``; steps (``delve.engine.steps``) are plain data too, so a paused game is just
this object. Why not pydantic models: the engine builds, copies and edits this state on every
choice; pydantic validates and writes it only where it enters or leaves (``delve.boundary``:
saves, views, the JSON kept in step data), from these annotations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board
from delve.engine.chance import ChanceState
from delve.engine.decision import ChoiceRecord, Event
from delve.native import restore_fields

Side = Literal["heroes", "overlord"]
FigureKind = Literal["hero", "monster"]

# Rulebook: Special Abilities and Gameplay Rules. Lingering effect tokens a figure can carry.
CONDITION_TOKENS = ("bleed", "burn", "daze", "frost", "poison", "stun", "web", "curse")
ORDERS = ("aim", "dodge", "guard", "rest", "prolonged")


@dataclass(slots=True, kw_only=True, frozen=True)
class AbilityRef:
    """A special ability on a figure or attack, with its rank where it has one.

    A value: never changed once made, so copies of the state share it."""

    name: str
    rank: int = 0


@dataclass(slots=True, kw_only=True)
class FigureState:
    """A hero or monster on the board (or, for a hero, in town)."""

    id: str
    kind: FigureKind
    side: Side
    name: str
    content_id: str = ""
    master: bool = False
    named: bool = False
    seat: str = ""  # the seat that controls a hero; monsters belong to the overlord
    footprint: Footprint
    in_town: bool = False
    speed: int
    armor: int = 0
    max_wounds: int
    wounds: int  # wounds left: a figure dies when this reaches 0
    max_fatigue: int = 0
    fatigue: int = 0
    traits: dict[str, int] = field(default_factory=dict)  # melee / ranged / magic power dice
    dice: list[str] = field(default_factory=list)  # a monster's attack dice
    attack_type: str = "melee"
    abilities: list[AbilityRef] = field(default_factory=list)
    immunities: list[str] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    order: str | None = None  # the one order token placed on a hero, if any
    conquest_value: int = 0
    coins: int = 0
    equipped: list[str] = field(default_factory=list)  # item ids in use (Rulebook: Equipping Items)
    pack: list[str] = field(default_factory=list)  # carried, not usable until equipped
    exhausted: list[str] = field(default_factory=list)  # item ids turned sideways this turn
    # Ruleset 2e only: the defense dice the figure rolls when attacked, and a hero's or
    # lieutenant's attributes (might, knowledge, willpower, awareness) for attribute tests.
    defense_dice: list[str] = field(default_factory=list)
    attributes: dict[str, int] = field(default_factory=dict)
    # The direction (dx, dy) of the figure's last move or attack. Descent figures have no facing;
    # only the solo overlord procedure reads it, for its front and rear arcs.
    facing: tuple[int, int] = (0, 1)

    @property
    def pos(self) -> Pos:
        """The anchor space (the only space of a small figure)."""
        return (self.footprint.x, self.footprint.y)

    @property
    def alive(self) -> bool:
        """Heroes are never removed (they go to town); monsters are removed when killed."""
        return self.wounds > 0

    def token(self, name: str) -> int:
        """How many tokens of this kind the figure carries."""
        return self.tokens.get(name, 0)


@dataclass(slots=True, kw_only=True)
class SeatState:
    """A player at the table: the overlord, or a hero player controlling one or two heroes."""

    id: str
    heroes: list[str] = field(default_factory=list)
    name: str = ""


@dataclass(slots=True, kw_only=True)
class OverlordState:
    """The overlord's cards and threat. The deck is an unordered multiset: every draw is chance.

    Why unordered: there is then no deck order that could leak to a hero seat, and an AI can
    resample what it cannot see (architecture sketch, lessons).
    """

    threat: int = 0
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    powers: list[str] = field(default_factory=list)  # power cards in play (Rulebook: Power Cards)


@dataclass(slots=True, kw_only=True)
class GameState:
    """Everything about one game. ``Game`` wraps it with the decision API."""

    format: int = 1
    ruleset: str = "1e"
    pack: str = "starter"
    quest: str = ""
    seed: int = 0
    board: Board
    figures: dict[str, FigureState] = field(default_factory=dict)
    seats: dict[str, SeatState] = field(default_factory=dict)
    first_hero: str = ""  # the hero seat that breaks ties (Rulebook: Choose Overlord Player)
    conquest: int = 0
    overlord: OverlordState = field(default_factory=OverlordState)
    round: int = 0
    stack: list[Step] = field(default_factory=list)
    chance: ChanceState = field(default_factory=ChanceState)
    serial: int = 0
    history: list[ChoiceRecord] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    winner: Side | None = None
    next_id: int = 1
    flags: dict[str, Any] = field(default_factory=dict)

    def heroes(self) -> list[FigureState]:
        """Every hero, in seat order."""
        return [f for f in self.figures.values() if f.kind == "hero"]

    def monsters(self) -> list[FigureState]:
        """Every monster on the board."""
        return [f for f in self.figures.values() if f.kind == "monster"]

    def new_id(self, prefix: str) -> str:
        """A fresh, never reused id such as ``m7``."""
        value = f"{prefix}{self.next_id}"
        self.next_id += 1
        return value


@dataclass(slots=True)
class Step:
    """One entry of the resolution stack: a kind (looked up in the step registry) and its data.

    Why plain data rather than a paused generator: generators cannot be copied, pickled or
    saved; a step can. Why a dataclass: the engine pushes one or more per choice; pydantic
    validates and writes steps only with the state they belong to.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


restore_fields(__name__)  # compiled: the fields' annotations as written above (delve.native)
