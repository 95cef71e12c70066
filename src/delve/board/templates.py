"""Bolt and Breath templates: load the shapes, turn them, lay them against a figure, clip them.

Rulebook: Bolt; Breath. Both attacks lay a cardboard template against one side of the
attacker and hit every figure under it. The shapes live in ``delve/data/templates.yaml`` (our
approximation of the printed templates) so they can be corrected without touching code.

Clipping (what the template really covers on a given map):

- **Bolt** travels straight out from the attacker: each space of the template continues from
  the space behind it (nearer the attacker). A wall, a closed door or the map edge stops it;
  figures and blocking obstacles do not, since a bolt needs no line of sight.
- **Breath** billows: the flame spreads from the spaces touching the attacker to any
  orthogonally neighbouring template space, so it flows round a short wall inside the template
  but never crosses a wall, a closed door or the map edge. Obstacles do not stop it. It spreads
  only over the map's geometry, never along a staircase's link to its twin, which is how Delve
  reads "Breath attacks cannot be made through staircases" (docs/rulings.md, Combat).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board

# Facing name -> the unit step straight out from the attacker.
FACINGS: dict[str, Pos] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
Offset = tuple[int, int]  # (forward, side)


@cache
def load_templates() -> dict[str, tuple[Offset, ...]]:
    """Every template shape by name (``breath``, ``bolt``), as (forward, side) offsets."""
    text = resources.files("delve").joinpath("data", "templates.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    shapes: dict[str, tuple[Offset, ...]] = {}
    for name, offsets in raw.items():
        cells = tuple((int(f), int(s)) for f, s in offsets)
        if (0, 0) not in cells or any(f < 0 for f, _ in cells) or len(set(cells)) != len(cells):
            raise ValueError(f"template {name!r}: needs [0, 0], no negative forward, no repeats")
        shapes[name] = cells
    return shapes


def template_names() -> list[str]:
    """The names of the known templates."""
    return sorted(load_templates())


def side_vector(facing: str) -> Pos:
    """The unit step for a positive ``side`` offset: the forward step turned a quarter."""
    fx, fy = FACINGS[facing]
    return (-fy, fx)


def rotate(offset: Offset, facing: str, anchor: Pos) -> Pos:
    """The board space of one (forward, side) offset for a template whose [0, 0] is ``anchor``."""
    fx, fy = FACINGS[facing]
    sx, sy = side_vector(facing)
    forward, side = offset
    return (anchor[0] + forward * fx + side * sx, anchor[1] + forward * fy + side * sy)


def anchors(footprint: Footprint, facing: str) -> list[Pos]:
    """The spaces touching one side of a figure: where the template's [0, 0] may be laid.

    A small figure has one; a large figure's side has one per space along it (Rulebook: Bolt;
    Breath -- the template goes against a side of the attacking figure).
    """
    fp = footprint
    if facing == "east":
        return [(fp.x + fp.w, fp.y + j) for j in range(fp.h)]
    if facing == "west":
        return [(fp.x - 1, fp.y + j) for j in range(fp.h)]
    if facing == "south":
        return [(fp.x + i, fp.y + fp.h) for i in range(fp.w)]
    return [(fp.x + i, fp.y - 1) for i in range(fp.w)]


@dataclass(frozen=True)
class Placement:
    """One way to lay a template: its shape, facing, and the space its [0, 0] covers."""

    template: str
    facing: str
    anchor: Pos

    @property
    def key(self) -> str:
        """A stable text form for choice ids: ``east:3,2``."""
        return f"{self.facing}:{self.anchor[0]},{self.anchor[1]}"


def placements(template: str, footprint: Footprint) -> list[Placement]:
    """Every placement of a template against the sides of a figure, in a fixed order."""
    return [Placement(template, facing, anchor) for facing in FACINGS for anchor in anchors(footprint, facing)]


def raw_cells(placement: Placement) -> dict[Offset, Pos]:
    """The board spaces under the template before clipping, keyed by offset (may be off the map)."""
    return {off: rotate(off, placement.facing, placement.anchor) for off in load_templates()[placement.template]}


def _open(board: Board, a: Pos, b: Pos) -> bool:
    """True when something can pass between two orthogonally adjacent positions."""
    return board.is_space(a) and board.is_space(b) and not board.blocked_edge(a, b)


def covered(board: Board, footprint: Footprint, placement: Placement, *, billow: bool | None = None) -> list[Pos]:
    """The spaces a placed template really covers on ``board`` (see the module notes).

    ``billow`` chooses the Breath spreading rule (True) or the Bolt straight-line rule (False);
    by default Breath billows and every other template goes straight.
    """
    if billow is None:
        billow = placement.template == "breath"
    cells = raw_cells(placement)
    fx, fy = FACINGS[placement.facing]
    own = set(footprint.cells())

    def behind(p: Pos) -> Pos:
        return (p[0] - fx, p[1] - fy)

    # Spaces touching the attacker: the flame or bolt starts there if the edge is open.
    starts = [off for off, p in cells.items() if off[0] == 0 and behind(p) in own and _open(board, behind(p), p)]
    hit: set[Offset] = set()
    if billow:
        queue = deque(starts)
        hit.update(starts)
        by_pos = {p: off for off, p in cells.items()}
        while queue:
            off = queue.popleft()
            p = cells[off]
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                q = (p[0] + d[0], p[1] + d[1])
                nxt = by_pos.get(q)
                if nxt is not None and nxt not in hit and _open(board, p, q):
                    hit.add(nxt)
                    queue.append(nxt)
    else:
        hit.update(starts)
        # Straight out: each space continues from its parent, nearer the attacker.
        for off in sorted(cells, key=lambda o: (o[0], abs(o[1]))):
            if off in hit:
                continue
            forward, side = off
            parent: Offset | None = None
            if forward > 0 and (forward - 1, side) in cells:
                parent = (forward - 1, side)
            elif side != 0 and (forward, side - (1 if side > 0 else -1)) in cells:
                parent = (forward, side - (1 if side > 0 else -1))
            if parent is not None and parent in hit and _open(board, cells[parent], cells[off]):
                hit.add(off)
    return sorted((cells[off] for off in hit), key=lambda p: (p[1], p[0]))


__all__ = ["FACINGS", "Placement", "anchors", "covered", "load_templates", "placements", "raw_cells", "rotate",
           "template_names"]
