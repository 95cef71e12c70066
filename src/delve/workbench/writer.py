"""A draft into the project's own quest files: ``<id>.map`` (docs/maps.md) and ``<id>.yaml``
(docs/content.md, "Quests").

Why the writer keeps a *layout*: the files are checked by the map parser and the content loader,
which report a file, a line and a column. The layout records which draft element each grid
character and each legend line stands for, so ``delve.workbench.check`` can point every problem at
the element in the editor. The writer decides nothing about the rules: it only lays the draft out
(picking legend letters, placing one area label per region); what it cannot express in the format
(two markers on one space, a door whose edges are not side by side) it reports as a problem of
the draft and leaves out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import yaml

from delve.board.grid import Door
from delve.board.mapfile import BOUNDARY, DOOR, RESERVED, WALL_H, WALL_V
from delve.board.terrain import DEFAULT_TERRAIN, load_terrain
from delve.boundary import load
from delve.content.quest import Quest
from delve.content.refs import ID_PATTERN
from delve.workbench.model import Draft, Edge, Pos

FIGURE_SIZES = {(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 2)}
# Legend letters to pick from when the draft gives none: letters and digits first, then the
# punctuation the format allows (never a terrain character or the grid's own characters).
LETTERS = "ABCEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789&$@=?;<>()[]{}`',.~"
Ref = dict[str, Any]


@dataclass(frozen=True)
class DraftError:
    """A problem of the quest, pointed at the draft element it concerns (docs/workbench.md)."""

    message: str
    file: str
    entry: str
    field: str
    line: int | None
    element: Ref | None

    def to_json(self) -> dict[str, Any]:
        return {"message": self.message, "file": self.file, "entry": self.entry, "field": self.field,
                "line": self.line, "element": self.element}


@dataclass
class Layout:
    """Where each draft element stands in the written map text."""

    grid_first_line: int = 0  # 1-based file line of grid line 0
    cells: dict[tuple[int, int], Ref] = field(default_factory=dict)  # (grid line, column) -> space/edge/door
    figures: dict[tuple[int, int], Ref] = field(default_factory=dict)  # (line, column) -> figure or marker
    front: dict[int, Ref] = field(default_factory=dict)  # file line of a legend or area key -> element
    problems: list[DraftError] = field(default_factory=list)


@dataclass
class QuestFiles:
    """The two files of a draft and where its elements stand in them."""

    quest_id: str
    stem: str  # the files' name without suffix
    map_text: str
    quest_text: str
    layout: Layout

    @property
    def map_name(self) -> str:
        return f"{self.stem}.map"

    @property
    def quest_name(self) -> str:
        return f"{self.stem}.yaml"


def file_stem(quest_id: str) -> str:
    """The files' name: the quest id when it is a valid id (the loader then checks it matches)."""
    return quest_id if re.match(ID_PATTERN, quest_id) and len(quest_id) <= 64 else "quest"


def write_files(draft: Draft) -> QuestFiles:
    """The draft's ``.map`` and ``.yaml`` text, with the layout of its elements."""
    stem = file_stem(draft.quest_id)
    layout = Layout()
    map_text = _MapWriter(draft, layout, stem).text()
    return QuestFiles(draft.quest_id, stem, map_text, quest_text(draft, stem), layout)


# --- the quest file -------------------------------------------------------------------------


def quest_text(draft: Draft, stem: str) -> str:
    """The quest file: its leading comment, then the fields in the model's order."""
    fields: dict[str, Any] = dict(draft.quest)
    fields["map"] = f"{stem}.map"
    areas = {a.id: _area_text(a.read_aloud, a.overlord_notes) for a in draft.areas if a.read_aloud is not None}
    fields["areas"] = areas  # required: an empty mapping is reported by the loader on the quest's areas
    if isinstance(fields.get("chests"), dict):
        fields["chests"] = {int(k) if isinstance(k, str) and k.isdigit() else k: v
                            for k, v in fields["chests"].items()}
    order = list(Quest.model_fields)
    ordered = {k: fields[k] for k in order if k in fields}
    ordered.update({k: v for k, v in fields.items() if k not in ordered})  # unknown keys: the loader names them
    body = yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)
    return _comment_block(draft.comments.quest, blank_after=True) + body


def _area_text(read_aloud: str, notes: str) -> dict[str, str]:
    return {"read_aloud": read_aloud, **({"overlord_notes": notes} if notes else {})}


def _comment_block(text: str, *, blank_after: bool) -> str:
    if not text:
        return ""
    lines = "".join(f"# {line}".rstrip() + "\n" for line in text.splitlines())
    return lines + ("\n" if blank_after else "")


def _flow(value: Any) -> str:
    """One YAML value on one line (a flow mapping for a dict)."""
    text = yaml.safe_dump(value, default_flow_style=True, width=10**6, allow_unicode=True, sort_keys=False)
    return text.removesuffix("\n...\n").strip()


def _spec_of(key: str) -> dict[str, Any]:
    """The legend entry a key stands for (without the variant a touching large figure adds)."""
    spec: dict[str, Any] = json.loads(key.split("\0")[0])
    return spec


def _category(key: str) -> int:
    """The legend's order: area labels, hero starts, monsters, markers, doors."""
    spec = _spec_of(key)
    for rank, name in enumerate(("hero_start", "monster", "marker", "door"), start=1):
        if name in spec:
            return rank
    return 0


# --- the map file ---------------------------------------------------------------------------


class _MapWriter:
    """Lays one draft out as map text, filling the layout as it goes."""

    def __init__(self, draft: Draft, layout: Layout, stem: str) -> None:
        self.draft = draft
        self.layout = layout
        self.file = f"quests/{stem}.map"
        self.entry = draft.quest_id
        self.width = draft.map.width
        self.height = draft.map.height
        self.terrain = load_terrain()
        self.spaces: dict[Pos, int] = {}
        self.specs: dict[Pos, dict[str, Any]] = {}  # a space's legend keys (besides a bare terrain)
        self.owner: dict[Pos, Ref] = {}  # the figure or marker each space's letter stands for
        self.blocks: dict[Pos, tuple[int, Pos]] = {}  # a large monster's spaces -> (index, anchor)

    def problem(self, message: str, element: Ref | None) -> None:
        self.layout.problems.append(DraftError(message, "draft", self.entry, "map", None, element))

    def text(self) -> str:
        self._areas()
        self._spaces()
        doors = self._doors()
        closed = self._edges(doors)
        self._figures()
        self._markers()
        self._labels(closed, doors)
        letters = self._letters(doors)
        grid = self._grid(letters, closed, doors)
        front = self._front(letters)
        self.layout.grid_first_line = len(front) + 3  # after "---", the front matter and "---"
        return "\n".join(["---", *front, "---", *grid]) + "\n"

    # -- elements, checked for what the format can express --

    def _areas(self) -> None:
        seen: set[str] = set()
        for index, area in enumerate(self.draft.areas):
            if area.id in seen:
                self.problem(f"area {area.id!r} is listed twice", {"kind": "area", "index": index, "id": area.id})
            seen.add(area.id)

    def _spaces(self) -> None:
        for index, space in enumerate(self.draft.map.spaces):
            pos = (space.x, space.y)
            ref = {"kind": "space", "x": space.x, "y": space.y}
            if space.x >= self.width or space.y >= self.height:
                self.problem(f"space ({space.x}, {space.y}) lies outside the {self.width} x {self.height} map", ref)
            elif pos in self.spaces:
                self.problem(f"space ({space.x}, {space.y}) is listed twice", ref)
            else:
                self.spaces[pos] = index
                self.specs[pos] = {"terrain": space.terrain} if space.terrain != DEFAULT_TERRAIN else {}

    def _edge_ok(self, e: Edge) -> bool:
        (ax, ay), (bx, by) = e
        return (bx - ax, by - ay) in ((1, 0), (0, 1)) and (ax, ay) in self.spaces and (bx, by) in self.spaces

    def _doors(self) -> dict[Edge, int]:
        pieces: dict[Edge, int] = {}
        for index, door in enumerate(self.draft.map.doors):
            ref = {"kind": "door", "index": index}
            try:
                load(Door, {"id": "d", "edges": door.edges})  # the board's own rule: two parallel edges side by side
            except ValueError:
                self.problem("a door covers two edges side by side (it stands between four spaces)", ref)
                continue
            if not all(self._edge_ok(e) for e in door.edges):
                self.problem("a door must stand between spaces on both sides", ref)
                continue
            if any(e in pieces for e in door.edges):
                self.problem("two doors on the same edge", ref)
                continue
            for e in door.edges:
                pieces[e] = index
        return pieces

    def _edges(self, doors: dict[Edge, int]) -> dict[Edge, str]:
        """Edge character of every wall and boundary between two spaces (doors apart)."""
        closed: dict[Edge, str] = {}
        for kind, edges in (("boundary", self.draft.map.boundaries), ("wall", self.draft.map.walls)):
            for e in edges:
                if not self._edge_ok(e):
                    self.problem(f"this {kind} is not an edge between two spaces of the map",
                                 {"kind": "edge", "edge": [list(e[0]), list(e[1])]})
                elif e not in doors:
                    upright = e[0][1] == e[1][1]
                    closed[e] = BOUNDARY if kind == "boundary" else (WALL_V if upright else WALL_H)
        return closed

    def _place(self, pos: Pos, ref: Ref, keys: dict[str, Any], what: str) -> bool:
        if pos not in self.spaces:
            self.problem(f"{what} stands on ({pos[0]}, {pos[1]}), which is not a space of the map", ref)
            return False
        if pos in self.owner:
            self.problem(f"{what} shares space ({pos[0]}, {pos[1]}) with another figure or marker "
                         "(a .map space holds one of them)", ref)
            return False
        self.owner[pos] = ref
        self.specs[pos].update(keys)
        return True

    def _figures(self) -> None:
        for index, start in enumerate(self.draft.hero_starts):
            self._place((start.x, start.y), {"kind": "hero_start", "index": index}, {"hero_start": True},
                        "a hero start")
        for index, m in enumerate(self.draft.monsters):
            ref = {"kind": "monster", "index": index}
            keys: dict[str, Any] = {"monster": m.monster}
            if m.master:
                keys["master"] = True
            if (m.w, m.h) not in FIGURE_SIZES:
                self.problem(f"a figure is 1x1, 1x2, 2x1, 2x2, 2x3 or 3x2 spaces, not {m.w}x{m.h}", ref)
                continue
            if (m.w, m.h) != (1, 1):
                keys["size"] = f"{m.w}x{m.h}"
            cells = [(m.x + dx, m.y + dy) for dy in range(m.h) for dx in range(m.w)]
            bad = [c for c in cells if c not in self.spaces or c in self.owner]
            if bad:
                self.problem(f"{m.monster} needs {len(cells)} free spaces from ({m.x}, {m.y}); "
                             f"({bad[0][0]}, {bad[0][1]}) is not one", ref)
                continue
            terrains = {self.specs[c].get("terrain") for c in cells}
            if len(terrains) > 1:
                self.problem("a large figure is drawn with one letter on all its spaces, so they must "
                             "share one terrain", ref)
            anchor_terrain = self.specs[cells[0]].get("terrain")
            for c in cells:
                self.specs[c].pop("terrain", None)
                self._place(c, ref, {**keys, **({"terrain": anchor_terrain} if anchor_terrain else {})}, m.monster)
                if len(cells) > 1:
                    self.blocks[c] = (index, (m.x, m.y))

    def _markers(self) -> None:
        for index, marker in enumerate(self.draft.markers):
            keys: dict[str, Any] = {"marker": marker.kind}
            if marker.colour is not None:
                keys["colour"] = marker.colour
            if marker.active:
                keys["active"] = True
            if marker.id is not None:
                keys["id"] = marker.id
            if marker.data:
                keys["data"] = marker.data
            self._place((marker.x, marker.y), {"kind": "marker", "index": index}, keys, f"a {marker.kind} marker")

    def _regions(self, closed: Iterable[Edge]) -> list[list[Pos]]:
        """Spaces joined through open edges (the parser's regions), in reading order of their first space."""
        shut = set(closed)
        seen: set[Pos] = set()
        regions = []
        for start in sorted(self.spaces, key=lambda p: (p[1], p[0])):
            if start in seen:
                continue
            seen.add(start)
            region, k = [start], 0
            while k < len(region):
                x, y = region[k]
                k += 1
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    e = ((x, y), n) if (x, y) < n else (n, (x, y))
                    if n in self.spaces and n not in seen and e not in shut:
                        seen.add(n)
                        region.append(n)
            regions.append(region)
        return regions

    def _labels(self, closed: dict[Edge, str], doors: dict[Edge, int]) -> None:
        """One area label per area painted in each region: the space the draft marks, else a
        space free of figures and markers (a large figure's letter cannot carry it)."""
        spaces = self.draft.map.spaces
        for region in self._regions([*closed, *doors]):
            by_area: dict[str, list[Pos]] = {}
            for pos in region:
                area = spaces[self.spaces[pos]].area
                if area:
                    by_area.setdefault(area, []).append(pos)
            for area, cells in by_area.items():
                best = min(cells, key=lambda p: (not spaces[self.spaces[p]].label, p in self.blocks,
                                                 p in self.owner, p[1], p[0]))
                self.specs[best]["area"] = area
                if best in self.blocks:
                    index, _ = self.blocks[best]
                    self.problem("an area label cannot stand on a large figure's spaces: free one space of "
                                 f"area {area!r} in this room", {"kind": "monster", "index": index})

    # -- letters --

    def _key(self, pos: Pos) -> str | None:
        """The legend entry a space needs, as a key (None: a bare terrain character does)."""
        spec = self.specs[pos]
        if set(spec) <= {"terrain"}:
            return None
        order = ("area", "terrain", "hero_start", "monster", "master", "size", "marker", "colour", "active",
                 "id", "data")
        return json.dumps({k: spec[k] for k in order if k in spec})

    def _letters(self, doors: dict[Edge, int]) -> dict[str, str]:
        """A letter for each legend entry: the draft's hint when free and allowed, else a guess."""
        keys: dict[str, list[str | None]] = {}  # entry key -> hints in reading order
        self.cell_keys: dict[Pos, str] = {}
        block_variant = self._block_variants()
        for pos in sorted(self.spaces, key=lambda p: (p[1], p[0])):
            key = self._key(pos)
            if key is None:
                continue
            if pos in self.blocks:  # JSON text never holds a NUL character: a safe separator
                key += f"\0{block_variant[self.blocks[pos][0]]}"
            self.cell_keys[pos] = key
            keys.setdefault(key, []).append(self._hint(pos))
        self.door_keys: dict[int, str | None] = {}
        for index, door in enumerate(self.draft.map.doors):
            if index not in doors.values():
                continue
            spec: dict[str, Any] = {"door": door.kind}
            if door.kind == "rune" and door.colour:
                spec["colour"] = door.colour
            if door.id is not None:
                spec["id"] = door.id
            if door.open:
                spec["open"] = True
            key = None if spec == {"door": "normal"} else json.dumps(spec)
            self.door_keys[index] = key
            if key is not None:
                keys.setdefault(key, []).append(door.symbol)
        keys = dict(sorted(keys.items(), key=lambda item: _category(item[0])))  # stable: reading order within
        taken = set(RESERVED) | {t.symbol for t in self.terrain.values()}
        letters: dict[str, str] = {}
        for key, hints in keys.items():  # the author's letters first
            for hint in hints:
                if hint and len(hint) == 1 and hint not in taken and not hint.isspace():
                    letters[key] = hint
                    taken.add(hint)
                    break
        for key in keys:
            if key in letters:
                continue
            pick = next((c for c in (*self._guesses(key), *LETTERS) if c not in taken), None)
            if pick is None:
                self.problem("the map needs more legend letters than the format has", {"kind": "map"})
                pick = "?"
            letters[key] = pick
            taken.add(pick)
        return letters

    def _hint(self, pos: Pos) -> str | None:
        owner = self.owner.get(pos)
        if owner is not None:
            elements: dict[str, list[Any]] = {"hero_start": list(self.draft.hero_starts),
                                              "monster": list(self.draft.monsters), "marker": list(self.draft.markers)}
            symbol = elements[owner["kind"]][owner["index"]].symbol
            if symbol:
                return str(symbol)
        return self.draft.map.spaces[self.spaces[pos]].symbol

    @staticmethod
    def _guesses(key: str) -> list[str]:
        spec = _spec_of(key)
        word = str(spec.get("monster") or spec.get("marker") or spec.get("area") or spec.get("door") or "")
        if spec.get("hero_start"):
            word = "h"
        if not word:
            return []
        first = word[0]
        return [first.upper(), first.lower()] if spec.get("area") or spec.get("master") else [first.lower(),
                                                                                                first.upper()]

    def _block_variants(self) -> dict[int, int]:
        """Large figures of one kind that touch need different letters (docs/maps.md, Figures)."""
        variant: dict[int, int] = {}
        cells_of: dict[int, list[Pos]] = {}
        for pos, (index, _) in self.blocks.items():
            cells_of.setdefault(index, []).append(pos)
        for index in sorted(cells_of):
            key = self._key(cells_of[index][0])
            near = {self.blocks[(x + dx, y + dy)][0] for x, y in cells_of[index]
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)) if (x + dx, y + dy) in self.blocks}
            used = {variant[o] for o in near if o in variant and o != index and self._key(cells_of[o][0]) == key}
            variant[index] = next(v for v in range(len(used) + 1) if v not in used)
        return variant

    # -- text --

    def _grid(self, letters: dict[str, str], closed: dict[Edge, str], doors: dict[Edge, int]) -> list[str]:
        by_symbol = {t.id: t.symbol for t in self.terrain.values()}
        rows = [[" "] * (2 * self.width + 1) for _ in range(2 * self.height + 1)]
        cells, figures = self.layout.cells, self.layout.figures
        for (x, y), index in self.spaces.items():
            g, c = 2 * y + 1, 2 * x + 1
            key = self.cell_keys.get((x, y))
            terrain = self.draft.map.spaces[index].terrain
            rows[g][c] = letters[key] if key is not None else by_symbol.get(terrain, "?")
            cells[(g, c)] = {"kind": "space", "x": x, "y": y}
            if (x, y) in self.owner:
                figures[(g, c)] = self.owner[(x, y)]
        for y in range(self.height + 1):
            for x in range(self.width + 1):
                for a, b, g, c, wall in (((x - 1, y), (x, y), 2 * y + 1, 2 * x, WALL_V),
                                         ((x, y - 1), (x, y), 2 * y, 2 * x + 1, WALL_H)):
                    if g > 2 * self.height or c > 2 * self.width:
                        continue
                    e = (a, b)
                    if e in doors:
                        key = self.door_keys.get(doors[e])
                        rows[g][c] = letters[key] if key is not None else DOOR
                        cells[(g, c)] = {"kind": "door", "index": doors[e]}
                    elif e in closed:
                        rows[g][c] = closed[e]
                        cells[(g, c)] = {"kind": "edge", "edge": [list(a), list(b)]}
                    elif (a in self.spaces) != (b in self.spaces):
                        rows[g][c] = wall
        for g in range(0, 2 * self.height + 1, 2):
            for c in range(0, 2 * self.width + 1, 2):
                around = [rows[gg][cc] for gg, cc in ((g - 1, c), (g + 1, c), (g, c - 1), (g, c + 1))
                          if 0 <= gg <= 2 * self.height and 0 <= cc <= 2 * self.width]
                if any(ch != " " for ch in around):
                    rows[g][c] = "+"
        return ["".join(row).rstrip() for row in rows]

    def _front(self, letters: dict[str, str]) -> list[str]:
        lines = [f"# {line}".rstrip() for line in self.draft.comments.map.splitlines()]
        if self.draft.map.name:
            lines.append(f"name: {_flow(self.draft.map.name)}")
        front = self.layout.front
        lines.append("areas:" if self.draft.areas else "areas: {}")
        for index, area in enumerate(self.draft.areas):
            spec: dict[str, Any] = {"name": area.name or area.id}
            if area.revealed is not None:
                spec["revealed"] = area.revealed
            lines.append(f"  {_flow(area.id)}: {_flow(spec)}")
            front[len(lines) + 1] = {"kind": "area", "index": index, "id": area.id}
        lines.append("symbols:" if letters else "symbols: {}")
        users = self._users()
        for key, letter in letters.items():
            lines.append(f"  {_flow(letter)}: {_flow(_spec_of(key))}")
            if key in users:
                front[len(lines) + 1] = users[key]
        return lines

    def _users(self) -> dict[str, Ref]:
        """The first element each legend entry stands for."""
        users: dict[str, Ref] = {}
        for pos in sorted(self.cell_keys, key=lambda p: (p[1], p[0])):
            users.setdefault(self.cell_keys[pos], self.owner.get(pos) or {"kind": "space", "x": pos[0], "y": pos[1]})
        for index, key in self.door_keys.items():
            if key is not None:
                users.setdefault(key, {"kind": "door", "index": index})
        return users
