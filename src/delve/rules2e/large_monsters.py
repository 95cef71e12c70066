"""Ruleset 2e: large monsters shrink to move and expand where they stop (descent-2e excerpt A,
Large Monsters).

The 1st edition walks a large figure with its whole base (``delve.board.movement``: sliding,
pivoting). In a 2e game a monster whose base covers more than one space moves this way instead:

- **Shrink.** The overlord picks one space of its base; the monster counts its movement from
  there as a one-space figure: one-space terrain costs, enemies block it, friends may be passed.
  It enters only the spaces of that one-space walk, so terrain and enter effects (a pit, lava,
  a trap) come from those spaces, exactly as for a small figure.
- **Expand.** Where the walk ends, the monster's base is placed again so that it covers the end
  space, in either orientation. The whole base must stand on the map, inside no wall or closed
  door, on no space that blocks movement or that the figure may not end on, and on no other
  figure: otherwise the monster may not end its move on that space. Spaces of the base it did
  not walk through are not entered (no enter effects); terrain that acts on a figure standing
  on it applies there by its own rule.

A destination is the expanded base (choice ``move:x,y,w,h``, as for any large figure); the
engine walks the cheapest one-space path from the best starting space to the cheapest end space
inside that base, as it walks the cheapest path of any move (our reading: the overlord names
where the monster stands, not the path). A move must cost at least one movement point: turning
the base in place is not a move.

When the walk stops early (a pit, an attack that interrupts it, no movement points left), the
monster expands where it stopped: the overlord places its base over that space, and when no
base fits there it goes back along its walk to the last space where one fits (our reading; see
``docs/rulings.md``).
"""

from __future__ import annotations

from typing import Any

from delve.board.geometry import Footprint, Pos
from delve.board.movement import Reach, reachable
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register_in
from delve.rules import movement as mv
from delve.rules2e import active

REF = "Large Monsters"
PLACE = "large_monster_place"


def is_large(figure: FigureState) -> bool:
    """A monster figure whose base covers more than one space."""
    return figure.kind == "monster" and figure.footprint.size > 1


def _limits(game: Game, figure: FigureState) -> tuple[bool, set[Pos], set[Pos]]:
    """Fly, the spaces it may not end on, and the spaces it may not enter (the 1e move hooks)."""
    fly = any(a.name == "Fly" for a in figure.abilities)
    no_end: set[Pos] = set()
    for rule in mv.NO_END_RULES:
        no_end |= rule(game, figure)
    blocked: set[Pos] = set()
    for block in mv.BLOCK_RULES:
        blocked |= block(game, figure)
    return fly, no_end, blocked


def bases_over(game: Game, figure: FigureState, space: Pos, shape: tuple[int, int] | None = None) -> list[Footprint]:
    """Every legal base of ``figure`` covering ``space`` (either orientation), in reading order."""
    _fly, no_end, blocked = _limits(game, figure)
    taken = mv.occupied_spaces(game, figure) | blocked | no_end
    w, h = shape or (figure.footprint.w, figure.footprint.h)
    return sorted({fp for fp in _around(space, w, h) if _fits(game, fp, taken)}, key=lambda f: (f.y, f.x, f.w))


def _around(space: Pos, w: int, h: int) -> list[Footprint]:
    shapes = [(w, h)] if w == h else [(w, h), (h, w)]
    return [Footprint(x=space[0] - dx, y=space[1] - dy, w=sw, h=sh)
            for sw, sh in shapes for dy in range(sh) for dx in range(sw)]


def _fits(game: Game, fp: Footprint, taken: set[Pos]) -> bool:
    """The whole base on the map, on free spaces that allow ending a move, across no wall or
    closed door."""
    board = game.board
    for x, y in fp.cells():
        if not board.in_bounds((x, y)) or board.blocks_movement_at((x, y)) or (x, y) in taken:
            return False
    for x, y in fp.cells():
        if x + 1 < fp.x + fp.w and board.blocked_edge((x, y), (x + 1, y)):
            return False
        if y + 1 < fp.y + fp.h and board.blocked_edge((x, y), (x, y + 1)):
            return False
    return True


def destinations(game: Game, figure: FigureState, budget: int) -> dict[Footprint, Reach] | None:
    """``movement.DESTINATION_RULES``: a large monster's bases, each reached by a one-space walk."""
    if not active(game) or not is_large(figure):
        return None
    fly, no_end, blocked = _limits(game, figure)
    enemies = mv.enemy_spaces(game, figure) | blocked
    others = mv.occupied_spaces(game, figure) | blocked
    ends: dict[Pos, Reach] = {}
    for start in figure.footprint.cells():
        for fp, reach in reachable(game.board, Footprint.single(start), budget, enemies, others,
                                   fly=fly, no_end=no_end).items():
            end = (fp.x, fp.y)
            if reach.cost > 0 and (end not in ends or reach.cost < ends[end].cost):
                ends[end] = reach
    taken = others | no_end
    fits: dict[Footprint, bool] = {}
    found: dict[Footprint, Reach] = {}
    for end, reach in sorted(ends.items(), key=lambda item: (item[1].cost, item[0][1], item[0][0])):
        for base in _around(end, figure.footprint.w, figure.footprint.h):
            if base in found or base == figure.footprint:
                continue
            if base not in fits:
                fits[base] = _fits(game, base, taken)
            if fits[base]:
                found[base] = Reach(reach.cost, reach.path, footprint=base)
    return found


mv.DESTINATION_RULES.append(destinations)


def _on_stack(game: Game, step: Step) -> bool:
    return any(s is step for s in game.state.stack)


@register_in("2e")
class ShrunkMovePath(mv.MovePath):
    """A 2e large monster's walk: shrink onto its start space, walk one space at a time as a
    small figure (the 1st-edition walk), expand over the space where it stops."""

    kind = "move_path"

    def run(self, game: Game, step: Step) -> None:
        to = step.data.get("to")
        figure = game.state.figures.get(step.data["figure"])
        if to is None or figure is None:
            super().run(game, step)
            return
        if not step.data.get("shrunk"):
            step.data["shrunk"] = True
            base = figure.footprint
            step.data["base"] = [base.x, base.y, base.w, base.h]
            figure.footprint = Footprint.single((step.data["start"][0], step.data["start"][1]))
            game.emit("large_monster_shrinks", f"{figure.name} shrinks to move from ({figure.pos[0]},{figure.pos[1]}).",
                      ref=REF, figure=figure.id, x=figure.pos[0], y=figure.pos[1])
        super().run(game, step)
        if not _on_stack(game, step):
            expand(game, figure, step.data)


def expand(game: Game, figure: FigureState, walk: dict[str, Any]) -> None:
    """Place the base again after the walk (module docstring): the chosen base when the walk
    reached its end, else a base over the space where it stopped."""
    if not mv.on_board(figure) or figure.id not in game.state.figures:
        return
    x, y, w, h = walk["base"]
    path: list[list[int]] = walk["path"]
    target = Footprint(x=walk["to"][0], y=walk["to"][1], w=walk["to"][2], h=walk["to"][3])
    here = figure.pos
    if walk["index"] == len(path) and target.contains(here) and target in bases_over(game, figure, here, (w, h)):
        _place(game, figure, target)
        return
    walked = [(p[0], p[1]) for p in path[: int(walk["index"])]]
    for space in [here, *reversed(walked), (walk["start"][0], walk["start"][1])]:
        options = bases_over(game, figure, space, (w, h))
        if len(options) == 1:
            _place(game, figure, options[0])
            return
        if options:
            game.push(PLACE, figure=figure.id, options=[[o.x, o.y, o.w, o.h] for o in options], space=list(space))
            return
    _place(game, figure, Footprint(x=x, y=y, w=w, h=h))  # nowhere else: where it started


def _place(game: Game, figure: FigureState, base: Footprint) -> None:
    figure.footprint = base
    game.emit("large_monster_expands", f"{figure.name} expands to ({base.x},{base.y}).", ref=REF,
              figure=figure.id, x=base.x, y=base.y, w=base.w, h=base.h)


@register_in("2e")
class PlaceLargeMonster(StepHandler):
    """The overlord places a large monster's base over the space where its walk stopped."""

    kind = PLACE

    def decide(self, game: Game, step: Step) -> Decision | None:
        figure = game.state.figures.get(step.data["figure"])
        if figure is None or not mv.on_board(figure):
            return None
        choices = [Choice(id=f"place:{mv.footprint_key(fp)}", label=f"Place {figure.name} at ({fp.x},{fp.y})",
                          data={"x": fp.x, "y": fp.y, "w": fp.w, "h": fp.h})
                   for fp in (Footprint(x=o[0], y=o[1], w=o[2], h=o[3]) for o in step.data["options"])]
        return Decision(seat=figure.seat or "overlord", kind=PLACE,
                        prompt=f"Place {figure.name}'s base over ({step.data['space'][0]},{step.data['space'][1]})",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        figure = game.state.figures[step.data["figure"]]
        game.pop(step)
        _place(game, figure, Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"],
                                       h=choice.data["h"]))
