"""Quest files (``<id>.map`` + ``<id>.yaml``) into a draft the editor can paint on.

Why the board comes from the project's parser: ``delve.board.mapfile.parse_map`` is the one
reader of the map format, so the draft holds exactly the spaces, areas, doors, markers and
placements a game of the quest would get. The text is read again only for what the board does
not keep: which letters the author chose, where the area labels stand, ``:`` boundaries, ids the
author wrote (not the automatic ones), and the files' leading comments.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from delve.board.mapfile import BOUNDARY, DOOR, parse_map
from delve.board.terrain import terrain_by_symbol
from delve.content.loader import SHIPPED_PACKS, starter_pack_path
from delve.safe_yaml import read_text_limited, safe_load
from delve.workbench.model import (
    Comments,
    Draft,
    DraftArea,
    DraftDoor,
    DraftHeroStart,
    DraftMap,
    DraftMarker,
    DraftMonster,
    DraftSpace,
    Edge,
    PackSource,
    SavedSource,
)

PACK_RULESETS = {"starter": "1e", "starter-2e": "2e"}
QUEST_KEYS_ELSEWHERE = ("map", "areas")  # held by the draft's map and areas, not its quest


class ImportProblem(ValueError):
    """The files cannot be read into a draft (the parser's own message, with file and line)."""


def shipped_pack_path(pack: str) -> Path:
    """The folder of a shipped pack by name."""
    if pack == "starter":
        return starter_pack_path()
    if pack in SHIPPED_PACKS:
        return SHIPPED_PACKS[pack]
    raise KeyError(pack)


def shipped_quest_files(pack: str, quest: str) -> tuple[str, str]:
    """The (map text, quest text) of a shipped quest; KeyError when there is none."""
    folder = shipped_pack_path(pack) / "quests"
    quest_file = folder / f"{quest}.yaml"
    if "/" in quest or not quest_file.is_file():
        raise KeyError(quest)
    quest_text = read_text_limited(quest_file)
    raw = safe_load(quest_text)
    map_name = raw.get("map", f"{quest}.map") if isinstance(raw, dict) else f"{quest}.map"
    return read_text_limited(folder / str(map_name)), quest_text


def import_shipped(pack: str, quest: str) -> Draft:
    """A shipped quest as a draft that remembers where it came from."""
    map_text, quest_text = shipped_quest_files(pack, quest)
    draft = draft_from_texts(map_text, quest_text, ruleset=PACK_RULESETS.get(pack, "1e"), pack=pack)
    return draft.model_copy(update={"source": PackSource(pack=pack, quest=quest)})


def import_saved(folder: Path, name: str, ruleset: str, pack: str) -> Draft:
    """A quest saved in a workbench pack folder (the first quest file in it)."""
    quests = sorted((folder / "quests").glob("*.yaml"))
    if not quests:
        raise ImportProblem(f"{name}: no quest file in quests/")
    quest_text = read_text_limited(quests[0])
    raw = safe_load(quest_text)
    map_name = raw.get("map") if isinstance(raw, dict) else None
    map_file = (quests[0].parent / str(map_name or f"{quests[0].stem}.map")).resolve()
    if not map_file.is_relative_to(quests[0].parent.resolve()) or not map_file.is_file():
        raise ImportProblem(f"quests/{quests[0].name}: its map file {map_file.name} is missing")
    draft = draft_from_texts(read_text_limited(map_file), quest_text, ruleset=ruleset, pack=pack,
                             map_source=f"quests/{map_file.name}")
    return draft.model_copy(update={"source": SavedSource(draft=name)})


def draft_from_texts(map_text: str, quest_text: str, *, ruleset: str = "1e", pack: str = "starter",
                     map_source: str = "quest.map") -> Draft:
    """Read the two files' text into a draft; ``ImportProblem`` when either does not parse."""
    try:
        raw_quest = safe_load(quest_text)
    except Exception as exc:  # a YAML error or a refused (oversized) document: one message
        raise ImportProblem(f"the quest file is not readable YAML: {exc}") from None
    if not isinstance(raw_quest, dict):
        raise ImportProblem("the quest file must be a mapping of quest fields (id, name, map, ...)")
    try:
        parsed = parse_map(map_text, map_source)
    except ValueError as exc:  # MapError: file, line and column in its message
        raise ImportProblem(str(exc)) from None
    text = _MapText(map_text)
    board = parsed.board
    spaces = [
        DraftSpace(x=x, y=y, terrain=str(terrain), area=board.area_ids[y][x],
                   label=bool(text.spec_at(x, y).get("area")), symbol=text.space_symbol(x, y))
        for y, row in enumerate(board.terrain) for x, terrain in enumerate(row) if terrain is not None
    ]
    doors = [
        DraftDoor(id=door.id if text.edge_spec(door.edges[0]).get("id") else None,
                  kind="rune" if door.rune else "normal", colour=door.rune, open=door.open, edges=door.edges,
                  symbol=text.door_symbol(door.edges[0]))
        for door in board.doors
    ]
    markers = []
    for marker in board.markers:
        data = dict(marker.data)
        colour = data.pop("colour", None)
        active = data.pop("active", None) if marker.kind == "glyph" else None
        x, y = marker.pos
        markers.append(DraftMarker(id=marker.id if text.spec_at(x, y).get("id") else None, kind=marker.kind,
                                   x=x, y=y, colour=colour, active=active, data=data,
                                   symbol=text.legend_char(x, y)))
    monsters = [
        DraftMonster(monster=str(p.monster), master=p.master, x=p.footprint.x, y=p.footprint.y,
                     w=p.footprint.w, h=p.footprint.h, symbol=text.legend_char(p.footprint.x, p.footprint.y))
        for p in parsed.placements if p.kind == "monster"
    ]
    starts = [DraftHeroStart(x=p.footprint.x, y=p.footprint.y, symbol=text.legend_char(p.footprint.x, p.footprint.y))
              for p in parsed.placements if p.kind == "hero_start"]
    return Draft(
        ruleset="2e" if ruleset == "2e" else "1e",
        pack=pack,
        comments=Comments(map=leading_comment(text.front_lines), quest=leading_comment(quest_text.splitlines())),
        map=DraftMap(name=parsed.name, width=board.width, height=board.height, spaces=spaces,
                     walls=list(board.walls), boundaries=text.boundaries(board), doors=doors),
        areas=_areas(text.front.get("areas") or {}, raw_quest.get("areas")),
        markers=markers,
        monsters=monsters,
        hero_starts=starts,
        quest={k: v for k, v in raw_quest.items() if k not in QUEST_KEYS_ELSEWHERE},
    )


def _areas(map_areas: dict[Any, Any], quest_areas: Any) -> list[DraftArea]:
    """The map's areas in their order, with the quest's texts; quest-only areas come last."""
    texts = quest_areas if isinstance(quest_areas, dict) else {}
    out = []
    for area_id, spec in map_areas.items():
        spec = spec if isinstance(spec, dict) else {}
        found = texts.get(area_id)
        text: dict[str, Any] = found if isinstance(found, dict) else {}
        revealed = spec.get("revealed")
        out.append(DraftArea(id=str(area_id), name=str(spec.get("name", area_id)),
                             revealed=bool(revealed) if revealed is not None else None,
                             read_aloud=text.get("read_aloud") if area_id in texts else None,
                             overlord_notes=str(text.get("overlord_notes", "") or "")))
    for area_id, text in texts.items():
        if area_id not in map_areas and isinstance(text, dict):
            out.append(DraftArea(id=str(area_id), name=str(area_id), read_aloud=text.get("read_aloud"),
                                 overlord_notes=str(text.get("overlord_notes", "") or "")))
    return out


def leading_comment(lines: list[str]) -> str:
    """The comment lines a file starts with (after a ``---``), without their ``#``."""
    out: list[str] = []
    for line in lines:
        stripped = line.strip()
        if stripped == "---" and not out:
            continue
        if not stripped.startswith("#"):
            break
        out.append(stripped[1:].removeprefix(" "))
    return "\n".join(out)


class _MapText:
    """The parts of a (parsed, hence well-formed) map text the board does not keep."""

    def __init__(self, text: str) -> None:
        lines = text.splitlines()
        close = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
        self.front_lines = lines[1:close]
        loaded = safe_load("\n".join(self.front_lines)) or {}
        self.front: dict[str, Any] = loaded if isinstance(loaded, dict) else {}
        self.symbols = {str(k): v for k, v in (self.front.get("symbols") or {}).items()}
        self.grid = lines[close + 1:]
        self.terrain_chars = set(terrain_by_symbol())

    def char(self, g: int, c: int) -> str:
        line = self.grid[g] if g < len(self.grid) else ""
        return line[c] if c < len(line) else " "

    def spec_at(self, x: int, y: int) -> dict[str, Any]:
        """The legend entry of the symbol on space (x, y) ({} for a terrain character)."""
        spec = self.symbols.get(self.char(2 * y + 1, 2 * x + 1))
        return spec if isinstance(spec, dict) else {}

    def legend_char(self, x: int, y: int) -> str | None:
        """The legend letter on a space, None for a terrain character."""
        ch = self.char(2 * y + 1, 2 * x + 1)
        return ch if ch in self.symbols else None

    def space_symbol(self, x: int, y: int) -> str | None:
        """The letter of a space that is labelled or has a terrain from the legend."""
        spec = self.spec_at(x, y)
        return self.legend_char(x, y) if spec.get("area") or spec.get("terrain") else None

    @staticmethod
    def edge_cell(edge: Edge) -> tuple[int, int]:
        """The grid (line, column) of an edge: docs/maps.md, The grid."""
        (ax, ay), (bx, by) = edge
        return (2 * ay + 1, 2 * bx) if ay == by else (2 * by, 2 * ax + 1)

    def edge_spec(self, edge: Edge) -> dict[str, Any]:
        spec = self.symbols.get(self.char(*self.edge_cell(edge)))
        return spec if isinstance(spec, dict) else {}

    def door_symbol(self, edge: Edge) -> str | None:
        ch = self.char(*self.edge_cell(edge))
        return None if ch == DOOR else ch

    def boundaries(self, board: Any) -> list[Edge]:
        """The ``:`` edges between two spaces."""
        out: list[Edge] = []
        for y in range(board.height):
            for x in range(board.width):
                if board.terrain[y][x] is None:
                    continue
                for nx, ny in ((x + 1, y), (x, y + 1)):
                    if nx < board.width and ny < board.height and board.terrain[ny][nx] is not None:
                        edge: Edge = ((x, y), (nx, ny))
                        if self.char(*self.edge_cell(edge)) == BOUNDARY:
                            out.append(edge)
        return out
