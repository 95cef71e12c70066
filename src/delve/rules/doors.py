"""Opening and closing doors as a movement action.

Rulebook: Doors, Normal doors, Rune-locked Doors; Movement Actions (2 movement points to open
or close a door). A figure must stand in a space touching the door, diagonals included (the
spaces at either end of the marker count, see ``door_reach``); rune-locked doors open for heroes only
once the heroes hold that colour's rune key, and never for normal or master monsters; named
monsters may open them. Monsters never open a door into an unrevealed area. A door cannot be
closed while a figure straddles its line.
"""

from __future__ import annotations

from typing import Any

from delve.board.geometry import Pos
from delve.board.grid import Door
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.rules.movement import movement_locked, on_board
from delve.rules.revealing import reveal_for_all_heroes

DOOR_COST = 2


def door_spaces(door: Door) -> set[Pos]:
    """The four spaces a door stands between (two in front of it, two behind)."""
    return set(door.spaces())


_REACH: dict[tuple[Any, ...], frozenset[Pos]] = {}  # door_reach by the door's edges (a door never moves)


def door_reach(door: Door) -> frozenset[Pos]:
    """The spaces adjacent to a door, diagonals included: the four it stands between and the
    four touching the ends of the marker (Rulebook: Doors; ruling in docs/rulings.md).

    Why the ends: the marker is a line two spaces long; a space whose corner touches either end
    of that line is diagonally adjacent to it, as a space touching another at a corner is.
    Kept per position of the door: every menu of every figure asks it of every door."""
    found = _REACH.get(door.edges)
    if found is None:
        if len(_REACH) > 10_000:  # a bound for programs that make boards everywhere
            _REACH.clear()
        found = _REACH[door.edges] = frozenset(_door_reach(door))
    return found


def _door_reach(door: Door) -> set[Pos]:
    cells = door.spaces()
    xs = [p[0] for p in cells]
    ys = [p[1] for p in cells]
    (a, b), _ = door.edges
    upright = a[0] != b[0]  # the two sides differ in x: the marker runs along y
    dx, dy = (0, 1) if upright else (1, 0)
    return {(x, y) for x in range(min(xs) - dx, max(xs) + dx + 1) for y in range(min(ys) - dy, max(ys) + dy + 1)}


def rune_keys(game: Game) -> list[str]:
    """Rune key colours the heroes have found (kept by the compass rose)."""
    keys: list[str] = game.state.flags.setdefault("rune_keys", [])
    return keys


def _leads_to_unrevealed(game: Game, door: Door) -> bool:
    for cell in door_spaces(door):
        area = game.board.area_of(cell)
        if area is not None and not game.board.area(area).revealed:
            return True
    return False


def _straddled(game: Game, door: Door) -> bool:
    for figure in game.state.figures.values():
        if not on_board(figure):
            continue
        cells = set(figure.footprint.cells())
        if any(a in cells and b in cells for a, b in door.edges):
            return True
    return False


def may_use_door(game: Game, figure: FigureState, door: Door) -> bool:
    """Whether this figure may open or close this door now (ignoring movement points)."""
    if door_reach(door).isdisjoint(figure.footprint.cells()):
        return False
    if door.open and _straddled(game, door):
        return False
    if figure.kind == "monster":
        if not door.open and _leads_to_unrevealed(game, door):
            return False
        return not door.rune or figure.named
    return not door.rune or door.rune in rune_keys(game)


def door_choices(game: Game, figure: FigureState, mp: int) -> list[Choice]:
    """One choice per door this figure may open or close with its movement points."""
    if mp < DOOR_COST or movement_locked(game, figure):
        return []
    choices = []
    for door in sorted(game.board.doors, key=lambda d: d.id):
        door_id = door.id
        if may_use_door(game, figure, door):
            verb = "Close" if door.open else "Open"
            choices.append(Choice(id=f"door:{door_id}", label=f"{verb} door {door_id} (2 movement)",
                                  data={"door": door_id}))
    return choices


def toggle_door(game: Game, figure: FigureState, choice: Choice, payer: Step) -> None:
    """Pay two movement points and open or close the door."""
    door = game.board.door(choice.data["door"])
    if payer.data.get("mp", 0) < DOOR_COST or not may_use_door(game, figure, door):
        raise EngineError("that door cannot be used now")
    payer.data["mp"] -= DOOR_COST
    game.board.set_door_open(door.id, not door.open)
    state = "opens" if door.open else "closes"
    game.emit("door_toggled", f"{figure.name} {state} door {door.id}.", ref="Doors",
              door=door.id, open=door.open, figure=figure.id)
    if door.open:
        reveal_for_all_heroes(game)
