"""Revealing unexplored areas when a hero first sees into them.

Rulebook: Revealing New Areas. When a hero gains line of sight to a space of an unrevealed
area, the game pauses and the area is set up in a fixed order: (1) the overlord reads the
description to himself, (2) doors, (3) markers, (4) monsters, which are placed, not spawned, so
they may stand in the heroes' sight, and only as many as there are figures left (the overlord
picks which when he cannot place them all), (5) the read-aloud text. Monsters placed this way
do not activate before the overlord's next turn.

Why events per stage: the board already holds every door and marker of the quest (views hide
those of unrevealed areas), so "placing" them is making them public; the events let people and
scenarios follow the order the rulebook gives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from delve.board.geometry import Footprint, Pos
from delve.board.grid import Board, Marker
from delve.board.los import sight_from, sight_groups
from delve.boundary import load
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.engine.views import public_marker
from delve.engine.wording import a_or_an
from delve.rules.movement import figure_spaces, on_board, on_enter_space

REVEAL_CHOICE = "reveal_placement"
# Called at stage 3 with the area's markers, for rules acting as a marker is placed (the overlord
# picks which glyph he lays down: rules.glyphs, Dark Glyphs).
REVEAL_MARKER_HOOKS: list[Callable[[Game, str, list[Marker]], None]] = []
# Called with the hero and the areas his line of sight just revealed (a hook may push steps).
REVEAL_HOOKS: list[Callable[[Game, FigureState, list[str]], None]] = []


def _quest_area_text(game: Game, area_id: str) -> tuple[str, str]:
    """The quest's read-aloud text and overlord notes for an area ("" when there is no quest)."""
    from delve.rules.equipment import content

    try:
        quest = content(game).quests.get(game.state.quest)
    except Exception:  # a scenario pack without quests, or no pack at all
        return "", ""
    if quest is None or area_id not in quest.areas:
        return "", ""
    area = quest.areas[area_id]
    return area.read_aloud, area.overlord_notes


def _figure_limit(game: Game, content_id: str, master: bool) -> int | None:
    """How many figures of this monster and rank the pack has (None: no limit known)."""
    from delve.rules.equipment import content

    try:
        monster = content(game).monsters.get(content_id)
    except Exception:
        return None
    if monster is None:
        return None
    return monster.figures.master if master else monster.figures.normal


def _in_play(game: Game, content_id: str, master: bool) -> int:
    """Figures of this monster and rank standing on the board now."""
    return sum(1 for f in game.state.monsters()
               if f.content_id == content_id and f.master == master and not f.named and on_board(f))


def _overlord_turn_step(game: Game) -> Step | None:
    """The overlord's turn step when it is the overlord's turn now (no hero turns above it)."""
    for step in reversed(game.state.stack):
        if step.kind in ("hero_turns", "hero_turn", "game_setup"):
            return None
        if step.kind == "overlord_turn":
            return step
    return None


def _place(game: Game, placement: dict[str, Any]) -> None:
    """Put one reserved monster on the board (Rulebook: Revealing New Areas, 4. Monsters)."""
    figure = load(FigureState, placement)
    game.state.figures[figure.id] = figure
    # a named monster is one of a kind: "Captain Vask is placed", "An Ember Hound is placed"
    placed = figure.name if figure.named else a_or_an(figure.name)
    placed = placed[:1].upper() + placed[1:]
    game.emit("monster_placed", f"{placed} is placed.", ref="Revealing New Areas",
              figure=figure.id, x=figure.footprint.x, y=figure.footprint.y)
    turn = _overlord_turn_step(game)
    if turn is not None:
        # Revealed during the overlord's own turn: it may not activate before his next turn.
        turn.data["activated"] = [*turn.data.get("activated", []), figure.id]
        game.emit("monster_waits", f"{figure.name} may not activate this turn.", ref="Revealing New Areas",
                  figure=figure.id)


def _finish(game: Game, area_id: str) -> None:
    """Stage 5: the boxed text is read aloud to everyone."""
    read_aloud, _ = _quest_area_text(game, area_id)
    if read_aloud:
        game.emit("area_description", read_aloud, ref="Revealing New Areas", area=area_id)


def reveal_area(game: Game, area_id: str) -> None:
    """Reveal one area: description (overlord), doors, markers, monsters, read-aloud text."""
    area = game.board.area(area_id)
    if area.revealed:
        return
    area.revealed = True
    game.emit("area_revealed", f"The {area.name or area_id} is revealed.", ref="Revealing New Areas",
              area=area_id)
    _, notes = _quest_area_text(game, area_id)
    if notes:
        game.emit("area_notes", notes, ref="Revealing New Areas", visible_to=[OVERLORD], area=area_id)
    cells = {pos for pos in game.board.spaces() if game.board.area_of(pos) == area_id}
    doors = [d.id for d in game.board.doors if any(p in cells for p in d.spaces())]
    if doors:
        game.emit("doors_placed", f"Doors appear: {', '.join(doors)}.", ref="Revealing New Areas",
                  area=area_id, doors=doors)
    markers = [m for m in game.board.markers if m.pos in cells]
    if markers:
        # Named as every seat sees them (a dark glyph lies face down like any glyph).
        shown = [public_marker(m.kind, m.data, hero_seat=True)[0] for m in markers]
        game.emit("markers_placed", "Markers appear: " + ", ".join(shown) + ".",
                  ref="Revealing New Areas", area=area_id, markers=[m.id for m in markers])
        for hook in REVEAL_MARKER_HOOKS:
            hook(game, area_id, markers)
    reserve = game.state.flags.get("reserve", {})
    pending = reserve.pop(area_id, [])
    short: list[dict[str, Any]] = []
    groups: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for placement in pending:
        if placement.get("named"):
            _place(game, placement)
            continue
        groups.setdefault((placement.get("content_id", ""), bool(placement.get("master"))), []).append(placement)
    for (content_id, master), group in groups.items():
        limit = _figure_limit(game, content_id, master)
        free = len(group) if limit is None else max(0, limit - _in_play(game, content_id, master))
        if free >= len(group):
            for placement in group:
                _place(game, placement)
        elif free == 0:
            _not_placed(game, group)
        else:
            short.append({"group": group, "free": free})
    if short:
        # The overlord picks which of them to place; the boxed text waits until he has.
        game.push(REVEAL_CHOICE, area=area_id, short=short)
        return
    _finish(game, area_id)


def _not_placed(game: Game, group: list[dict[str, Any]]) -> None:
    for placement in group:
        game.emit("monster_not_placed", f"No {placement['name']} figure is left to place.",
                  ref="Revealing New Areas", x=placement["footprint"]["x"], y=placement["footprint"]["y"])


@register
class RevealPlacement(StepHandler):
    """Rulebook: Revealing New Areas. Too few figures: the overlord picks the spaces to fill."""

    kind = REVEAL_CHOICE

    def decide(self, game: Game, step: Step) -> Decision | None:
        if not step.data["short"]:
            return None
        entry = step.data["short"][0]
        choices = [
            Choice(id=f"place:{p['footprint']['x']},{p['footprint']['y']}",
                   label=f"Place the {p['name']} at ({p['footprint']['x']},{p['footprint']['y']})",
                   data={"index": i})
            for i, p in enumerate(entry["group"])
        ]
        return Decision(seat=OVERLORD, kind="reveal_placement",
                        prompt=f"Only {entry['free']} figure(s) left: choose where to place one", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)
        _finish(game, step.data["area"])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        entry = step.data["short"][0]
        placement = entry["group"].pop(choice.data["index"])
        _place(game, placement)
        entry["free"] -= 1
        if entry["free"] <= 0:
            _not_placed(game, entry["group"])
            step.data["short"] = step.data["short"][1:]


def _area_spaces(board: Board) -> dict[str, list[Pos]]:
    """The spaces of each area, kept on the board's view (areas never change shape in play)."""
    ix = board.index()
    found: dict[str, list[Pos]] | None = ix.cache.get("area_spaces")
    if found is None:
        found = {}
        for space in board.spaces():
            area_id = board.area_of(space)
            if area_id is not None:
                found.setdefault(area_id, []).append(space)
        ix.cache["area_spaces"] = found
    return found


def _in_sight_aside_figures(board: Board, cell: Pos, area_id: str, spaces: list[Pos]) -> bool:
    """Whether a figure on ``cell`` could see any of the area's ``spaces`` if no figure stood in
    the way: kept per (cell, area) on the board's view, which a door or terrain change replaces.

    Why: a hero's every step asks this of every unrevealed area, and the answer with figures
    can only be no where this one is (a figure never opens a line of sight), so most areas are
    passed over without tracing a line to each of their spaces."""
    ix = board.index()
    kept: dict[tuple[Pos, str], bool] = ix.cache.setdefault("area_in_sight", {})
    key = (cell, area_id)
    found = kept.get(key)
    if found is None:
        groups, width = sight_groups(board), board.width
        mine = groups[cell[1] * width + cell[0]] if board.in_bounds(cell) else -2
        sees = sight_from(board, cell)
        found = kept[key] = any(sees(space) for space in spaces if groups[space[1] * width + space[0]] == mine)
    return found


def areas_in_sight(game: Game, hero: FigureState) -> set[str]:
    """The unrevealed areas the hero can see a space of."""
    board = game.board
    # Only spaces of unrevealed areas can reveal anything: test sight to those alone, and to one
    # space per area at most once it is seen (the same areas as testing every visible space).
    hidden = {a.id for a in board.areas if not a.revealed}
    if not hidden:
        return set()
    blockers = figure_spaces(game, exclude=hero.id)
    cells = hero.footprint.cells()
    groups, width = sight_groups(board), board.width
    mine = {groups[y * width + x] for x, y in cells}
    seen_areas: set[str] = set()
    by_area = _area_spaces(board)
    lookers = [sight_from(board, cell, blockers) for cell in cells]  # has_line_of_sight from each cell
    for area_id in hidden:
        spaces = by_area.get(area_id, [])
        if cells and not any(_in_sight_aside_figures(board, cell, area_id, spaces) for cell in cells):
            continue  # figures only ever block more: nothing of the area can be seen from here
        for space in spaces:
            if groups[space[1] * width + space[0]] not in mine:
                continue  # no line of sight can ever reach it from here (walls and closed doors)
            if any(sees(space) for sees in lookers):
                seen_areas.add(area_id)
                break
    return seen_areas


def reveal_in_sight_of(game: Game, hero: FigureState) -> None:
    """Reveal every unrevealed area the hero can see a space of."""
    if not on_board(hero):
        return
    seen_areas = areas_in_sight(game, hero)
    for area_id in sorted(seen_areas):
        reveal_area(game, area_id)
    if seen_areas:
        for hook in REVEAL_HOOKS:
            hook(game, hero, sorted(seen_areas))


def reveal_for_all_heroes(game: Game) -> None:
    """Used at setup: reveal whatever the heroes see from where they start."""
    for hero in game.state.heroes():
        reveal_in_sight_of(game, hero)


@on_enter_space
def _reveal_after_hero_moves(game: Game, figure: FigureState, _fp: Footprint) -> None:
    if figure.kind == "hero":
        reveal_in_sight_of(game, figure)
