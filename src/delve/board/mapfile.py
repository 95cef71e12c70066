"""Quest map files: YAML front matter (names, areas, symbols) and an ASCII grid.

Why this format: a quest author draws the map by hand in a text editor. The grid shows each
space as one character with a separator character between neighbours, so walls, doors and
area boundaries sit exactly where they are drawn. The full syntax is in docs/maps.md.

Grid layout (lines after the closing ``---``; ``g`` counts grid lines from 0, ``c`` columns):

- odd line ``g = 2y+1``, odd column ``c = 2x+1``: the space ``(x, y)``;
- odd line, even column ``c = 2x``: the edge between ``(x-1, y)`` and ``(x, y)``;
- even line ``g = 2y``, odd column: the edge between ``(x, y-1)`` and ``(x, y)``;
- even line, even column: a corner, decoration only.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from delve.board.geometry import Footprint, Pos
from delve.board.grid import Area, Board, Door, Edge, Marker
from delve.board.terrain import DEFAULT_TERRAIN, load_marker_kinds, load_terrain, terrain_by_symbol
from delve.boundary import load
from delve.safe_yaml import LimitError, read_text_limited, safe_load

WALL_V = "|"
WALL_H = "-"
BOUNDARY = ":"
DOOR = "D"
RESERVED = {" ", WALL_V, WALL_H, "+", BOUNDARY, DOOR}
COLOURED_MARKERS = {"chest", "staircase", "rune_key"}


class MapError(ValueError):
    """A map file is wrong: says where (file, line, column, all 1-based) and what was expected."""

    def __init__(self, source: str, line: int, col: int, message: str) -> None:
        super().__init__(f"{source}:{line}:{col}: {message}")
        self.source = source
        self.line = line
        self.col = col
        self.message = message


class Placement(BaseModel):
    """Where a figure starts: a hero start spot, or a monster set up with its area."""

    kind: Literal["hero_start", "monster"]
    monster: str | None = None
    master: bool = False
    footprint: Footprint
    area: str | None = None


class QuestMap(BaseModel):
    """A parsed map: the board and the figure placements."""

    name: str = ""
    board: Board
    placements: list[Placement]


class SymbolSpec(BaseModel):
    """What one legend symbol means. Keys may combine (e.g. a monster standing on mud)."""

    model_config = ConfigDict(extra="forbid")

    terrain: str | None = None
    area: str | None = None
    marker: str | None = None
    colour: str | None = None
    active: bool | None = None
    id: str | None = None
    data: dict[str, Any] = {}
    hero_start: bool = False
    monster: str | None = None
    master: bool = False
    size: str = "1x1"
    door: Literal["normal", "rune"] | None = None
    open: bool = False

    @model_validator(mode="after")
    def _check(self) -> SymbolSpec:
        if self.door is not None:
            others = self.model_dump(exclude={"door", "colour", "id", "open"}, exclude_defaults=True)
            if others:
                raise ValueError(f"a door symbol takes only door, colour, id, open (not {sorted(others)})")
            if self.door == "rune" and not self.colour:
                raise ValueError("a rune door needs a colour")
            return self
        if self.terrain is not None and self.terrain not in load_terrain():
            raise ValueError(f"unknown terrain {self.terrain!r} (known: {sorted(load_terrain())})")
        if self.marker is not None:
            if self.marker not in load_marker_kinds():
                raise ValueError(f"unknown marker {self.marker!r} (known: {sorted(load_marker_kinds())})")
            if self.marker in COLOURED_MARKERS and not self.colour:
                raise ValueError(f"a {self.marker} marker needs a colour")
        if self.hero_start and self.monster:
            raise ValueError("a symbol is either a hero start or a monster, not both")
        if (self.master or self.size != "1x1") and not self.monster:
            raise ValueError("master and size belong to a monster")
        if self.size not in ("1x1", "1x2", "2x1", "2x2", "2x3", "3x2"):
            raise ValueError(f"size must be 1x1, 1x2, 2x1, 2x2, 2x3 or 3x2, not {self.size!r}")
        if self.colour is not None and self.marker is None:
            raise ValueError("colour belongs to a marker or a door")
        if self.active is not None and self.marker != "glyph":
            raise ValueError("active belongs to a glyph marker")
        return self

    @property
    def dims(self) -> tuple[int, int]:
        """The monster's size as (w, h) as written."""
        w, h = self.size.split("x")
        return int(w), int(h)


class _FrontMatter(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = ""
    areas: dict[str, dict[str, Any]] = {}
    symbols: dict[str, dict[str, Any]] = {}


@dataclass
class _Ctx:
    """Parsing state: source name, where the grid starts, and key line numbers from YAML."""

    source: str
    grid_first_line: int  # 1-based file line of grid line 0
    key_lines: dict[tuple[str, str], int] = field(default_factory=dict)

    def err(self, line: int, col: int, message: str) -> MapError:
        return MapError(self.source, line, col, message)

    def at_grid(self, g: int, c: int, message: str) -> MapError:
        return MapError(self.source, self.grid_first_line + g, c + 1, message)

    def at_key(self, section: str, key: str, message: str) -> MapError:
        return MapError(self.source, self.key_lines.get((section, key), 1), 1, message)


def load_map(path: str | Path) -> QuestMap:
    """Read and parse a .map file."""
    p = Path(path)
    try:
        text = read_text_limited(p)
    except UnicodeDecodeError as exc:
        raise MapError(str(p), 1, 1, f"not UTF-8 text (byte {exc.start})") from None
    except (OSError, ValueError) as exc:
        raise MapError(str(p), 1, 1, f"cannot read the map: {exc}") from None
    return parse_map(text, str(p))


def parse_map(text: str, source: str = "<map>") -> QuestMap:
    """Parse map text; raise ``MapError`` with file, line and column on any mistake."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise MapError(source, 1, 1, "expected '---' opening the YAML front matter")
    try:
        close = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise MapError(source, len(lines), 1, "expected '---' closing the YAML front matter") from None
    ctx = _Ctx(source=source, grid_first_line=close + 2)
    front = _parse_front(ctx, "\n".join(lines[1:close]))
    grid = [ln.rstrip("\n") for ln in lines[close + 1 :]]
    while grid and not grid[-1].strip():
        grid.pop()
    if not grid:
        raise MapError(source, close + 2, 1, "expected the map grid after the front matter")
    return _Grid(ctx, front, grid).build()


# Front matter text -> (its YAML data, the line of each section key). Why: every new game of a
# quest parses the quest's map again, and reading the YAML is most of that (about 8 ms a game).
_FRONT_CACHE: dict[str, tuple[Any, dict[tuple[str, str], int]]] = {}


def _read_front(ctx: _Ctx, text: str) -> Any:
    """The front matter's YAML data (a fresh copy: the caller may change it); fills the key lines."""
    hit = _FRONT_CACHE.get(text)
    if hit is not None:
        ctx.key_lines.update(hit[1])
        return copy.deepcopy(hit[0])
    try:
        raw = safe_load(text)  # limits first: a plain compose would run into an alias bomb or deep nesting
        node = yaml.compose(text)
        raw = raw if node is not None else {}
    except LimitError as exc:
        raise ctx.err(1, 1, f"front matter refused: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 2 if mark else 1
        col = mark.column + 1 if mark else 1
        raise ctx.err(line, col, f"front matter is not valid YAML: {exc.problem}") from None
    lines: dict[tuple[str, str], int] = {}
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(value, yaml.MappingNode):
                for sub, _ in value.value:
                    lines[(str(key.value), str(sub.value))] = sub.start_mark.line + 2
    if len(_FRONT_CACHE) >= 64:
        _FRONT_CACHE.clear()
    _FRONT_CACHE[text] = (copy.deepcopy(raw), lines)
    ctx.key_lines.update(lines)
    return raw


def _parse_front(ctx: _Ctx, text: str) -> _FrontMatter:
    raw = _read_front(ctx, text)
    if not isinstance(raw, dict):
        raise ctx.err(2, 1, "front matter must be a mapping with name, areas and symbols")
    for section in ("areas", "symbols"):
        if isinstance(raw.get(section), dict):  # YAML reads a key like 1 as a number
            raw[section] = {str(k): v for k, v in raw[section].items()}
    try:
        return _FrontMatter.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise ctx.err(2, 1, f"front matter: {where}: {first['msg']}") from None


class _Grid:
    """Turns the grid lines plus the legend into a board and placements."""

    def __init__(self, ctx: _Ctx, front: _FrontMatter, lines: list[str]) -> None:
        self.ctx = ctx
        self.front = front
        self.lines = lines
        self.height = len(lines) // 2
        self.width = max(len(ln) for ln in lines) // 2
        self.symbols: dict[str, SymbolSpec] = {}
        for sym, spec in front.symbols.items():
            sym = str(sym)
            if len(sym) != 1:
                raise ctx.at_key("symbols", sym, f"symbol {sym!r} must be a single character")
            if sym in RESERVED or sym in terrain_by_symbol():
                raise ctx.at_key("symbols", sym, f"symbol {sym!r} is already taken by the map syntax")
            try:
                self.symbols[sym] = SymbolSpec.model_validate(spec)
            except ValidationError as exc:
                first = exc.errors()[0]
                msg = str(first["msg"]).removeprefix("Value error, ")
                where = ".".join(str(x) for x in first["loc"])
                raise ctx.at_key(
                    "symbols", sym, f"symbol {sym!r}: {where + ': ' if where else ''}{msg}"
                ) from None
        self.door_symbols = {s for s, spec in self.symbols.items() if spec.door is not None} | {DOOR}

    def char(self, g: int, c: int) -> str:
        line = self.lines[g] if g < len(self.lines) else ""
        return line[c] if c < len(line) else " "

    def cells(self) -> Iterator[tuple[int, int, str]]:
        for y in range(self.height):
            for x in range(self.width):
                yield x, y, self.char(2 * y + 1, 2 * x + 1)

    def build(self) -> QuestMap:
        ctx = self.ctx
        if self.width == 0 or self.height == 0:
            raise ctx.at_grid(0, 0, "the grid has no spaces (spaces sit on odd lines and columns)")
        self._check_chars()
        by_symbol = terrain_by_symbol()
        terrain: list[list[str | None]] = [[None] * self.width for _ in range(self.height)]
        specs: dict[Pos, tuple[str, SymbolSpec]] = {}
        for x, y, ch in self.cells():
            if ch == " ":
                continue
            if ch in by_symbol:
                terrain[y][x] = by_symbol[ch].id
            elif ch in self.symbols and self.symbols[ch].door is None:
                spec = self.symbols[ch]
                terrain[y][x] = spec.terrain or DEFAULT_TERRAIN
                specs[(x, y)] = (ch, spec)
            else:
                raise ctx.at_grid(
                    2 * y + 1,
                    2 * x + 1,
                    f"unknown space symbol {ch!r}: expected a terrain symbol "
                    f"({''.join(sorted(by_symbol))}), a symbol from 'symbols', or a blank for void",
                )
        walls, boundaries, door_edges = self._edges(terrain)
        doors = self._doors(door_edges)
        door_set = {e for d in doors for e in d.edges}
        area_ids, areas = self._areas(terrain, specs, walls | boundaries | door_set)
        markers = self._markers(specs)
        placements = self._placements(specs, area_ids)
        hero_areas = {p.area for p in placements if p.kind == "hero_start"}
        for a in areas:
            explicit = self.front.areas[a.id].get("revealed")
            a.revealed = bool(explicit) if explicit is not None else a.id in hero_areas
        board = load(Board, {  # validated: the board's own checks (grid sizes, ids, walls)
            "width": self.width,
            "height": self.height,
            "terrain": terrain,
            "area_ids": area_ids,
            "walls": sorted(walls),
            "doors": doors,
            "markers": markers,
            "areas": areas,
        })
        return QuestMap(name=self.front.name, board=board, placements=placements)

    def _check_chars(self) -> None:
        """Report the first wrong character in reading order (so a misaligned row is caught
        where it starts, not wherever a later pass trips over it)."""
        spaces = set(terrain_by_symbol()) | {s for s, spec in self.symbols.items() if spec.door is None}
        edges = {" ", BOUNDARY} | self.door_symbols
        for g, line in enumerate(self.lines):
            for c, ch in enumerate(line):
                if c > 2 * self.width or g > 2 * self.height:
                    if ch != " ":
                        raise self.ctx.at_grid(g, c, f"unexpected {ch!r} beyond the grid's last column")
                    continue
                if g % 2 and c % 2:
                    if ch != " " and ch not in spaces:
                        hint = " (is the row misaligned? spaces sit on odd columns)" if ch in "|-+" else ""
                        raise self.ctx.at_grid(
                            g,
                            c,
                            f"unknown space symbol {ch!r}: expected a terrain symbol "
                            f"({''.join(sorted(terrain_by_symbol()))}), a symbol from 'symbols', "
                            f"or a blank for void{hint}",
                        )
                elif g % 2 or c % 2:
                    wall = WALL_V if g % 2 else WALL_H
                    if ch != wall and ch not in edges:
                        other = WALL_H if wall == WALL_V else WALL_V
                        hint = " (is the row misaligned?)" if ch == other or ch in spaces else ""
                        raise self.ctx.at_grid(
                            g,
                            c,
                            f"unexpected {ch!r} on an edge: expected ' ', {wall!r}, {BOUNDARY!r} "
                            f"or a door symbol{hint}",
                        )

    def _edges(
        self, terrain: list[list[str | None]]
    ) -> tuple[set[Edge], set[Edge], dict[str, list[tuple[Edge, int, int]]]]:
        """Read every edge character: walls, area boundaries and door pieces."""
        walls: set[Edge] = set()
        boundaries: set[Edge] = set()
        doors: dict[str, list[tuple[Edge, int, int]]] = {}

        def is_space(p: Pos) -> bool:
            return 0 <= p[0] < self.width and 0 <= p[1] < self.height and terrain[p[1]][p[0]] is not None

        for y in range(self.height):
            for x in range(self.width + 1):  # vertical edges left of (x, y)
                g, c = 2 * y + 1, 2 * x
                self._edge_char(g, c, (x - 1, y), (x, y), WALL_V, is_space, walls, boundaries, doors)
        for y in range(self.height + 1):
            for x in range(self.width):  # horizontal edges above (x, y)
                g, c = 2 * y, 2 * x + 1
                self._edge_char(g, c, (x, y - 1), (x, y), WALL_H, is_space, walls, boundaries, doors)
        return walls, boundaries, doors

    def _edge_char(
        self,
        g: int,
        c: int,
        a: Pos,
        b: Pos,
        wall: str,
        is_space: Any,
        walls: set[Edge],
        boundaries: set[Edge],
        doors: dict[str, list[tuple[Edge, int, int]]],
    ) -> None:
        ch = self.char(g, c)
        both = is_space(a) and is_space(b)
        if ch == " ":
            return
        if ch == wall:
            if both:
                walls.add((a, b))
            return
        if ch == BOUNDARY:
            if both:
                boundaries.add((a, b))
            return
        if ch in self.door_symbols:
            if not both:
                raise self.ctx.at_grid(g, c, f"door {ch!r} must stand between two spaces")
            doors.setdefault(ch, []).append(((a, b), g, c))
            return
        other = WALL_H if wall == WALL_V else WALL_V
        hint = (
            f" ({other!r} belongs on the other kind of edge: is the row misaligned?)" if ch == other else ""
        )
        raise self.ctx.at_grid(
            g, c, f"unexpected {ch!r} on an edge: expected ' ', {wall!r}, {BOUNDARY!r} or a door symbol{hint}"
        )

    def _doors(self, door_edges: dict[str, list[tuple[Edge, int, int]]]) -> list[Door]:
        """Pair door pieces into doors: each door covers two edges side by side."""
        doors: list[Door] = []
        counter = 0
        for sym in sorted(door_edges, key=lambda s: min((g, c) for _, g, c in door_edges[s])):
            pieces = sorted(door_edges[sym], key=lambda t: (t[1], t[2]))
            # Upright edges pair with the one below; lying edges with the one to the right.
            pending = {e: (g, c) for e, g, c in pieces}
            made: list[tuple[Edge, Edge]] = []
            for e, g, c in pieces:
                if e not in pending:
                    continue
                (ax, ay), (bx, by) = e
                upright = ay == by
                partner: Edge = ((ax, ay + 1), (bx, by + 1)) if upright else ((ax + 1, ay), (bx + 1, by))
                if partner not in pending:
                    raise self.ctx.at_grid(
                        g,
                        c,
                        f"door {sym!r} covers only one space: a door stands between four spaces, "
                        f"so draw it on two {'rows' if upright else 'columns'} side by side",
                    )
                del pending[e]
                del pending[partner]
                made.append((e, partner))
            spec = self.symbols.get(sym)
            for k, edges in enumerate(made, start=1):
                counter += 1
                if spec is not None and spec.id:
                    did = spec.id if len(made) == 1 else f"{spec.id}-{k}"
                elif spec is not None and spec.door == "rune":
                    did = f"rune-door-{spec.colour}" + (f"-{k}" if len(made) > 1 else "")
                else:
                    did = f"door-{counter}"
                doors.append(
                    load(Door, {  # validated: two parallel edges, in order
                        "id": did,
                        "edges": edges,
                        "open": bool(spec and spec.open),
                        "rune": spec.colour if spec is not None and spec.door == "rune" else None,
                    })
                )
        return doors

    def _areas(
        self,
        terrain: list[list[str | None]],
        specs: dict[Pos, tuple[str, SymbolSpec]],
        closed: set[Edge],
    ) -> tuple[list[list[str | None]], list[Area]]:
        """Flood-fill the regions between walls, doors and boundaries; name each by its label."""
        area_ids: list[list[str | None]] = [[None] * self.width for _ in range(self.height)]
        declared = self.front.areas
        used: set[str] = set()
        for x0, y0, _ in self.cells():
            if terrain[y0][x0] is None or area_ids[y0][x0] is not None:
                continue
            region = [(x0, y0)]
            seen = {(x0, y0)}
            k = 0
            while k < len(region):
                x, y = region[k]
                k += 1
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    nx, ny = n
                    if not (0 <= nx < self.width and 0 <= ny < self.height) or n in seen:
                        continue
                    if terrain[ny][nx] is None:
                        continue
                    e = ((x, y), n) if (x, y) < n else (n, (x, y))
                    if e in closed:
                        continue
                    seen.add(n)
                    region.append(n)
            labels = {specs[p][1].area for p in region if p in specs and specs[p][1].area}
            if not labels:
                raise self.ctx.at_grid(
                    2 * y0 + 1,
                    2 * x0 + 1,
                    "this region (bounded by walls, doors and ':' boundaries) has no area label: "
                    "put a symbol with 'area: <id>' on one of its spaces",
                )
            if len(labels) > 1:
                raise self.ctx.at_grid(
                    2 * y0 + 1,
                    2 * x0 + 1,
                    f"one region carries several area labels {sorted(str(s) for s in labels)}: "
                    "separate them with a wall, a door or a ':' boundary",
                )
            (label,) = labels
            assert label is not None
            if label not in declared:
                raise self.ctx.at_grid(
                    2 * y0 + 1,
                    2 * x0 + 1,
                    f"area {label!r} is not declared under 'areas' in the front matter",
                )
            used.add(label)
            for x, y in region:
                area_ids[y][x] = label
        for aid in declared:
            if aid not in used:
                raise self.ctx.at_key(
                    "areas", aid, f"area {aid!r} is declared but labels no region of the grid"
                )
        areas = []
        for aid, spec in declared.items():
            extra = set(spec) - {"name", "revealed"}
            if extra:
                raise self.ctx.at_key("areas", aid, f"area {aid!r}: unknown keys {sorted(extra)}")
            areas.append(Area(id=aid, name=str(spec.get("name", aid))))
        return area_ids, areas

    def _markers(self, specs: dict[Pos, tuple[str, SymbolSpec]]) -> list[Marker]:
        counts: dict[str, int] = {}
        uses: dict[str, int] = {}
        for _sym, spec in specs.values():
            if spec.marker and spec.id:
                uses[spec.id] = uses.get(spec.id, 0) + 1
        markers = []
        seen_ids: dict[str, int] = {}
        glyphs = 0
        for pos in sorted(specs, key=lambda p: (p[1], p[0])):
            _sym, spec = specs[pos]
            if spec.marker is None:
                continue
            counts[spec.marker] = counts.get(spec.marker, 0) + 1
            if spec.id:
                seen_ids[spec.id] = seen_ids.get(spec.id, 0) + 1
                mid = spec.id if uses[spec.id] == 1 else f"{spec.id}-{seen_ids[spec.id]}"
            elif spec.marker in ("glyph", "dark_glyph"):
                # One count for both sides of a glyph: an id must not tell a hero seat which
                # glyph is dark (Rulebook: Dark Glyphs, placed face down).
                glyphs += 1
                mid = f"glyph-{glyphs}"
            else:
                mid = f"{spec.marker}-{counts[spec.marker]}"
            data = dict(spec.data)
            if spec.colour is not None:
                data["colour"] = spec.colour
            if spec.marker == "glyph":
                data["active"] = bool(spec.active)
            markers.append(load(Marker, {"id": mid, "kind": spec.marker, "pos": pos, "data": data}))
        return markers

    def _placements(
        self, specs: dict[Pos, tuple[str, SymbolSpec]], area_ids: list[list[str | None]]
    ) -> list[Placement]:
        out: list[Placement] = []
        done: set[Pos] = set()
        for pos in sorted(specs, key=lambda p: (p[1], p[0])):
            sym, spec = specs[pos]
            if pos in done or not (spec.hero_start or spec.monster):
                continue
            x, y = pos
            if spec.hero_start or spec.size == "1x1":
                fp = Footprint.single(pos)
            else:
                fp = self._figure_block(sym, spec, pos, specs)
            cells = fp.cells()
            done.update(cells)
            areas = {area_ids[cy][cx] for cx, cy in cells}
            if len(areas) != 1:
                raise self.ctx.at_grid(2 * y + 1, 2 * x + 1, f"figure {sym!r} straddles two areas")
            out.append(
                Placement(
                    kind="hero_start" if spec.hero_start else "monster",
                    monster=spec.monster,
                    master=spec.master,
                    footprint=fp,
                    area=area_ids[y][x],
                )
            )
        return out

    def _figure_block(
        self, sym: str, spec: SymbolSpec, pos: Pos, specs: dict[Pos, tuple[str, SymbolSpec]]
    ) -> Footprint:
        """A large figure is drawn by repeating its symbol over all its spaces."""
        x, y = pos
        w = 0
        while (x + w, y) in specs and specs[(x + w, y)][0] == sym:
            w += 1
        h = 0
        while (x, y + h) in specs and specs[(x, y + h)][0] == sym:
            h += 1
        sw, sh = spec.dims
        if (w, h) not in ((sw, sh), (sh, sw)):
            raise self.ctx.at_grid(
                2 * y + 1,
                2 * x + 1,
                f"figure {sym!r} is {spec.size}: draw its symbol on a {sw}x{sh} or {sh}x{sw} block "
                f"(found {w}x{h} starting here)",
            )
        fp = Footprint(x=x, y=y, w=w, h=h)
        for cx, cy in fp.cells():
            if specs.get((cx, cy), ("",))[0] != sym:
                raise self.ctx.at_grid(2 * cy + 1, 2 * cx + 1, f"figure {sym!r}: its block is not filled")
        return fp
