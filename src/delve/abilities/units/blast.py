"""Blast X: the attack also strikes every space within X of the target space that the blast can reach.

Rulebook: Special Abilities, Blast; Step 1: Declare Attack (a space is attacked, not a figure);
Attacking Large Monsters; Attack Re-rolls. A space joins the attack when it lies within X
spaces of the target space and has line of sight to it; walls, closed doors and obstacles that
block sight stop the blast. Figures never shield one another from it: the blast hits friend and
foe alike, the attacker too when its own space lies within the blast (ruling in docs/rulings.md:
the rule names no exception; a large attacker is hit once). Ranks from several sources
add up (Blast 1 + Blast 2 = Blast 3, ``merge_ranks``). A large figure under several blasted
spaces is hit once (``affected_figures``). Blast does NOT ignore rolled range: a ranged or
magic blast must still reach its target space. Ironskin's immunity to blast damage belongs to
the Ironskin unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import Pos, distance
from delve.board.grid import Board
from delve.board.los import has_line_of_sight

if TYPE_CHECKING:
    from delve.engine.game import Game
    from delve.rules.attack_context import AttackContext


def blast_spaces(board: Board, target: Pos, rank: int) -> list[Pos]:
    """Every space within ``rank`` of ``target`` that sees it with figures ignored (target excluded)."""
    found = []
    for y in range(target[1] - rank, target[1] + rank + 1):
        for x in range(target[0] - rank, target[0] + rank + 1):
            p = (x, y)
            if p != target and board.is_space(p) and distance(p, target) <= rank \
                    and has_line_of_sight(board, target, p):
                found.append(p)
    return found


@register_ability
class Blast(AbilityUnit):
    """Widens the attack's area around the target space before anything is rolled."""

    name = "Blast"

    def on_declare(self, game: Game, ctx: AttackContext, rank: int) -> None:
        """Add the blasted spaces to the area (once, even with several sources: ranks are merged)."""
        if rank <= 0:
            return
        area = [(int(p[0]), int(p[1])) for p in ctx.area]
        spaces = blast_spaces(game.board, (int(ctx.target[0]), int(ctx.target[1])), rank)
        for p in spaces:
            if p not in area:
                area.append(p)
        ctx.area = area
        ctx.notes.append(f"Blast {rank}")
        game.emit("blast_spread", f"The blast spreads to {len(spaces)} space(s) around the target.", ref="Blast",
                  rank=rank, spaces=[list(p) for p in spaces])
