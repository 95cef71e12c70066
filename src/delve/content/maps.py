"""Check that a quest's map file exists and, when the board module is present, that it loads.

Why the map is not parsed here: ``delve.board.mapfile`` owns the map format. Content only
checks that the file is there; if the board module can be imported, its own loader is
asked as well, so a broken map is reported with the rest of the pack's problems. The
import is lazy so the content layer does not depend on the board layer.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any

from delve.content.quest import Quest


def map_path(quest: Quest, quest_file: Path) -> Path:
    """Where a quest's map lives: its ``map`` field, relative to the quest file's folder."""
    return quest_file.parent / quest.map


def check_quest_map(
    quest: Quest, quest_file: Path, monsters: Collection[str] | None = None
) -> list[tuple[str, str]]:
    """Problems with the quest's map, as (field path, message) pairs.

    ``monsters`` are the monster ids of the pack; when given, every monster the map places
    must be one of them or one of the quest's named monsters.
    """
    path = map_path(quest, quest_file)
    if not path.is_file():
        return [("map", f"map file not found: expected {path.name} beside {quest_file.name}")]
    loader = _board_loader()
    if loader is None:
        return []
    try:
        board = loader(path)
    except Exception as exc:  # the board module's own error, whatever its type
        return [("map", f"map file {path.name} does not load: {exc}")]
    problems = _check_areas(quest, board) + _check_chests(quest, board)
    if monsters is not None:
        problems.extend(_check_placements(quest, board, monsters))
    return problems


def _board_loader() -> Callable[[Path], Any] | None:
    """``delve.board.mapfile.load_map`` if that module exists, else ``None``."""
    try:
        module = importlib.import_module("delve.board.mapfile")
    except ImportError:
        return None
    loader = getattr(module, "load_map", None)
    return loader if callable(loader) else None


def _check_areas(quest: Quest, board: Any) -> list[tuple[str, str]]:
    """Each area the quest describes should be an area of the map, when the map says which."""
    known = _area_ids(board)
    if known is None:
        return []
    return [
        (f"areas.{area}", f"the map has no area {area!r}; its areas are: {', '.join(sorted(known))}")
        for area in quest.areas
        if area not in known
    ]


def _check_chests(quest: Quest, loaded: Any) -> list[tuple[str, str]]:
    """Rulebook: Overlord Setup (randomize the chest markers). Every chest the quest lists needs a
    chest marker of its colour on the map; one without would silently never be found."""
    board = getattr(loaded, "board", loaded)
    markers = getattr(board, "markers", None)
    if markers is None:
        return []
    on_map: dict[str, int] = {}
    for marker in markers:
        if getattr(marker, "kind", "") == "chest":
            colour = str(getattr(marker, "data", {}).get("colour", ""))
            on_map[colour] = on_map.get(colour, 0) + 1
    problems = []
    listed: dict[str, int] = {}
    for number, chest in sorted(quest.chests.items()):
        listed[chest.colour] = listed.get(chest.colour, 0) + 1
        if listed[chest.colour] > on_map.get(chest.colour, 0):
            problems.append((f"chests.{number}", f"chest {number} is {chest.colour}, but the map has only "
                                                 f"{on_map.get(chest.colour, 0)} {chest.colour} chest marker(s) "
                                                 "for the quest's chests of that colour"))
    return problems


def _check_placements(quest: Quest, loaded: Any, monsters: Collection[str]) -> list[tuple[str, str]]:
    """Monsters the map sets up must exist in the pack or be named monsters of the quest."""
    named = {m.id for m in quest.named_monsters}
    problems: list[tuple[str, str]] = []
    for placement in getattr(loaded, "placements", None) or ():
        monster = getattr(placement, "monster", None)
        if isinstance(monster, str) and monster not in monsters and monster not in named:
            known = ", ".join(sorted({*monsters, *named})) or "none"
            problems.append(("map", f"the map places monster {monster!r}, which is neither a monster "
                                    f"of the pack nor a named monster of the quest; known: {known}"))
    return problems


def _area_ids(loaded: Any) -> set[str] | None:
    """The area ids a loaded map reports, or ``None`` if it reports none we can read."""
    board = getattr(loaded, "board", loaded)
    areas = getattr(board, "areas", None)
    if callable(areas):
        areas = areas()
    if isinstance(areas, Mapping):
        return {str(key) for key in areas}
    if isinstance(areas, Collection) and not isinstance(areas, str):
        ids = {str(getattr(area, "id", area)) for area in areas}
        return ids or None
    return None
