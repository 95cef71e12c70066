"""Moving figures: legal destinations, and walking a path one space at a time.

Rulebook: Movement. A choice names a destination, but the engine walks the cheapest path
space by space, paying movement points as it goes, because entering a space can trigger
things (revealing an area, losing an aim order; later traps, Aura and guard interrupts).
Those triggers are hooks (``ENTER_SPACE_HOOKS``); this module names none of them.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping

from delve.board.geometry import Footprint, Pos
from delve.board.movement import Reach, SmallReaches, reachable, step_cost
from delve.engine.decision import Choice, SharedChoices
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register

EnterHook = Callable[[Game, FigureState, Footprint], None]
ENTER_SPACE_HOOKS: list[EnterHook] = []

NoEndRule = Callable[[Game, FigureState], set[Pos]]
NO_END_RULES: list[NoEndRule] = []  # spaces a figure may cross but not stop on (active glyphs for monsters)

# Further spaces a figure may not enter at all during a move (e.g. a friend's space next to the pit
# it climbs out of, since a climb must land on an empty space).
BLOCK_RULES: list[NoEndRule] = []

# Another way to find a figure's destinations (2e large monsters shrink to move): the first rule
# that answers (not None) replaces the search below. A Reach may end its path on a space other
# than its footprint; ``start_move`` then passes the footprint on as the step's ``to``.
DestinationRule = Callable[[Game, FigureState, int], MutableMapping[Footprint, Reach] | None]
DESTINATION_RULES: list[DestinationRule] = []

MovementLock = Callable[[Game, FigureState], str | None]
# Two kinds of lock (Rulebook: Movement Actions lists what movement points buy):
# ``MOVEMENT_LOCKS`` forbid spending any movement point at all -- walking, doors, chests,
# potions, giving, stairs, shopping... (Grapple, Web, Concentrate);
# ``STEP_LOCKS`` only forbid leaving the space (a boulder over a pit, no moving after a Leap).
MOVEMENT_LOCKS: list[MovementLock] = []
STEP_LOCKS: list[MovementLock] = []


def movement_lock(lock: MovementLock) -> MovementLock:
    """Decorator: a rule that can forbid a figure to spend any movement point (Grapple, Web).
    It returns the reason, or None when the figure may spend them."""
    MOVEMENT_LOCKS.append(lock)
    return lock


def step_lock(lock: MovementLock) -> MovementLock:
    """Decorator: a rule that forbids a figure to leave its space (walk, jump, take stairs or a
    glyph), while other movement actions stay open. It returns the reason, or None."""
    STEP_LOCKS.append(lock)
    return lock


def _first_reason(locks: list[MovementLock], game: Game, figure: FigureState) -> str | None:
    for lock in locks:
        reason = lock(game, figure)
        if reason:
            return reason
    return None


def movement_locked(game: Game, figure: FigureState) -> str | None:
    """Why this figure may not spend any movement point now, or None. Every movement action
    (each entry of the Movement Actions table) asks this before it is offered."""
    return _first_reason(MOVEMENT_LOCKS, game, figure)


def moving_locked(game: Game, figure: FigureState) -> str | None:
    """Why this figure may not leave its space now (no movement points, or a step lock), or None."""
    return _first_reason(MOVEMENT_LOCKS, game, figure) or _first_reason(STEP_LOCKS, game, figure)


def on_enter_space(hook: EnterHook) -> EnterHook:
    """Decorator: run ``hook`` each time a figure enters a space during movement."""
    ENTER_SPACE_HOOKS.append(hook)
    return hook


def on_board(figure: FigureState) -> bool:
    """True for figures that stand on the board (not dead, not in town)."""
    return figure.alive and not figure.in_town


def enemy_spaces(game: Game, figure: FigureState) -> set[Pos]:
    """Spaces held by figures of the other side: they block movement (Rulebook: Movement)."""
    return {
        cell
        for other in game.state.figures.values()
        if other.side != figure.side and on_board(other)
        for cell in other.footprint.cells()
    }


def occupied_spaces(game: Game, figure: FigureState) -> set[Pos]:
    """Spaces held by any other figure: a move may pass friends but must end in an empty space."""
    return {
        cell
        for other in game.state.figures.values()
        if other.id != figure.id and on_board(other)
        for cell in other.footprint.cells()
    }


def figure_spaces(game: Game, *, exclude: str = "") -> set[Pos]:
    """Spaces that block line of sight because a figure stands there."""
    return {
        cell
        for other in game.state.figures.values()
        if other.id != exclude and on_board(other)
        for cell in other.footprint.cells()
    }


def destinations(game: Game, figure: FigureState, budget: int) -> MutableMapping[Footprint, Reach]:
    """Where ``figure`` may end a move with ``budget`` movement points, and the cheapest path."""
    if budget <= 0 or not on_board(figure) or moving_locked(game, figure):
        return {}
    for other_way in DESTINATION_RULES:
        answer = other_way(game, figure, budget)
        if answer is not None:
            answer.pop(figure.footprint, None)
            return answer
    fly = any(ability.name == "Fly" for ability in figure.abilities)
    no_end: set[Pos] = set()
    for rule in NO_END_RULES:
        no_end |= rule(game, figure)
    blocked: set[Pos] = set()
    for block in BLOCK_RULES:
        blocked |= block(game, figure)
    found = reachable(game.board, figure.footprint, budget, enemy_spaces(game, figure) | blocked,
                      occupied_spaces(game, figure) | blocked, fly=fly, no_end=no_end)
    found.pop(figure.footprint, None)
    return found


def _direction(x0: int, y0: int, x1: int, y1: int, default: tuple[int, int]) -> tuple[int, int]:
    """The unit direction from one space to another (kept as is when they are the same)."""
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    return (dx, dy) if (dx, dy) != (0, 0) else default


def footprint_key(fp: Footprint) -> str:
    """A stable text form of a footprint for choice ids: ``x,y`` or ``x,y,w,h``."""
    if fp.w == 1 and fp.h == 1:
        return f"{fp.x},{fp.y}"
    return f"{fp.x},{fp.y},{fp.w},{fp.h}"


def _make_move_choice(name: str, x: int, y: int, w: int, h: int, cost: int) -> Choice:
    spot = f"{x},{y}" if w == 1 and h == 1 else f"{x},{y},{w},{h}"  # footprint_key
    return Choice(id=f"move:{spot}", label=f"Move {name} to ({x},{y}) for {cost} movement",
                  data={"x": x, "y": y, "w": w, "h": h, "cost": cost})


# The ``move:`` choice of a figure called ``name`` to the footprint (x, y, w, h) for ``cost``
# movement points, by (name, x, y, w, h, cost): building the strings and data of every reachable
# space cost more than the search itself, and a figure reaches the same spaces turn after turn.
move_choice = SharedChoices(_make_move_choice).get


def move_choices(game: Game, figure: FigureState, budget: int) -> list[Choice]:
    """One ``move:`` choice per reachable destination, nearest first (then row by row; equal
    places in search order). The destinations are kept in the decision's memo for
    ``start_move`` (``Game.decision_memo``)."""
    found = destinations(game, figure, budget)
    game.decision_memo[("destinations", figure.id, figure.footprint, budget)] = found
    name = figure.name
    # The costs alone: a ``Reach`` (and its path) is made only for the destination chosen.
    if isinstance(found, SmallReaches):
        return [move_choice(name, x, y, 1, 1, cost) for cost, x, y in found.by_cost()]
    costs = [(fp, r.cost) for fp, r in found.items()]
    ordered = sorted((cost, fp.y, fp.x, i, fp) for i, (fp, cost) in enumerate(costs))  # ties: search order
    return [move_choice(name, x, y, fp.w, fp.h, cost) for cost, y, x, _i, fp in ordered]


def start_move(game: Game, figure: FigureState, choice: Choice, payer: Step) -> None:
    """Push a ``move_path`` step that walks to the chosen destination, paying ``payer``'s points."""
    target = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
    budget = payer.data.get("mp", 0)
    found = game.decision_memo.get(("destinations", figure.id, figure.footprint, budget))
    if found is None:
        found = destinations(game, figure, budget)
    reach = found.get(target)
    if reach is None:
        raise EngineError(f"{figure.name} cannot reach {footprint_key(target)}")
    payer_index = next(i for i, s in enumerate(game.state.stack) if s is payer)
    path = [[fp.x, fp.y, fp.w, fp.h] for fp in reach.path[1:]]
    if reach.path[-1] != target:  # the walk ends on one space of the target (DESTINATION_RULES)
        game.push("move_path", figure=figure.id, path=path, index=0, payer=payer_index,
                  to=[target.x, target.y, target.w, target.h], start=[reach.path[0].x, reach.path[0].y])
        return
    game.push("move_path", figure=figure.id, path=path, index=0, payer=payer_index)


@register
class MovePath(StepHandler):
    """Walk a figure along a path, one space per run, paying and firing enter hooks."""

    kind = "move_path"

    def run(self, game: Game, step: Step) -> None:
        figure = game.state.figures.get(step.data["figure"])
        index = step.data["index"]
        path = step.data["path"]
        if figure is None or not on_board(figure) or index >= len(path) or step.data.get("stopped"):
            game.pop(step)
            return
        target = Footprint(x=path[index][0], y=path[index][1], w=path[index][2], h=path[index][3])
        cost = step_cost(game.board, figure.footprint, target, enemy_spaces(game, figure),
                         fly=any(a.name == "Fly" for a in figure.abilities))
        payer = game.state.stack[step.data["payer"]]
        if cost is None or cost > payer.data.get("mp", 0):
            game.emit("movement_stopped", f"{figure.name} cannot continue moving.", ref="Movement",
                      figure=figure.id)
            game.pop(step)
            return
        payer.data["mp"] -= cost
        old = figure.footprint
        step.data["came_from"] = [old.x, old.y, old.w, old.h]  # enter hooks may compare (a pit)
        figure.facing = _direction(figure.footprint.x, figure.footprint.y, target.x, target.y, figure.facing)
        figure.footprint = target
        step.data["index"] = index + 1
        game.emit("figure_moved", f"{figure.name} moves to ({target.x},{target.y}).", ref="Movement",
                  figure=figure.id, x=target.x, y=target.y, cost=cost)
        for hook in ENTER_SPACE_HOOKS:
            hook(game, figure, target)
