"""Spawning monsters from a spawn card: where they may be placed, one monster at a time.

Rulebook: Step 2: Spawn Monsters. Each monster goes on a space with no figure and no obstacle,
in a revealed area, out of every hero's line of sight (other monsters do not block that sight),
with a large base fully on legal spaces, and only while a figure of that kind is left in the
box. A treasure or encounter marker does not prevent spawning there. When every figure of the
kind is in use, the overlord may take one of them off the board to place it anew (offered only
where the freed figure would then have a legal space).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from delve.board.geometry import Footprint, Pos
from delve.board.los import has_line_of_sight, sight_from, sight_groups
from delve.engine.decision import OVERLORD, Choice, Decision, SharedChoices
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.equipment import content
from delve.rules.movement import footprint_key, on_board
from delve.rules.setup import monster_figure, players_in_game

# Further spaces that forbid spawning in their sight as a hero does but never block sight
# themselves (a familiar that counts as a hero for spawning: Rulebook: Familiars & Companions).
WatcherRule = Callable[[Game], list[Pos]]
WATCHER_RULES: list[WatcherRule] = []


def _watchers(game: Game) -> list[tuple[str, Pos]]:
    """Hero spaces whose sight forbids spawning (Rulebook: Step 2: Spawn Monsters); extra
    watchers have the id "" so they never block anyone's sight."""
    found = [(hero.id, cell) for hero in game.state.heroes() if on_board(hero) for cell in hero.footprint.cells()]
    for rule in WATCHER_RULES:
        found += [("", cell) for cell in rule(game)]
    return found


def spawn_space_ok(game: Game, pos: Pos, occupied: set[Pos], watchers: list[tuple[str, Pos]]) -> bool:
    """One space: a revealed space with no figure or obstacle, out of every hero's sight."""
    board = game.board
    if not board.is_space(pos) or pos in occupied:
        return False
    area = board.area_of(pos)
    if area is not None and not board.area(area).revealed:
        return False
    if board.terrain_at(pos).spawn_blocking or board.blocks_movement_at(pos):
        return False
    for hero_id, cell in watchers:
        # only heroes block a hero's sight here: monsters are ignored for spawning
        blockers = {c for other_id, c in watchers if other_id and other_id != hero_id}
        if has_line_of_sight(board, cell, pos, blockers):
            return False
    return True


def _unseen_mask(game: Game, watchers: list[tuple[str, Pos]]) -> bytes:
    """Per flat index: 1 on a space with no spawn-blocking terrain and nothing blocking movement
    that no watcher sees: what the board's view and the watchers alone decide of ``spawn_space_ok``.

    Why kept on the board's view (for the last watchers asked about): a spawn card places its
    monsters one decision at a time while the heroes stand still, and the sight lines from every
    hero space to every board space are most of a placement's cost. The answer depends on nothing
    but the view (dropped when the board changes) and the watchers (the key), so it is what a new
    computation would give. Each hero's set of sight blockers is built once, and no sight line is
    traced to a space that no watcher's sight group reaches (``board.los.sight_groups``)."""
    board = game.board
    ix = board.index()
    key = tuple(watchers)
    held = ix.cache.get("spawn_unseen")
    if held is not None and held[0] == key:
        mask: bytes = held[1]
        return mask
    w = ix.width
    groups = sight_groups(board)
    lookers: list[tuple[int, Callable[[Pos], bool]]] = []
    for hero_id, cell in watchers:
        # only heroes block a hero's sight here: monsters are ignored for spawning
        blockers = {c for other_id, c in watchers if other_id and other_id != hero_id}
        if ix.is_space(cell):  # from off the map nothing is seen
            lookers.append((groups[cell[1] * w + cell[0]], sight_from(board, cell, blockers)))
    good = bytearray(w * ix.height)
    for c in range(w * ix.height):
        if not ix.space[c]:
            continue
        terrain = ix.terr[c]
        if (terrain is not None and terrain.spawn_blocking) or ix.move_block[c]:
            continue
        group = groups[c]
        if any(g == group and sees((c % w, c // w)) for g, sees in lookers):
            continue
        good[c] = 1
    mask = bytes(good)
    ix.cache["spawn_unseen"] = (key, mask)
    return mask


def _spawn_mask(game: Game, occupied: set[Pos], watchers: list[tuple[str, Pos]]) -> bytearray:
    """Per flat index: 1 where ``spawn_space_ok`` holds, computed for the whole board at once
    (``_unseen_mask``, then the figures' spaces and the unrevealed areas taken out)."""
    board = game.board
    w, h = board.width, board.height
    good = bytearray(_unseen_mask(game, watchers))
    for x, y in occupied:
        if 0 <= x < w and 0 <= y < h:
            good[y * w + x] = 0
    unrevealed = {a.id for a in board.areas if not a.revealed}
    if unrevealed:
        area_ids = board.area_ids
        for c in [m.start() for m in re.finditer(b"\x01", good)]:
            if area_ids[c // w][c % w] in unrevealed:
                good[c] = 0
    return good


def legal_spawn_footprints(game: Game, monster_id: str, without: str | None = None) -> list[Footprint]:
    """Every footprint where a monster of this kind may be spawned now (``without``: as if that
    figure had been taken off the board), row by row, narrow shape first."""
    size = content(game).monsters[monster_id].size
    shapes = sorted({(size.w, size.h), (size.h, size.w)})
    occupied = {c for f in game.state.figures.values() if on_board(f) and f.id != without for c in f.footprint.cells()}
    good = _spawn_mask(game, occupied, _watchers(game))
    width, height = game.board.width, game.board.height
    found = []
    # Only a good space can be a footprint's top-left one: the scan starts from those, in flat
    # order (row by row, as before), instead of trying every space of the board.
    for c in [m.start() for m in re.finditer(b"\x01", good)]:
        y, x = divmod(c, width)
        for w, h in shapes:
            if w == 1 and h == 1:
                found.append(Footprint(x=x, y=y))
            elif x + w <= width and y + h <= height and all(
                    good[j * width + i] for j in range(y, y + h) for i in range(x, x + w)):
                found.append(Footprint(x=x, y=y, w=w, h=h))
    return found


def figures_in_play(game: Game, monster_id: str, master: bool) -> list[FigureState]:
    """The figures of this kind and rank on the board (the overlord's, not a hero's companion)."""
    return [f for f in game.state.monsters() if f.content_id == monster_id and f.master == master
            and f.side == "overlord" and on_board(f) and not f.named]


def figures_left(game: Game, monster_id: str, master: bool) -> int:
    """Figures of this kind still in the box (Rulebook: Step 2: available figures)."""
    counts = content(game).monsters[monster_id].figures
    total = counts.master if master else counts.normal
    used = sum(1 for f in game.state.monsters() if f.content_id == monster_id and f.master == master)
    return total - used


def _make_place_choice(label: str, x: int, y: int, w: int, h: int) -> Choice:
    return Choice(id=f"place:{footprint_key(Footprint(x=x, y=y, w=w, h=h))}", label=f"Place the {label} at ({x},{y})",
                  data={"x": x, "y": y, "w": w, "h": h})


# A spawn card places its monsters on every free space one after another, game after game.
_place_choice = SharedChoices(_make_place_choice).get


@register
class Spawn(StepHandler):
    """Place the monsters of a played spawn card one by one, each on a legal space."""

    kind = "spawn"

    def _next(self, step: Step) -> dict[str, object] | None:
        queue = step.data["queue"]
        return queue[0] if queue else None

    def decide(self, game: Game, step: Step) -> Decision | None:
        entry = self._next(step)
        if entry is None:
            return None
        monster_id, master = str(entry["monster"]), bool(entry["master"])
        name = content(game).monsters[monster_id].name
        label = f"master {name}" if master else name
        if figures_left(game, monster_id, master) <= 0:
            # Rulebook: Step 2: Spawn Monsters. All figures in use: one may be taken off to re-place.
            removable = [Choice(id=f"remove:{f.id}", label=f"Take the {label} at ({f.pos[0]},{f.pos[1]}) off the "
                                "board to place it anew", data={"figure": f.id})
                         for f in figures_in_play(game, monster_id, master)
                         if legal_spawn_footprints(game, monster_id, without=f.id)]
            if not removable:
                return None
            skip = Choice(id="skip", label=f"Do not place this {label}")  # first: what happened before
            return Decision(seat=OVERLORD, kind="spawn_remove", prompt=f"Every {label} figure is in use",
                            choices=[skip, *removable])
        spaces = legal_spawn_footprints(game, monster_id)
        if not spaces:
            return None
        choices = [_place_choice(label, fp.x, fp.y, fp.w, fp.h) for fp in spaces]
        return Decision(seat=OVERLORD, kind="spawn_place", prompt=f"Place a spawned {label}", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        entry = self._next(step)
        if entry is None:
            game.pop(step)
            return
        step.data["queue"].pop(0)
        name = content(game).monsters[str(entry["monster"])].name
        game.emit("spawn_skipped", f"No {name} can be placed (no legal space or no figure left).",
                  ref="Step 2: Spawn Monsters", monster=entry["monster"])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        if choice.id.startswith("remove:"):
            removed = game.state.figures.pop(choice.data["figure"])
            game.emit("monster_removed", f"The overlord takes the {removed.name} at ({removed.pos[0]},"
                      f"{removed.pos[1]}) off the board to place it anew.", ref="Step 2: Spawn Monsters",
                      figure=removed.id)
            return  # the same entry is placed next, now that a figure is free
        entry = step.data["queue"].pop(0)
        if choice.id == "skip":
            name = content(game).monsters[str(entry["monster"])].name
            game.emit("spawn_skipped", f"The overlord does not place the {name}.",
                      ref="Step 2: Spawn Monsters", monster=entry["monster"])
            return
        fp = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
        figure = monster_figure(content(game).monsters[entry["monster"]], game.state.new_id("m"), fp,
                                master=bool(entry["master"]), players=players_in_game(game.state))
        game.state.figures[figure.id] = figure
        game.emit("monster_spawned", f"A {figure.name} is spawned at ({fp.x},{fp.y}).",
                  ref="Step 2: Spawn Monsters", figure=figure.id, x=fp.x, y=fp.y)


def places_any(game: Game, card_id: str) -> bool:
    """Whether some monster of the spawn card could be placed now. Why asked: the rules let the
    overlord play a spawn card whose monsters find no legal space (those are not placed; Step 2:
    Spawn Monsters), and his card window says so rather than let him pay for nothing unawares."""
    from delve.rules.overlord_cards import card

    return any(legal_spawn_footprints(game, kind) for kind in {e.monster for e in card(game, card_id).spawn})


def start_spawn(game: Game, card_id: str) -> None:
    """Push the placement of every monster a spawn card lists."""
    from delve.rules.overlord_cards import card

    queue = [{"monster": e.monster, "master": e.master} for e in card(game, card_id).spawn for _ in range(e.count)]
    game.push("spawn", card=card_id, queue=queue)
