"""Staircases: one movement point from a staircase to another of the same colour.

Rulebook: Staircases; Movement Actions (walk up or down a staircase: 1 point, heroes and small
monsters only). A hero may take a staircase whose other end lies in an unrevealed area, which
is then revealed; a monster may not. Sight and attacks through staircases are the board's
(``delve.board.los``).

Ruling (docs/rulings.md, "Combat"): the far end must be free of any figure (the figure arrives
on that very space) and of anything that blocks movement; arriving is entering that space, so
its enter-space effects run (terrain, traps, revealing).
"""

from __future__ import annotations

from delve.board.geometry import Footprint
from delve.board.grid import Marker
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import NO_END_RULES, enemy_spaces, moving_locked, occupied_spaces, on_board
from delve.rules.overlord_turn import ACTIVATION_CHOICE_PROVIDERS
from delve.rules.revealing import reveal_area
from delve.rules.terrain import relocate

STAIRS_COST = 1  # Rulebook: Movement Actions


def staircases(game: Game) -> list[Marker]:
    """Every staircase marker on the board."""
    return [m for m in game.board.markers if m.kind == "staircase"]


def stair_exits(game: Game, figure: FigureState, budget: int) -> list[Marker]:
    """The staircases ``figure`` may take from where it stands now."""
    if (budget < STAIRS_COST or figure.footprint.size != 1 or not on_board(figure)
            or moving_locked(game, figure)):
        return []
    here = [m for m in staircases(game) if m.pos == figure.pos]
    if not here:
        return []
    colours = {str(m.data.get("colour", "")) for m in here}
    taken = occupied_spaces(game, figure) | enemy_spaces(game, figure)
    for rule in NO_END_RULES:
        taken |= rule(game, figure)
    board = game.board
    out = []
    for m in staircases(game):
        if m.pos == figure.pos or str(m.data.get("colour", "")) not in colours:
            continue
        if m.pos in taken or board.blocks_movement_at(m.pos):
            continue
        area = board.area_of(m.pos)
        if figure.kind != "hero" and area is not None and not board.area(area).revealed:
            continue  # Rulebook: Staircases -- monsters never into unrevealed areas
        out.append(m)
    return out


def _stair_choices(game: Game, step: Step, figure: FigureState) -> list[Choice]:
    return [Choice(id=f"stairs:{m.id}", label=f"Take the staircase to ({m.pos[0]},{m.pos[1]}) (1 movement)",
                   data={"marker": m.id}) for m in stair_exits(game, figure, step.data.get("mp", 0))]


def _apply_stairs(game: Game, step: Step, figure: FigureState, choice: Choice) -> bool:
    if not choice.id.startswith("stairs:"):
        return False
    exit_ = next((m for m in stair_exits(game, figure, step.data.get("mp", 0)) if m.id == choice.data["marker"]), None)
    if exit_ is None:
        raise EngineError(f"{figure.name} cannot take that staircase")
    step.data["mp"] -= STAIRS_COST
    area = game.board.area_of(exit_.pos)
    unrevealed = area is not None and not game.board.area(area).revealed
    if area is not None and unrevealed:
        reveal_area(game, area)  # only heroes get here (stair_exits)
    # Told once the far area is set up: before that, its spaces are no public knowledge.
    game.emit("took_stairs", f"{figure.name} takes the staircase to ({exit_.pos[0]},{exit_.pos[1]}).",
              ref="Staircases", figure=figure.id, x=exit_.pos[0], y=exit_.pos[1], marker=exit_.id)
    if unrevealed and exit_.pos in occupied_spaces(game, figure):
        game.emit("movement_stopped", f"A monster placed on the far staircase bars {figure.name}'s way.",
                  ref="Staircases", figure=figure.id)
        return True
    relocate(game, figure, Footprint.single(exit_.pos), cause="a staircase", ref="Staircases")
    return True


turn_choice_provider(_stair_choices, _apply_stairs)
ACTIVATION_CHOICE_PROVIDERS.append((_stair_choices, _apply_stairs))
