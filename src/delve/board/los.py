"""Line of sight. Rulebook: Step 2: Confirm Line of Sight; Fog; Pit; Staircases.

The line is the exact segment from the centre of one space to the centre of the other. With
coordinates doubled, centres sit on odd integers and grid lines on even ones, so every
comparison below is integer arithmetic: there is no rounding and no epsilon.

What blocks: an edge the line crosses that is a wall, a closed door or the border of the map;
a space the line passes through whose terrain or marker blocks sight; and figures (the
``blockers`` passed in). The two end spaces never block.

Rulings (docs/rulings.md, "Board and line of sight"):

- Corner: a line passing exactly through a grid corner only touches the two side spaces there,
  so blocking spaces and figures on them never block it, even on both sides; but it meets the
  end of every edge that ends at that corner, so a wall, closed door or map border among the
  four edges around the corner blocks it.
- Figures: a figure between the two spaces blocks only if the looking figure could see that
  figure's space were there no figures at all (the rulebook tells players to ignore figures
  that are themselves out of sight).
- Fog: a fog space is seen only from adjacent spaces, and sees only adjacent spaces.
- Pit: a figure in a pit sees only the spaces adjacent to its own space; others see into the
  pit normally.
- Staircases: a figure on a staircase sees the other staircases of the same colour and the
  spaces next to them; a figure next to a staircase sees the other staircases of its colour.
  Figures never block this.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import cast

from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board
from delve.board.index import BoardIndex, carry_rule

_NO_BLOCKERS: frozenset[int] = frozenset()
_UNSEEN: object = object()  # a line not traced yet on this view
_NO_LINES: dict[int, dict[int, tuple[int, ...] | None]] = {}


def _trace(
    ix: BoardIndex,
    ax: int,
    ay: int,
    bx: int,
    by: int,
    blockers: Collection[int],
    touched: list[int] | None,
) -> bool:
    """Walk the segment between two space centres; False as soon as something blocks it.

    When ``touched`` is given, every space the line passes through is appended to it, so the
    caller can find the figures involved.
    """
    w = ix.width
    opaque = ix.opaque
    wall_e = ix.wall_e
    wall_s = ix.wall_s
    dx = bx - ax
    dy = by - ay
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    adx = dx * sx
    ady = dy * sy
    # The line crosses vertical grid line number i at t = (2i+1) / (2 adx) and horizontal grid
    # line j at t = (2j+1) / (2 ady). Compare (2i+1)*ady with (2j+1)*adx to know which comes
    # first; equal means it crosses exactly at a grid corner.
    ev = ady  # (2i+1) * ady for i = 0
    eh = adx  # (2j+1) * adx for j = 0
    step_v = 2 * ady
    step_h = 2 * adx
    i = j = 0
    x, y = ax, ay
    cur = ay * w + ax
    goal = by * w + bx
    # Offsets of the edge arrays for a step in each direction.
    de = 0 if sx > 0 else -1  # wall_e index offset for a horizontal step
    ds = 0 if sy > 0 else -w  # wall_s index offset for a vertical step
    while i < adx or j < ady:
        if j >= ady:
            c = -1
        elif i >= adx:
            c = 1
        else:
            c = ev - eh
        if c < 0:  # crosses a vertical grid line: step along x
            if wall_e[cur + de]:
                return False
            x += sx
            cur += sx
            i += 1
            ev += step_v
        elif c > 0:  # crosses a horizontal grid line: step along y
            if wall_s[cur + ds]:
                return False
            y += sy
            cur += sy * w
            j += 1
            eh += step_h
        else:  # exactly through a grid corner: only the ends of edges meeting there block
            # The line touches the two side spaces only at this point, so they never block;
            # an edge (wall, closed door, map border) that ends here is met by the line.
            if wall_e[cur + de] or wall_s[cur + ds] or wall_s[cur + sx + ds] or wall_e[cur + sy * w + de]:
                return False
            x += sx
            y += sy
            cur += sx + sy * w
            i += 1
            j += 1
            ev += step_v
            eh += step_h
        if cur == goal:
            return True
        if touched is not None:
            touched.append(cur)
        if opaque[cur] or cur in blockers:
            return False
    return True


def _sight_rules_allow(ix: BoardIndex, a: Pos, b: Pos, ai: int, bi: int) -> bool:
    """Fog and pit limits, which depend only on the two ends (Rulebook: Fog; Pit)."""
    near = abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
    if near:
        return True
    return not (ix.fog[ai] or ix.fog[bi] or ix.sight_adj[ai])


def _stair_sight(ix: BoardIndex) -> dict[int, frozenset[int]]:
    """For each space, the spaces it sees through staircases (Rulebook: Staircases)."""
    cached = ix.cache.get("stair_sight")
    if cached is not None:
        return cached
    table: dict[int, set[int]] = {}

    def around(s: int) -> list[int]:
        sx, sy = ix.pos(s)
        out = []
        for nx in (sx - 1, sx, sx + 1):
            for ny in (sy - 1, sy, sy + 1):
                n = ny * ix.width + nx
                if (
                    (nx, ny) != (sx, sy)
                    and ix.is_space((nx, ny))
                    and _trace(ix, sx, sy, nx, ny, _NO_BLOCKERS, None)
                ):
                    out.append(n)
        return out

    for group in ix.stairs.values():
        for s1 in group:
            for s2 in group:
                if s1 == s2:
                    continue
                pairs = [(s1, s2)] + [(s1, n) for n in around(s2)] + [(n, s1) for n in around(s2)]
                for p, q in pairs:
                    table.setdefault(p, set()).add(q)
                    table.setdefault(q, set()).add(p)
    frozen = {k: frozenset(v) for k, v in table.items()}
    ix.cache["stair_sight"] = frozen
    return frozen


def _figure_indices(ix: BoardIndex, blockers: Iterable[Pos]) -> set[int]:
    """Flat indices of the blocking figures' spaces that lie on the board."""
    w, h = ix.width, ix.height
    return {p[1] * w + p[0] for p in blockers if 0 <= p[0] < w and 0 <= p[1] < h}  # ix.on_board, inlined


_BLOCKER_MEMO_LIMIT = 512  # frozensets of blockers remembered per view


def _los(ix: BoardIndex, a: Pos, b: Pos, blockers: Collection[Pos]) -> bool:
    if not blockers:
        return _los_flat(ix, a, b, None)
    if type(blockers) is frozenset:
        # A caller asking about many lines past the same figures passes them as one frozenset
        # (the AIs' sight memo): its flat indices are worked out once, not once per line. The
        # indices depend on the board's size alone, and ``_los_flat`` never changes them.
        memo: dict[frozenset[Pos], set[int]] = ix.cache.setdefault("blocker_indices", {})
        figures = memo.get(blockers)
        if figures is None:
            if len(memo) >= _BLOCKER_MEMO_LIMIT:
                memo.clear()
            figures = memo[blockers] = _figure_indices(ix, blockers)
        return _los_flat(ix, a, b, figures)
    return _los_flat(ix, a, b, _figure_indices(ix, blockers))


def _line(ix: BoardIndex, a: Pos, b: Pos, ai: int, bi: int) -> tuple[int, ...] | None:
    """The spaces strictly between two spaces that the line passes through, or None when
    something other than a figure blocks it (``_sight_rules_allow`` and ``_trace`` without
    figures). Kept per origin on the view, so it lasts until the board changes.

    Why: automated players and the rules ask the same few origins about the same spaces
    again and again; the answer without figures never changes on one view, and the spaces a
    line passes through are all a query with figures needs besides the figures themselves."""
    lines: dict[int, dict[int, tuple[int, ...] | None]] = ix.cache.setdefault("sight_lines", {})
    row = lines.get(ai)
    if row is None:
        row = lines[ai] = {}
    elif bi in row:
        return row[bi]
    touched: list[int] = []
    clear = _sight_rules_allow(ix, a, b, ai, bi) and _trace(ix, a[0], a[1], b[0], b[1], _NO_BLOCKERS, touched)
    found = row[bi] = tuple(touched) if clear else None
    return found


def _los_flat(ix: BoardIndex, a: Pos, b: Pos, figures: set[int] | None) -> bool:
    """``_los`` with the blocking figures given as flat indices (never changed here)."""
    w, h = ix.width, ix.height
    ax, ay = a
    bx, by = b
    if not (0 <= ax < w and 0 <= ay < h and 0 <= bx < w and 0 <= by < h):  # ix.is_space, inlined
        return False
    ai = ay * w + ax
    bi = by * w + bx
    if not (ix.space[ai] and ix.space[bi]):
        return False
    if ai == bi:
        return True
    row = ix.cache.get("sight_lines", _NO_LINES).get(ai)
    kept = _UNSEEN if row is None else row.get(bi, _UNSEEN)
    line = _line(ix, a, b, ai, bi) if kept is _UNSEEN else cast("tuple[int, ...] | None", kept)
    if line is not None:
        if not figures or figures.isdisjoint(line):
            return True
        # Only figures the looker could see (figures aside) get in the way; the line never
        # holds its own ends, so figures there never block.
        if not any(c in figures and _line(ix, a, (c % w, c // w), ai, c) is not None for c in line):
            return True
    if ix.stairs:
        seen = _stair_sight(ix).get(ai)
        if seen is not None and bi in seen:
            return True
    return False


def has_line_of_sight(board: Board, a: Pos, b: Pos, blockers: Collection[Pos] = ()) -> bool:
    """Whether a figure on ``a`` can see space ``b``.

    ``blockers`` are the spaces of figures that may block; the caller leaves out figures that
    never block (knocked-out heroes, familiars) and the looking figure itself.
    """
    return _los(board.index(), a, b, blockers)


def sight_from(board: Board, a: Pos, blockers: Collection[Pos] = ()) -> Callable[[Pos], bool]:
    """``has_line_of_sight(board, a, b, blockers)`` as a function of ``b``, for asking about
    many spaces from one looker: the blocking figures are turned into flat indices once."""
    ix = board.index()
    figures = _figure_indices(ix, blockers) if blockers else None
    return lambda b: _los_flat(ix, a, b, figures)


def flat_indices(board: Board, spaces: Iterable[Pos]) -> set[int]:
    """The flat indices of the spaces that lie on the board, for ``cells_see``: a caller asking
    about many targets with the same figures turns their spaces into indices once."""
    return _figure_indices(board.index(), spaces)


def cells_see(board: Board, cells: Iterable[Pos], target: Pos, figures: set[int]) -> bool:
    """Whether any of ``cells`` sees ``target`` with the figures on the flat indices ``figures``
    blocking (``flat_indices``): ``footprint_line_of_sight`` when the caller has already left the
    figure's own spaces out of ``figures``, without turning positions into indices per query."""
    ix = board.index()
    kept = figures or None
    return any(_los_flat(ix, c, target, kept) for c in cells)


def footprint_line_of_sight(board: Board, fp: Footprint, target: Pos, blockers: Collection[Pos] = ()) -> bool:
    """Whether a (possibly large) figure sees ``target`` from any of its spaces.

    Rulebook: Step 2: Confirm Line of Sight -- a large monster may trace from the centre of any
    space it occupies. Its own spaces never block its own lines.
    """
    ix = board.index()
    cells = fp.cells()
    if fp.size > 1 and blockers:
        own = set(cells)
        blockers = [p for p in blockers if p not in own]
    return any(_los(ix, c, target, blockers) for c in cells)


def sight_groups(board: Board) -> list[int]:
    """A group number per flat index (``y * width + x``; -1 for void): spaces in different
    groups can never see each other, whatever stands or lies between them.

    Why: revealing asks after every hero step whether any space of an unrevealed area is in
    sight, which on a large map is hundreds of sight lines per step. A line of sight crosses only
    open edges (through a corner only when all four edges around it are open) or joins
    staircases of one colour, so the spaces joined that way are the only candidates.
    Cached on the board's index, which is rebuilt when a door, wall or marker changes.
    """
    ix = board.index()
    cached = ix.cache.get("sight_groups")
    if cached is not None:
        return cached
    w, n = ix.width, ix.width * ix.height
    group = [-1] * n
    for start in range(n):
        if not ix.space[start] or group[start] >= 0:
            continue
        group[start] = start
        todo = [start]
        while todo:
            i = todo.pop()
            x = i % w
            near = []
            if not ix.wall_e[i]:
                near.append(i + 1)
            if not ix.wall_s[i]:
                near.append(i + w)
            if x > 0 and not ix.wall_e[i - 1]:
                near.append(i - 1)
            if i >= w and not ix.wall_s[i - w]:
                near.append(i - w)
            for j in near:
                if group[j] < 0:
                    group[j] = start
                    todo.append(j)
    for stairs in ix.stairs.values():  # every staircase of a colour sees the others
        joined = {group[s] for s in stairs}
        target = min(joined)
        group = [target if g in joined else g for g in group]
    ix.cache["sight_groups"] = group
    return group


@carry_rule
def _carry_sight_groups(old: BoardIndex, new: BoardIndex, near: bytearray) -> None:
    """Sight groups read only spaces, edges and staircases: keep them when a change touched
    none of those (a boulder rolling, a door that was open anyway)."""
    groups = old.cache.get("sight_groups")
    if groups is not None and old.space == new.space and old.wall_e == new.wall_e and old.wall_s == new.wall_s \
            and old.stairs == new.stairs:
        new.cache["sight_groups"] = groups


def visible_spaces(board: Board, origin: Pos, blockers: Collection[Pos] = ()) -> set[Pos]:
    """Every space a figure on ``origin`` can see (its own space included)."""
    ix = board.index()
    if not ix.is_space(origin):
        return set()
    figures = _figure_indices(ix, blockers) if blockers else None
    out: set[Pos] = set()
    for y in range(ix.height):
        row = y * ix.width
        for x in range(ix.width):
            if ix.space[row + x] and _los_flat(ix, origin, (x, y), figures):
                out.add((x, y))
    return out
