"""Grid positions, distances and figure footprints.

Why a module of its own: every other board module (and the engine) speaks in these terms, and
none of them needs to know about walls or terrain to do so.

Coordinates: ``x`` grows to the right, ``y`` grows downward; ``(0, 0)`` is the top-left space.
"""

from __future__ import annotations

from dataclasses import dataclass

from delve.native import restore_fields

Pos = tuple[int, int]

# The eight king-move directions; orthogonal ones first so callers can slice them.
ORTHOGONAL: tuple[Pos, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Pos, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
DIRECTIONS: tuple[Pos, ...] = ORTHOGONAL + DIAGONAL

_CELLS: dict[tuple[int, int, int, int], tuple[Pos, ...]] = {}  # Footprint.cells of larger shapes


def distance(a: Pos, b: Pos) -> int:
    """Range between two spaces: the number of king moves (diagonals count as one).

    Rulebook: Map tiles & Markers -- every space touching another, even at a corner, is
    adjacent to it, so counting range by steps through adjacent spaces gives Chebyshev distance.
    """
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbors8(p: Pos) -> list[Pos]:
    """The eight spaces that touch ``p`` (some may be off the board; the caller filters)."""
    x, y = p
    return [(x + dx, y + dy) for dx, dy in DIRECTIONS]


def orthogonally_adjacent(a: Pos, b: Pos) -> bool:
    """True when ``a`` and ``b`` share a side (not just a corner)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@dataclass(slots=True, eq=True)
class Footprint:
    """The rectangle of spaces a figure covers, anchored at its top-left space.

    Sizes in the game: 1 (1x1), 2 (1x2 or 2x1), 4 (2x2) and 6 (2x3 or 3x2) spaces
    (Rulebook: Plastic figures). A value: never changed once made (make another with
    ``translated`` or ``dataclasses.replace``), so footprints can be dict keys and set members.

    Why a plain slotted class and not a pydantic model: games make tens of footprints per
    choice (every reachable space, every target); this one is built three times faster. Pydantic
    still validates and saves it (as ``{"x", "y", "w", "h"}``) inside the state's models.
    """

    x: int
    y: int
    w: int = 1
    h: int = 1

    def __hash__(self) -> int:
        return hash((self.x, self.y, self.w, self.h))

    @classmethod
    def single(cls, p: Pos) -> Footprint:
        """A one-space footprint on ``p``."""
        return cls(x=p[0], y=p[1])

    @property
    def size(self) -> int:
        """How many spaces the figure covers."""
        return self.w * self.h

    @property
    def anchor(self) -> Pos:
        """The top-left space."""
        return (self.x, self.y)

    def cells(self) -> tuple[Pos, ...]:
        """Every covered space, row by row."""
        # Asked for hundreds of thousands of times per game (every figure's spaces in every
        # blocking or occupancy test): one-space figures are answered directly, larger ones
        # from a table of the shapes met so far.
        x, y, w, h = self.x, self.y, self.w, self.h
        if w == 1 and h == 1:
            return ((x, y),)
        key = (x, y, w, h)
        found = _CELLS.get(key)
        if found is None:
            if len(_CELLS) > 50_000:  # a bound for programs that make footprints everywhere
                _CELLS.clear()
            found = _CELLS[key] = tuple((x + i, y + j) for j in range(h) for i in range(w))
        return found

    def contains(self, p: Pos) -> bool:
        """True when ``p`` is one of the covered spaces."""
        return self.x <= p[0] < self.x + self.w and self.y <= p[1] < self.y + self.h

    def translated(self, dx: int, dy: int) -> Footprint:
        """The same shape moved by ``(dx, dy)``."""
        return Footprint(x=self.x + dx, y=self.y + dy, w=self.w, h=self.h)


def footprint_distance(fp: Footprint, p: Pos) -> int:
    """Range from a (possibly large) figure to a space: the least range from any of its cells.

    Computed on the rectangle directly (no cell loop): how far ``p`` lies outside the rectangle
    along each axis, the larger of the two (plain comparisons: called for every attack range).
    """
    px, py = p
    x, y = fp.x, fp.y
    dx = x - px if px < x else px - x - fp.w + 1 if px >= x + fp.w else 0
    dy = y - py if py < y else py - y - fp.h + 1 if py >= y + fp.h else 0
    return dx if dx > dy else dy


restore_fields(__name__)  # compiled: the fields' annotations as written above (delve.native)
