"""What terrain does to figures: entering harmful spaces, pits, jumping, and corrupted ground.

Rulebook: Map tiles & Markers (Lava, Pit, Corrupted terrain, Mud), Traps (Dart Fields, Scything
Blades), Movement Actions (climb out of a pit: 2; jump over lava, mud or pit: 3 per space
crossed), Fly (flying figures suffer no terrain effects).

Why data-driven: the board layer reports, for each step, the ``on_enter`` effect names that
``terrain.yaml`` gives the spaces entered (``delve.board.movement.step_effects``); this module
only knows what each effect NAME does (``TERRAIN_EFFECTS``), never which terrain it belongs to.
Effects that need a die (dart fields, scything blades) push a ``terrain_roll`` step, so the walk
pauses on that space until the power die is rolled and the outcome applied.

Rulings (docs/rulings.md, "Combat"): a figure already lying in a pit that moves to another pit
space does not fall again; climbing out must land on an empty space, so a figure in a pit may not
pass a friend's space next to it on the way out; a jump crosses one or more jumpable spaces in a
straight line (3 points per space crossed, footnote 5 of Movement Actions) and lands on an empty
space, whose effects apply, while the crossed spaces are not entered; only small figures not
lying in a pit jump, and flying figures have no need to.
"""

from __future__ import annotations

from collections.abc import Callable

from delve.abilities.base import has
from delve.board.geometry import DIRECTIONS, Footprint, Pos
from delve.board.movement import step_effects
from delve.board.terrain import load_marker_kinds
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.conditions import place_condition
from delve.rules.dice import POWER
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import (
    BLOCK_RULES,
    ENTER_SPACE_HOOKS,
    NO_END_RULES,
    enemy_spaces,
    moving_locked,
    occupied_spaces,
    on_board,
    on_enter_space,
    step_lock,
)
from delve.rules.overlord_cards import keeps_threat
from delve.rules.overlord_turn import ACTIVATION_CHOICE_PROVIDERS
from delve.rules.rolling import request_roll
from delve.rules.wounds import FATIGUE_SPENT_HOOKS, WOUND_LOSS_HOOKS, suffer_wounds

JUMP_COST = 3  # Rulebook: Movement Actions (per space crossed)
CORRUPTED = "corrupted"  # terrain id (Rulebook: Corrupted terrain)
CORRUPTED_THREAT_PER_FATIGUE = 1
CORRUPTED_THREAT_PER_WOUND = 2
FALL_EFFECT = "fall_into_pit"  # the pit's own effect name in terrain.yaml

# Effects that roll one power die: a surge spares the figure, anything else hurts it.
# name -> (rulebook section, wounds ignoring armor, condition token placed)
ROLLED_EFFECTS: dict[str, tuple[str, int, str]] = {
    "dart_roll": ("Dart Fields", 1, "daze"),
    "scything_blade_roll": ("Scything Blades", 2, "bleed"),
}

# An effect gets the figure, the effect's argument ("2" in "burn:2"), the footprint it came
# from and the rulebook section; it returns False to stop the effects after it (a figure that
# was already at the bottom of a pit does not fall and is not hurt again).
TerrainEffect = Callable[[Game, FigureState, str, Footprint, str], bool]
TERRAIN_EFFECTS: dict[str, TerrainEffect] = {}


def terrain_effect(name: str) -> Callable[[TerrainEffect], TerrainEffect]:
    """Decorator: what the ``on_enter`` effect ``name`` of terrain.yaml does."""

    def wrap(fn: TerrainEffect) -> TerrainEffect:
        TERRAIN_EFFECTS[name] = fn
        return fn

    return wrap


# -- shared geometry --------------------------------------------------------------------------
def step_open(game: Game, a: Pos, b: Pos) -> bool:
    """Can something cross from ``a`` to the touching space ``b``: ``b`` is a space, and no wall
    or closed door stands between (diagonals: one of the two L routes is open, as for movement)."""
    board = game.board
    if not board.is_space(b):
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 or dy == 0:
        return not board.blocked_edge(a, b)
    for side in ((a[0] + dx, a[1]), (a[0], a[1] + dy)):
        if board.is_space(side) and not board.blocked_edge(a, side) and not board.blocked_edge(side, b):
            return True
    return False


def falls_into(game: Game, fp: Footprint) -> bool:
    """True when every space of ``fp`` is terrain that makes figures fall (a pit)."""
    board = game.board
    return all(board.is_space(c) and FALL_EFFECT in board.terrain_at(c).on_enter for c in fp.cells())


def in_pit(game: Game, figure: FigureState) -> bool:
    """A figure lies in a pit when its whole body is on pit spaces (Rulebook: Pit)."""
    return on_board(figure) and falls_into(game, figure.footprint)


def _fly(figure: FigureState) -> bool:
    return has(figure, "Fly")


# -- entering spaces --------------------------------------------------------------------------
def came_from(game: Game, figure: FigureState) -> Footprint | None:
    """Where ``figure`` stood before the space it has just entered (None if unknown)."""
    moved = game.state.flags.get("came_from", {}).get(figure.id)
    if moved is None:
        for step in reversed(game.state.stack):
            if step.kind == "move_path" and step.data.get("figure") == figure.id and "came_from" in step.data:
                moved = step.data["came_from"]
                break
    if moved is None:
        return None
    return Footprint(x=moved[0], y=moved[1], w=moved[2], h=moved[3])


def relocate(game: Game, figure: FigureState, target: Footprint, *, cause: str, ref: str) -> None:
    """Put a figure on ``target`` as a movement action (stairs, a jump) and run the enter-space
    hooks for that one space, exactly as a step of a walk would."""
    before = figure.footprint
    figure.footprint = target
    game.emit("figure_moved", f"{figure.name} moves to ({target.x},{target.y}) ({cause}).", ref=ref,
              figure=figure.id, x=target.x, y=target.y, cost=0, via=cause)
    flags = game.state.flags.setdefault("came_from", {})
    flags[figure.id] = [before.x, before.y, before.w, before.h]
    try:
        for hook in ENTER_SPACE_HOOKS:
            if not on_board(figure) or figure.id not in game.state.figures:
                break
            hook(game, figure, target)
    finally:
        flags.pop(figure.id, None)
        if not flags:
            game.state.flags.pop("came_from", None)


def _source(game: Game, fp: Footprint, effect: str) -> str:
    """The name of the terrain under ``fp`` that carries ``effect`` (for events and refs)."""
    for cell in fp.cells():
        terrain = game.board.terrain_at(cell)
        if effect in terrain.on_enter:
            return terrain.name
    return "Terrain"


@on_enter_space
def terrain_on_enter(game: Game, figure: FigureState, fp: Footprint) -> None:
    """Run the ``on_enter`` effects of the spaces a figure just stepped onto."""
    if figure.id not in game.state.figures or not on_board(figure):
        return
    before = came_from(game, figure) or Footprint(x=-9, y=-9, w=fp.w, h=fp.h)
    for name in step_effects(game.board, before, fp, fly=_fly(figure)):
        if figure.id not in game.state.figures or not on_board(figure):
            return
        key, _, arg = name.partition(":")
        effect = TERRAIN_EFFECTS.get(key)
        if effect is None:
            game.emit("effect_not_implemented", f"The terrain effect {name} is not implemented yet.",
                      ref="Map tiles & Markers", effect=name)
            continue
        if not effect(game, figure, arg, before, _source(game, fp, name)):
            return


@terrain_effect(FALL_EFFECT)
def _fall(game: Game, figure: FigureState, _arg: str, before: Footprint, ref: str) -> bool:
    """Rulebook: Pit. Only a figure not already lying in the pit falls (and is hurt)."""
    if falls_into(game, before):
        return False
    game.emit("fell_into_pit", f"{figure.name} falls into a pit.", ref=ref, figure=figure.id,
              x=figure.footprint.x, y=figure.footprint.y)
    return True


@terrain_effect("wound_ignore_armor")
def _wound(game: Game, figure: FigureState, arg: str, _before: Footprint, ref: str) -> bool:
    """Rulebook: Lava; Pit. Wounds that armor cannot reduce."""
    suffer_wounds(game, figure, int(arg or 1), cause=ref.lower(), ref=ref)
    return True


@terrain_effect("burn")
def _burn(game: Game, figure: FigureState, arg: str, _before: Footprint, ref: str) -> bool:
    """Rulebook: Lava. Burn tokens (an immune figure resists them)."""
    place_condition(game, figure, "burn", int(arg or 1), ref=ref)
    return True


def _rolled(game: Game, figure: FigureState, arg: str, before: Footprint, ref: str, name: str) -> bool:
    game.push("terrain_roll", figure=figure.id, effect=name, ref=ref)
    return True


for _name in ROLLED_EFFECTS:
    def _make(name: str) -> TerrainEffect:
        def fn(game: Game, figure: FigureState, arg: str, before: Footprint, ref: str) -> bool:
            return _rolled(game, figure, arg, before, ref, name)

        fn.__doc__ = f"Rulebook: {ROLLED_EFFECTS[name][0]}. Roll the power die in a step of its own."
        return fn

    TERRAIN_EFFECTS[_name] = _make(_name)


@register
class TerrainRoll(StepHandler):
    """Rulebook: Dart Fields; Scything Blades. One power die: a surge spares the figure; any other
    face deals wounds that armor cannot stop and places a token."""

    kind = "terrain_roll"

    def run(self, game: Game, step: Step) -> None:
        figure = game.state.figures.get(step.data["figure"])
        if figure is None or not on_board(figure):
            game.pop(step)
            return
        section, wounds, token = ROLLED_EFFECTS[step.data["effect"]]
        faces = step.data.get("faces")
        if faces is None:
            request_roll(game, step, [POWER], "faces", f"{figure.name} risks the {section.lower()}")
            return
        game.pop(step)
        if faces[0] == "surge":
            game.emit("trap_avoided", f"{figure.name} escapes the {section.lower()}.", ref=section,
                      figure=figure.id, effect=step.data["effect"])
            return
        game.emit("trap_hit", f"{figure.name} is hit by the {section.lower()}.", ref=section,
                  figure=figure.id, effect=step.data["effect"])
        suffer_wounds(game, figure, wounds, cause=section.lower(), ref=section)
        if figure.id in game.state.figures and on_board(figure):
            place_condition(game, figure, token, 1, ref=section)


# -- pits: climbing out -----------------------------------------------------------------------
def _climb_blocks(game: Game, figure: FigureState) -> set[Pos]:
    """Rulebook: Pit. A figure climbing out is placed on an EMPTY space next to the pit, so while
    it lies in a pit the occupied spaces touching it (outside the pit) cannot be entered."""
    if _fly(figure) or not in_pit(game, figure):
        return set()
    cells = set(figure.footprint.cells())
    around = {(x + dx, y + dy) for x, y in cells for dx, dy in DIRECTIONS} - cells
    board = game.board
    return {p for p in occupied_spaces(game, figure) & around
            if board.is_space(p) and FALL_EFFECT not in board.terrain_at(p).on_enter}


BLOCK_RULES.append(_climb_blocks)


_BOULDER_BLOCKS = load_marker_kinds()["boulder"].blocks_movement


@step_lock
def _under_boulder(game: Game, figure: FigureState) -> str | None:
    """Rulebook: Boulders and Pits. A figure under a boulder cannot climb out of that space."""
    cells = set(figure.footprint.cells())
    ix = game.board.index()
    if _BOULDER_BLOCKS and all(ix.is_space(c) and not ix.move_block[c[1] * ix.width + c[0]] for c in cells):
        return None  # a boulder blocks movement, so the board's view marks every space under one
    if any(m.kind == "boulder" and m.pos in cells for m in game.board.markers):
        return f"{figure.name} is trapped under a boulder"
    return None


# -- jumping ----------------------------------------------------------------------------------
def _jumpable_next_to(game: Game, pos: Pos) -> bool:
    """Whether any space touching ``pos`` has jumpable terrain: a jump lands only after crossing
    one, so without it there is none to offer. Why asked first: most spaces have no such
    neighbour, and the full test (figures, locks, edges) runs for every decision of every turn."""
    ix = game.board.index()
    w, h = ix.width, ix.height
    x, y = pos
    for dx, dy in DIRECTIONS:
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h:
            terrain = ix.terr[ny * w + nx]
            if terrain is not None and terrain.jumpable:
                return True
    return False


def jump_targets(game: Game, figure: FigureState, budget: int) -> list[tuple[Pos, int]]:
    """Landing spaces of a jump in a straight line over jumpable spaces, with their cost."""
    if (figure.footprint.size != 1 or _fly(figure) or not on_board(figure) or budget < JUMP_COST
            or not _jumpable_next_to(game, figure.pos) or in_pit(game, figure) or moving_locked(game, figure)):
        return []
    board = game.board
    enemies = enemy_spaces(game, figure)
    taken = occupied_spaces(game, figure)
    for rule in NO_END_RULES:
        taken |= rule(game, figure)
    out: list[tuple[Pos, int]] = []
    for dx, dy in DIRECTIONS:
        here = figure.pos
        crossed = 0
        while True:
            nxt = (here[0] + dx, here[1] + dy)
            if not step_open(game, here, nxt) or nxt in enemies or board.blocks_movement_at(nxt):
                break
            if crossed and nxt not in taken:
                cost = JUMP_COST * crossed
                if cost <= budget:
                    out.append((nxt, cost))
            if not board.terrain_at(nxt).jumpable:
                break
            crossed += 1
            here = nxt
    return out


def _jump_choices(game: Game, step: Step, figure: FigureState) -> list[Choice]:
    return [Choice(id=f"jump:{x},{y}", label=f"Jump to ({x},{y}) for {cost} movement",
                   data={"x": x, "y": y, "cost": cost})
            for (x, y), cost in jump_targets(game, figure, step.data.get("mp", 0))]


def _apply_jump(game: Game, step: Step, figure: FigureState, choice: Choice) -> bool:
    if not choice.id.startswith("jump:"):
        return False
    target = (choice.data["x"], choice.data["y"])
    cost = dict(jump_targets(game, figure, step.data.get("mp", 0))).get(target)
    if cost is None:
        raise EngineError(f"{figure.name} cannot jump to {target}")
    step.data["mp"] -= cost
    game.emit("jumped", f"{figure.name} jumps to ({target[0]},{target[1]}) for {cost} movement.",
              ref="Movement Actions", figure=figure.id, x=target[0], y=target[1], cost=cost)
    relocate(game, figure, Footprint.single(target), cause="a jump", ref="Movement Actions")
    return True


turn_choice_provider(_jump_choices, _apply_jump)
ACTIVATION_CHOICE_PROVIDERS.append((_jump_choices, _apply_jump))


# -- corrupted terrain ------------------------------------------------------------------------
def on_corrupted(game: Game, figure: FigureState) -> bool:
    """A hero on the board with a space on corrupted terrain (Rulebook: Corrupted terrain)."""
    if figure.kind != "hero" or figure.in_town:
        return False
    board = game.board
    return any(board.is_space(c) and board.terrain[c[1]][c[0]] == CORRUPTED for c in figure.footprint.cells())


def _corruption_threat(game: Game, amount: int, why: str) -> None:
    if amount <= 0 or not keeps_threat(game):
        return
    game.state.overlord.threat += amount
    game.emit("threat_gained", f"The overlord gains {amount} threat ({why}).", ref="Corrupted terrain",
              amount=amount)


def _corrupted_fatigue(game: Game, figure: FigureState, amount: int) -> None:
    if on_corrupted(game, figure):
        _corruption_threat(game, CORRUPTED_THREAT_PER_FATIGUE * amount,
                           f"{figure.name} spent fatigue on corrupted ground")


def _corrupted_wounds(game: Game, figure: FigureState, lost: int) -> None:
    if on_corrupted(game, figure):
        _corruption_threat(game, CORRUPTED_THREAT_PER_WOUND * lost,
                           f"{figure.name} lost wounds on corrupted ground")


def corrupted_instant_death(game: Game, figure: FigureState) -> None:
    """Rulebook: Corrupted terrain. An instant death there gives 2 threat per wound the hero had."""
    if on_corrupted(game, figure):
        _corruption_threat(game, CORRUPTED_THREAT_PER_WOUND * max(0, figure.wounds),
                           f"{figure.name} was killed outright on corrupted ground")


FATIGUE_SPENT_HOOKS.append(_corrupted_fatigue)
WOUND_LOSS_HOOKS.append(_corrupted_wounds)
