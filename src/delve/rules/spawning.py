"""Spawning monsters from a spawn card: where they may be placed, one monster at a time.

Rulebook: Step 2: Spawn Monsters. Each monster goes on a space with no figure and no obstacle,
in a revealed area, out of every hero's line of sight (other monsters do not block that sight),
with a large base fully on legal spaces, and only while a figure of that kind is left in the
box. A treasure or encounter marker does not prevent spawning there.
"""

from __future__ import annotations

from collections.abc import Callable

from delve.board.geometry import Footprint, Pos
from delve.board.los import has_line_of_sight
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import Step
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


def legal_spawn_footprints(game: Game, monster_id: str) -> list[Footprint]:
    """Every footprint where a monster of this kind may be spawned now."""
    size = content(game).monsters[monster_id].size
    shapes = {(size.w, size.h), (size.h, size.w)}
    occupied = {c for f in game.state.figures.values() if on_board(f) for c in f.footprint.cells()}
    watchers = _watchers(game)
    good: dict[Pos, bool] = {}

    def ok(p: Pos) -> bool:
        if p not in good:
            good[p] = spawn_space_ok(game, p, occupied, watchers)
        return good[p]

    found = []
    for y in range(game.board.height):
        for x in range(game.board.width):
            for w, h in sorted(shapes):
                fp = Footprint(x=x, y=y, w=w, h=h)
                if all(ok(cell) for cell in fp.cells()):
                    found.append(fp)
    return found


def figures_left(game: Game, monster_id: str, master: bool) -> int:
    """Figures of this kind still in the box (Rulebook: Step 2: available figures)."""
    counts = content(game).monsters[monster_id].figures
    total = counts.master if master else counts.normal
    used = sum(1 for f in game.state.monsters() if f.content_id == monster_id and f.master == master)
    return total - used


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
        if figures_left(game, monster_id, master) <= 0:
            return None
        spaces = legal_spawn_footprints(game, monster_id)
        if not spaces:
            return None
        name = content(game).monsters[monster_id].name
        label = f"master {name}" if master else name
        choices = [Choice(id=f"place:{footprint_key(fp)}", label=f"Place the {label} at ({fp.x},{fp.y})",
                          data={"x": fp.x, "y": fp.y, "w": fp.w, "h": fp.h}) for fp in spaces]
        return Decision(seat=OVERLORD, kind="spawn_place", prompt=f"Place a spawned {label}", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        entry = self._next(step)
        if entry is None:
            game.pop(step)
            return
        step.data["queue"].pop(0)
        game.emit("spawn_skipped", f"No {entry['monster']} can be placed (no legal space or no figure left).",
                  ref="Step 2: Spawn Monsters", monster=entry["monster"])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        entry = step.data["queue"].pop(0)
        fp = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
        figure = monster_figure(content(game).monsters[entry["monster"]], game.state.new_id("m"), fp,
                                master=bool(entry["master"]), players=players_in_game(game.state))
        game.state.figures[figure.id] = figure
        game.emit("monster_spawned", f"A {figure.name} is spawned at ({fp.x},{fp.y}).",
                  ref="Step 2: Spawn Monsters", figure=figure.id, x=fp.x, y=fp.y)


def start_spawn(game: Game, card_id: str) -> None:
    """Push the placement of every monster a spawn card lists."""
    from delve.rules.overlord_cards import card

    queue = [{"monster": e.monster, "master": e.master} for e in card(game, card_id).spawn for _ in range(e.count)]
    game.push("spawn", card=card_id, queue=queue)
