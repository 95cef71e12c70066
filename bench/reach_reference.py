"""The one-space reachability search as it was before issue 18 (eager ``Reach`` objects in a
dict keyed by pydantic footprints), kept only as the reference that the lean search in
``delve.board.movement`` must match exactly (tests/board/test_reach_lean.py) and as the
"before" column of bench/reach_bench.py. Not used by the engine.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection

from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board
from delve.board.index import BoardIndex
from delve.board.movement import (
    _HAZARD_BITS,
    Reach,
    _indices,
    _small_footprints,
    _small_row,
    _small_table,
    reachable,
)


def reference_reachable(
    board: Board, start: Footprint, budget: int, enemies: Collection[Pos], others: Collection[Pos],
    fly: bool = False, no_end: Collection[Pos] = (),
) -> dict[Footprint, Reach]:
    """``reachable`` before issue 18: the same answers, built eagerly (large figures unchanged)."""
    if start.size != 1:
        return dict(reachable(board, start, budget, enemies, others, fly, no_end))
    ix = board.index()
    enemy = _indices(ix, enemies)
    taken = _indices(ix, others) | enemy | _indices(ix, no_end)
    return _reach_small(ix, start.y * ix.width + start.x, budget, enemy, taken, fly)


def _reach_small(
    ix: BoardIndex, s: int, budget: int, enemy: set[int], taken: set[int], fly: bool
) -> dict[Footprint, Reach]:
    table = _small_table(ix, fly)
    fps = _small_footprints(ix)
    shift = max(16, (ix.width * ix.height).bit_length())
    shift2 = 2 * shift
    mask = (1 << shift) - 1
    limit = (budget + 1) << _HAZARD_BITS
    block = () if fly else enemy
    best: dict[int, int] = {s: 0}
    done: dict[int, Reach] = {}
    heap = [(s << shift) | s]
    pop = heapq.heappop
    push = heapq.heappush
    while heap:
        item = pop(heap)
        c = item & mask
        if c in done:
            continue
        key = item >> shift2
        done[c] = Reach(key >> _HAZARD_BITS, footprint=fps[c], prev=done.get((item >> shift) & mask))
        base = (key << shift2) | (c << shift)
        row = table[c]
        if row is None:
            row = table[c] = _small_row(ix, c, fly)
        for d, step in row:
            nk = key + step
            if nk >= limit or d in block:
                continue
            old = best.get(d)
            if old is None or nk < old:
                best[d] = nk
                push(heap, base + (step << shift2) + d)
    root = done[s]
    root._prev = None  # the start was recorded as its own parent
    root._path = (fps[s],)
    move_block = ix.move_block
    pit_pass = bytearray(len(move_block)) if fly else ix.pit_pass
    return {fps[c]: r for c, r in done.items() if c not in taken and (not move_block[c] or pit_pass[c])}
