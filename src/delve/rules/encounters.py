"""Encounter markers: a hero ending his move on one triggers the quest's encounter.

Rulebook: Encounter markers. The quest (``Quest.encounters``, keyed by the marker's id on the
map) says what happens: its text is read out as a public event and its effects run through the
same effect functions as overlord cards, with the hero as ``triggering_hero``. Revealing an
area already places its markers (the board holds every marker; views hide unrevealed areas).

Rulings (docs/rulings.md): "ends his movement" means the last space of one move (a ``move:``
choice), so passing over the marker does nothing; an encounter with ``once`` (the default)
removes its marker; a marker the quest does not describe triggers nothing but the event.
"""

from __future__ import annotations

from typing import Any

from delve.board.geometry import Footprint
from delve.board.grid import Marker
from delve.content.quest import Encounter
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.equipment import content
from delve.rules.movement import on_enter_space
from delve.rules.overlord_cards import EFFECTS


def quest_encounter(game: Game, marker_id: str) -> Encounter | None:
    """The quest's encounter for this marker, if the game has a quest that describes it."""
    try:
        quest = content(game).quests.get(game.state.quest)
    except Exception:  # a scenario without a pack quest
        return None
    return quest.encounters.get(marker_id) if quest is not None else None


def trigger_encounter(game: Game, hero: FigureState, marker: Marker) -> None:
    """Announce the encounter, remove a one-time marker, and run the encounter's effects."""
    encounter = quest_encounter(game, marker.id)
    text = encounter.text if encounter is not None else "Nothing happens here."
    game.emit("encounter", f"{hero.name} triggers an encounter: {text}", ref="Encounter markers",
              hero=hero.id, marker=marker.id, x=marker.pos[0], y=marker.pos[1])
    if encounter is None:
        return
    if encounter.once:
        game.board.remove_marker(marker.id)
    context: dict[str, Any] = {"triggering_hero": hero.id, "x": marker.pos[0], "y": marker.pos[1]}
    for item in encounter.effects:
        fn = EFFECTS.get(item.effect)
        if fn is None:
            game.emit("effect_not_implemented", f"Encounter: the effect {item.effect} is not implemented yet.",
                      ref="Encounter markers", marker=marker.id, effect=item.effect)
            continue
        fn(game, item, context)


@on_enter_space
def _encounter_at_move_end(game: Game, figure: FigureState, entered: Footprint) -> None:
    """A hero's move ended on an encounter marker (the last space of its path)."""
    if figure.kind != "hero":
        return
    walk = next((s for s in reversed(game.state.stack)
                 if s.kind == "move_path" and s.data.get("figure") == figure.id), None)
    if walk is None:
        return
    if walk.data["index"] < len(walk.data["path"]):
        return
    for marker in [m for cell in entered.cells() for m in game.board.markers_at(cell) if m.kind == "encounter"]:
        if figure.alive and not figure.in_town:
            trigger_encounter(game, figure, marker)
