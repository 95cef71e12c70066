"""Drain X: the attack takes X more wounds from its target and heals the attacker by as much.

extra-game-effects.txt, Drain X, mapped onto the 1st edition (docs/rulesets.md, "Extra game
effects"; Rulebook: Wounds, Poison). Drain is an attack ability with a rank; ranks from the
figure and its weapon add up (Drain 1 + Drain 2 = Drain 3). When the attack hits a target (it
deals at least 1 damage before armor, as for every on-hit effect) and the target is still
standing, the target suffers X wounds that armor does not reduce, and the attacker recovers as
many wounds as the target really needed to be killed: X, or the wounds the target had left if
that is less (X minus the overkill, see ``overkill``). A target the attack itself killed is not
drained at all (nothing was needed to kill it). Healing goes through ``wounds.heal``: poison
tokens soak it first, and it never passes the attacker's maximum. A Mirror bearer is not
drained; its Mirror sends the X back with the rest of the damage (``mirror``).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack_context import AttackContext
from delve.rules.movement import on_board
from delve.rules.wounds import heal, suffer_wounds

NAME = "Drain"


@register_ability
class Drain(AbilityUnit):
    """Drain the target after the attack's own wounds, then heal the attacker."""

    name = NAME

    def on_hit(self, game: Game, ctx: AttackContext, target: FigureState, damage: int, wounds: int,
               rank: int) -> None:
        if rank <= 0 or not target.alive or not on_board(target) or target.id not in game.state.figures:
            return
        attacker = game.state.figures.get(ctx.attacker)
        needed = max(0, target.wounds)
        game.emit("drained", f"{target.name} is drained of {rank}.", ref=NAME, figure=target.id,
                  source=ctx.attacker, amount=rank)
        overkill = suffer_wounds(game, target, rank, cause="Drain", killer=attacker, ref=NAME)
        healed = min(rank, needed) if overkill == 0 else rank - overkill
        if attacker is not None and attacker.alive and on_board(attacker) and healed > 0:
            heal(game, attacker, healed, cause="Drain")
