"""What both automated overlords compute: arcs, ranges, path distances, attack values, look-ahead.

Why a shared module: the solo procedure (``solo_overlord``) and the stronger overlord AI
(``overlord_ai``) read the same geometry and value attacks with the same exact odds; only the
choices they make from it differ. Players sit above ``delve.api`` and may not import the rules
(``tests/test_layers.py``), so this module works from the board, the state, the content pack and
``delve.odds``; where an exact answer matters (how a spend turns into wounds) it clones the game
and applies the choice on the copy. The overlord may see everything (``delve.engine.views``
overlord semantics) but the chance state is never read: a clone is only used to resolve choices
that involve no further dice.

Definitions (docs/solo-overlord.md, "Geometry"):

- facing: ``FigureState.facing``, the direction of a figure's last move or attack;
- front arc of a figure: spaces whose offset from its centre has a positive dot product with its
  facing; rear arc: negative; a zero product (straight to the side) is neither;
- short range of a monster: ``speed + 1`` spaces (it can reach and strike this activation);
  long range: ``2 * speed + 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from delve.api import open_pack
from delve.board.geometry import Footprint, Pos
from delve.board.los import footprint_line_of_sight
from delve.board.movement import walk_distances
from delve.content.pack import Pack
from delve.content.schema import OverlordCard
from delve.engine.decision import Choice, Decision, Event
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.odds import AttackQuery, OddsResult, attack_odds

INF = 1 << 20
FIELD_BUDGET = 60  # movement points searched for path distances: more than any board needs
COMBAT = ("red", "blue", "white", "green", "yellow")


# -- content ---------------------------------------------------------------------------------
@cache
def _pack(name: str) -> Pack:
    return open_pack(name)


def pack(game: Game) -> Pack:
    """The content pack of this game (cached: packs are read once)."""
    return _pack(game.state.pack)


def card(game: Game, card_id: str) -> OverlordCard | None:
    """An overlord card of the pack, or None for ids the pack does not know."""
    return pack(game).overlord.get(card_id)


# -- figures and geometry ----------------------------------------------------------------------
def on_board(figure: FigureState) -> bool:
    """Standing on the board: alive and not in town."""
    return figure.alive and not figure.in_town


def heroes(game: Game) -> list[FigureState]:
    """Heroes standing on the board."""
    return [h for h in game.state.heroes() if on_board(h)]


def monsters(game: Game) -> list[FigureState]:
    """The overlord's monsters standing on the board."""
    return [m for m in game.state.monsters() if on_board(m) and m.side == "overlord"]


def fp_distance(a: Footprint, b: Footprint) -> int:
    """Range between two footprints: fewest king moves between any of their spaces."""
    dx = max(0, b.x - (a.x + a.w - 1), a.x - (b.x + b.w - 1))
    dy = max(0, b.y - (a.y + a.h - 1), a.y - (b.y + b.h - 1))
    return max(dx, dy)


def distance(a: FigureState, b: FigureState) -> int:
    """Range between two figures."""
    return fp_distance(a.footprint, b.footprint)


def centre(fp: Footprint) -> tuple[float, float]:
    """The middle of a footprint (a large figure's arcs start from its centre)."""
    return (fp.x + (fp.w - 1) / 2, fp.y + (fp.h - 1) / 2)


def _arc_dot(viewer: FigureState, other: Footprint) -> float:
    cx, cy = centre(viewer.footprint)
    ox, oy = centre(other)
    return (ox - cx) * viewer.facing[0] + (oy - cy) * viewer.facing[1]


def in_front_arc(viewer: FigureState, other: Footprint) -> bool:
    """Whether ``other`` is in front of ``viewer`` (positive dot product with its facing)."""
    return _arc_dot(viewer, other) > 0


def in_rear_arc(viewer: FigureState, other: Footprint) -> bool:
    """Whether ``other`` is behind ``viewer`` (negative dot product with its facing)."""
    return _arc_dot(viewer, other) < 0


def short_range(monster: FigureState) -> int:
    """Spaces within which a monster counts as near a hero: it can reach and strike now."""
    return monster.speed + 1


def long_range(monster: FigureState) -> int:
    """Spaces within which a monster counts as within two activations of a hero."""
    return 2 * monster.speed + 1


def nearest_hero_distance(game: Game, figure: FigureState, fp: Footprint | None = None) -> int:
    """Range from ``fp`` (default: where the figure stands) to the nearest hero on the board."""
    at = fp or figure.footprint
    return min((fp_distance(at, h.footprint) for h in heroes(game)), default=INF)


# -- heroes as targets -------------------------------------------------------------------------
def hero_armor(game: Game, hero: FigureState) -> int:
    """Base armor plus equipped items' armor (shields absorb separately)."""
    items = pack(game).items
    return hero.armor + sum(items[i].armor for i in hero.equipped if i in items and items[i].kind != "shield")


def hero_shield(game: Game, hero: FigureState) -> int:
    """Wounds a ready shield would absorb."""
    items = pack(game).items
    return max((items[i].shield_absorb for i in hero.equipped
                if i in items and items[i].kind == "shield" and i not in hero.exhausted), default=0)


def hero_attack_dice(game: Game, hero: FigureState) -> int:
    """Combat dice of the hero's best equipped weapon (one red die unarmed)."""
    items = pack(game).items
    return max((len(items[i].dice) for i in hero.equipped if i in items and items[i].attack_type), default=1)


def adjacent_monsters(game: Game, hero: FigureState, exclude: str = "") -> int:
    """Monsters adjacent to a hero."""
    return sum(1 for m in monsters(game) if m.id != exclude and fp_distance(m.footprint, hero.footprint) == 1)


def adjacent_heroes(game: Game, hero: FigureState) -> int:
    """Other heroes adjacent to a hero."""
    return sum(1 for h in heroes(game) if h.id != hero.id and fp_distance(h.footprint, hero.footprint) == 1)


def outnumbered(game: Game, hero: FigureState, attacker: FigureState, at: Footprint) -> bool:
    """A hero is outnumbered when the monsters around him, counting the activated monster where it
    would attack from if it is adjacent there, are more than he and the heroes beside him."""
    count = adjacent_monsters(game, hero, exclude=attacker.id) + (1 if fp_distance(at, hero.footprint) == 1 else 0)
    return count > 1 + adjacent_heroes(game, hero)


def target_priority(game: Game, attacker: FigureState, at: Footprint, hero: FigureState) -> tuple[int, ...]:
    """The solo procedure's target order as a sort key (smaller first): attackable in his rear arc,
    outnumbered, lowest armor, fewest attack dice; then nearest, then id for a stable order."""
    return (0 if in_rear_arc(hero, at) else 1, 0 if outnumbered(game, hero, attacker, at) else 1,
            hero_armor(game, hero), hero_attack_dice(game, hero), fp_distance(at, hero.footprint))


def priority_hero(game: Game, attacker: FigureState) -> FigureState | None:
    """The hero the solo procedure targets from where the monster stands."""
    candidates = heroes(game)
    if not candidates:
        return None
    return min(candidates, key=lambda h: (*target_priority(game, attacker, attacker.footprint, h), h.id))


# -- attacks --------------------------------------------------------------------------------
def monster_dice(monster: FigureState) -> tuple[str, ...]:
    """A monster's combat dice; morph dice are valued as red dice."""
    return tuple(d if d in COMBAT else "red" for d in monster.dice)


def rank(figure: FigureState, ability: str) -> int:
    """The summed rank of an ability (1 for an unranked one it has), 0 without it."""
    found = [a for a in figure.abilities if a.name == ability]
    return sum(max(1, a.rank) for a in found)


def attack_type_of(monster: FigureState) -> str:
    """How the monster attacks (morph monsters are valued as melee)."""
    return monster.attack_type if monster.attack_type in ("melee", "ranged", "magic") else "melee"


def attack_reach(monster: FigureState) -> int:
    """Melee range: 1, or 2 with Reach; ranged and magic attacks have no fixed limit."""
    if attack_type_of(monster) != "melee":
        return INF
    return 2 if rank(monster, "Reach") else 1


def odds(game: Game, monster: FigureState, hero: FigureState, rng: int) -> OddsResult:
    """Exact odds of the monster's attack on the hero at range ``rng``."""
    dice = monster_dice(monster) or ("red",)
    kind = attack_type_of(monster)
    query = AttackQuery(dice=dice, attack_type=kind,  # type: ignore[arg-type]
                        range=0 if kind == "melee" else rng, armor=hero_armor(game, hero),
                        shield=hero_shield(game, hero), pierce=rank(monster, "Pierce"), overlord=True,
                        dodge=hero.order == "dodge", bash=bool(rank(monster, "Bash")),
                        ironskin="Pierce" in hero.immunities)
    return attack_odds(query)


@cache
def _max_range(dice: tuple[str, ...], kind: str) -> int:
    best = 1
    for rng in range(2, 12):
        if attack_odds(AttackQuery(dice=dice, attack_type=kind, range=rng)).hit >= 0.5:  # type: ignore[arg-type]
            best = rng
    return best


def max_range(monster: FigureState) -> int:
    """A shooter's "maximum range": the farthest range its dice reach at least half the time."""
    kind = attack_type_of(monster)
    if kind == "melee":
        return attack_reach(monster)
    return _max_range(monster_dice(monster) or ("blue",), kind)


def blockers(game: Game, *exclude: str) -> set[Pos]:
    """Spaces of figures that block sight, leaving out the given figures."""
    return {c for f in game.state.figures.values() if on_board(f) and f.id not in exclude for c in f.footprint.cells()}


def attack_cell(game: Game, monster: FigureState, at: Footprint, hero: FigureState,
                blocked: set[Pos] | None = None) -> Pos | None:
    """The hero's space the monster could attack from ``at`` (range and sight), or None."""
    cells = hero.footprint.cells()
    # Ranges first (most candidate spaces of a melee monster are out of reach of every space of
    # the hero), so the sight blockers are gathered only when a line has to be traced.
    in_reach = _in_reach(at, cells, attack_reach(monster))
    if not in_reach:
        return None
    block = blockers(game, monster.id, hero.id) if blocked is None else blocked - set(cells)
    return first_in_sight(game, at, in_reach, frozenset(block))


def _in_reach(at: Footprint, cells: Iterable[Pos], reach: int) -> list[Pos]:
    """The ``cells`` within ``reach`` of a figure on ``at`` (range, not sight; never its own)."""
    x0, y0, x1, y1 = at.x, at.y, at.x + at.w - 1, at.y + at.h - 1
    return [c for c in cells if 0 < max(0, c[0] - x1, x0 - c[0], c[1] - y1, y0 - c[1]) <= reach]


class AttackCells:
    """``attack_cell(game, monster, at, hero, blocked)`` as a function of ``(at, hero)``, for an
    activation that asks about every space it could move to: the monster's reach and each
    hero's sight blockers (as one frozen set, whose hash is then computed once) are worked out
    once, not per space. The range part (``in_reach``) and the sight part (``sees``) may be
    asked apart, so a caller can trace sight lines only for the spaces still worth it."""

    def __init__(self, game: Game, monster: FigureState, blocked: set[Pos]) -> None:
        self.game = game
        self.reach = attack_reach(monster)
        self.blocked = blocked
        self.per_hero: dict[str, tuple[tuple[Pos, ...], frozenset[Pos]]] = {}

    def _hero(self, hero: FigureState) -> tuple[tuple[Pos, ...], frozenset[Pos]]:
        known = self.per_hero.get(hero.id)
        if known is None:
            cells = hero.footprint.cells()
            known = self.per_hero[hero.id] = (cells, frozenset(self.blocked - set(cells)))
        return known

    def in_reach(self, at: Footprint, hero: FigureState) -> list[Pos]:
        """The hero's spaces within the monster's reach from ``at`` (sight not traced)."""
        return _in_reach(at, self._hero(hero)[0], self.reach)

    def sees(self, at: Footprint, hero: FigureState, in_reach: list[Pos]) -> Pos | None:
        """The first of ``in_reach`` (from ``in_reach``) the monster sees from ``at``, or None."""
        return first_in_sight(self.game, at, in_reach, self._hero(hero)[1]) if in_reach else None

    def __call__(self, at: Footprint, hero: FigureState) -> Pos | None:
        return self.sees(at, hero, self.in_reach(at, hero))


def attack_cells(game: Game, monster: FigureState, blocked: set[Pos]) -> AttackCells:
    """``AttackCells`` of the monster with the figures on ``blocked`` (``blockers``)."""
    return AttackCells(game, monster, blocked)


SIGHT_MEMO_LIMIT = 5_000  # remembered answers per board view (a few hundred KB)


def first_in_sight(game: Game, at: Footprint, cells: Iterable[Pos], block: frozenset[Pos]) -> Pos | None:
    """The first of ``cells`` a figure on ``at`` sees past the figures on ``block``, or None.

    Answers are kept on the board's view (dropped with it when the board changes) under the
    question itself: a monster's activation asks about the same spaces again after every step,
    and sight depends on nothing but the view and the question."""
    board = game.board
    memo: dict[tuple[frozenset[Pos], Footprint, Pos], bool] = board.index().cache.setdefault("ai:attack_sight", {})
    for cell in cells:
        key = (block, at, cell)
        sees = memo.get(key)
        if sees is None:
            if len(memo) >= SIGHT_MEMO_LIMIT:
                memo.clear()
            sees = memo[key] = footprint_line_of_sight(board, at, cell, block)
        if sees:
            return cell
    return None


# -- paths -----------------------------------------------------------------------------------
def distance_field(game: Game, origin: Pos) -> dict[Pos, int]:
    """Movement cost from ``origin`` to every space a small figure could walk to (figures ignored)."""
    return walk_distances(game.board, origin, FIELD_BUDGET)


def path_distance(game: Game, fp: Footprint, hero: FigureState) -> int:
    """Movement cost between a footprint and a hero (INF when walls cut them apart)."""
    return path_distance_to(game, hero)(fp)


def path_distance_to(game: Game, hero: FigureState) -> Callable[[Footprint], int]:
    """``path_distance(game, fp, hero)`` as a function of ``fp``: the hero's field looked up once
    for a decision that measures many footprints (spawn places, approach moves)."""
    field = distance_field(game, hero.pos)
    get = field.get

    def gap(fp: Footprint) -> int:
        if fp.w == 1 and fp.h == 1:  # most footprints asked about: one space, no generator
            return get((fp.x, fp.y), INF)
        return min((get(c, INF) for c in fp.cells()), default=INF)

    return gap


# -- reading decisions ------------------------------------------------------------------------
def footprint_of(choice: Choice) -> Footprint:
    """The footprint a ``move:`` / ``place:`` choice names."""
    d = choice.data
    return Footprint(x=d["x"], y=d["y"], w=d.get("w", 1), h=d.get("h", 1))


def by_prefix(decision: Decision, prefix: str) -> list[Choice]:
    """Choices whose id starts with ``prefix``."""
    return [c for c in decision.choices if c.id.startswith(prefix)]


def first_of(decision: Decision, *ids: str) -> str:
    """The first of ``ids`` that is legal, else the last choice (the usual pass/end choice)."""
    for choice_id in ids:
        if decision.find(choice_id):
            return choice_id
    return decision.choices[-1].id


def top_step(game: Game, kind: str) -> Step | None:
    """The step of this kind nearest the top of the stack."""
    return next((s for s in reversed(game.state.stack) if s.kind == kind), None)


def wound_score(events: Iterable[Event]) -> float:
    """How good a stretch of events is for the overlord: wounds dealt to heroes, heroes killed."""
    score = 0.0
    for event in events:
        if event.kind == "attack_hit":
            score += float(event.data.get("wounds", 0))
        elif event.kind in ("hero_killed", "hero_died"):
            score += 10.0
    return score


def best_by_lookahead(game: Game, decision: Decision, choices: list[Choice],
                      score: Callable[[Game, int], float] | None = None) -> str:
    """Apply each choice to a clone and keep the one that scores best right afterwards.

    Only for choices that resolve without further dice (e.g. how rolled power is spent). A
    single choice is the answer whatever it scores, so no copy is made for it."""
    best_id, best = choices[0].id, -float("inf")
    if len(choices) == 1:
        return best_id
    for choice in choices:
        copy = game.clone()
        start = len(copy.state.log)
        if not copy.apply(choice.id, decision.seat).accepted:
            continue
        value = score(copy, start) if score else wound_score(copy.state.log[start:])
        if value > best:
            best_id, best = choice.id, value
    return best_id


def spend_choice(game: Game, decision: Decision) -> str:
    """Spend rolled power the way that deals the most wounds (checked on a copy of the game)."""
    return best_by_lookahead(game, decision, decision.choices)


def monster_of_activation(game: Game) -> FigureState | None:
    """The monster whose activation is pending."""
    step = top_step(game, "monster_activation")
    if step is None:
        return None
    return game.state.figures.get(step.data["figure"])


def any_of(values: Iterable[Any]) -> bool:
    """``any`` that reads well in conditions over generators."""
    return any(values)


# -- decisions both overlords answer the same way ------------------------------------------------
PASSING = ("pass", "done", "continue", "reroll:done", "fatigue:done", "knockback:none", "end_activation",
           "end_turn")


def attack_target(game: Game, choice: Choice) -> FigureState | None:
    """The hero standing on the space an ``attack:`` choice names."""
    pos = (choice.data.get("x"), choice.data.get("y"))
    for hero in heroes(game):
        if pos in hero.footprint.cells():
            return hero
    return None


def morph_choice(game: Game, decision: Decision) -> str:
    """Morph dice: the combination with the most expected wounds against the attacked hero."""
    step = top_step(game, "attack")
    if step is None:
        return decision.choices[0].id
    ctx = step.data["ctx"]
    target = next((h for h in heroes(game) if tuple(ctx["target"]) in h.footprint.cells()), None)
    armor = hero_armor(game, target) if target else 0
    best_id, best = decision.choices[0].id, -1.0
    for choice in decision.choices:
        kind = choice.data["type"]
        query = AttackQuery(dice=tuple(choice.data["dice"]), attack_type=kind, armor=armor, overlord=True,
                            range=0 if kind == "melee" else int(ctx.get("range_needed", 1)))
        value = attack_odds(query).expected_wounds
        if value > best:
            best_id, best = choice.id, value
    return best_id


def bash_choice(game: Game, decision: Decision) -> str:
    """Bash: the number of power dice the odds calculator finds best against the target."""
    step = top_step(game, "attack")
    attacker = game.state.figures.get(step.data["ctx"]["attacker"]) if step else None
    target = None
    if step is not None:
        target = next((h for h in heroes(game) if tuple(step.data["ctx"]["target"]) in h.footprint.cells()), None)
    if attacker is None or target is None:
        return first_of(decision, "bash:2")
    result = odds(game, attacker, target, 1)
    return first_of(decision, f"bash:{result.power_dice}", "bash:2")


def stun_choice(game: Game, decision: Decision) -> str:
    """A stunned master attacks if a hero is in reach from where it stands, else it moves."""
    step = top_step(game, "turn_start_effects")
    figure = game.state.figures.get(step.data["figure"]) if step else None
    if figure is not None and any(attack_cell(game, figure, figure.footprint, h) for h in heroes(game)):
        return first_of(decision, "stun:attack")
    return first_of(decision, "stun:move")


def common_choice(game: Game, decision: Decision) -> str:
    """Small decisions outside the procedure: the simple sensible answer."""
    kind = decision.kind
    if kind == "attack_spend":
        return spend_choice(game, decision)
    if kind == "morph_dice":
        return morph_choice(game, decision)
    if kind == "bash_power":
        return bash_choice(game, decision)
    if kind == "stun_master":
        return stun_choice(game, decision)
    if kind == "trap_window":
        traps = by_prefix(decision, "trap:")
        return traps[0].id if traps else first_of(decision, "pass")
    return first_of(decision, *PASSING) if any(decision.find(p) for p in PASSING) else decision.choices[0].id
