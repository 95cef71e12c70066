"""Movement: single steps and everything reachable with a budget. Rulebook: Movement.

Rules followed (our wording):

- A step goes to any of the eight touching spaces for the destination's terrain cost
  (``move_cost``, or ``cost_within`` when coming from the same terrain, at least the source's
  ``leave_cost`` when leaving it). Costs and blocking come ONLY from ``terrain.yaml``.
- Friendly figures may be passed through but not ended on; enemies, walls, closed doors,
  void, and terrain or markers that block movement may not be entered. Flying figures may
  pass enemies and blocking terrain (at a cost of 1 a step, untouched by terrain), but must
  end their move legally (Rulebook: Fly).
- Diagonal steps past a wall corner (ruling): allowed when at least one of the two L-shaped
  orthogonal routes between the two spaces crosses no wall, closed door or void. Terrain and
  figures in the side spaces do not matter.
- Large figures: a 2x2 figure steps like a small one. 1x2/2x1 figures move the rulebook's two
  ways: along their length (the front half steps forward, the back half follows), pivot (one
  half steps sideways, the other half moves into the space it left), or sidestep diagonally;
  they cannot slide sideways in one step. 2x3/3x2 figures (ruling): step one space in any of
  the eight directions without turning, or turn 90 degrees by keeping the 2x2 block at one end
  and swinging the other two spaces round. Every step costs what the terrain says, where a
  terrain marked ``large_only_if_entire`` counts only when the whole figure stands on it.
- A figure may never straddle a wall or a closed door, nor stand partly on void.

Dijkstra orders paths by (cost, hazards), so among equally cheap paths the one stepping onto
the fewest harmful spaces (``on_enter`` effects) is returned.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Collection, ItemsView, Iterable, Iterator, MutableMapping
from typing import Any, NamedTuple

from delve.board.geometry import DIAGONAL, DIRECTIONS, ORTHOGONAL, Footprint, Pos
from delve.board.grid import Board
from delve.board.index import BoardIndex, carry_rule, shared_table
from delve.board.terrain import TerrainDef

Shape = tuple[int, int, int, int]  # x, y, w, h: a footprint as a plain tuple (fast to hash)


class Reach:
    """The cheapest way to one end position: its total ``cost`` and its ``path``, every
    footprint from the start (included) to the end (included); the engine walks it step by step.

    Why not a plain tuple: a search reaches a hundred places but the engine walks one path, so
    each Reach only links to the one before it and the path is spelled out on first use.
    """

    __slots__ = ("_path", "_prev", "cost", "footprint")

    def __init__(
        self,
        cost: int,
        path: tuple[Footprint, ...] | None = None,
        *,
        footprint: Footprint | None = None,
        prev: Reach | None = None,
    ) -> None:
        self.cost = cost
        self._path = path
        self._prev = prev
        if footprint is None:
            if not path:
                raise ValueError("a Reach needs a path or a footprint")
            footprint = path[-1]
        self.footprint = footprint

    @classmethod
    def linked(cls, cost: int, footprint: Footprint, prev: Reach) -> Reach:
        """A Reach one step after ``prev``: searches make a hundred of these per query, and with a
        footprint and a previous end given ``__init__`` checks nothing."""
        return cls(cost, footprint=footprint, prev=prev)

    @property
    def path(self) -> tuple[Footprint, ...]:
        """Footprints from the start to this end, both included."""
        if self._path is None:
            chain = []
            node: Reach | None = self
            while node is not None and node._path is None:
                chain.append(node.footprint)
                node = node._prev
            chain.reverse()
            head = node._path if node is not None and node._path is not None else ()
            self._path = head + tuple(chain)
        return self._path

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reach):
            return NotImplemented
        return self.cost == other.cost and self.path == other.path

    def __hash__(self) -> int:
        return hash((self.cost, self.footprint))

    def __repr__(self) -> str:
        return f"Reach(cost={self.cost}, path={self.path!r})"


# -- candidate steps per shape -------------------------------------------------------------


def _candidates(s: Shape) -> list[tuple[Shape, Pos | None]]:
    """Every step a shape may try, with its translation (None for a turn)."""
    x, y, w, h = s
    out: list[tuple[Shape, Pos | None]] = []
    if w == h or w * h not in (2, 6):  # 1x1 and 2x2 (and any odd size) step like a small figure
        for dx, dy in DIRECTIONS:
            out.append(((x + dx, y + dy, w, h), (dx, dy)))
        return out
    long_x = w > h
    short = min(w, h)
    # Along the length (2- and 6-space) and, for 6-space figures, across it too.
    for dx, dy in ORTHOGONAL:
        along = (dx != 0) == long_x
        if along or w * h == 6:
            out.append(((x + dx, y + dy, w, h), (dx, dy)))
    for dx, dy in DIAGONAL:  # sidestep
        out.append(((x + dx, y + dy, w, h), (dx, dy)))
    # Turns: keep the short x short square at either end, swing the rest to either side.
    nw, nh = h, w
    if long_x:
        for kx in (x, x + w - short):  # left or right end block stays
            for ny in (y, y - (nh - short)):  # the rest swings down or up
                out.append(((kx, ny, nw, nh), None))
    else:
        for ky in (y, y + h - short):  # top or bottom end block stays
            for nx in (x, x - (nw - short)):  # the rest swings right or left
                out.append(((nx, ky, nw, nh), None))
    return out


def _cells(ix: BoardIndex, s: Shape) -> tuple[int, ...] | None:
    """Flat indices of a shape's spaces, or None if any is off the board or void."""
    x, y, w, h = s
    if x < 0 or y < 0 or x + w > ix.width or y + h > ix.height:
        return None
    width = ix.width
    space = ix.space
    out = []
    for j in range(y, y + h):
        row = j * width
        for i in range(x, x + w):
            c = row + i
            if not space[c]:
                return None
            out.append(c)
    return tuple(out)


def _fits(ix: BoardIndex, s: Shape) -> bool:
    """No wall or closed door inside the shape."""
    x, y, w, h = s
    width = ix.width
    for j in range(y, y + h):
        for i in range(x, x + w):
            c = j * width + i
            if i + 1 < x + w and ix.wall_e[c]:
                return False
            if j + 1 < y + h and ix.wall_s[c]:
                return False
    return True


def _cell_step_open(ix: BoardIndex, c: int, dx: int, dy: int) -> bool:
    """Can one space's worth of figure cross from ``c`` by ``(dx, dy)`` (walls only)?"""
    w = ix.width
    ex = c if dx > 0 else c - 1  # wall_e index for a step along x
    sy = c if dy > 0 else c - w  # wall_s index for a step along y
    if dy == 0:
        return not ix.wall_e[ex]
    if dx == 0:
        return not ix.wall_s[sy]
    # Diagonal: one of the two L routes must be open (ruling, see module docstring).
    side_x = c + dx
    side_y = c + dy * w
    if not ix.wall_e[ex] and not ix.wall_s[side_x if dy > 0 else side_x - w]:
        return True
    return not ix.wall_s[sy] and not ix.wall_e[side_y if dx > 0 else side_y - 1]


def _applies(t: TerrainDef, cells: tuple[int, ...], terr: list[TerrainDef | None]) -> bool:
    """Does terrain ``t`` affect a figure on ``cells``? Rulebook: Mud; Lava; Pit -- some
    terrains touch a large figure only when all of it stands on them."""
    if len(cells) == 1 or not t.large_only_if_entire:
        return True
    return all(terr[c] is t for c in cells)


def _cost_and_hazard(ix: BoardIndex, old: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, int]:
    """Movement points and harmful-effect count for a step from ``old`` to ``new`` spaces."""
    terr = ix.terr
    cost = 1
    hazard = 0
    seen: set[int] = set()
    for c in new:
        t = terr[c]
        if t is None or id(t) in seen:
            continue
        seen.add(id(t))
        if not _applies(t, new, terr):
            continue
        if t.cost_within is not None and _applies(t, old, terr) and all(terr[o] is t for o in old):
            step = t.cost_within
        else:
            step = t.move_cost
        cost = max(cost, step)
        hazard += len(t.on_enter)
    seen.clear()
    for c in old:
        t = terr[c]
        if t is None or t.leave_cost is None or id(t) in seen:
            continue
        seen.add(id(t))
        if all(terr[o] is t for o in old) and not all(terr[n] is t for n in new):
            cost = max(cost, t.leave_cost)
    return cost, hazard


class _Step(NamedTuple):
    shape: Shape
    cells: tuple[int, ...]
    entered: tuple[int, ...]  # cells not already covered before the step
    cost: int
    hazard: int


def _pit_to_pit(ix: BoardIndex, old: tuple[int, ...], new: tuple[int, ...]) -> bool:
    """Rulebook: Crushing Walls and Pits. A figure lying in a pit steps to other pit spaces
    through what covers the pit (a crushing wall) as if it were not there."""
    return (all(ix.pit[c] for c in old) and all(ix.pit[c] for c in new)
            and all(ix.pit_pass[c] or not ix.move_block[c] for c in new))


def _ends_ok(ix: BoardIndex, c: int, fly: bool) -> bool:
    """A move may end here: nothing blocks it, or (walking in a pit) only what covers the pit."""
    return not ix.move_block[c] or (bool(ix.pit_pass[c]) and not fly)


def _one_space_steps(ix: BoardIndex, x: int, y: int, fly: bool) -> list[_Step]:
    """``_static_steps`` of a one-space figure, written out for one space (the general code
    below gives the same steps, in the same order, several times slower): most searches are
    for one-space figures, and a board change sends them back here for every space near it."""
    w, h = ix.width, ix.height
    c = y * w + x
    if not (0 <= x < w and 0 <= y < h) or not ix.space[c]:
        return []
    space, move_block, pit, pit_pass, terr = ix.space, ix.move_block, ix.pit, ix.pit_pass, ix.terr
    here = terr[c]
    out: list[_Step] = []
    for dx, dy in DIRECTIONS:
        nx, ny = x + dx, y + dy
        if not (0 <= nx < w and 0 <= ny < h):
            continue
        d = ny * w + nx
        if not space[d]:
            continue
        if not fly and move_block[d] and not (pit[c] and pit[d] and pit_pass[d]):  # _pit_to_pit
            continue
        if not _cell_step_open(ix, c, dx, dy):
            continue
        if fly:
            cost, hazard = 1, 0
        else:  # _cost_and_hazard for one space each side
            t = terr[d]
            assert t is not None and here is not None  # both are spaces
            step = t.cost_within if t.cost_within is not None and here is t else t.move_cost
            cost = max(1, step)
            hazard = len(t.on_enter)
            if here.leave_cost is not None and t is not here:
                cost = max(cost, here.leave_cost)
        out.append(_Step((nx, ny, 1, 1), (d,), (d,), cost, hazard))
    return out


def _static_steps(ix: BoardIndex, s: Shape, fly: bool) -> list[_Step]:
    """Steps from ``s`` that do not depend on where figures are (cached per board view)."""
    table: dict[tuple[Shape, bool], list[_Step]] = ix.cache.setdefault("steps", {})
    key = (s, fly)
    hit = table.get(key)
    if hit is not None:
        return hit
    if s[2] == 1 and s[3] == 1:
        out = _one_space_steps(ix, s[0], s[1], fly)
    else:
        _STEP_SIZES.add((s[2], s[3]))
        out = _general_steps(ix, s, fly)
    table[key] = out
    return out


def _general_steps(ix: BoardIndex, s: Shape, fly: bool) -> list[_Step]:
    """Steps from a shape of any size, tried one by one (``_candidates``)."""
    old = _cells(ix, s)
    out: list[_Step] = []
    if old is not None:
        old_set = set(old)
        for ns, delta in _candidates(s):
            new = _cells(ix, ns)
            if new is None:
                continue
            if not fly and any(ix.move_block[c] for c in new) and not _pit_to_pit(ix, old, new):
                continue
            if not _fits(ix, ns):
                continue
            if delta is not None and not all(_cell_step_open(ix, c, delta[0], delta[1]) for c in old):
                continue
            cost, hazard = (1, 0) if fly else _cost_and_hazard(ix, old, new)
            entered = tuple(c for c in new if c not in old_set)
            out.append(_Step(ns, new, entered, cost, hazard))
    return out


# Every (width, height) of shape whose steps were ever worked out in this process: a superset of
# the sizes in any step table, so ``_carry_steps`` finds every key near a change by looking only
# there (a size never met has no key to drop; one met in another game has none here either).
_STEP_SIZES: set[tuple[int, int]] = {(1, 1)}


@carry_rule
def _carry_steps(old: BoardIndex, new: BoardIndex, near: bytearray) -> None:
    """Keep the step tables of shapes the change cannot affect (``board.index.carry_over``).

    The steps of a shape read only the spaces of the shape and of the ring around it (its
    candidate steps and turns, their edges and terrain), so a shape none of whose spaces is
    ``near`` a changed space has the same steps as before. Why the keys to drop are found from
    the few changed spaces (every shape size that covers them) instead of testing every key: a
    table holds thousands of shapes and a change touches a handful of spaces. Shapes partly off
    the board are kept: they have no steps on any board of this size."""
    w = new.width
    cache = old.cache
    changed = [m.start() for m in re.finditer(b"\x01", near)]
    steps: dict[tuple[Shape, bool], list[_Step]] | None = cache.get("steps")
    if steps:
        kept = dict(steps)
        drop = kept.pop
        for c in changed:
            x, y = c % w, c // w
            for sw, sh in _STEP_SIZES:
                for ax in range(x - sw + 1, x + 1):
                    for ay in range(y - sh + 1, y + 1):
                        shape = (ax, ay, sw, sh)
                        drop((shape, False), None)
                        drop((shape, True), None)
        new.cache["steps"] = kept
    for name in ("small", "small_fly", "grouped", "grouped_fly"):
        rows: list[tuple[tuple[int, Any], ...] | None] | None = cache.get(name)
        if rows is not None:
            rows = list(rows)
            for c in changed:
                rows[c] = None
            new.cache[name] = rows
    if "fp1" in cache:
        new.cache["fp1"] = cache["fp1"]  # depends on the board's size only


shared_table("steps", lambda ix: {})
shared_table("small", lambda ix: [None] * (ix.width * ix.height))
shared_table("small_fly", lambda ix: [None] * (ix.width * ix.height))
shared_table("grouped", lambda ix: [None] * (ix.width * ix.height))
shared_table("grouped_fly", lambda ix: [None] * (ix.width * ix.height))
shared_table("fp1", lambda ix: _footprints_of_size(ix.width, ix.height))
_FOOTPRINTS: dict[tuple[int, int], list[Footprint]] = {}


def _footprints_of_size(width: int, height: int) -> list[Footprint]:
    """One-space footprints for every position of a board of this size (frozen, so shared)."""
    fps = _FOOTPRINTS.get((width, height))
    if fps is None:
        fps = _FOOTPRINTS[(width, height)] = [Footprint(x=c % width, y=c // width) for c in range(width * height)]
    return fps


def _fp(s: Shape) -> Footprint:
    return Footprint(x=s[0], y=s[1], w=s[2], h=s[3])


def _shape(fp: Footprint) -> Shape:
    return (fp.x, fp.y, fp.w, fp.h)


def _indices(ix: BoardIndex, ps: Iterable[Pos]) -> set[int]:
    w, h = ix.width, ix.height
    return {p[1] * w + p[0] for p in ps if 0 <= p[0] < w and 0 <= p[1] < h}


def step_options(
    board: Board, fp: Footprint, enemies: Collection[Pos], fly: bool = False
) -> list[tuple[Footprint, int]]:
    """Every legal single step from ``fp`` and its movement-point cost.

    A step may end on a friendly figure (passing through); only ``reachable`` decides where a
    move may end.
    """
    ix = board.index()
    enemy = _indices(ix, enemies)
    out = []
    for st in _static_steps(ix, _shape(fp), fly):
        if not fly and not enemy.isdisjoint(st.entered):
            continue
        out.append((_fp(st.shape), st.cost))
    return out


def step_cost(board: Board, before: Footprint, after: Footprint, enemies: Collection[Pos],
              fly: bool = False) -> int | None:
    """What the single step from ``before`` to ``after`` costs, or None when no legal step goes
    there: ``dict(step_options(...)).get(after)`` without a footprint per step (a move's walk
    asks this once for every space it enters)."""
    ix = board.index()
    target = _shape(after)
    enemy: set[int] | None = None
    cost = None
    for st in _static_steps(ix, _shape(before), fly):
        if st.shape != target:
            continue
        if not fly:
            if enemy is None:
                enemy = _indices(ix, enemies)
            if not enemy.isdisjoint(st.entered):
                continue
        cost = st.cost  # the last such step, as the dict of ``step_options`` keeps it
    return cost


def single_steps(board: Board, pos: Pos, fly: bool = False) -> list[tuple[Pos, int]]:
    """``step_options`` of a one-space figure on ``pos`` with no enemies about, as (space, cost)
    pairs in the same order. Why: searches that price each step themselves (familiars) walk many
    spaces; this reads the one-space step rows kept on the board's view instead of making a
    footprint per step."""
    ix = board.index()
    w = ix.width
    x, y = pos
    if not (0 <= x < w and 0 <= y < ix.height):
        return []
    c = y * w + x
    table = _small_table(ix, fly)
    row = table[c]
    if row is None:
        row = table[c] = _small_row(ix, c, fly)
    return [((d % w, d // w), step >> _HAZARD_BITS) for d, step in row]


def step_effects(board: Board, before: Footprint, after: Footprint, fly: bool = False) -> list[str]:
    """Effect names (``on_enter``) the engine runs when a figure steps from ``before`` onto
    ``after``. Flying figures suffer none (Rulebook: Fly)."""
    if fly:
        return []
    ix = board.index()
    old = _cells(ix, _shape(before))
    new = _cells(ix, _shape(after))
    if new is None:
        return []
    effects: list[str] = []
    done: set[int] = set()
    for c in new:
        t = ix.terr[c]
        if t is None or id(t) in done or not _applies(t, new, ix.terr):
            continue
        done.add(id(t))
        # A large figure already wholly on this terrain is not hit again.
        if old is not None and len(new) > 1 and all(ix.terr[o] is t for o in old):
            continue
        effects.extend(t.on_enter)
    return effects


def reachable(
    board: Board,
    start: Footprint,
    budget: int,
    enemies: Collection[Pos],
    others: Collection[Pos],
    fly: bool = False,
    no_end: Collection[Pos] = (),
) -> MutableMapping[Footprint, Reach]:
    """Every footprint where the figure may end its move within ``budget`` points, with the
    cheapest path to it, in search order (cheapest first). One-space figures get a
    ``SmallReaches``, which makes each ``Reach`` only when it is read.

    ``enemies`` block the way (unless ``fly``); ``others`` are all other figures, friend or
    foe, which may be passed (friends) but never ended on; ``no_end`` are further spaces the
    figure may cross but not stop on (e.g. an active glyph for a monster). The start itself is
    included with cost 0 when it is a legal place to end.
    """
    ix = board.index()
    enemy = _indices(ix, enemies)
    taken = _indices(ix, others) | enemy | _indices(ix, no_end)
    s0 = _shape(start)
    if start.size == 1:
        return _reach_small(ix, s0[1] * ix.width + s0[0], budget, enemy, taken, fly)
    return _reach_large(ix, s0, budget, enemy, taken, fly)


WALK_BUDGET = 60  # movement points searched for walking distances: more than any board needs


def walk_distances(board: Board, origin: Pos, budget: int = WALK_BUDGET) -> dict[Pos, int]:
    """Movement cost from ``origin`` to every space a small figure could walk to, figures
    ignored (walls, closed doors and terrain counted). Why: "closest" in the automated
    overlords' procedures is the path a figure would walk, never a line through a wall. Cached
    on the board view, which is rebuilt whenever a door or terrain changes."""
    ix = board.index()
    key = f"walk:{origin[0]},{origin[1]}:{budget}"
    found: dict[Pos, int] | None = ix.cache.get(key)
    if found is None:
        reach = reachable(board, Footprint.single(origin), budget, (), ())
        costs = reach.costs() if isinstance(reach, SmallReaches) else {fp: r.cost for fp, r in reach.items()}
        found = {(fp.x, fp.y): cost for fp, cost in costs.items()}
        found[origin] = 0
        ix.cache[key] = found
    return found


def _small_footprints(ix: BoardIndex) -> list[Footprint]:
    """One-space footprints for every position, built once per board view."""
    fps: list[Footprint] | None = ix.cache.get("fp1")
    if fps is None:
        fps = ix.cache["fp1"] = _footprints_of_size(ix.width, ix.height)
    return fps


_HAZARD_BITS = 12  # a search key packs (cost, hazards) as cost << 12 | hazards


def _small_table(ix: BoardIndex, fly: bool) -> list[tuple[tuple[int, int], ...] | None]:
    """Per space: (destination, packed cost and hazard) of every static step, for one-space
    figures. Packed so one integer addition advances both parts of the search key. Rows are
    filled on first use, so a board change costs only the spaces searched afterwards."""
    key = "small_fly" if fly else "small"
    table: list[tuple[tuple[int, int], ...] | None] | None = ix.cache.get(key)
    if table is None:
        table = [None] * (ix.width * ix.height)
        ix.cache[key] = table
    return table


def _small_row(ix: BoardIndex, c: int, fly: bool) -> tuple[tuple[int, int], ...]:
    w = ix.width
    steps = _static_steps(ix, (c % w, c // w, 1, 1), fly) if ix.space[c] else []
    return tuple((st.cells[0], (st.cost << _HAZARD_BITS) | st.hazard) for st in steps)


Grouped = tuple[tuple[int, tuple[int, ...]], ...]  # (packed step, destinations) per distinct step


def _grouped_table(ix: BoardIndex, fly: bool) -> list[Grouped | None]:
    """Per space: its ``_small_row`` with the destinations of equal packed step gathered, for the
    search. Why: most steps from a space cost the same (open floor), so the search adds a step
    once per group instead of once per destination; the order of destinations within a space's
    expansion does not change the answer (each destination is compared on its own)."""
    key = "grouped_fly" if fly else "grouped"
    table: list[Grouped | None] | None = ix.cache.get(key)
    if table is None:
        table = [None] * (ix.width * ix.height)
        ix.cache[key] = table
    return table


def _grouped_row(ix: BoardIndex, c: int, fly: bool) -> Grouped:
    small = _small_table(ix, fly)
    row = small[c]
    if row is None:
        row = small[c] = _small_row(ix, c, fly)
    groups: dict[int, list[int]] = {}
    for d, step in row:
        groups.setdefault(step, []).append(d)
    return tuple((step, tuple(dests)) for step, dests in groups.items())


def _can_end(ix: BoardIndex, fly: bool) -> bytes:
    """Per space: may a one-space move end here, figures aside (``_ends_ok``)? Cached per view."""
    key = "end_fly" if fly else "end"
    table: bytes | None = ix.cache.get(key)
    if table is None:  # bytes of 0/1, so whole-array integer bit operations act per space
        n = len(ix.move_block)
        ones = int.from_bytes(b"\x01" * n, "big")
        free = int.from_bytes(ix.move_block, "big") ^ ones
        if not fly:
            free |= int.from_bytes(ix.pit_pass, "big") & ones
        table = ix.cache[key] = free.to_bytes(n, "big")
    return table


def _reach_small(
    ix: BoardIndex, s: int, budget: int, enemy: set[int], taken: set[int], fly: bool
) -> SmallReaches:
    """Dijkstra for one-space figures over flat indices; ``Reach`` objects are made only
    for the destinations a caller reads (``SmallReaches``).

    The heap holds plain integers (search key << 2*shift | parent << shift | space), which
    Python compares far faster than tuples; keys order by cost first, then by hazards, and
    equal keys by parent then space, which fixes the order of ties. ``best`` is a flat list
    starting at the budget's limit (enemies at 0, never improved), so one comparison decides
    a step.
    """
    table = _grouped_table(ix, fly)
    shift = max(16, (ix.width * ix.height).bit_length())
    shift2 = 2 * shift
    mask = (1 << shift) - 1
    best = [(budget + 1) << _HAZARD_BITS] * (ix.width * ix.height)
    edge = budget << _HAZARD_BITS  # a space reached for the whole budget leads nowhere cheaper
    if not fly:
        for e in enemy:
            best[e] = 0
    best[s] = 0
    parent: dict[int, int] = {}  # space -> the space it was reached from, in search order
    heap = [(s << shift) | s]
    pop = heapq.heappop
    push = heapq.heappush
    while heap:
        item = pop(heap)
        c = item & mask
        if c in parent:
            continue  # a stale item: the space was settled with a smaller key
        parent[c] = (item >> shift) & mask
        key = item >> shift2
        if key >= edge:  # every step costs at least 1: nothing from here is within the budget
            continue
        row = table[c]
        if row is None:
            row = table[c] = _grouped_row(ix, c, fly)
        for step, dests in row:
            nk = key + step
            base = (nk << shift2) | (c << shift)
            for d in dests:
                if nk < best[d]:
                    best[d] = nk
                    push(heap, base + d)
    can_end = _can_end(ix, fly)
    ends = {c: None for c in parent if can_end[c]}
    for c in taken:
        ends.pop(c, None)
    return SmallReaches(_small_footprints(ix), ix.width, s, parent, best, ends)


class SmallReaches(MutableMapping[Footprint, Reach]):
    """What ``reachable`` answers for a one-space figure: a mapping from end footprint to
    ``Reach``, in search order, whose ``Reach`` objects are made on first read.

    Why: most searches are read for a few destinations (the engine walks one path; the AIs
    score spaces), so building a ``Reach`` and hashing a pydantic footprint for each of a
    hundred places cost more than the search itself. Keys are looked up by their flat index.
    """

    __slots__ = ("_best", "_ends", "_fps", "_inner", "_made", "_parent", "_start", "_width")

    def __init__(
        self, fps: list[Footprint], width: int, start: int, parent: dict[int, int], best: list[int],
        ends: dict[int, None],
    ) -> None:
        self._fps = fps
        self._width = width
        self._start = start
        self._parent = parent
        self._best = best
        self._ends = ends
        self._made: dict[int, Reach] = {}
        self._inner: set[int] | None = None  # spaces some other space was reached from

    def _index(self, fp: object) -> int:
        """The flat index of a one-space footprint among the ends, or -1."""
        if not isinstance(fp, Footprint) or fp.w != 1 or fp.h != 1 or not 0 <= fp.x < self._width:
            return -1
        c = fp.y * self._width + fp.x
        return c if c in self._ends else -1

    def _reach(self, c: int) -> Reach:
        """The ``Reach`` of a searched space, linking to its parent's (made as needed)."""
        made = self._made
        hit = made.get(c)
        if hit is not None:
            return hit
        chain = []
        node = c
        while node not in made and node != self._start:
            chain.append(node)
            node = self._parent[node]
        prev = made.get(node)
        if prev is None:  # the start
            prev = made[node] = Reach(0, (self._fps[node],))
        for node in reversed(chain):
            prev = made[node] = Reach.linked(self._best[node] >> _HAZARD_BITS, self._fps[node], prev)
        return prev

    def __getitem__(self, fp: Footprint) -> Reach:
        c = self._index(fp)
        if c < 0:
            raise KeyError(fp)
        return self._reach(c)

    def __contains__(self, fp: object) -> bool:
        return self._index(fp) >= 0

    def __delitem__(self, fp: Footprint) -> None:
        c = self._index(fp)
        if c < 0:
            raise KeyError(fp)
        del self._ends[c]

    def __setitem__(self, fp: Footprint, reach: Reach) -> None:
        raise TypeError("search results are read-only (copy them into a dict to edit)")

    def __iter__(self) -> Iterator[Footprint]:
        fps = self._fps
        return (fps[c] for c in self._ends)

    def __len__(self) -> int:
        return len(self._ends)

    def items(self) -> ItemsView[Footprint, Reach]:
        """(footprint, Reach) pairs in search order, without looking each key up again."""
        return _SmallItems(self)

    def pairs(self) -> Iterator[tuple[Footprint, Reach]]:
        """What ``items()`` iterates over: every ``Reach`` is made at once, in search order
        (a parent is always settled before its children), which is cheaper than one by one."""
        made, fps, best = self._made, self._fps, self._best
        if len(made) < len(self._parent):
            start = self._start
            if start not in made:
                made[start] = Reach(0, (fps[start],))
            linked = Reach.linked
            for c, p in self._parent.items():
                if c not in made:
                    made[c] = linked(best[c] >> _HAZARD_BITS, fps[c], made[p])
        return iter([(fps[c], made[c]) for c in self._ends])

    def unchanged_by(self, cells: Iterable[Pos]) -> bool:
        """Whether a figure standing on ``cells`` (blocking them) would leave the cost of every
        other end as this search found it: True when no space the search settled was reached
        from one of them. Each other space then keeps the path it has (blocking only takes
        paths away), and the blocked spaces themselves simply stop being ends. Why: the 2e
        overlord AI weighs a dozen placements of one monster against each hero's walk
        (``delve.ai.overlord_2e.Walks``), and most placements stand on the tips of the walk."""
        width = self._width
        blocked = {y * width + x for x, y in cells if 0 <= x < width and y >= 0}
        if self._start in blocked:
            return False
        inner = self._inner
        if inner is None:
            inner = self._inner = {p for c, p in self._parent.items() if c != p}
        return not (blocked & inner)

    def space_costs(self) -> dict[Pos, int]:
        """``costs()`` keyed by the end's space, in the same order, without a footprint per end."""
        width, best = self._width, self._best
        return {(c % width, c // width): best[c] >> _HAZARD_BITS for c in self._ends}

    def costs(self) -> dict[Footprint, int]:
        """Movement cost of every end, without making ``Reach`` objects."""
        return dict(self.cost_pairs())

    def cost_pairs(self) -> list[tuple[Footprint, int]]:
        """(end, movement cost) in search order: ``costs()`` without hashing a footprint per end
        (move choices list every end once)."""
        fps, best = self._fps, self._best
        return [(fps[c], best[c] >> _HAZARD_BITS) for c in self._ends]

    def by_cost(self) -> list[tuple[int, int, int]]:
        """(cost, x, y) of every end, cheapest first, then row by row (``move_choices``' order),
        sorted as single integers: a flat index orders spaces by row, then by column."""
        best, width = self._best, self._width
        n = len(best)
        keys = sorted([(best[c] >> _HAZARD_BITS) * n + c for c in self._ends])
        return [(k // n, k % n % width, k % n // width) for k in keys]

    def __repr__(self) -> str:
        return f"SmallReaches({dict(self.items())!r})"


class _SmallItems(ItemsView[Footprint, Reach]):
    """``SmallReaches.items()``: iterates by flat index instead of looking each key up."""

    _mapping: SmallReaches

    def __iter__(self) -> Iterator[tuple[Footprint, Reach]]:
        return self._mapping.pairs()


def _reach_large(
    ix: BoardIndex, s0: Shape, budget: int, enemy: set[int], taken: set[int], fly: bool
) -> dict[Footprint, Reach]:
    """Dijkstra over footprints for figures of more than one space.

    A shape reached for the whole budget is not expanded (every step costs at least 1), and
    the spaces of each shape are kept from the step that reached it for the end test."""
    blocked_by = set() if fly else enemy  # enemies stop a step into their spaces, unless flying
    table: dict[tuple[Shape, bool], list[_Step]] = ix.cache.setdefault("steps", {})
    best: dict[Shape, tuple[int, int]] = {s0: (0, 0)}
    parent: dict[Shape, Shape] = {}
    cells_of: dict[Shape, tuple[int, ...] | None] = {s0: _cells(ix, s0)}
    done: dict[Shape, Reach] = {}
    heap: list[tuple[int, int, Shape]] = [(0, 0, s0)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, hz, s = pop(heap)
        if s in done or best[s] != (cost, hz):
            continue
        prev = done.get(parent[s]) if s in parent else None
        fp = Footprint(x=s[0], y=s[1], w=s[2], h=s[3])
        done[s] = Reach.linked(cost, fp, prev) if prev else Reach(cost, (fp,))
        if cost >= budget:
            continue
        steps = table.get((s, fly))
        if steps is None:
            steps = _static_steps(ix, s, fly)
        for st in steps:
            nc = cost + st.cost
            if nc > budget:
                continue
            if blocked_by and not blocked_by.isdisjoint(st.entered):
                continue
            nh = hz + st.hazard
            shape = st.shape
            old = best.get(shape)
            if old is None or (nc, nh) < old:
                best[shape] = (nc, nh)
                parent[shape] = s
                cells_of[shape] = st.cells
                push(heap, (nc, nh, shape))
    out: dict[Footprint, Reach] = {}
    move_block, pit_pass = ix.move_block, ix.pit_pass
    for s, r in done.items():
        cells = cells_of[s]
        if cells is None or any(c in taken or (move_block[c] and (fly or not pit_pass[c])) for c in cells):
            continue  # taken, or not ``_ends_ok``
        out[r.footprint] = r
    return out
