"""Build small boards in code: for tests, scenarios and benchmarks.

Why: a map file is the right tool for a quest, but a test about one wall is clearer when the
board is written next to the assertion.
"""

from __future__ import annotations

from collections.abc import Iterable

from delve.board.geometry import Pos
from delve.board.grid import Board, Door, Edge
from delve.boundary import dump, load


def open_board(
    width: int,
    height: int,
    *,
    terrain: dict[Pos, str] | None = None,
    walls: Iterable[Edge] = (),
    doors: Iterable[Door] = (),
    void: Iterable[Pos] = (),
) -> Board:
    """A board of floor spaces with the given terrain, walls, doors and void spaces."""
    grid: list[list[str | None]] = [["floor"] * width for _ in range(height)]
    for (x, y), tid in (terrain or {}).items():
        grid[y][x] = tid
    for x, y in void:
        grid[y][x] = None
    return load(Board, {  # validated as a map file's board is: walls in order, the grid checked
        "width": width,
        "height": height,
        "terrain": grid,
        "area_ids": [[None] * width for _ in range(height)],
        "walls": list(walls),
        "doors": [dump(door) for door in doors],
    })


def wall_column(x: int, ys: Iterable[int]) -> list[Edge]:
    """Walls on the vertical grid line between column x-1 and column x, for the given rows."""
    return [((x - 1, y), (x, y)) for y in ys]


def wall_row(y: int, xs: Iterable[int]) -> list[Edge]:
    """Walls on the horizontal grid line between row y-1 and row y, for the given columns."""
    return [((x, y - 1), (x, y)) for x in xs]
