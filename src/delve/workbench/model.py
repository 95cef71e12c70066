"""The quest draft: the structured document the workbench editor edits (docs/workbench.md).

Why a model of its own and not the map text: the editor paints spaces, edges and figures and
should never lay out an ASCII grid or choose legend letters. These models only give the draft
its shape (what JSON the server accepts); whether a quest is *right* is decided by the map parser
and the content loader on the files the draft makes (``delve.workbench.check``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Pos = tuple[int, int]
Edge = tuple[Pos, Pos]
MAX_SIZE = 60  # spaces per side: bigger than any printed quest, small enough to check in a blink


class Strict(BaseModel):
    """Unknown keys are refused: a misspelt field must not vanish silently."""

    model_config = ConfigDict(extra="forbid")


class DraftSpace(Strict):
    """A space that exists; ``area`` None takes the area of its region."""

    x: int = Field(ge=0, lt=MAX_SIZE)
    y: int = Field(ge=0, lt=MAX_SIZE)
    terrain: str = "floor"
    area: str | None = None
    label: bool = False
    symbol: str | None = None


class DraftDoor(Strict):
    """A door over two edges side by side (Rulebook: Doors); ``id`` None is the automatic id."""

    id: str | None = None
    kind: Literal["normal", "rune"] = "normal"
    colour: str | None = None
    open: bool = False
    edges: tuple[Edge, Edge]
    symbol: str | None = None


class DraftMap(Strict):
    """The grid: its size, spaces, walls, area boundaries and doors."""

    name: str = ""
    width: int = Field(ge=1, le=MAX_SIZE)
    height: int = Field(ge=1, le=MAX_SIZE)
    spaces: list[DraftSpace] = Field(default_factory=list, max_length=MAX_SIZE * MAX_SIZE)
    walls: list[Edge] = Field(default_factory=list, max_length=4 * MAX_SIZE * MAX_SIZE)
    boundaries: list[Edge] = Field(default_factory=list, max_length=4 * MAX_SIZE * MAX_SIZE)
    doors: list[DraftDoor] = Field(default_factory=list, max_length=200)


class DraftArea(Strict):
    """An area in reveal order: the map's name and start state, the quest's texts."""

    id: str
    name: str = ""
    revealed: bool | None = None
    read_aloud: str | None = None
    overlord_notes: str = ""


class DraftMarker(Strict):
    """A marker on one space; ``colour`` and ``active`` end up in the board marker's data."""

    id: str | None = None
    kind: str
    x: int
    y: int
    colour: str | None = None
    active: bool | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    symbol: str | None = None


class DraftMonster(Strict):
    """A monster figure (a pack monster or a named monster of the quest) and its block."""

    monster: str
    master: bool = False
    x: int
    y: int
    w: int = 1
    h: int = 1
    symbol: str | None = None


class DraftHeroStart(Strict):
    """A hero start space."""

    x: int
    y: int
    symbol: str | None = None


class PackSource(Strict):
    """A shipped quest the draft was imported from."""

    pack: str
    quest: str


class SavedSource(Strict):
    """A saved workbench quest the draft was opened from."""

    draft: str


class Comments(Strict):
    """The leading comment blocks of the two files, without their ``# ``."""

    map: str = ""
    quest: str = ""


class Draft(Strict):
    """A whole quest as the editor sees it."""

    format: Literal[1] = 1
    ruleset: Literal["1e", "2e"] = "1e"
    pack: Literal["starter", "starter-2e"] = "starter"  # only shipped packs: a draft never names a folder
    source: PackSource | SavedSource | None = None
    comments: Comments = Field(default_factory=Comments)
    map: DraftMap
    areas: list[DraftArea] = Field(default_factory=list, max_length=200)
    markers: list[DraftMarker] = Field(default_factory=list, max_length=1000)
    monsters: list[DraftMonster] = Field(default_factory=list, max_length=1000)
    hero_starts: list[DraftHeroStart] = Field(default_factory=list, max_length=100)
    quest: dict[str, Any]

    @property
    def quest_id(self) -> str:
        """The quest's id as written (a placeholder when the draft has none yet)."""
        value = self.quest.get("id")
        return value if isinstance(value, str) and value else "quest"

    def content(self) -> dict[str, Any]:
        """What the draft says about the quest, without where it came from (for comparisons)."""
        return self.model_dump(mode="json", exclude={"source"})
