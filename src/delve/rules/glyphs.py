"""Glyphs of transport and the town: activating glyphs, travelling between them and town.

Rulebook: Glyphs of Transport (a hero moving through an inactive glyph activates it: +3
conquest; a hero may use a glyph once per turn; monsters may not end a move on an active
glyph); Movement Actions (glyph to town or back: 1 movement point); The Town; Hero Death (a dead
hero returns from town through a glyph on a later turn).

Ruling (docs/rulings.md): a hero leaving town appears on the chosen active glyph, or, if a
figure stands there, on an empty space next to it.
"""

from __future__ import annotations

from delve.board.geometry import Footprint, Pos, neighbors8
from delve.board.grid import Marker
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import NO_END_RULES, movement_locked, occupied_spaces, on_enter_space
from delve.rules.revealing import reveal_in_sight_of
from delve.rules.wounds import change_conquest

GLYPH_CONQUEST = 3  # Rulebook: Glyphs of Transport; Conquest Tokens
TRAVEL_COST = 1  # Rulebook: Movement Actions


def glyphs(game: Game, *, active: bool | None = None) -> list[Marker]:
    """Glyph markers on the board, optionally only the active (or inactive) ones."""
    return [m for m in game.board.markers
            if m.kind == "glyph" and (active is None or bool(m.data.get("active")) == active)]


def active_glyph_spaces(game: Game) -> set[Pos]:
    """Spaces holding an active glyph: monsters may pass but not stop there."""
    return {m.pos for m in glyphs(game, active=True)}


def _monsters_avoid_active_glyphs(game: Game, figure: FigureState) -> set[Pos]:
    return active_glyph_spaces(game) if figure.kind == "monster" else set()


NO_END_RULES.append(_monsters_avoid_active_glyphs)


@on_enter_space
def _activate_glyph(game: Game, figure: FigureState, fp: Footprint) -> None:
    """A hero moving onto an inactive glyph turns it to its active side."""
    if figure.kind != "hero":
        return
    for marker in glyphs(game, active=False):
        if marker.pos in fp.cells():
            marker.data["active"] = True
            game.board.invalidate()
            game.emit("glyph_activated", f"{figure.name} activates a glyph of transport.",
                      ref="Glyphs of Transport", glyph=marker.id, x=marker.pos[0], y=marker.pos[1])
            change_conquest(game, GLYPH_CONQUEST, "a glyph was activated", ref="Glyphs of Transport")


def _arrival_space(game: Game, hero: FigureState, glyph: Marker) -> Pos | None:
    taken = occupied_spaces(game, hero)
    for pos in [glyph.pos, *neighbors8(glyph.pos)]:
        if game.board.is_space(pos) and pos not in taken and not game.board.blocks_movement_at(pos):
            return pos
    return None


def travel_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Going to town from an active glyph, or back to any active glyph, once per turn."""
    if step.data.get("mp", 0) < TRAVEL_COST or step.data.get("used_glyph") or movement_locked(game, hero):
        return []
    if hero.in_town:
        return [Choice(id=f"glyph:leave:{g.id}", label=f"Leave town through the glyph at ({g.pos[0]},{g.pos[1]})",
                       data={"glyph": g.id})
                for g in glyphs(game, active=True) if _arrival_space(game, hero, g) is not None]
    if any(g.pos in hero.footprint.cells() for g in glyphs(game, active=True)):
        return [Choice(id="glyph:town", label="Go to town through this glyph (1 movement)")]
    return []


def apply_travel(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Carry out a glyph journey."""
    if not choice.id.startswith("glyph:"):
        return False
    step.data["mp"] -= TRAVEL_COST
    step.data["used_glyph"] = True
    if choice.id == "glyph:town":
        hero.in_town = True
        game.emit("went_to_town", f"{hero.name} travels to town.", ref="Glyphs of Transport", hero=hero.id)
        return True
    glyph = game.board.marker(choice.data["glyph"])
    arrival = _arrival_space(game, hero, glyph)
    if arrival is None:
        raise EngineError("no space to arrive at that glyph")
    hero.in_town = False
    hero.footprint = Footprint.single(arrival)
    game.emit("left_town", f"{hero.name} returns from town at ({arrival[0]},{arrival[1]}).",
              ref="Glyphs of Transport", hero=hero.id, x=arrival[0], y=arrival[1])
    reveal_in_sight_of(game, hero)
    return True


turn_choice_provider(travel_choices, apply_travel)
