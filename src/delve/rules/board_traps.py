"""Boulders and crushing walls: traps that move at the start of the overlord's turn.

Rulebook: Boulders; Boulder Movement; Boulders and Pits; Boulder Ramps; Crushing Walls;
Crushing Wall Movement; Crushing Walls and Pits. Before the overlord does anything else in his
turn, every boulder rolls (red + yellow die: that many spaces along its arrow) and every
crushing wall moves one space along the direction the quest gives it.

Boulders, ramps and crushing walls are markers (``terrain.yaml`` says they block movement and
sight); their ``data.direction`` is ``north``, ``east``, ``south``, ``west`` or a diagonal
(``northeast``...; ``n``, ``ne``... also work).

Rulings (docs/rulings.md, "Combat"): an X on the red die counts as 0 range; when several
boulders are in play the overlord picks which rolls next; a boulder (one space) "moves
completely into a pit" when its roll ends on a pit space; a crushing wall made of several
markers moves front marker first; a pushed figure is moved, not walking, so the space it is
pushed onto has no enter-space effects; a figure pushed against another figure pushes it along,
and only a figure with nothing but a wall, a closed door, another crushing wall or a space it
cannot stand on ahead of it is crushed.
"""

from __future__ import annotations

from delve.abilities.base import unit
from delve.board.geometry import Footprint, Pos
from delve.board.grid import Marker
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.dice import load_dice
from delve.rules.movement import on_board
from delve.rules.overlord_turn import TURN_START_HOOKS
from delve.rules.rolling import request_roll
from delve.rules.terrain import corrupted_instant_death, falls_into, step_open
from delve.rules.wounds import hero_death, monster_death, suffer_wounds

BOULDER_DICE = ["red", "yellow"]  # Rulebook: Boulder Movement
RUBBLE = "rubble"  # the obstacle boulders and crushing walls sweep away
CLEARED = "floor"
PUSH_WOUNDS = 1  # Rulebook: Crushing Wall Movement

DIRECTION_NAMES: dict[str, Pos] = {
    "north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0),
    "northeast": (1, -1), "southeast": (1, 1), "southwest": (-1, 1), "northwest": (-1, -1),
    "n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0),
    "ne": (1, -1), "se": (1, 1), "sw": (-1, 1), "nw": (-1, -1),
}


def direction(marker: Marker) -> Pos:
    """The arrow of a boulder, ramp or crushing wall marker."""
    name = str(marker.data.get("direction", "")).lower()
    if name not in DIRECTION_NAMES:
        raise ValueError(f"marker {marker.id} needs data.direction (one of north, east, south, west, ...)")
    return DIRECTION_NAMES[name]


def figures_at(game: Game, pos: Pos) -> list[FigureState]:
    """Figures on the board covering ``pos``."""
    return [f for f in game.state.figures.values() if on_board(f) and pos in f.footprint.cells()]


def instant_death(game: Game, figure: FigureState, *, cause: str, ref: str) -> None:
    """Killed outright: no wounds, no armor, and no ability saves it (Undying included)."""
    if figure.id not in game.state.figures or not on_board(figure):
        return
    corrupted_instant_death(game, figure)
    figure.wounds = 0
    game.emit("figure_killed", f"{figure.name} is killed by {cause}.", ref=ref, figure=figure.id,
              killer=None, instant=True)
    for ability in list(figure.abilities):
        hooks = unit(ability.name)
        if hooks is not None:
            hooks.on_killed(game, figure, None, ability.rank)
    if figure.kind == "monster":
        monster_death(game, figure, None)
    else:
        hero_death(game, figure)


def _clear_rubble(game: Game, pos: Pos, what: str, ref: str) -> None:
    if game.board.terrain[pos[1]][pos[0]] == RUBBLE:
        game.board.set_terrain(pos, CLEARED)
        game.emit("rubble_removed", f"{what} sweeps the rubble away at ({pos[0]},{pos[1]}).", ref=ref,
                  x=pos[0], y=pos[1])


def _remove(game: Game, marker: Marker, text: str, ref: str) -> None:
    game.board.remove_marker(marker.id)
    game.emit(f"{marker.kind}_removed", text, ref=ref, marker=marker.id, x=marker.pos[0], y=marker.pos[1])


# -- boulders ---------------------------------------------------------------------------------
def roll_boulder(game: Game, boulder: Marker, spaces: int) -> None:
    """Rulebook: Boulder Movement; Boulders and Pits; Boulder Ramps. Move ``spaces`` along the arrow."""
    ref = "Boulder Movement"
    heading = direction(boulder)
    game.emit("boulder_rolls", f"A boulder rolls {spaces} spaces.", ref=ref, marker=boulder.id, spaces=spaces)
    for _ in range(spaces):
        here = boulder.pos
        ahead = (here[0] + heading[0], here[1] + heading[1])
        blockers = [m for m in game.board.markers_at(ahead) if m.kind in ("boulder", "crushing_wall")]
        if not step_open(game, here, ahead):
            _remove(game, boulder, "The boulder smashes into a wall and is destroyed.", ref)
            return
        if blockers:
            _remove(game, boulder, "The boulder collides and is destroyed.", ref)
            return
        _clear_rubble(game, ahead, "The boulder", ref)
        game.board.move_marker(boulder.id, ahead)
        game.emit("boulder_moved", f"The boulder rolls to ({ahead[0]},{ahead[1]}).", ref=ref,
                  marker=boulder.id, x=ahead[0], y=ahead[1])
        for figure in figures_at(game, ahead):
            if falls_into(game, figure.footprint):
                game.emit("safe_in_pit", f"{figure.name} is safe in the pit as the boulder rolls over.",
                          ref="Boulders and Pits", figure=figure.id)
            else:
                instant_death(game, figure, cause="a boulder", ref=ref)
        for ramp in game.board.markers_at(ahead):
            if ramp.kind == "boulder_ramp":
                heading = direction(ramp)
                game.emit("boulder_turned", "A ramp turns the boulder.", ref="Boulder Ramps", marker=boulder.id,
                          direction=str(ramp.data.get("direction")))
                boulder.data["direction"] = ramp.data.get("direction")
    if falls_into(game, Footprint.single(boulder.pos)):
        ref = "Boulders and Pits"
        for figure in figures_at(game, boulder.pos):
            instant_death(game, figure, cause="a boulder falling into the pit", ref=ref)
        _remove(game, boulder, "The boulder falls into the pit and shatters.", ref)


# -- crushing walls ---------------------------------------------------------------------------
def _push(game: Game, figure: FigureState, heading: Pos, ref: str) -> None:
    """Push ``figure`` one space along ``heading``: crushed when caught, else wounded."""
    board = game.board
    cells = list(figure.footprint.cells())
    ahead = [(x + heading[0], y + heading[1]) for x, y in cells]
    for (x, y), nxt in zip(cells, ahead, strict=True):
        if nxt in cells:
            continue
        walls = [m for m in board.markers_at(nxt) if m.kind == "crushing_wall"]
        if not step_open(game, (x, y), nxt) or walls or board.blocks_movement_at(nxt):
            instant_death(game, figure, cause="a crushing wall", ref=ref)
            return
    for nxt in ahead:
        for other in figures_at(game, nxt):
            if other.id != figure.id and not falls_into(game, other.footprint):
                _push(game, other, heading, ref)
    if any(other.id != figure.id for nxt in ahead for other in figures_at(game, nxt)):
        instant_death(game, figure, cause="a crushing wall", ref=ref)  # something would not move
        return
    figure.footprint = figure.footprint.translated(*heading)
    x, y = figure.footprint.x, figure.footprint.y
    game.emit("figure_pushed", f"The crushing wall pushes {figure.name} to ({x},{y}).", ref=ref,
              figure=figure.id, x=x, y=y)
    suffer_wounds(game, figure, PUSH_WOUNDS, cause="a crushing wall", ref=ref)


def move_crushing_wall(game: Game, wall: Marker) -> None:
    """Rulebook: Crushing Wall Movement; Crushing Walls and Pits. One space along its direction."""
    ref = "Crushing Wall Movement"
    heading = direction(wall)
    here = wall.pos
    ahead = (here[0] + heading[0], here[1] + heading[1])
    if not step_open(game, here, ahead):
        _remove(game, wall, "The crushing wall hits a wall and is removed.", ref)
        return
    for figure in figures_at(game, ahead):
        if falls_into(game, figure.footprint):
            game.emit("safe_in_pit", f"{figure.name} is safe in the pit as the wall passes over.",
                      ref="Crushing Walls and Pits", figure=figure.id)
            continue
        _push(game, figure, heading, ref)
    _clear_rubble(game, ahead, "The crushing wall", ref)
    game.board.move_marker(wall.id, ahead)
    game.emit("crushing_wall_moved", f"The crushing wall moves to ({ahead[0]},{ahead[1]}).", ref=ref,
              marker=wall.id, x=ahead[0], y=ahead[1])


def move_crushing_walls(game: Game) -> None:
    """Every crushing wall moves once, the front of each wall first."""
    walls = markers_of(game, "crushing_wall")
    walls.sort(key=lambda m: -(m.pos[0] * direction(m)[0] + m.pos[1] * direction(m)[1]))
    for wall in walls:
        if any(m.id == wall.id for m in game.board.markers):
            move_crushing_wall(game, wall)


# -- the step at the start of the overlord's turn ---------------------------------------------
def boulder_range(faces: list[str]) -> int:
    """The range the two dice show (an X counts as 0)."""
    dice = load_dice()
    total = 0
    for die, label in zip(BOULDER_DICE, faces, strict=True):
        face = next(f for f in dice[die].faces if f.label == label)
        total += 0 if face.miss else face.range
    return total


@register
class BoardTraps(StepHandler):
    """Roll each boulder (the overlord picks the order), then move the crushing walls."""

    kind = "board_traps"

    def _pending(self, game: Game, step: Step) -> list[str]:
        present = {m.id for m in markers_of(game, "boulder")}
        return [b for b in step.data["boulders"] if b in present]

    def decide(self, game: Game, step: Step) -> Decision | None:
        pending = self._pending(game, step)
        if step.data.get("current") or len(pending) < 2:
            return None
        choices = [Choice(id=f"boulder:{b}", label=f"Roll the boulder at ({game.board.marker(b).pos[0]},"
                          f"{game.board.marker(b).pos[1]})", data={"marker": b}) for b in pending]
        return Decision(seat=OVERLORD, kind="boulder_order", prompt="Choose the next boulder to roll",
                        choices=choices)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        self._start(game, step, choice.data["marker"])

    def _start(self, game: Game, step: Step, boulder: str) -> None:
        step.data["boulders"] = [b for b in step.data["boulders"] if b != boulder]
        step.data["current"] = boulder
        request_roll(game, step, BOULDER_DICE, "faces", "Boulder")

    def run(self, game: Game, step: Step) -> None:
        current = step.data.get("current")
        if current:
            faces = step.data.pop("faces")
            step.data["current"] = None
            if any(m.id == current for m in game.board.markers):
                roll_boulder(game, game.board.marker(current), boulder_range(faces))
            return
        pending = self._pending(game, step)
        if pending:
            self._start(game, step, pending[0])
            return
        game.pop(step)
        move_crushing_walls(game)


def in_play(game: Game, marker: Marker) -> bool:
    """Rulebook: Revealing New Areas (step 3, markers); Boulder Movement and Crushing Wall Movement
    move the traps "in play". A trap in an area not yet revealed has not been put on the board, so
    it does not act (and no seat hears of it) until its area is revealed."""
    area = game.board.area_of(marker.pos)
    return area is None or game.board.area(area).revealed


def markers_of(game: Game, kind: str) -> list[Marker]:
    """Markers of one kind in play (their area revealed), in board order."""
    return [m for m in game.board.markers if m.kind == kind and in_play(game, m)]


def _traps_at_turn_start(game: Game, _turn: Step) -> None:
    """Rulebook: Boulder Movement; Crushing Wall Movement -- before anything else."""
    boulders = [m.id for m in markers_of(game, "boulder")]
    if boulders or markers_of(game, "crushing_wall"):
        game.push("board_traps", boulders=boulders, current=None)


TURN_START_HOOKS.append(_traps_at_turn_start)
