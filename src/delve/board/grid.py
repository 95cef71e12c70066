"""The board: which spaces exist, their terrain and area, walls, doors, markers and areas.

Why plain dataclasses: the board is part of the game state, so it must save to JSON and load
back identically (``delve.engine.edges`` validates and writes it from these annotations and
the validators below, which run only there: on a save or map being read), and it is copied with
the state for every search clone. Hot paths (line of sight, movement) do not read these lists directly; they
read a flat, precomputed view (``delve.board.index``) that the board builds on demand and
drops whenever it changes through one of its mutators.

Rule for callers: change a board only through its mutator methods (``set_door_open``,
``set_terrain``, ``add_marker``, ...). After editing fields by hand, call ``invalidate()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import field_validator, model_validator

from delve.board.geometry import Pos, orthogonally_adjacent
from delve.board.terrain import DEFAULT_TERRAIN, TerrainDef, load_marker_kinds, load_terrain
from delve.native import restore_fields

if TYPE_CHECKING:
    from delve.board.index import BoardIndex

Edge = tuple[Pos, Pos]
"""The side shared by two orthogonally adjacent spaces, smaller position first."""


def edge(a: Pos, b: Pos) -> Edge:
    """The normalised edge between two orthogonally adjacent spaces."""
    if not orthogonally_adjacent(a, b):
        raise ValueError(f"{a} and {b} are not orthogonally adjacent")
    return (a, b) if a < b else (b, a)


def _same_view(old: BoardIndex, new: BoardIndex) -> bool:
    """Do two flat views hold the same data (everything but the derived-table cache)?"""
    from delve.board.index import VIEW_FIELDS

    return all(getattr(old, name) == getattr(new, name) for name in VIEW_FIELDS)


@dataclass(slots=True, kw_only=True)
class Door:
    """A door marker. Rulebook: Doors -- it stands between four spaces, two on each side, so
    when closed it shuts two parallel unit edges that continue each other."""

    id: str
    edges: tuple[Edge, Edge]
    open: bool = False
    rune: str | None = None  # colour of a rune-locked door; None for a normal door

    @field_validator("edges")
    @classmethod
    def _two_parallel_edges(cls, value: tuple[Edge, Edge]) -> tuple[Edge, Edge]:
        e1, e2 = sorted(edge(a, b) for a, b in value)
        vertical1 = e1[0][0] != e1[1][0]  # the two spaces differ in x: the edge is upright
        vertical2 = e2[0][0] != e2[1][0]
        offset = (e2[0][0] - e1[0][0], e2[0][1] - e1[0][1])
        if vertical1 != vertical2 or offset != ((0, 1) if vertical1 else (1, 0)):
            raise ValueError("a door closes two parallel unit edges side by side")
        return (e1, e2)

    def spaces(self) -> tuple[Pos, ...]:
        """The four spaces around the door."""
        return tuple(sorted({p for e in self.edges for p in e}))


@dataclass(slots=True, kw_only=True)
class Marker:
    """A marker on one space (chest, glyph, staircase, ...). Kind-specific details such as a
    chest's ``colour`` or a glyph's ``active`` flag live in ``data``."""

    id: str
    kind: str
    pos: Pos
    data: dict[str, Any] = field(default_factory=dict)

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, value: str) -> str:
        if value not in load_marker_kinds():
            raise ValueError(f"unknown marker kind {value!r}")
        return value


@dataclass(slots=True, kw_only=True)
class Area:
    """A named part of the map; unrevealed areas are set up when a hero first sees them
    (Rulebook: Revealing New Areas)."""

    id: str
    name: str
    revealed: bool = False


@dataclass(kw_only=True)
class Board:
    """The whole map. ``terrain[y][x]`` is a terrain id, or None where there is no space
    (void); ``area_ids[y][x]`` names the area a space belongs to.

    Equal when the saved fields are equal (the derived views are no fields). Why no slots: the
    views live in the instance dict, which a state copy (``delve.engine.copying``) shares."""

    width: int
    height: int
    terrain: list[list[str | None]]
    area_ids: list[list[str | None]]
    walls: list[Edge] = field(default_factory=list)
    doors: list[Door] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._index: BoardIndex | None = None
        # The view dropped by the last change, kept to be reused when the change did not touch it.
        self._stale: BoardIndex | None = None
        # What terrain and printed walls alone make of the view (``index.build_base``): kept across
        # marker and door changes, dropped with everything else by ``invalidate``.
        self._base: BoardIndex | None = None

    # -- validation ----------------------------------------------------------------------
    @field_validator("walls")
    @classmethod
    def _normalise_walls(cls, value: list[Edge]) -> list[Edge]:
        return sorted({edge(a, b) for a, b in value})

    @model_validator(mode="after")
    def _check(self) -> Board:
        if len(self.terrain) != self.height or any(len(r) != self.width for r in self.terrain):
            raise ValueError("terrain grid does not match width x height")
        if len(self.area_ids) != self.height or any(len(r) != self.width for r in self.area_ids):
            raise ValueError("area grid does not match width x height")
        known = load_terrain()
        area_names = {a.id for a in self.areas}
        if len(area_names) != len(self.areas):
            raise ValueError("two areas share an id")
        for y, row in enumerate(self.terrain):
            for x, tid in enumerate(row):
                if tid is not None and tid not in known:
                    raise ValueError(f"unknown terrain {tid!r} at {(x, y)}")
                aid = self.area_ids[y][x]
                if aid is not None and aid not in area_names:
                    raise ValueError(f"unknown area {aid!r} at {(x, y)}")
        for a, b in self.walls:
            if not (self.in_bounds(a) and self.in_bounds(b)):
                raise ValueError(f"wall {a}-{b} is off the board")
        for ids in ([d.id for d in self.doors], [m.id for m in self.markers]):
            if len(set(ids)) != len(ids):
                raise ValueError("ids of doors and of markers must be unique")
        return self

    # -- queries -------------------------------------------------------------------------
    def in_bounds(self, p: Pos) -> bool:
        """True when ``p`` lies inside the width x height rectangle."""
        return 0 <= p[0] < self.width and 0 <= p[1] < self.height

    def is_space(self, p: Pos) -> bool:
        """True when ``p`` is a real space of the map (inside the rectangle, not void)."""
        return self.in_bounds(p) and self.terrain[p[1]][p[0]] is not None

    def spaces(self) -> Iterator[Pos]:
        """Every space of the map, row by row."""
        for y, row in enumerate(self.terrain):
            for x, tid in enumerate(row):
                if tid is not None:
                    yield (x, y)

    def terrain_at(self, p: Pos) -> TerrainDef:
        """The terrain of a space. Raises ``KeyError`` for a position that is not a space."""
        if not self.is_space(p):
            raise KeyError(f"{p} is not a space")
        tid = self.terrain[p[1]][p[0]]
        return load_terrain()[tid or DEFAULT_TERRAIN]

    def area_of(self, p: Pos) -> str | None:
        """The id of the area a space belongs to (None off the map)."""
        return self.area_ids[p[1]][p[0]] if self.in_bounds(p) else None

    def area(self, area_id: str) -> Area:
        """The area with this id."""
        for a in self.areas:
            if a.id == area_id:
                return a
        raise KeyError(area_id)

    def door(self, door_id: str) -> Door:
        """The door with this id."""
        for d in self.doors:
            if d.id == door_id:
                return d
        raise KeyError(door_id)

    def marker(self, marker_id: str) -> Marker:
        """The marker with this id."""
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise KeyError(marker_id)

    def markers_at(self, p: Pos) -> list[Marker]:
        """Markers lying on a space."""
        return [m for m in self.markers if m.pos == p]

    def has_wall(self, a: Pos, b: Pos) -> bool:
        """True when a printed wall separates two orthogonally adjacent spaces."""
        return edge(a, b) in self.index().wall_set

    def door_between(self, a: Pos, b: Pos) -> Door | None:
        """The door (open or closed) on the edge between two adjacent spaces, if any."""
        e = edge(a, b)
        for d in self.doors:
            if e in d.edges:
                return d
        return None

    def blocked_edge(self, a: Pos, b: Pos) -> bool:
        """True when nothing can cross from ``a`` to the orthogonally adjacent ``b``: a wall,
        a closed door, or either side is not a space (Rulebook: Movement; Doors)."""
        if not orthogonally_adjacent(a, b):
            raise ValueError(f"{a} and {b} are not orthogonally adjacent")
        return self.index().edge_blocked(a, b)

    def blocks_movement_at(self, p: Pos) -> bool:
        """True when terrain or a marker on ``p`` stops figures entering (void counts too)."""
        ix = self.index()
        return not self.is_space(p) or bool(ix.move_block[p[1] * ix.width + p[0]])

    def blocks_los_at(self, p: Pos) -> bool:
        """True when terrain or a marker on ``p`` stops a line of sight (void counts too)."""
        ix = self.index()
        return not self.is_space(p) or bool(ix.opaque[p[1] * ix.width + p[0]])

    def index(self) -> BoardIndex:
        """The precomputed flat view used by line of sight and movement (built lazily)."""
        if self._index is None:
            from delve.board.index import build_base, build_index, carry_over, share_tables

            if self._base is None:
                self._base = build_base(self)
            fresh = build_index(self, self._base)
            old, self._stale = self._stale, None
            if old is not None and _same_view(old, fresh):
                # A change sight and movement cannot see (a potion picked up, a marker moved
                # across open floor): keep the old view and the tables derived from it.
                fresh = old
            else:
                if old is not None:
                    carry_over(old, fresh)  # keep the derived tables the change did not touch
                share_tables(fresh)  # or take those of an equal view met before
            self._index = fresh
        return self._index

    # -- mutators ------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Drop the precomputed view; call after editing fields directly."""
        self._base = None
        self._changed()

    def _changed(self) -> None:
        """Drop the view after a change of markers or doors (the terrain part stays valid)."""
        if self._index is not None:
            self._stale = self._index
        self._index = None

    def set_door_open(self, door_id: str, is_open: bool) -> None:
        """Open or close a door."""
        self.door(door_id).open = is_open
        self._changed()

    def set_terrain(self, p: Pos, terrain_id: str) -> None:
        """Change the terrain of a space (e.g. a boulder clearing rubble)."""
        if not self.is_space(p):
            raise KeyError(f"{p} is not a space")
        if terrain_id not in load_terrain():
            raise KeyError(f"unknown terrain {terrain_id!r}")
        self.terrain[p[1]][p[0]] = terrain_id
        self.invalidate()

    def add_marker(self, marker: Marker) -> None:
        """Put a marker on the board."""
        if any(m.id == marker.id for m in self.markers):
            raise ValueError(f"marker id {marker.id!r} already used")
        self.markers.append(marker)
        self._changed()

    def remove_marker(self, marker_id: str) -> Marker:
        """Take a marker off the board and return it."""
        m = self.marker(marker_id)
        self.markers.remove(m)
        self._changed()
        return m

    def move_marker(self, marker_id: str, pos: Pos) -> None:
        """Move a marker (e.g. a rolling boulder)."""
        self.marker(marker_id).pos = pos
        self._changed()

    def reveal_area(self, area_id: str) -> None:
        """Mark an area revealed (does not change sight or movement, so no invalidation)."""
        self.area(area_id).revealed = True


restore_fields(__name__)  # compiled: the fields' annotations and validators as written above (delve.native)
