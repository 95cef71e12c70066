"""Knockback: after a damaging hit, the attacker may throw each affected figure up to 3 spaces.

Rulebook: Special Abilities, Knockback; Unstoppable; Using Power Surges (Knockback does not
stack: buying it twice changes nothing, so the rank is ignored). When the attack deals at least
1 damage before armor to a figure (and that figure is still on the board), the attacker's seat
decides where it lands: any space at most 3 steps away that holds no figure and no obstacle
that blocks movement, or ``knockback:none``. The figure is knocked over the spaces between, so
figures and obstacles in the way do not matter, but the three steps may not cross a wall, a
closed door or the map edge (diagonal steps past a wall corner follow the movement rule: one
of the two L-shaped ways must be open). A large figure is thrown whole, without turning.
Figures immune to Knockback (Unstoppable, by data in ``abilities.yaml``) stay put.
Landing counts as entering that space: the enter-space hooks run once, for the landing
(docs/rulings.md, Combat).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import DIRECTIONS, Footprint, Pos
from delve.board.grid import Board
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.steps import StepHandler, register
from delve.rules.movement import ENTER_SPACE_HOOKS, footprint_key, occupied_spaces, on_board

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.engine.state import FigureState, Step
    from delve.rules.attack_context import AttackContext

KNOCKBACK_SPACES = 3  # Rulebook: Knockback


def _cell_step_open(board: Board, c: Pos, d: Pos) -> bool:
    """One space of a thrown figure may pass from ``c`` one step in direction ``d``."""
    to = (c[0] + d[0], c[1] + d[1])
    if not board.is_space(to):
        return False
    if d[0] == 0 or d[1] == 0:
        return not board.blocked_edge(c, to)
    side_a, side_b = (c[0] + d[0], c[1]), (c[0], c[1] + d[1])
    via_a = board.is_space(side_a) and not board.blocked_edge(c, side_a) and not board.blocked_edge(side_a, to)
    via_b = board.is_space(side_b) and not board.blocked_edge(c, side_b) and not board.blocked_edge(side_b, to)
    return via_a or via_b


def knockback_destinations(board: Board, start: Footprint, occupied: set[Pos]) -> list[Footprint]:
    """Where a figure may be knocked: up to three steps, past figures and obstacles, not walls."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        fp = queue.popleft()
        if seen[fp] >= KNOCKBACK_SPACES:
            continue
        for d in DIRECTIONS:
            if all(_cell_step_open(board, c, d) for c in fp.cells()):
                nxt = fp.translated(*d)
                if nxt not in seen:
                    seen[nxt] = seen[fp] + 1
                    queue.append(nxt)
    found = [fp for fp in seen if fp != start
             and all(c not in occupied and not board.blocks_movement_at(c) for c in fp.cells())]
    return sorted(found, key=lambda fp: (seen[fp], fp.y, fp.x))


@register_ability
class Knockback(AbilityUnit):
    """Asks the attacker where to knock each damaged figure."""

    name = "Knockback"

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        """Push the attacker's decision for this target (unless immune or gone)."""
        if not on_board(target):
            return
        if "Knockback" in target.immunities:
            game.emit("knockback_ignored", f"{target.name} cannot be knocked back.", ref="Unstoppable",
                      figure=target.id)
            return
        attacker = game.state.figures.get(ctx.attacker)
        if attacker is None:
            return
        seat = attacker.seat if attacker.kind == "hero" else OVERLORD
        game.push("knockback", figure=target.id, attacker=attacker.id, seat=seat)


@register
class KnockbackStep(StepHandler):
    """The attacker's choice of where to knock one figure (or not to)."""

    kind = "knockback"

    def _choices(self, game: Game, figure: FigureState) -> list[Choice]:
        options = knockback_destinations(game.board, figure.footprint, occupied_spaces(game, figure))
        choices = [Choice(id=f"knockback:{footprint_key(fp)}", label=f"Knock {figure.name} to ({fp.x},{fp.y})",
                          data={"x": fp.x, "y": fp.y, "w": fp.w, "h": fp.h}) for fp in options]
        choices.append(Choice(id="knockback:none", label=f"Leave {figure.name} where it is"))
        return choices

    def decide(self, game: Game, step: Step) -> Decision | None:
        figure = game.state.figures.get(step.data["figure"])
        if figure is None or not on_board(figure):
            return None
        return Decision(seat=step.data["seat"], kind="knockback", prompt=f"Knockback: where does {figure.name} land?",
                        choices=self._choices(game, figure))

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        figure = game.figure(step.data["figure"])
        game.pop(step)
        if choice.id == "knockback:none":
            return
        landing = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
        figure.footprint = landing
        game.emit("knocked_back", f"{figure.name} is knocked back to ({landing.x},{landing.y}).", ref="Knockback",
                  figure=figure.id, x=landing.x, y=landing.y)
        for hook in ENTER_SPACE_HOOKS:
            hook(game, figure, landing)
