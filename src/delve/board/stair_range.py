"""Range for attacks, counted through staircases. Rulebook: Staircases; Step 3: Count Range.

Why apart from ``geometry.distance``: the rulebook lets attacks go through a staircase as if
its two ends were adjacent spaces, so the range of an attack is the shorter of the plain count
and the count that walks to one staircase, takes one step to another of the same colour and
goes on from there. Only attacks count this way; movement pays the staircase's own cost.
"""

from __future__ import annotations

from delve.board.geometry import Footprint, Pos, distance, footprint_distance
from delve.board.grid import Board


def _stair_groups(board: Board) -> list[list[Pos]]:
    """The staircases of each colour that has two or more (cached on the board's index)."""
    ix = board.index()
    cached = ix.cache.get("stair_groups")
    if cached is None:
        cached = [[ix.pos(i) for i in group] for group in ix.stairs.values() if len(group) > 1]
        ix.cache["stair_groups"] = cached
    return cached


def attack_distance(board: Board, attacker: Footprint, target: Pos) -> int:
    """Spaces from the attacker (its nearest space, if large) to ``target``, where the two ends
    of a staircase count as adjacent: a figure on one end is at range 1 of the other end."""
    best = footprint_distance(attacker, target)
    if best <= 1:
        return best
    for group in _stair_groups(board):
        for near in group:
            to_stair = footprint_distance(attacker, near) + 1
            if to_stair >= best:
                continue
            for far in group:
                if far != near:
                    best = min(best, to_stair + distance(far, target))
    return best
