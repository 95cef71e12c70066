"""Black Curse: enemies within 3 spaces attack at -1 range and -1 damage; its killer is cursed.

Rulebook: Special Abilities, Black Curse. Every attack by an enemy figure standing within 3
spaces of a Black Curse figure (nearest spaces, line of sight ignored, as for Command) gets -1
range and -1 damage; each such figure in range counts once, so two of them give -2/-2 (the
penalty is per figure, like Command's bonus, and a figure counts once however many sources give
it the ability). Damage never drops below 0 (``attack_math``). When the figure dies and stays
dead (Undying failed), the enemy figure that dealt the killing blow gets one curse token
(Curses: a cursed hero is worth more conquest when he dies).
"""

from __future__ import annotations

from delve.abilities.base import AbilityUnit, register_ability
from delve.board.geometry import footprint_distance
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules.attack_context import AttackContext

CURSE_RANGE = 3


@register_ability
class BlackCurse(AbilityUnit):
    """-1/-1 to nearby enemies' attacks; a curse token for its killer."""

    name = "Black Curse"

    def on_declare_nearby(self, game: Game, holder: FigureState, ctx: AttackContext, rank: int) -> None:
        if holder.side == ctx.side:
            return
        mark = f"black_curse:{holder.id}"
        if mark in ctx.notes:
            return
        attacker = game.figure(ctx.attacker)
        gap = min(footprint_distance(holder.footprint, cell) for cell in attacker.footprint.cells())
        if gap > CURSE_RANGE:
            return
        ctx.notes.append(mark)
        ctx.bonus_damage -= 1
        ctx.bonus_range -= 1
        game.emit("black_curse", f"{holder.name}'s Black Curse gives {attacker.name}'s attack -1 damage and "
                  f"-1 range.", ref="Black Curse", holder=holder.id, attacker=attacker.id)

    def on_killed(self, game: Game, figure: FigureState, killer: FigureState | None, rank: int) -> None:
        if killer is None or killer.side == figure.side:
            return
        killer.tokens["curse"] = killer.token("curse") + 1
        game.emit("curse_token", f"{killer.name} killed {figure.name} and receives a curse token.",
                  ref="Black Curse", figure=killer.id, source=figure.id, total=killer.token("curse"))
