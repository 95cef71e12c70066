"""A flat, precomputed view of a board for the hot paths (line of sight and movement).

Why: walking pydantic lists and dicts for every space of every sight line is far too slow for
search and automated players. This view turns the board into byte arrays indexed by
``y * width + x`` once; the board drops it whenever it changes (see ``Board.invalidate``).
Nothing here is saved: it is rebuilt from the board on demand.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from delve.board.geometry import Pos
from delve.board.terrain import TerrainDef, load_marker_kinds, load_terrain

if TYPE_CHECKING:
    from delve.board.grid import Board, Edge


VIEW_FIELDS = ("fog", "height", "move_block", "opaque", "pit", "pit_pass", "sight_adj", "space", "stairs", "terr",
               "wall_e", "wall_s", "wall_set", "width")  # every slot of a view but its derived-table cache


class BoardIndex:
    """Byte arrays over the board's spaces. A 1 means "yes" (blocked, opaque, ...).

    ``wall_e[i]`` is the edge between space ``i`` and the space to its right, ``wall_s[i]``
    the edge between ``i`` and the space below; an edge counts as blocked when a wall or a
    closed door stands on it, or when either side is not a space (or is off the board).
    """

    __slots__ = (
        "cache",
        "fog",
        "height",
        "move_block",
        "opaque",
        "pit",
        "pit_pass",
        "sight_adj",
        "space",
        "stairs",
        "terr",
        "wall_e",
        "wall_s",
        "wall_set",
        "width",
    )

    def __init__(self, width: int, height: int) -> None:
        n = width * height
        self.width = width
        self.height = height
        self.space = bytearray(n)
        self.opaque = bytearray(b"\x01" * n)
        self.move_block = bytearray(b"\x01" * n)
        self.fog = bytearray(n)
        self.sight_adj = bytearray(n)
        # Rulebook: Crushing Walls and Pits. ``pit``: pit ground; ``pit_pass``: blocked only by
        # markers a figure walking from pit space to pit space passes (a crushing wall over a pit).
        self.pit = bytearray(n)
        self.pit_pass = bytearray(n)
        self.wall_e = bytearray(b"\x01" * n)
        self.wall_s = bytearray(b"\x01" * n)
        self.wall_set: frozenset[Edge] = frozenset()
        self.terr: list[TerrainDef | None] = [None] * n
        self.stairs: dict[str, list[int]] = {}
        # Other modules keep their own derived tables here (e.g. movement step tables), so
        # they are dropped together with the view.
        self.cache: dict[str, Any] = {}

    def idx(self, p: Pos) -> int:
        """Flat index of an on-board position."""
        return p[1] * self.width + p[0]

    def pos(self, i: int) -> Pos:
        """Position of a flat index."""
        return (i % self.width, i // self.width)

    def on_board(self, p: Pos) -> bool:
        """Inside the rectangle (the space may still be void)."""
        return 0 <= p[0] < self.width and 0 <= p[1] < self.height

    def is_space(self, p: Pos) -> bool:
        """Inside the rectangle and a real space."""
        return (
            0 <= p[0] < self.width and 0 <= p[1] < self.height and bool(self.space[p[1] * self.width + p[0]])
        )

    def edge_blocked(self, a: Pos, b: Pos) -> bool:
        """Whether the edge between two orthogonally adjacent positions is blocked."""
        if not (self.on_board(a) and self.on_board(b)):
            return True
        if a > b:
            a, b = b, a
        i = a[1] * self.width + a[0]
        if a[1] == b[1]:
            return bool(self.wall_e[i])
        return bool(self.wall_s[i])


# Per-space arrays whose differences ``changed_spaces`` looks for (``terr`` is compared by identity).
_CELL_ARRAYS = ("space", "opaque", "move_block", "fog", "sight_adj", "pit", "pit_pass", "wall_e", "wall_s")

CarryRule = Callable[[BoardIndex, BoardIndex, bytearray], None]
# Rules that move still-valid derived tables from a dropped view's cache to the view rebuilt
# after a change (see ``carry_over``). Each module registers the rule for its own tables.
CARRY_RULES: list[CarryRule] = []


def carry_rule(rule: CarryRule) -> CarryRule:
    """Decorator: register a rule that carries a module's derived tables over a rebuild."""
    CARRY_RULES.append(rule)
    return rule


def changed_spaces(old: BoardIndex, new: BoardIndex) -> list[int]:
    """Flat indices whose per-space data (terrain, blocking, edges east and south) differ."""
    changed: set[int] = set()
    for name in _CELL_ARRAYS:
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            changed.update(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
    if old.terr != new.terr:
        changed.update(i for i, (x, y) in enumerate(zip(old.terr, new.terr, strict=True)) if x is not y)
    return sorted(changed)


def near_changes(ix: BoardIndex, changed: list[int]) -> bytearray:
    """Per flat index: 1 when the space is a changed one or touches one (diagonals too)."""
    w, h = ix.width, ix.height
    near = bytearray(w * h)
    for c in changed:
        cx, cy = c % w, c // w
        for y in range(max(0, cy - 1), min(h, cy + 2)):
            for x in range(max(0, cx - 1), min(w, cx + 2)):
                near[y * w + x] = 1
    return near


def carry_over(old: BoardIndex, new: BoardIndex) -> None:
    """After a change, keep what the dropped view's derived tables say about the parts of the
    board the change did not touch (e.g. the movement steps far from a boulder that rolled).

    Why: a rolling boulder or an opened door changes a handful of spaces, but rebuilding every
    table from scratch costs more than the turn that caused it. Only registered rules carry
    anything; every other cached table is simply dropped, as before."""
    if (old.width, old.height) != (new.width, new.height) or not CARRY_RULES:
        return
    near = near_changes(new, changed_spaces(old, new))
    for rule in CARRY_RULES:
        rule(old, new, near)


# Derived tables that depend on nothing but the view's arrays, by cache key, with a factory
# of the empty table; views holding the same data share them (see ``share_tables``).
SHARED_TABLES: dict[str, Callable[[BoardIndex], Any]] = {}
_SHARED: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
_SHARED_LIMIT = 48  # views remembered; a few dozen positions of boulders and doors per quest
_SHARED_LOCK = threading.Lock()


def shared_table(key: str, make: Callable[[BoardIndex], Any]) -> None:
    """Register a derived table that views with equal data may share (``share_tables``): it
    must be a pure function of the view's arrays and terrain, filled in place as it is used."""
    SHARED_TABLES[key] = make


def _fingerprint(ix: BoardIndex) -> tuple[Any, ...]:
    """Everything a view holds, as one hashable key (terrain by identity: its kinds are loaded
    once per process, and the shared entry keeps them alive)."""
    arrays = tuple(bytes(getattr(ix, name)) for name in _CELL_ARRAYS)
    stairs = tuple(sorted((colour, tuple(cells)) for colour, cells in ix.stairs.items()))
    return (ix.width, ix.height, arrays, tuple(map(id, ix.terr)), stairs, ix.wall_set)


def share_tables(ix: BoardIndex) -> None:
    """Give a new view the tables of earlier views with the same data, in this process.

    Why: every game of a quest starts on the same board, and a boulder or a door comes back to
    the same few positions; each such view then costs its movement tables once per process
    rather than once per game and per change."""
    if not SHARED_TABLES:
        return
    key = _fingerprint(ix)
    with _SHARED_LOCK:
        entry = _SHARED.get(key)
        if entry is None:
            entry = {name: ix.cache[name] if name in ix.cache else make(ix) for name, make in SHARED_TABLES.items()}
            entry["terrain kinds"] = ix.terr  # keeps the kinds whose ids are in the key alive
            _SHARED[key] = entry
            if len(_SHARED) > _SHARED_LIMIT:
                _SHARED.popitem(last=False)
        else:
            _SHARED.move_to_end(key)
    for name in SHARED_TABLES:
        ix.cache[name] = entry[name]


def build_base(board: Board) -> BoardIndex:
    """The part of the flat view that only terrain and printed walls decide (no markers, every
    door open). Why apart: markers and doors change during play far more often than terrain,
    and this part is most of the work of a build; the board keeps it until its terrain or walls
    change (``Board.invalidate``)."""
    w, h = board.width, board.height
    ix = BoardIndex(w, h)
    terrains = load_terrain()
    for y, row in enumerate(board.terrain):
        for x, tid in enumerate(row):
            if tid is None:
                continue
            i = y * w + x
            t = terrains[tid]
            ix.space[i] = 1
            ix.terr[i] = t
            ix.opaque[i] = t.blocks_los
            ix.move_block[i] = t.blocks_movement
            ix.fog[i] = t.fog
            ix.sight_adj[i] = t.sight_adjacent_only
            ix.pit[i] = t.pit
    # Edges: open between two spaces, then close the printed walls.
    for y in range(h):
        for x in range(w):
            i = y * w + x
            if not ix.space[i]:
                continue
            if x + 1 < w and ix.space[i + 1]:
                ix.wall_e[i] = 0
            if y + 1 < h and ix.space[i + w]:
                ix.wall_s[i] = 0
    ix.wall_set = frozenset(board.walls)
    _close(ix, board.walls)
    return ix


def _close(ix: BoardIndex, edges: Iterable[Edge]) -> None:
    """Mark edges blocked (walls, closed doors)."""
    w = ix.width
    for a, b in edges:
        i = a[1] * w + a[0]
        if a[1] == b[1]:
            ix.wall_e[i] = 1
        else:
            ix.wall_s[i] = 1


def build_index(board: Board, base: BoardIndex | None = None) -> BoardIndex:
    """Compute the flat view of ``board``: a copy of its ``base`` (``build_base``, computed here
    when not given) with the markers and the closed doors added."""
    if base is None:
        base = build_base(board)
    ix = BoardIndex(base.width, base.height)
    for name in ("space", "opaque", "move_block", "fog", "sight_adj", "pit", "wall_e", "wall_s"):
        setattr(ix, name, bytearray(getattr(base, name)))
    ix.terr = list(base.terr)
    ix.wall_set = base.wall_set
    marker_kinds = load_marker_kinds()
    # ``pit_pass``: a space whose only movement blockers are markers a figure in a pit passes.
    # Terrain never lets a pit walker pass, so only spaces under markers can have it.
    hard: set[int] = set()
    under: list[int] = []
    for m in board.markers:
        kind = marker_kinds[m.kind]
        if not ix.is_space(m.pos):
            continue
        i = ix.idx(m.pos)
        if kind.blocks_los:
            ix.opaque[i] = 1
        if kind.blocks_movement:
            ix.move_block[i] = 1
            under.append(i)
            if not (kind.passable_in_pit and ix.pit[i]):
                hard.add(i)
        if m.kind == "staircase":
            colour = str(m.data.get("colour", ""))
            ix.stairs.setdefault(colour, []).append(i)
    for i in under:
        ix.pit_pass[i] = not base.move_block[i] and i not in hard
    _close(ix, (e for d in board.doors if not d.open for e in d.edges))
    return ix
