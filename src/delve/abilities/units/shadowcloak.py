"""Shadowcloak: only attacks from adjacent figures affect the figure.

Rulebook: Special Abilities, Shadowcloak. An attack whose attacker is more than one space away
(nearest spaces, for large figures) neither wounds the figure nor applies any effect to it, so it
is marked immune for that attack (a Reach attack from 2 spaces, a Blast whose area covers it from
afar). Other figures hit by the same attack are affected as usual.
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import Footprint, footprint_distance
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack_context import AttackContext, TargetResult

ADJACENT = 1


@register_ability
class Shadowcloak(AbilityUnit):
    """Immunity against attacks from farther than one space."""

    name = "Shadowcloak"

    def immune_from(self, game: Game, attacker: Footprint, target: FigureState, rank: int) -> bool:
        return min(footprint_distance(attacker, cell) for cell in target.footprint.cells()) > ADJACENT

    def on_defend(self, game: Game, ctx: AttackContext, target: FigureState, rank: int) -> None:
        attacker = game.figure(ctx.attacker)
        if not self.immune_from(game, attacker.footprint, target, rank) or any(
                r.figure == target.id and r.immune for r in ctx.results):
            return
        ctx.results.append(TargetResult(figure=target.id, immune=True, note="Shadowcloak"))
        game.emit("immune", f"{target.name}'s Shadowcloak: {attacker.name} is not adjacent.", ref="Shadowcloak",
                  figure=target.id, ability="Shadowcloak", source=attacker.id)
