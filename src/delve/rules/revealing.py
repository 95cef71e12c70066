"""Revealing unexplored areas when a hero first sees into them.

Rulebook: Revealing New Areas. When a hero gains line of sight to a space of an unrevealed
area, the area is revealed at once: its doors, markers and monsters appear (monsters placed
this way are not spawned, so they may appear in sight of heroes).
"""

from __future__ import annotations

from delve.board.geometry import Footprint
from delve.board.los import visible_spaces
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.movement import figure_spaces, on_board, on_enter_space


def reveal_area(game: Game, area_id: str) -> None:
    """Reveal one area and place the monsters the quest keeps in reserve for it."""
    area = game.board.area(area_id)
    if area.revealed:
        return
    area.revealed = True
    game.emit("area_revealed", f"The {area.name or area_id} is revealed.", ref="Revealing New Areas",
              area=area_id)
    reserve = game.state.flags.get("reserve", {})
    for placement in reserve.pop(area_id, []):
        game.state.figures[placement["id"]] = FigureState.model_validate(placement)
        game.emit("monster_placed", f"A {placement['name']} is placed.", ref="Revealing New Areas",
                  figure=placement["id"], x=placement["footprint"]["x"], y=placement["footprint"]["y"])


def reveal_in_sight_of(game: Game, hero: FigureState) -> None:
    """Reveal every unrevealed area the hero can see a space of."""
    if not on_board(hero):
        return
    blockers = figure_spaces(game, exclude=hero.id)
    seen_areas = set()
    for cell in hero.footprint.cells():
        for space in visible_spaces(game.board, cell, blockers):
            area_id = game.board.area_of(space)
            if area_id is not None and not game.board.area(area_id).revealed:
                seen_areas.add(area_id)
    for area_id in sorted(seen_areas):
        reveal_area(game, area_id)


def reveal_for_all_heroes(game: Game) -> None:
    """Used at setup: reveal whatever the heroes see from where they start."""
    for hero in game.state.heroes():
        reveal_in_sight_of(game, hero)


@on_enter_space
def _reveal_after_hero_moves(game: Game, figure: FigureState, _fp: Footprint) -> None:
    if figure.kind == "hero":
        reveal_in_sight_of(game, figure)
