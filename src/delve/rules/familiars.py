"""Familiars and animal companions: markers that follow a hero, and what each kind does.

Rulebook: Familiars & Companions (the general rules), and its entries Boggs the Rat, Bottle
Imp, Furr the Spirit Wolf, Mata and Kata, Pico, Shadow Soul, Sharr the Brightwing, Skye. Our
pack's familiars (``familiars.yaml``) are original ones that follow those entries; what a kind
does is data (``counts_as_hero_for_spawning``, ``abilities``, ``attack``, ``behaviours``,
``shares_spaces``, ``effects``), read here.

Why familiars are not figures: they cannot be attacked or harmed, never block movement or
sight, and may share spaces, so every rule that walks ``state.figures`` would have to skip
them. They live as plain records in ``state.flags["familiars"]`` (JSON data):
``{id, kind, owner, x, y, carrier, item, source}``. A carried companion has no position and a
``carrier`` hero instead.

How they act:

- Granting: at the start and end of a hero's turn the familiars his skills, equipped items and
  hero ability name are placed in his space (an item's familiar leaves when the item is no
  longer equipped). Scenarios may place them directly.
- Moving: after the owner's turn is finished, each of his familiars gets a ``familiar_turn``
  decision for the owner's seat: moves up to its speed like a hero, passing enemies, ending on
  figures (unless ``shares_spaces`` is false), walking through pits untouched and never
  jumping; flying ones use Fly. Its attack (once per turn), and handing on an item, are
  choices of the same step.
- Spotting (``counts_as_hero_for_spawning``): a hook on the spawning watchers.
- Aura (``abilities: [Aura]``): an enemy stepping next to the familiar suffers 1 wound.
- ``harries_enemies``: enemies next to it or in its space lose 1 armor (never below 0) and
  cannot aim; they could not dodge either (only heroes dodge, and its enemies are monsters).
- ``carried``: rides with a hero, passes to an adjacent hero for 2 movement points, adds its
  ``bonus_dice`` power dice to the carrier's attacks.

Rulings (docs/rulings.md): an item-carrying familiar picks up potion markers (the only items
lying on the board) for free where it stands; a familiar may not enter an unrevealed area (it would reveal
nothing); leaving a pit costs a familiar no extra point (it never fell in); a familiar acts only
while its owner is on the board; its own attack rolls just its dice (no power dice, surges,
re-rolls or abilities) and a kill by it counts as its owner's.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

from delve.board.geometry import Footprint, Pos, distance
from delve.board.grid import Marker
from delve.board.los import has_line_of_sight
from delve.board.movement import single_steps, step_options
from delve.board.stair_range import attack_distance
from delve.content.schema import Familiar
from delve.engine.decision import Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.attack import DECLARE_HOOKS, PRE_DAMAGE_HOOKS, figure_at
from delve.rules.attack_context import AttackContext
from delve.rules.dice import load_dice
from delve.rules.glyphs import GLYPH_KINDS, dark_kind
from delve.rules.hero_turn import TURN_END_HOOKS, TURN_START_HOOKS, turn_choice_provider
from delve.rules.items import adjacent_heroes, carried, receive, refresh_speed, removable, take_away
from delve.rules.movement import NO_END_RULES, figure_spaces, movement_locked, on_board, on_enter_space
from delve.rules.rolling import request_roll
from delve.rules.spawning import WATCHER_RULES
from delve.rules.treasure import DEFAULT_POTION
from delve.rules.wounds import heal, suffer_wounds

FLAG = "familiars"
FAMILIAR_TURN = "familiar_turn"
FAMILIAR_ATTACK = "familiar_attack"
SHADOW_CHOICE = "familiar_shadow"
GIVE_COST = 1  # Rulebook: Mata and Kata (hand on a carried item)
COMPANION_GIVE_COST = 2  # Rulebook: Pico (pass the companion to an adjacent hero)
AURA_WOUNDS = 1  # Rulebook: Aura
HARRY_ARMOR = 1  # Rulebook: Skye
DEFAULT_MEND = 2  # Rulebook: Sharr the Brightwing


# -- records ----------------------------------------------------------------------------------
def familiar_record(fid: str, kind: str, owner: str, pos: tuple[int, int] | None, *, source: str,
                    carrier: str | None = None, item: str | None = None) -> dict[str, Any]:
    """A new familiar record (plain JSON data kept in ``state.flags["familiars"]``)."""
    return {"id": fid, "kind": kind, "owner": owner, "x": pos[0] if pos else None,
            "y": pos[1] if pos else None, "carrier": carrier, "item": item, "source": source}


def records(game: Game) -> list[dict[str, Any]]:
    """Every familiar record (read only: an empty list when there are none)."""
    found: list[dict[str, Any]] = game.state.flags.get(FLAG, [])
    return found


def record(game: Game, fid: str) -> dict[str, Any] | None:
    """The record of one familiar, if it exists."""
    return next((r for r in records(game) if r["id"] == fid), None)


def definition(game: Game, rec: dict[str, Any]) -> Familiar:
    """The familiar's content entry."""
    return equipment.content(game).familiars[rec["kind"]]


def position(rec: dict[str, Any]) -> Pos | None:
    """The familiar's space, or None for a carried companion."""
    return None if rec.get("x") is None else (int(rec["x"]), int(rec["y"]))


def owner_of(game: Game, rec: dict[str, Any]) -> FigureState | None:
    """The hero the familiar belongs to."""
    return game.state.figures.get(rec["owner"])


def on_the_board(game: Game) -> list[tuple[dict[str, Any], Familiar, Pos]]:
    """Familiars standing on the board, with their entries and spaces."""
    found = []
    for rec in records(game):
        pos = position(rec)
        if pos is not None and rec["kind"] in equipment.content(game).familiars:
            found.append((rec, definition(game, rec), pos))
    return found


def behaves(fam: Familiar, behaviour: str) -> bool:
    """Does this familiar have the behaviour?"""
    return behaviour in fam.behaviours


def _has(fam: Familiar, ability: str) -> bool:
    return any(a.name == ability for a in fam.abilities)


# -- granting ---------------------------------------------------------------------------------
def granted(game: Game, hero: FigureState) -> list[tuple[str, str]]:
    """(familiar id, source) for every familiar the hero's skills, equipped items and hero
    ability grant now, twins included."""
    pack = equipment.content(game)
    out: list[tuple[str, str]] = []
    for skill_id in game.state.flags.get("skills", {}).get(hero.id, []):
        skill = pack.skills.get(skill_id)
        if skill is not None and skill.familiar:
            out.append((skill.familiar, f"skill:{skill_id}"))
    for item_id in hero.equipped:
        item = pack.items.get(item_id)
        if item is not None and item.familiar:
            out.append((item.familiar, f"item:{item_id}"))
    sheet = pack.heroes.get(hero.content_id)
    from_ability = getattr(sheet.ability, "familiar", None) if sheet is not None else None
    if from_ability:
        out.append((str(from_ability), "hero"))
    for kind, source in list(out):
        entry = pack.familiars.get(kind)
        if entry is not None and entry.twin:
            out.append((entry.twin, source))
    return [(kind, source) for kind, source in out if kind in pack.familiars]


def sync_familiars(game: Game, hero: FigureState) -> None:
    """Place newly granted familiars in the hero's space; remove an item's familiar once the
    item is no longer equipped (Rulebook: Familiars & Companions; Bottle Imp)."""
    if not on_board(hero):
        return
    grants = granted(game, hero)
    if not grants and not any(r["owner"] == hero.id for r in records(game)):
        return
    recs = game.state.flags.setdefault(FLAG, [])
    for rec in list(recs):
        source = str(rec.get("source", ""))
        if rec["owner"] == hero.id and source.startswith("item:") and source[5:] not in hero.equipped:
            recs.remove(rec)
            game.emit("familiar_removed", f"{definition(game, rec).name} leaves {hero.name}.",
                      ref="Familiars & Companions", familiar=rec["id"], owner=hero.id)
    for kind, source in grants:
        if any(r["owner"] == hero.id and r["kind"] == kind for r in recs):
            continue
        fid = kind if record(game, kind) is None else f"{kind}-{hero.id}"
        entry = equipment.content(game).familiars[kind]
        carried = behaves(entry, "carried")
        rec = familiar_record(fid, kind, hero.id, None if carried else hero.pos, source=source,
                              carrier=hero.id if carried else None)
        recs.append(rec)
        game.emit("familiar_placed", f"{entry.name} joins {hero.name}.", ref="Familiars & Companions",
                  familiar=fid, owner=hero.id, x=rec["x"], y=rec["y"], carrier=rec["carrier"])


# -- where a familiar may go ------------------------------------------------------------------
def _walk_cost(game: Game, src: Pos, dst: Pos) -> int:
    """A walking familiar pays the terrain's cost to enter, but never a pit's climb out."""
    ix = game.board.index()  # its terrain per space: ``terrain_at`` without the checks (both are spaces)
    w = ix.width
    terrain = ix.terr[dst[1] * w + dst[0]]
    if terrain is None:
        terrain = game.board.terrain_at(dst)  # raises: not a space
    if terrain.cost_within is not None and game.board.terrain_at(src).id == terrain.id:
        return terrain.cost_within
    return terrain.move_cost


def _revealed(game: Game, pos: Pos) -> bool:
    area = game.board.area_of(pos)
    return area is None or game.board.area(area).revealed


def _may_end(game: Game, rec: dict[str, Any], fam: Familiar, pos: Pos) -> bool:
    """A familiar ends on any revealed space it may stand on; a non-sharing one only where no
    figure stands."""
    if game.board.blocks_movement_at(pos) or not _revealed(game, pos):
        return False
    return fam.shares_spaces or figure_at(game, pos) is None


def destinations(game: Game, rec: dict[str, Any], budget: int) -> dict[Pos, int]:
    """Every space the familiar may end a move on with ``budget`` points, and its cost.

    Rulebook: Familiars & Companions: like a hero, but through enemies and onto figures; through
    pits without effect. Flying familiars follow Fly."""
    start = position(rec)
    if start is None or budget <= 0:
        return {}
    fam = definition(game, rec)
    fly = _has(fam, "Fly")
    best = cheapest_spaces(game, start, budget, fly=fly,
                           price=lambda src, dst, step_cost: step_cost if fly else _walk_cost(game, src, dst))
    return {p: c for p, c in best.items() if p != start and _may_end(game, rec, fam, p)}


def cheapest_spaces(game: Game, start: Pos, budget: int, *, fly: bool,
                    price: Callable[[Pos, Pos, int], int | None],
                    onward: Callable[[Pos], bool] | None = None) -> dict[Pos, int]:
    """The cheapest cost (at most ``budget``) of every revealed space a familiar's move reaches
    from ``start`` (itself included, at 0): one search shared by the 1st- and 2nd-edition moves.

    ``fly`` is passed to ``single_steps`` (which neighbours a step may reach at all); ``price(src,
    dst, step_cost)`` is what the step costs this familiar (None: it may not enter ``dst``);
    ``onward(pos)`` says whether the move may go on from a space it reached (default: always)."""
    best: dict[Pos, int] = {start: 0}
    heap: list[tuple[int, Pos]] = [(0, start)]
    board = game.board
    hidden = {a.id for a in board.areas if not a.revealed}  # ``_revealed``, asked of every step
    area_ids = board.area_ids
    while heap:
        cost, pos = heapq.heappop(heap)
        if cost > best.get(pos, budget + 1):
            continue
        for nxt, step_cost in single_steps(board, pos, fly):
            if hidden and area_ids[nxt[1]][nxt[0]] in hidden:
                continue
            step = price(pos, nxt, step_cost)
            if step is None:
                continue
            total = cost + step
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                if onward is None or onward(nxt):
                    heapq.heappush(heap, (total, nxt))
    return best


def _no_end_on_aloof_familiars(game: Game, figure: FigureState) -> set[Pos]:
    """Rulebook: Shadow Soul. No figure may end its move on a familiar that shares no space."""
    return {pos for _, fam, pos in on_the_board(game) if not fam.shares_spaces}


NO_END_RULES.append(_no_end_on_aloof_familiars)


# -- the familiar's move after its owner's turn -----------------------------------------------
def owner_sees(game: Game, owner: FigureState, pos: Pos, within: int | None) -> bool:
    """Rulebook: Furr the Spirit Wolf. The owner has a clear line of sight to the familiar and
    stands within ``within`` spaces of it."""
    if not on_board(owner):
        return False
    if within is not None and distance(owner.pos, pos) > within:
        return False
    return has_line_of_sight(game.board, owner.pos, pos, figure_spaces(game, exclude=owner.id))


def attack_targets(game: Game, rec: dict[str, Any], fam: Familiar) -> list[Pos]:
    """Spaces of enemy figures the familiar's own attack may target now."""
    pos, owner = position(rec), owner_of(game, rec)
    if pos is None or owner is None or fam.attack is None:
        return []
    if not owner_sees(game, owner, pos, fam.attack.owner_sight_within):
        return []
    found = []
    for enemy in game.state.figures.values():
        if enemy.side == owner.side or not on_board(enemy):
            continue
        here = Footprint.single(pos)
        for cell in sorted(enemy.footprint.cells(), key=lambda c: (attack_distance(game.board, here, c), c[1], c[0])):
            rng = attack_distance(game.board, here, cell)  # Rulebook: Staircases
            if rng == 0 or (fam.attack.attack_type == "melee" and rng > 1):
                continue
            blockers = figure_spaces(game) - set(enemy.footprint.cells())
            if has_line_of_sight(game.board, pos, cell, blockers):
                found.append(cell)
                break
    return sorted(found, key=lambda p: (p[1], p[0]))


def _give_targets(game: Game, rec: dict[str, Any], fam: Familiar) -> list[tuple[str, str]]:
    """(kind, id): adjacent heroes, and adjacent empty-handed twins, who may take its item."""
    pos, owner = position(rec), owner_of(game, rec)
    if pos is None or owner is None or not rec.get("item") or not behaves(fam, "carries_item"):
        return []
    found = [("hero", h.id) for h in game.state.heroes()
             if on_board(h) and h.side == owner.side and distance(h.pos, pos) <= 1]
    for other, other_fam, other_pos in on_the_board(game):
        if (other["id"] != rec["id"] and other["owner"] == rec["owner"] and behaves(other_fam, "carries_item")
                and not other.get("item") and distance(other_pos, pos) <= 1):
            found.append(("familiar", other["id"]))
    return found


@register
class FamiliarTurn(StepHandler):
    """A familiar moves (and maybe attacks or hands on its item) after its owner's turn."""

    kind = FAMILIAR_TURN

    def _choices(self, game: Game, step: Step, rec: dict[str, Any]) -> list[Choice]:
        fam = definition(game, rec)
        mp = step.data["mp"]
        choices = [Choice(id=f"familiar:move:{x},{y}", label=f"Move {fam.name} to ({x},{y}) for {cost}",
                          data={"x": x, "y": y, "cost": cost})
                   for (x, y), cost in sorted(destinations(game, rec, mp).items(),
                                              key=lambda i: (i[1], i[0][1], i[0][0]))]
        if not step.data.get("attacked"):
            for x, y in attack_targets(game, rec, fam):
                choices.append(Choice(id=f"familiar:attack:{x},{y}", label=f"{fam.name} attacks ({x},{y})",
                                      data={"x": x, "y": y}))
        pos = position(rec)
        if behaves(fam, "carries_item") and not rec.get("item") and pos is not None:
            for marker in game.board.markers_at(pos):
                if marker.kind == "potion":
                    choices.append(Choice(id=f"familiar:pickup:{marker.id}", label=f"{fam.name} picks up the potion",
                                          data={"marker": marker.id}))
        if mp >= GIVE_COST:
            for kind, target in _give_targets(game, rec, fam):
                choices.append(Choice(id=f"familiar:give:{target}", label=f"{fam.name} hands its item to {target}",
                                      data={"kind": kind, "to": target}))
        return choices

    def decide(self, game: Game, step: Step) -> Decision | None:
        rec = record(game, step.data["familiar"])
        owner = owner_of(game, rec) if rec is not None else None
        if rec is None or owner is None or step.data.get("done") or not on_board(owner):
            return None
        choices = self._choices(game, step, rec)
        if not choices:
            return None
        choices.append(Choice(id="familiar:done", label="The familiar stops here"))
        return Decision(seat=owner.seat, kind="familiar_turn",
                        prompt=f"{definition(game, rec).name}: {step.data['mp']} movement points left",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)
        rec = record(game, step.data["familiar"])
        if rec is None or not step.data.get("moved"):
            return
        _end_of_move(game, rec)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        rec = record(game, step.data["familiar"])
        if rec is None:
            raise EngineError(f"no familiar {step.data['familiar']!r}")
        fam = definition(game, rec)
        if choice.id == "familiar:done":
            step.data["done"] = True
        elif choice.id.startswith("familiar:move:"):
            step.data["mp"] -= choice.data["cost"]
            step.data["moved"] = True
            rec["x"], rec["y"] = choice.data["x"], choice.data["y"]
            game.emit("familiar_moved", f"{fam.name} moves to ({rec['x']},{rec['y']}).",
                      ref="Familiars & Companions", familiar=rec["id"], x=rec["x"], y=rec["y"],
                      cost=choice.data["cost"])
            if fam.attack is None and not behaves(fam, "carries_item"):
                # Nothing it does depends on the way it went: one move is its whole movement.
                step.data["done"] = True
        elif choice.id.startswith("familiar:attack:"):
            step.data["attacked"] = True
            game.push(FAMILIAR_ATTACK, familiar=rec["id"], x=choice.data["x"], y=choice.data["y"], phase="roll")
        elif choice.id.startswith("familiar:pickup:"):
            marker = game.board.remove_marker(choice.data["marker"])
            rec["item"] = str(marker.data.get("item", DEFAULT_POTION))
            game.emit("familiar_picked_up", f"{fam.name} picks up {rec['item']}.", ref="Mata and Kata",
                      familiar=rec["id"], item=rec["item"], marker=marker.id)
        elif choice.id.startswith("familiar:give:"):
            step.data["mp"] -= GIVE_COST
            item_id, rec["item"] = rec["item"], None
            if choice.data["kind"] == "familiar":
                other = record(game, choice.data["to"])
                if other is None:
                    raise EngineError(f"no familiar {choice.data['to']!r}")
                other["item"] = item_id
                game.emit("familiar_gave", f"{fam.name} hands {item_id} to {definition(game, other).name}.",
                          ref="Mata and Kata", familiar=rec["id"], to=other["id"], item=item_id)
            else:
                hero = game.figure(choice.data["to"])
                game.emit("familiar_gave", f"{fam.name} hands {item_id} to {hero.name}.", ref="Mata and Kata",
                          familiar=rec["id"], to=hero.id, item=item_id)
                receive(game, hero, str(item_id), source=f"from {fam.name}")


def _end_of_move(game: Game, rec: dict[str, Any]) -> None:
    """Rulebook: Sharr the Brightwing. Where a mending familiar's move ends, a friendly figure
    recovers wounds and an activated dark glyph becomes an activated normal glyph."""
    fam = definition(game, rec)
    pos, owner = position(rec), owner_of(game, rec)
    if pos is None or owner is None or not behaves(fam, "mends_where_it_stops"):
        return
    amount = next((getattr(e, "amount", DEFAULT_MEND) for e in fam.effects if e.effect == "heal_wounds"),
                  DEFAULT_MEND)
    friend = figure_at(game, pos)
    if friend is not None and friend.side == owner.side:
        game.emit("familiar_mends", f"{fam.name} tends to {friend.name}.", ref="Sharr the Brightwing",
                  familiar=rec["id"], figure=friend.id)
        heal(game, friend, int(amount), cause=fam.name)
    for marker in list(game.board.markers_at(pos)):
        if marker.kind in GLYPH_KINDS and marker.data.get("active") and dark_kind(marker):
            game.board.remove_marker(marker.id)
            game.board.add_marker(Marker(id=marker.id, kind="glyph", pos=pos, data={"active": True}))
            game.board.invalidate()
            game.emit("dark_glyph_cleansed", f"{fam.name} turns the dark glyph into a glyph of transport.",
                      ref="Sharr the Brightwing", familiar=rec["id"], glyph=marker.id, x=pos[0], y=pos[1])


@register
class FamiliarAttack(StepHandler):
    """Rulebook: Furr the Spirit Wolf. The familiar rolls its own dice once; a hit deals the
    damage shown, ignoring armor when its attack says so."""

    kind = FAMILIAR_ATTACK

    def run(self, game: Game, step: Step) -> None:
        rec = record(game, step.data["familiar"])
        target = figure_at(game, (step.data["x"], step.data["y"]))
        if rec is None or definition(game, rec).attack is None or target is None:
            game.pop(step)
            return
        fam = definition(game, rec)
        attack = fam.attack
        assert attack is not None
        if step.data["phase"] == "roll":
            game.emit("attack_declared", f"{fam.name} attacks {target.name} at ({step.data['x']},{step.data['y']}).",
                      ref="Furr the Spirit Wolf", attacker=rec["id"], x=step.data["x"], y=step.data["y"],
                      familiar=True)
            step.data["phase"] = "rolled"
            request_roll(game, step, list(attack.dice), "faces", f"{fam.name}'s attack")
            return
        game.pop(step)
        dice = load_dice()
        faces = [next(f for f in dice[colour].faces if f.label == label)
                 for colour, label in zip(attack.dice, step.data["faces"], strict=True)]
        rng = sum(f.range for f in faces)
        needed = attack_distance(game.board, Footprint.single(position(rec) or target.pos),
                                 (step.data["x"], step.data["y"]))
        if any(f.miss for f in faces) or (attack.attack_type != "melee" and rng < needed):
            game.emit("attack_missed", f"{fam.name}'s attack on {target.name} fails.", ref="Furr the Spirit Wolf",
                      target=target.id, reason="miss")
            return
        damage = sum(f.hearts for f in faces)
        armor = 0 if attack.ignores_armor else equipment.armor_value(game, target)
        wounds = max(0, damage - armor)
        game.emit("attack_hit", f"{fam.name} deals {damage} damage to {target.name}: {wounds} wound(s).",
                  ref="Furr the Spirit Wolf", target=target.id, damage=damage, wounds=wounds)
        suffer_wounds(game, target, wounds, cause=f"attack by {fam.name}", killer=owner_of(game, rec),
                      ref="Furr the Spirit Wolf")


def _after_owner_turn(game: Game, hero: FigureState) -> None:
    """Rulebook: Familiars & Companions. Once the owner's turn is finished his familiars move."""
    sync_familiars(game, hero)
    if not on_board(hero):
        return
    moving = [rec for rec, fam, _ in on_the_board(game) if rec["owner"] == hero.id and fam.speed > 0]
    for rec in moving[::-1]:  # sliced, not reversed(): mypyc cannot compile that over Any
        game.push(FAMILIAR_TURN, familiar=rec["id"], mp=definition(game, rec).speed, attacked=False)


TURN_END_HOOKS.append(_after_owner_turn)


# -- the start of the owner's turn: granting, and the shadow's swap ---------------------------
def _empty(game: Game, pos: Pos) -> bool:
    board = game.board
    return (board.is_space(pos) and not board.blocks_movement_at(pos) and figure_at(game, pos) is None
            and _revealed(game, pos))


def _shadow_choices(game: Game, hero: FigureState, rec: dict[str, Any]) -> list[Choice]:
    pos = position(rec)
    if pos is None or not on_board(hero) or hero.footprint.size != 1:
        return []
    choices = []
    if pos != hero.pos and not game.board.blocks_movement_at(pos) and figure_at(game, pos) is None:
        choices.append(Choice(id="shadow:swap", label="Swap places with the familiar"))
    # next to him: one step away with no wall between (a flier's step ignores terrain)
    beside = {(fp.x, fp.y) for fp, _ in step_options(game.board, hero.footprint, (), fly=True)}
    for x, y in sorted(beside, key=lambda p: (p[1], p[0])):
        if (x, y) != pos and _empty(game, (x, y)):
            choices.append(Choice(id=f"shadow:call:{x},{y}", label=f"Call the familiar to ({x},{y})",
                                  data={"x": x, "y": y}))
    return choices


@register
class ShadowChoice(StepHandler):
    """Rulebook: Shadow Soul. At the start of his turn the owner may swap places with the
    familiar, call it to an empty space next to him, or leave it; his turn goes on as usual."""

    kind = SHADOW_CHOICE

    def decide(self, game: Game, step: Step) -> Decision | None:
        rec = record(game, step.data["familiar"])
        hero = game.figure(step.data["hero"])
        choices = _shadow_choices(game, hero, rec) if rec is not None else []
        if not choices:
            return None
        choices.append(Choice(id="shadow:stay", label="Leave the familiar where it is"))
        return Decision(seat=hero.seat, kind="familiar_shadow",
                        prompt=f"{definition(game, rec).name}: swap, call or leave it" if rec else "",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        game.pop(step)
        rec = record(game, step.data["familiar"])
        hero = game.figure(step.data["hero"])
        if rec is None or choice.id == "shadow:stay":
            return
        name = definition(game, rec).name
        if choice.id == "shadow:swap":
            old = hero.pos
            pos = position(rec)
            assert pos is not None
            hero.footprint = Footprint.single(pos)
            rec["x"], rec["y"] = old
            game.emit("familiar_swapped", f"{hero.name} and {name} swap places.", ref="Shadow Soul",
                      familiar=rec["id"], hero=hero.id, x=pos[0], y=pos[1])
        else:
            rec["x"], rec["y"] = choice.data["x"], choice.data["y"]
            game.emit("familiar_called", f"{hero.name} calls {name} to ({rec['x']},{rec['y']}).",
                      ref="Shadow Soul", familiar=rec["id"], x=rec["x"], y=rec["y"])


def _at_owner_turn_start(game: Game, hero: FigureState) -> None:
    sync_familiars(game, hero)
    for rec, fam, _ in on_the_board(game):
        if rec["owner"] == hero.id and behaves(fam, "swaps_with_owner"):
            game.push(SHADOW_CHOICE, familiar=rec["id"], hero=hero.id)


TURN_START_HOOKS.append(_at_owner_turn_start)


# -- spotting for spawns (Boggs the Rat) ------------------------------------------------------
def _spotters(game: Game) -> list[Pos]:
    """Rulebook: Boggs the Rat. Monsters may not be spawned in this familiar's sight."""
    return [pos for rec, fam, pos in on_the_board(game)
            if fam.counts_as_hero_for_spawning and (o := owner_of(game, rec)) is not None and on_board(o)]


WATCHER_RULES.append(_spotters)


# -- Aura (Bottle Imp) ------------------------------------------------------------------------
@on_enter_space
def _familiar_aura(game: Game, mover: FigureState, entered: Footprint) -> None:
    """Rulebook: Bottle Imp; Aura. An enemy entering a space next to (or onto) the familiar
    suffers 1 wound that armor cannot stop, unless immune to Aura."""
    for rec, fam, pos in on_the_board(game):
        owner = owner_of(game, rec)
        if not mover.alive or not on_board(mover):
            return
        if owner is None or owner.side == mover.side or not _has(fam, "Aura"):
            continue
        if min(distance(cell, pos) for cell in entered.cells()) > 1:
            continue
        if "Aura" in mover.immunities:
            game.emit("immune", f"{mover.name} is immune to {fam.name}'s Aura.", ref="Aura",
                      figure=mover.id, ability="Aura", source=rec["id"])
            continue
        game.emit("aura", f"{mover.name} moves next to {fam.name} and is hurt by its Aura.", ref="Bottle Imp",
                  figure=mover.id, source=rec["id"])
        suffer_wounds(game, mover, AURA_WOUNDS, cause=f"{fam.name}'s Aura", killer=owner, ref="Aura")


# -- harrying (Skye) --------------------------------------------------------------------------
def harried(game: Game, figure: FigureState) -> bool:
    """Rulebook: Skye. Is an enemy of a harrying familiar next to it or in its space?"""
    for rec, fam, pos in on_the_board(game):
        owner = owner_of(game, rec)
        if owner is None or owner.side == figure.side or not behaves(fam, "harries_enemies"):
            continue
        if min(distance(cell, pos) for cell in figure.footprint.cells()) <= 1:
            return True
    return False


def _harried_cannot_aim(game: Game, ctx: AttackContext) -> None:
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is not None and ctx.aimed and harried(game, attacker):
        ctx.aimed = False
        game.emit("aim_prevented", f"{attacker.name} is harried and cannot aim.", ref="Skye", figure=attacker.id)


def _harried_armor(game: Game, step: Step, ctx: AttackContext) -> None:
    bonus = step.data.setdefault("armor_bonus", {})
    for figure_id in ctx.affected:
        target = game.state.figures.get(figure_id)
        if target is None or not harried(game, target):
            continue
        armor = equipment.armor_value(game, target) + bonus.get(figure_id, 0)
        cut = min(HARRY_ARMOR, max(0, armor))
        if cut:
            bonus[figure_id] = bonus.get(figure_id, 0) - cut
            game.emit("armor_lowered", f"{target.name} is harried: armor {armor - cut}.", ref="Skye",
                      figure=figure_id, amount=cut)


DECLARE_HOOKS.append(_harried_cannot_aim)
PRE_DAMAGE_HOOKS.append(_harried_armor)


# -- carried companions (Pico) ----------------------------------------------------------------
def carried_by(game: Game, hero: FigureState) -> list[tuple[dict[str, Any], Familiar]]:
    """Companions the hero carries now."""
    return [(rec, definition(game, rec)) for rec in records(game)
            if rec.get("carrier") == hero.id and rec["kind"] in equipment.content(game).familiars]


def _companion_power(game: Game, ctx: AttackContext) -> None:
    """Rulebook: Pico. The carrier rolls the companion's extra power dice (five at most, capped
    by the attack itself)."""
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is None or attacker.kind != "hero":
        return
    for rec, fam in carried_by(game, attacker):
        extra = sum(int(getattr(e, "power_dice", 0)) for e in fam.effects if e.effect == "bonus_dice")
        if extra:
            ctx.power += extra
            game.emit("companion_power", f"{fam.name} adds {extra} power die.", ref="Pico",
                      familiar=rec["id"], hero=attacker.id, amount=extra)


DECLARE_HOOKS.append(_companion_power)


def _companion_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Pass a carried companion to an adjacent hero (2 movement points); hand an item to an
    adjacent item-carrying familiar of his (1 movement point)."""
    mp = step.data.get("mp", 0)
    if movement_locked(game, hero) is not None or hero.in_town:
        return []
    choices = []
    if mp >= COMPANION_GIVE_COST:
        for rec, fam in carried_by(game, hero):
            for other in adjacent_heroes(game, hero):
                choices.append(Choice(id=f"companion:give:{rec['id']}:{other.id}",
                                      label=f"Pass {fam.name} to {other.name} ({COMPANION_GIVE_COST} movement)",
                                      data={"familiar": rec["id"], "to": other.id}))
    if mp >= GIVE_COST:
        for rec, fam, pos in on_the_board(game):
            if (rec["owner"] != hero.id or not behaves(fam, "carries_item") or rec.get("item")
                    or distance(pos, hero.pos) > 1):
                continue
            for item_id in carried(hero):
                if removable(game, item_id):
                    choices.append(Choice(id=f"familiar:hand:{rec['id']}:{item_id}",
                                          label=f"Give {item_id} to {fam.name} ({GIVE_COST} movement)",
                                          data={"familiar": rec["id"], "item": item_id}))
    return choices


def _apply_companion(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    if choice.id.startswith("companion:give:"):
        rec = record(game, choice.data["familiar"])
        other = game.figure(choice.data["to"])
        if rec is None:
            raise EngineError(f"no companion {choice.data['familiar']!r}")
        step.data["mp"] -= COMPANION_GIVE_COST
        rec["carrier"] = other.id
        game.emit("companion_passed", f"{hero.name} passes {definition(game, rec).name} to {other.name}.",
                  ref="Pico", familiar=rec["id"], hero=hero.id, to=other.id)
        return True
    if choice.id.startswith("familiar:hand:"):
        rec = record(game, choice.data["familiar"])
        if rec is None:
            raise EngineError(f"no familiar {choice.data['familiar']!r}")
        step.data["mp"] -= GIVE_COST
        take_away(hero, choice.data["item"])
        refresh_speed(game, hero)
        rec["item"] = choice.data["item"]
        game.emit("familiar_took", f"{hero.name} gives {choice.data['item']} to {definition(game, rec).name}.",
                  ref="Mata and Kata", familiar=rec["id"], hero=hero.id, item=choice.data["item"])
        return True
    return False


turn_choice_provider(_companion_choices, _apply_companion)
