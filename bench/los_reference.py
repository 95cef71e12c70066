"""Line of sight as answered before issue 18 (every query traced afresh), kept only as the
reference that the per-origin cache in ``delve.board.los`` must match exactly
(tests/board/test_los_cached.py) and as the "before" column of bench/los_cache_bench.py."""

from __future__ import annotations

from collections.abc import Collection

from delve.board.geometry import Pos
from delve.board.grid import Board
from delve.board.index import BoardIndex
from delve.board.los import _NO_BLOCKERS, _sight_rules_allow, _stair_sight, _trace


def reference_line_of_sight(board: Board, a: Pos, b: Pos, blockers: Collection[Pos] = ()) -> bool:
    """``has_line_of_sight`` before issue 18."""
    ix = board.index()
    figures = {p[1] * ix.width + p[0] for p in blockers if ix.on_board(p)} if blockers else None
    if not (ix.is_space(a) and ix.is_space(b)):
        return False
    w = ix.width
    ai = a[1] * w + a[0]
    bi = b[1] * w + b[0]
    if ai == bi:
        return True
    if _sight_rules_allow(ix, a, b, ai, bi):
        if not figures:
            if _trace(ix, a[0], a[1], b[0], b[1], _NO_BLOCKERS, None):
                return True
        else:
            if ai in figures or bi in figures:
                figures = figures - {ai, bi}
            touched: list[int] = []
            if _trace(ix, a[0], a[1], b[0], b[1], _NO_BLOCKERS, touched):
                real = {c for c in touched if c in figures and _clear(ix, a, ix.pos(c))}
                if not real or _trace(ix, a[0], a[1], b[0], b[1], real, None):
                    return True
    if ix.stairs:
        seen = _stair_sight(ix).get(ai)
        if seen is not None and bi in seen:
            return True
    return False


def _clear(ix: BoardIndex, a: Pos, b: Pos) -> bool:
    ai = a[1] * ix.width + a[0]
    bi = b[1] * ix.width + b[0]
    if ai == bi:
        return True
    if not _sight_rules_allow(ix, a, b, ai, bi):
        return False
    return _trace(ix, a[0], a[1], b[0], b[1], _NO_BLOCKERS, None)
