"""Jump: a figure moves straight to a space it can see, without entering the spaces between.

extra-game-effects.txt, Jump, mapped onto the 1st edition (docs/rulesets.md, "Extra game
effects"; Rulebook: Movement, Line of Sight, Pit, Movement Actions). A small figure bearing Jump
(its own ability, an equipped non-weapon item, a locked item) may, while it has movement points,
jump to a space:

* in its line of sight (other figures block sight as for attacks; walls and closed doors block
  it, so a jump never passes through them; area boundaries do not);
* within range: the jump costs one movement point per space of distance, and at least what
  leaving its own space costs (the space left still has its say, e.g. mud-like leave costs);
* empty (no figure), not terrain that blocks movement, and a space the figure may end a move on;
* not higher than the space left: a figure lying in a pit cannot jump out (it must climb);
  flying figures never lie in pits.

The spaces in between are not entered; the landing space is, once (enter-space hooks run:
revealing areas, Aura, and a pit makes a walking figure fall and be hurt, while Fly spares it).
Whatever forbids movement (Web, Grapple, a leap this turn) forbids a jump. In the 1st edition
no enemy effect fires when a figure leaves a space, so "provoke from the space left" has nothing
to act on. Offered as ``jumpto:X,Y`` (``jump:`` is the rulebook's terrain jump).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, has, register_ability
from delve.abilities.units.locking_stamina import points
from delve.board.geometry import Footprint, Pos, distance
from delve.board.los import footprint_line_of_sight
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import BLOCK_RULES, NO_END_RULES, figure_spaces, moving_locked, occupied_spaces, on_board
from delve.rules.overlord_turn import ACTIVATION_CHOICE_PROVIDERS
from delve.rules.terrain import in_pit, relocate

NAME = "Jump"


def jump_targets(game: Game, figure: FigureState, budget: int) -> dict[Pos, int]:
    """Every space the figure may jump to with ``budget`` movement points, and its cost."""
    if (budget <= 0 or figure.footprint.size != 1 or not on_board(figure) or points(game, figure, NAME) <= 0
            or moving_locked(game, figure) or (in_pit(game, figure) and not has(figure, "Fly"))):
        return {}
    board = game.board
    here = figure.pos
    leave = board.terrain_at(here).leave_cost or 0
    taken = occupied_spaces(game, figure)
    for rule in [*NO_END_RULES, *BLOCK_RULES]:
        taken |= rule(game, figure)
    blockers = figure_spaces(game, exclude=figure.id)
    found: dict[Pos, int] = {}
    for y in range(here[1] - budget, here[1] + budget + 1):
        for x in range(here[0] - budget, here[0] + budget + 1):
            pos = (x, y)
            cost = max(distance(here, pos), leave)
            if (pos == here or cost > budget or not board.is_space(pos) or pos in taken
                    or board.blocks_movement_at(pos)):
                continue
            if footprint_line_of_sight(board, figure.footprint, pos, blockers):
                found[pos] = cost
    return found


def jump_choices(game: Game, step: Step, figure: FigureState) -> list[Choice]:
    """One ``jumpto:X,Y`` choice per legal landing space, nearest first."""
    targets = jump_targets(game, figure, step.data.get("mp", 0))
    return [Choice(id=f"jumpto:{x},{y}", label=f"Jump to ({x},{y}) for {cost} movement",
                   data={"x": x, "y": y, "cost": cost})
            for (x, y), cost in sorted(targets.items(), key=lambda kv: (kv[1], kv[0][1], kv[0][0]))]


def apply_jump(game: Game, step: Step, figure: FigureState, choice: Choice) -> bool:
    """Pay, then land on the chosen space (which counts as entered)."""
    if not choice.id.startswith("jumpto:"):
        return False
    target = (choice.data["x"], choice.data["y"])
    cost = jump_targets(game, figure, step.data.get("mp", 0)).get(target)
    if cost is None:
        raise EngineError(f"{figure.name} cannot jump to {target}")
    step.data["mp"] -= cost
    game.emit("jumped", f"{figure.name} jumps to ({target[0]},{target[1]}) for {cost} movement.", ref=NAME,
              figure=figure.id, x=target[0], y=target[1], cost=cost, via=NAME)
    relocate(game, figure, Footprint.single(target), cause="a jump", ref=NAME)
    return True


@register_ability
class Jump(AbilityUnit):
    """Offered as a movement choice during turns and activations."""

    name = NAME


turn_choice_provider(jump_choices, apply_jump)
ACTIVATION_CHOICE_PROVIDERS.append((jump_choices, apply_jump))
