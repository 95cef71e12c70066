"""Line of sight against an exact geometric reading of the rule, on random boards, all pairs.

Rulebook: Step 2: Confirm Line of Sight. The checker below is written from the rule alone, with
``fractions.Fraction`` and nothing from ``delve.board.los``: the segment joins the two space
centres; it is blocked by any blocked edge (wall, closed door, the border of the map or of a
void space) it meets, the edge's two ends included, and by any blocking space or figure whose
open interior it enters (touching only a corner of such a space does not block). A figure
blocks only when the looker would see its space with every figure ignored (docs/rulings.md).
"""

from __future__ import annotations

import random
from fractions import Fraction

from delve.board.builders import open_board
from delve.board.grid import Board, Door
from delve.board.los import has_line_of_sight

Pos = tuple[int, int]
Point = tuple[Fraction, Fraction]
Segment = tuple[Point, Point]

HALF = Fraction(1, 2)


def _centre(p: Pos) -> Point:
    return (p[0] + HALF, p[1] + HALF)


def _blocked_edges(board: Board) -> list[Segment]:
    """Every unit edge sight may not meet, as a closed segment in grid coordinates."""
    closed = {frozenset(e) for e in board.walls}
    closed |= {frozenset(e) for d in board.doors if not d.open for e in d.edges}
    out: list[Segment] = []
    for x in range(-1, board.width):
        for y in range(-1, board.height):
            for other, seg in (
                ((x + 1, y), ((x + 1, y), (x + 1, y + 1))),  # the upright edge to the right
                ((x, y + 1), ((x, y + 1), (x + 1, y + 1))),  # the flat edge below
            ):
                here, there = board.is_space((x, y)), board.is_space(other)
                if not (here or there):
                    continue
                if not (here and there) or frozenset(((x, y), other)) in closed:
                    (ax, ay), (bx, by) = seg
                    out.append(((Fraction(ax), Fraction(ay)), (Fraction(bx), Fraction(by))))
    return out


def _meets(a: Point, b: Point, edge: Segment) -> bool:
    """Does segment a-b meet the axis-parallel unit segment ``edge`` (ends included)?"""
    (px, py), (qx, qy) = edge
    (ax, ay), (bx, by) = a, b
    if px == qx:  # upright edge at x = px, y in [py, qy]
        if ax == bx or not (min(ax, bx) <= px <= max(ax, bx)):
            return False
        t = (px - ax) / (bx - ax)
        return py <= ay + t * (by - ay) <= qy
    if ay == by or not (min(ay, by) <= py <= max(ay, by)):
        return False
    t = (py - ay) / (by - ay)
    return px <= ax + t * (bx - ax) <= qx


def _enters(a: Point, b: Point, cell: Pos) -> bool:
    """Does segment a-b pass through the open interior of the unit square ``cell``?"""
    lo, hi = Fraction(0), Fraction(1)
    for start, end, low in ((a[0], b[0], cell[0]), (a[1], b[1], cell[1])):
        d = end - start
        if d == 0:
            if not (low < start < low + 1):
                return False
            continue
        t1, t2 = (low - start) / d, (low + 1 - start) / d
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo < hi


class ExactSight:
    """The rule read literally, in rational arithmetic, for one board."""

    def __init__(self, board: Board, opaque: set[Pos]) -> None:
        self.board = board
        self.edges = _blocked_edges(board)
        self.opaque = opaque
        self._plain: dict[tuple[Pos, Pos], bool] = {}

    def _box(self, a: Pos, b: Pos) -> list[Pos]:
        return [
            (x, y)
            for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
            for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
            if (x, y) not in (a, b)
        ]

    def plain(self, a: Pos, b: Pos) -> bool:
        """Sight with every figure ignored."""
        key = (a, b)
        if key not in self._plain:
            ca, cb = _centre(a), _centre(b)
            lo_x, hi_x = min(a[0], b[0]), max(a[0], b[0]) + 1
            lo_y, hi_y = min(a[1], b[1]), max(a[1], b[1]) + 1
            near = [
                e for e in self.edges
                if lo_x <= e[0][0] <= hi_x and lo_y <= e[0][1] <= hi_y
            ]
            self._plain[key] = not any(_meets(ca, cb, e) for e in near) and not any(
                c in self.opaque and _enters(ca, cb, c) for c in self._box(a, b)
            )
        return self._plain[key]

    def sight(self, a: Pos, b: Pos, figures: set[Pos]) -> bool:
        if a == b:
            return True
        if not self.plain(a, b):
            return False
        ca, cb = _centre(a), _centre(b)
        return not any(
            c in figures and _enters(ca, cb, c) and self.plain(a, c) for c in self._box(a, b)
        )


def _random_board(rng: random.Random) -> tuple[Board, set[Pos], set[Pos]]:
    w, h = rng.randint(5, 8), rng.randint(4, 6)
    cells = [(x, y) for x in range(w) for y in range(h)]
    picked = rng.sample(cells, len(cells) // 3)
    n_void, n_rubble = len(picked) // 6, len(picked) // 3
    void = set(picked[:n_void])
    rubble = set(picked[n_void:n_void + n_rubble])
    figures = set(picked[n_void + n_rubble:])
    walls = []
    for _ in range(rng.randint(2, 8)):
        x, y = rng.randrange(w), rng.randrange(h)
        walls.append(((x, y), (x + 1, y)) if rng.random() < 0.5 else ((x, y), (x, y + 1)))
    walls = [e for e in walls if all(0 <= p[0] < w and 0 <= p[1] < h for p in e)]
    x, y = rng.randrange(w - 1), rng.randrange(h - 1)
    door = Door(id="d", edges=(((x, y), (x + 1, y)), ((x, y + 1), (x + 1, y + 1))), open=rng.random() < 0.5)
    board = open_board(w, h, terrain=dict.fromkeys(rubble, "rubble"), walls=walls, doors=[door], void=void)
    return board, rubble, figures


def test_line_of_sight_matches_the_exact_geometry_on_random_boards() -> None:
    rng = random.Random(22)
    corner_cases = 0
    for _ in range(24):
        board, rubble, figures = _random_board(rng)
        exact = ExactSight(board, rubble)
        spaces = list(board.spaces())
        for a in spaces:
            blockers = [f for f in figures if f != a]
            for b in spaces:
                want = exact.sight(a, b, figures - {a, b})
                assert has_line_of_sight(board, a, b, blockers=blockers) == want, (a, b, board.walls)
                dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
                corner_cases += dx == dy and dx > 0
    assert corner_cases > 500  # the corner lines this issue is about were well covered
