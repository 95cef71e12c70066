"""What a hero player may know and compute: visible spaces, path distances, attack values.

Why a module of its own: the hero AI (and later hero-side helpers such as hint displays) must
only use what a hero seat may see (``delve.engine.views``): revealed areas, figures standing in
them, public markers, the dice on the table. Everything here reads the game state but filters
it through those rules, so the AI built on top cannot cheat by accident:

- spaces of unrevealed areas are never entered by a path search (their shape is unknown);
- figures in unrevealed areas are not enemies the AI knows of;
- chest contents, the overlord's hand and the chance state are never read.

Attack values come from the exact odds calculator (``delve.odds``), with the query built from
the same ``AttackContext`` the engine would use for that attack (weapon dice, trait power dice,
surge abilities, Pierce...), so the AI values attacks by the rules, not by a guess.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from delve.api import player_rules
from delve.board.geometry import Footprint, Pos, distance
from delve.board.index import BoardIndex
from delve.board.los import cells_see, flat_indices
from delve.board.stair_range import attack_distance
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.odds import AttackQuery, attack_odds

INF = 1 << 30
REACH_RANGE = 2  # Rulebook: Reach (a melee attack with Reach hits at range 2)
DOOR_COST = 2  # Rulebook: Movement Actions (opening a door costs two movement points)
STAIRS_COST = 1  # Rulebook: Movement Actions (walking up or down a staircase)


def rules() -> Any:
    """The table's own arithmetic, through the API facade (players may not import the rules)."""
    return player_rules()


def on_board(figure: FigureState) -> bool:
    """Standing on the board: alive and not in town."""
    return figure.alive and not figure.in_town


# -- what a hero seat sees ---------------------------------------------------------------------
def visible_mask(game: Game) -> bytearray:
    """Per flat index: 1 when a hero seat may see the space (revealed area or no area). Looked
    up once per decision (``decision_memo``): the AI asks it for every space it weighs."""
    known = decision_memo(game, "visible_mask")
    found: bytearray | None = known.get(None)
    if found is None:
        found = known[None] = _visible_mask(game)
    return found


def _visible_mask(game: Game) -> bytearray:
    board = game.board
    ix = board.index()
    cached: bytearray | None = ix.cache.get("hero_visible")
    key = tuple(a.revealed for a in board.areas)
    if cached is not None and ix.cache.get("hero_visible_key") == key:
        return cached
    revealed = {a.id for a in board.areas if a.revealed}
    mask = bytearray(ix.width * ix.height)
    for y in range(ix.height):
        for x in range(ix.width):
            i = y * ix.width + x
            if not ix.space[i]:
                continue
            area = board.area_of((x, y))
            if area is None or area in revealed:
                mask[i] = 1
    ix.cache["hero_visible"] = mask
    ix.cache["hero_visible_bytes"] = bytes(mask)
    ix.cache["hero_visible_key"] = key
    return mask


def visible_bytes(game: Game) -> bytes:
    """``visible_mask`` as bytes, made once per mask: a part of cache keys (its hash is kept)."""
    visible_mask(game)
    found: bytes = game.board.index().cache["hero_visible_bytes"]
    return found


def seen(game: Game, pos: Pos) -> bool:
    """Whether a hero seat may see this space."""
    return seen_test(game)(pos)


def seen_test(game: Game) -> Callable[[Pos], bool]:
    """``seen`` for many spaces of one state: the seen spaces are looked up once."""
    ix = game.board.index()
    mask = visible_mask(game)
    w, h = ix.width, ix.height
    return lambda pos: 0 <= pos[0] < w and 0 <= pos[1] < h and bool(mask[pos[1] * w + pos[0]])


def visible_enemies(game: Game, hero: FigureState) -> list[FigureState]:
    """Enemies of the hero standing on spaces the heroes may see (worked out once per decision;
    the caller must not change the list)."""
    known = decision_memo(game, "visible_enemies")
    found: list[FigureState] | None = known.get(hero.side)
    if found is None:
        found = known[hero.side] = _visible_enemies(game, hero.side)
    return found


def _enemy_cells(game: Game, hero: FigureState) -> dict[Pos, FigureState]:
    """The visible enemy standing on each space (the first in ``visible_enemies`` order), once
    per decision and side."""
    known = decision_memo(game, "enemy_cells")
    found: dict[Pos, FigureState] | None = known.get(hero.side)
    if found is None:
        found = known[hero.side] = {}
        for enemy in visible_enemies(game, hero):
            for cell in enemy.footprint.cells():
                found.setdefault(cell, enemy)
    return found


def _visible_enemies(game: Game, side: str) -> list[FigureState]:
    ix = game.board.index()
    mask = visible_mask(game)
    w, h = ix.width, ix.height
    return [f for f in game.state.figures.values()
            if f.side != side and on_board(f)
            and any(0 <= x < w and 0 <= y < h and mask[y * w + x] for x, y in f.footprint.cells())]


def heroes_rune_keys(game: Game) -> set[str]:
    """Rune key colours the heroes hold (public: kept by the compass rose)."""
    return set(game.state.flags.get("rune_keys", []))


# -- path distances over seen spaces --------------------------------------------------------
def _openable_door_edges(game: Game) -> set[tuple[int, int]]:
    """Edges (as pairs of flat indices) of closed doors the heroes could open."""
    ix = game.board.index()
    keys = heroes_rune_keys(game)
    out: set[tuple[int, int]] = set()
    for door in game.board.doors:
        if door.open or (door.rune and door.rune not in keys):
            continue
        for a, b in door.edges:
            ia, ib = ix.idx(a), ix.idx(b)
            out.add((ia, ib))
            out.add((ib, ia))
    return out


def distance_field(game: Game, sources: Iterable[tuple[Pos, int]]) -> list[int]:
    """Movement cost from every seen space to the nearest source (each with a start bias).

    A multi-source Dijkstra over seen spaces only, walking like a one-space hero (eight
    directions, a diagonal needs one open L route, terrain costs, blocking terrain skipped),
    through closed doors the heroes may open at the door's cost. Figures are ignored: they
    move, and friends may be passed.

    Remembered per process under a key of everything it depends on (``_walk_key`` and the
    sources, sorted: the shortest distances do not depend on their order), so the same field
    asked for again on an equal view (the next decision, or a view rebuilt for a change the
    walk cannot see) costs one lookup. The caller must not change the list it gets."""
    ix = game.board.index()
    walk = _walk_key(game)
    given = tuple(sorted(sources))
    key = (walk, given)
    field = _FIELDS.get(key)
    if field is None:
        field = _remember(_FIELDS, key, _dijkstra(ix, _steps(game, walk), given))
    return field


def _dijkstra(ix: BoardIndex, steps: Steps, sources: Iterable[tuple[Pos, int]]) -> list[int]:
    """The multi-source Dijkstra of ``distance_field`` over a step table. The heap holds each
    (distance, space) pair packed into one integer (``_PACK``), which orders as the pair does
    and compares faster than a tuple."""
    bounds, edges = steps
    cost_mask = (1 << _COST_BITS) - 1
    n = ix.width * ix.height
    dist = [INF] * n
    heap: list[int] = []
    for pos, bias in sources:
        if not ix.on_board(pos):
            continue
        i = ix.idx(pos)
        if ix.space[i] and bias < dist[i]:
            dist[i] = bias
            heapq.heappush(heap, bias << _PACK | i)
    pop, push = heapq.heappop, heapq.heappush
    mask = (1 << _PACK) - 1
    while heap:
        packed = pop(heap)
        d, c = packed >> _PACK, packed & mask
        if d > dist[c]:
            continue
        for edge in edges[bounds[c]:bounds[c + 1]]:
            j = edge >> _COST_BITS
            nd = d + (edge & cost_mask)
            if nd < dist[j]:
                dist[j] = nd
                push(heap, nd << _PACK | j)
    return dist


# Tables derived from pure values, remembered per process. Why not on the board's view: a view
# is rebuilt for every change of markers, doors or areas, and many rebuilds give a view equal
# to one met before (a potion picked up, a game of the same quest); the keys hold every input
# (``_view_key`` and the hero side's sight), never an object's identity or the order things
# were met in, so a lookup returns exactly what recomputing would, in any process.
# Entries per table; a full table is emptied (its values are recomputed as needed). A step table
# is a few hundred KB on the largest boards, a field or a frontier a few KB.
STEP_TABLES_KEPT = 64
FIELDS_KEPT = 256
_STEP_TABLES: dict[tuple[Any, ...], Steps] = {}
_FRONTIERS: dict[tuple[Any, ...], list[Pos]] = {}
_FIELDS: dict[tuple[Any, ...], list[int]] = {}


def _remember(table: dict[Any, Any], key: Any, value: Any, limit: int = FIELDS_KEPT) -> Any:
    """Store ``value`` under ``key`` (emptying the table first when it holds ``limit``); return it."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value


def _view_key(ix: BoardIndex) -> tuple[Any, ...]:
    """What the walk and the frontier read of a board view, as a value (kept on the view)."""
    key: tuple[Any, ...] | None = ix.cache.get("hero_view_key")
    if key is None:
        costs = tuple(None if t is None else t.move_cost for t in ix.terr)
        key = (ix.width, ix.height, bytes(ix.space), bytes(ix.move_block), bytes(ix.wall_e), bytes(ix.wall_s),
               costs)
        ix.cache["hero_view_key"] = key
    return key


def _walk_key(game: Game) -> tuple[Any, ...]:
    """Everything the hero side's step table depends on: the view, the seen spaces, the doors
    the heroes may open and the seen staircases."""
    ix = game.board.index()
    stairs = seen_stair_links(game)
    return (_view_key(ix), visible_bytes(game), frozenset(_openable_door_edges(game)),
            tuple(sorted((k, tuple(v)) for k, v in stairs.items())))


def _steps(game: Game, walk: tuple[Any, ...] | None = None) -> Steps:
    """The steps ``distance_field`` may take, from every space (``Steps``).

    Why a table: the field is asked for many times per turn with different sources, while the
    steps change only when the board, the seen areas, the openable doors or the seen staircases
    do; the table is remembered under a key of those (``_walk_key``)."""
    key = walk if walk is not None else _walk_key(game)
    steps = _STEP_TABLES.get(key)
    if steps is None:
        steps = _remember(_STEP_TABLES, key, _build_steps(game), STEP_TABLES_KEPT)
    return steps


# (row starts, edges): the steps from flat index ``c`` are ``edges[starts[c]:starts[c + 1]]``,
# each the neighbour's flat index and the step's cost packed into one integer
# (``neighbour << _COST_BITS | cost``): a compressed sparse row table read with one slice.
Steps = tuple[list[int], list[int]]
_PACK = 24  # bits of a space's flat index in a packed heap entry (boards are far smaller)
_COST_BITS = 16  # bits of a step's cost in a packed edge (a step costs a few points)
_BLOCKED = 1 << 20  # an edge cost meaning "no way through"
_DIRECTIONS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _build_steps(game: Game) -> Steps:
    """The step table of ``_steps``, built over whole arrays of the view.

    From every space (seen or not: a source may stand on an unseen space, a large foe) to each
    of its eight neighbours that is seen and not blocking: an orthogonal step needs its edge
    open, a diagonal one an open L route (the cheaper of the two); a closed door the heroes may
    open costs ``DOOR_COST`` more; entering costs the terrain's movement cost (at least 1).
    Seen staircases lead to their seen twins at ``STAIRS_COST``."""
    ix = game.board.index()
    w, h = ix.width, ix.height
    n = w * h
    space = np.frombuffer(bytes(ix.space), dtype=np.uint8).astype(bool)
    enter = (np.frombuffer(bytes(visible_mask(game)), dtype=np.uint8).astype(bool)
             & ~np.frombuffer(bytes(ix.move_block), dtype=np.uint8).astype(bool))
    east = np.where(np.frombuffer(bytes(ix.wall_e), dtype=np.uint8) != 0, _BLOCKED, 0).astype(np.int64)
    south = np.where(np.frombuffer(bytes(ix.wall_s), dtype=np.uint8) != 0, _BLOCKED, 0).astype(np.int64)
    for a, b in _openable_door_edges(game):
        lo, hi = min(a, b), max(a, b)
        if 0 <= lo < n:
            edges = east if hi - lo == 1 else south
            if edges[lo]:
                edges[lo] = DOOR_COST
    terrain = np.array([1 if t is None else max(1, t.move_cost) for t in ix.terr], dtype=np.int64)
    cells = np.arange(n)
    xs, ys = cells % w, cells // w
    src: list[Any] = []
    dst: list[Any] = []
    cost: list[Any] = []
    for dx, dy in _DIRECTIONS:
        c = cells[space & (xs + dx >= 0) & (xs + dx < w) & (ys + dy >= 0) & (ys + dy < h)]
        j = c + dx + dy * w
        c, j = c[enter[j]], j[enter[j]]
        if dy == 0:
            extra = east[np.minimum(c, j)]
        elif dx == 0:
            extra = south[np.minimum(c, j)]
        else:
            sx, sy = c + dx, c + dy * w
            extra = np.minimum(east[np.minimum(c, sx)] + south[np.minimum(sx, j)],
                               south[np.minimum(c, sy)] + east[np.minimum(sy, j)])
        ok = extra < _BLOCKED
        src.append(c[ok])
        dst.append(j[ok])
        cost.append(terrain[j[ok]] + extra[ok])
    stairs = [(c, j) for c, links in seen_stair_links(game).items() if ix.space[c] for j in links]
    if stairs:
        src.append(np.array([c for c, _ in stairs], dtype=np.int64))
        dst.append(np.array([j for _, j in stairs], dtype=np.int64))
        cost.append(np.full(len(stairs), STAIRS_COST, dtype=np.int64))
    all_src = np.concatenate(src)
    order = np.argsort(all_src, kind="stable")
    starts = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(all_src, minlength=n), out=starts[1:])
    costs = np.concatenate(cost)[order]
    if len(costs) and int(costs.max()) >= 1 << _COST_BITS:
        raise ValueError("a step costs more than a packed edge holds")
    return starts.tolist(), (np.concatenate(dst)[order] << _COST_BITS | costs).tolist()


def seen_stair_links(game: Game) -> dict[int, list[int]]:
    """Seen staircases linked to the other seen staircases of their colour (flat indices)."""
    ix = game.board.index()
    by_colour: dict[str, list[int]] = {}
    for marker in game.board.markers:
        if marker.kind == "staircase" and seen(game, marker.pos):
            by_colour.setdefault(str(marker.data.get("colour", "")), []).append(ix.idx(marker.pos))
    links: dict[int, list[int]] = {}
    for group in by_colour.values():
        for a in group:
            links[a] = [b for b in group if b != a]
    return links


def unexplored_stairs(game: Game) -> list[Pos]:
    """Seen staircases with no seen twin: their far end lies in an unrevealed area."""
    colours: dict[str, list[Pos]] = {}
    for marker in game.board.markers:
        if marker.kind == "staircase" and seen(game, marker.pos):
            colours.setdefault(str(marker.data.get("colour", "")), []).append(marker.pos)
    return [group[0] for group in colours.values() if len(group) == 1]


def field_at(game: Game, field: list[int], fp: Footprint) -> int:
    """The field's value for a figure's footprint (its best space)."""
    return field_at_xy(game.board.index(), field, fp.x, fp.y, fp.w, fp.h)


def field_at_xy(ix: BoardIndex, field: list[int], x: int, y: int, w: int, h: int) -> int:
    """``field_at`` for the footprint at ``x, y`` of ``w`` by ``h`` spaces, without building it:
    a move decision asks this of every move it offers."""
    if w == 1 and h == 1:  # most footprints asked about: one space, no generator
        return field[y * ix.width + x] if 0 <= x < ix.width and 0 <= y < ix.height else INF
    return min((field[ix.idx(c)] for c in Footprint(x=x, y=y, w=w, h=h).cells() if ix.on_board(c)), default=INF)


def frontier_spaces(game: Game) -> list[Pos]:
    """Seen spaces next to unseen ones through an edge without a wall (or through a door):
    where exploring goes on. Only what the heroes can see is used: the walls round the seen
    spaces and the doors drawn on them."""
    ix = game.board.index()
    mask = visible_mask(game)
    doors = _openable_door_edges(game)
    key = (_view_key(ix), visible_bytes(game), frozenset(doors))
    found = _FRONTIERS.get(key)
    if found is None:
        found = _remember(_FRONTIERS, key, _build_frontier(ix, mask, doors))
    return list(found)


def _build_frontier(ix: BoardIndex, mask: bytearray, doors: set[tuple[int, int]]) -> list[Pos]:
    """The spaces of ``frontier_spaces``, from the view, the seen spaces and the doors."""
    w = ix.width
    out: list[Pos] = []
    for c in range(ix.width * ix.height):
        if not mask[c]:
            continue
        cx, cy = c % w, c // w
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = cx + dx, cy + dy
            if not (0 <= nx < w and 0 <= ny < ix.height):
                continue
            j = ny * w + nx
            if mask[j]:
                continue
            lo, hi = (c, j) if c < j else (j, c)
            blocked = ix.wall_e[lo] if hi - lo == 1 else ix.wall_s[lo]
            if (not blocked and ix.space[j]) or (c, j) in doors:
                out.append((cx, cy))
                break
    return out


# -- attacks ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AttackValue:
    """How good one attack is: P(kill), expected wounds, P(hit); ``score`` ranks them."""

    kill: float
    expected: float
    hit: float
    score: float


def query_for(game: Game, ctx: Any, target: FigureState, *, aimed: bool = False,
              fatigue: int = 0) -> AttackQuery:
    """The odds query of an attack as the engine would build it (public information only)."""
    fear = sum(a.rank or 1 for a in target.abilities if a.name == "Fear")
    profile_type = ctx.attack_type if ctx.attack_type in ("melee", "ranged", "magic") else "melee"
    return AttackQuery(
        dice=tuple(ctx.dice), power=min(5, ctx.power), fatigue=fatigue,
        attack_type="melee" if ctx.ignore_range else profile_type,  # type: ignore[arg-type]
        range=0 if ctx.ignore_range or profile_type == "melee" else ctx.range_needed,
        armor=rules().armor_value(game, target), pierce=ctx.abilities.get("Pierce", 0),
        surge_abilities=tuple(o.as_math() for o in ctx.surge_options), aim=aimed,
        dodge=target.kind == "hero" and target.order == "dodge",
        kill=max(1, target.wounds), bonus_damage=ctx.bonus_damage, bonus_range=ctx.bonus_range,
        sorcery=ctx.abilities.get("Sorcery", 0), fear=fear, bash="Bash" in ctx.abilities,
        ironskin="Pierce" in target.immunities,
    )


def target_weight(game: Game, target: FigureState) -> float:
    """How much killing this figure matters: the quest's named foe most, masters more."""
    goals = game.state.flags.get("goals", {}).get("heroes", [])
    if any(g.get("kill_named") and g["kill_named"] in (target.content_id, target.id) for g in goals):
        return 4.0
    if target.named:
        return 2.5
    return 1.5 if target.master else 1.0


def decision_memo(game: Game, name: str) -> dict[Any, Any]:
    """A scratch table for values computed while answering the pending decision of ``game``.

    Kept in the game's own memo of the pending decision (``Game.decision_memo``: a new one with
    every ``decide``), so a value is reused within one decision and never leaks into another
    game, a later state, or a copy of the game that has since gone another way. (A table on
    the board's view, keyed by ``state.serial``, was shared by copies that share the view: two
    look-ahead copies at the same serial but in different states read each other's values.)"""
    memo = game.decision_memo
    table: dict[Any, Any] | None = memo.get(("ai", name))
    if table is None:
        table = memo[("ai", name)] = {}
    return table


def value_attack(game: Game, hero: FigureState, weapon: str, target_pos: Pos, target: FigureState,
                 *, aimed: bool = False, at: Footprint | None = None) -> AttackValue:
    """The exact value of one hero attack on ``target`` from where the hero stands, or from
    ``at`` (look-ahead: the hero as if moved there). Memoised for the current decision only
    (``decision_memo``): the attack context is the costly part."""
    fp = hero.footprint if at is None else at
    values = decision_memo(game, "hero_attack_values")
    attack = (hero.id, tuple(hero.equipped), tuple(sorted(hero.traits.items())),
              tuple((a.name, a.rank) for a in hero.abilities), hero.order, weapon, target_pos,
              target.id, target.wounds, target.armor, tuple((a.name, a.rank) for a in target.abilities),
              target.order, aimed)
    key = (attack, fp)
    cached = values.get(key)
    if cached is not None:
        return cached
    if rules().immune_from(game, fp, target):
        return AttackValue(0.0, 0.0, 0.0, 0.0)  # e.g. Shadowcloak against a hero not adjacent
    # Where the hero stands changes the attack only through its range (``hero_attack_context``
    # reads the footprint for ``range_needed`` alone; tests/ai/test_ai_caches.py checks it), so
    # the many footprints a move decision weighs share one value per range.
    by_range = (attack, attack_distance(game.board, fp, target_pos))
    cached = values.get(by_range)
    if cached is not None:
        values[key] = cached
        return cached
    moved = hero if fp == hero.footprint else replace(hero, footprint=fp)
    ctx = rules().hero_attack_context(game, moved, weapon, target_pos)
    try:
        odds = attack_odds(query_for(game, ctx, target, aimed=aimed))
    except ValueError:
        return AttackValue(0.0, 0.0, 0.0, 0.0)
    kill = float(odds.kill or 0.0)
    expected = float(odds.expected_wounds)
    weight = target_weight(game, target)
    # Kill chance first, then expected wounds (a kill removes the monster's next attack).
    score = weight * (4.0 * kill + expected / max(1, target.max_wounds) + 0.1 * expected)
    value = AttackValue(kill, expected, float(odds.hit), score)
    values[key] = values[by_range] = value
    return value


WORTH_EXPECTED = 0.25  # wounds: a cheaper attack is a wasted action (walk closer instead)
WORTH_KILL = 0.05


def worth_making(value: AttackValue) -> bool:
    """Whether an attack is worth an action: a long shot that almost never hits is not (a hero
    shooting 0.007 expected wounds at a boss every turn, instead of walking up, lost a game)."""
    return value.expected >= WORTH_EXPECTED or value.kill >= WORTH_KILL


def attack_options(game: Game, hero: FigureState) -> list[tuple[str, str, bool, int]]:
    """(weapon id, attack type, reach, blast) of every way the hero can attack now (worked out
    once per decision and hero; the caller must not change the list)."""
    known = decision_memo(game, "attack_options")
    key = (hero.id, hero.footprint)
    found: list[tuple[str, str, bool, int]] | None = known.get(key)
    if found is None:
        found = known[key] = _attack_options(game, hero)
    return found


def _attack_options(game: Game, hero: FigureState) -> list[tuple[str, str, bool, int]]:
    own_blast = sum(a.rank for a in hero.abilities if a.name == "Blast")
    options = [(w.id, w.attack_type or "melee", any(a.name == "Reach" for a in w.abilities),
                own_blast + sum((a.rank or 0) for a in w.abilities if a.name == "Blast"))
               for w in rules().weapons(game, hero)]
    if not options:
        options = [(rules().UNARMED, "melee", False, 0)]
    return options


def best_attack_from(game: Game, hero: FigureState, fp: Footprint) -> tuple[float, str, Pos] | None:
    """The best attack the hero could make if he stood on ``fp``: (score, weapon, target space)."""
    enemies = visible_enemies(game, hero)
    if not enemies:
        return None
    by_cell = _enemy_cells(game, hero)
    best: tuple[float, str, Pos] | None = None
    spaces: dict[tuple[str, bool], list[Pos]] = {}  # weapons of one kind and reach see the same targets
    nearest: int | None = None  # range from ``fp`` to the nearest enemy space, worked out when asked
    for weapon, attack_type, reach, _blast in attack_options(game, hero):
        if attack_type == "melee":
            if nearest is None:
                if fp.w == 1 and fp.h == 1:  # most footprints asked about: one space
                    x, y = fp.x, fp.y
                    nearest = min(max(abs(x - ex), abs(y - ey)) for ex, ey in by_cell)  # ``distance``
                else:
                    nearest = min(distance(c, e) for c in fp.cells() for e in by_cell)
            if nearest > (2 if reach else 1):
                continue
        targets = spaces.get((attack_type, reach))
        if targets is None:
            targets = spaces[(attack_type, reach)] = target_spaces_from(game, hero, fp, attack_type, reach,
                                                                         enemies)
        for pos in targets:
            target = by_cell.get(pos)
            if target is None:
                continue
            value = value_attack(game, hero, weapon, pos, target, at=fp)
            if not worth_making(value):
                continue
            if best is None or value.score > best[0]:
                best = (value.score, weapon, pos)
    return best


@dataclass(slots=True)
class _Sight:
    """What the rules' ``target_spaces`` reads of the other figures for one attacker, in one
    state: the attacker's enemies on the board, who stands on each space (the first figure, as
    the rules' ``figure_at`` finds it) and the flat indices of every other figure (the blockers),
    with per occupant the blockers less its own spaces (a target never blocks the line to it)."""

    enemies: list[FigureState]
    occupants: dict[Pos, FigureState]
    blocking: set[int]
    unblocked: dict[str, set[int]]


def _sight(game: Game, hero: FigureState) -> _Sight:
    """``_Sight`` for the hero, worked out once per decision (``decision_memo``)."""
    known = decision_memo(game, "target_sight")
    found: _Sight | None = known.get(hero.id)
    if found is None:
        occupants: dict[Pos, FigureState] = {}
        others: list[Pos] = []
        for figure in game.state.figures.values():
            if on_board(figure):
                for cell in figure.footprint.cells():
                    occupants.setdefault(cell, figure)
                    if figure.id != hero.id:
                        others.append(cell)
        enemies = [f for f in game.state.figures.values() if f.side != hero.side and on_board(f)]
        found = known[hero.id] = _Sight(enemies, occupants, flat_indices(game.board, others), {})
    return found


def target_spaces_from(game: Game, hero: FigureState, fp: Footprint, attack_type: str, reach: bool,
                       among: list[FigureState] | None = None) -> list[Pos]:
    """The rules' ``target_spaces`` (without Blast) of the hero as if he stood on ``fp``: one
    space per enemy he could attack from there, the nearest he sees of a large one. With
    ``among`` (enemies on the board), only the spaces of those enemies: each enemy's space is
    found apart from the others', so these are the rules' spaces that lie on them (the AI
    weighs only the enemies the heroes can see, ``visible_enemies``).

    Why not the rules' function: a move decision asks it for every footprint the hero could
    end on, and the rules build the figures' spaces and blockers again per call; here they are
    built once per decision (``_Sight``) and only the ranges and sight lines are per footprint.
    Equal to the rules' answer for every footprint (tests/ai/test_ai_caches.py)."""
    sight = _sight(game, hero)
    if not sight.enemies:
        return []
    board = game.board
    cells = fp.cells()
    large = fp.size > 1
    blocking = sight.blocking - flat_indices(board, cells) if large else sight.blocking
    limit = REACH_RANGE if reach else 1
    melee = attack_type == "melee"
    spaces: set[Pos] = set()
    for enemy in sight.enemies if among is None else among:
        for rng, y, x in sorted((attack_distance(board, fp, c), c[1], c[0]) for c in enemy.footprint.cells()):
            if rng == 0 or (melee and rng > limit):
                continue
            occupant = sight.occupants.get((x, y))
            figures: set[int] | None = blocking
            if occupant is not None:
                figures = None if large else sight.unblocked.get(occupant.id)
                if figures is None:
                    figures = blocking - flat_indices(board, occupant.footprint.cells())
                    if not large:
                        sight.unblocked[occupant.id] = figures
            if cells_see(board, cells, (x, y), figures or set()):
                spaces.add((x, y))
                break
    return sorted(spaces, key=lambda p: (p[1], p[0]))
