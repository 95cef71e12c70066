"""Revive a Hero (ruleset 2e): a hero next to a knocked-out hero helps him back up.

The excerpt (Knocked Out) says a knocked-out hero may recover damage "being revived"; the
action is our reading (docs/rulesets.md, "Ruleset 2e: Stand up and revive"; ``rules2e.yaml``
``revive``): during his turn a hero within ``reach`` spaces of a hero token may spend one
attack of his action (as an attack would: Battle gives two, Advance one) to roll the dice; the
knocked-out hero recovers damage equal to the hearts (at least one) and fatigue equal to the
surges, and his figure replaces his token at once. He acts as usual on his next turn.
"""

from __future__ import annotations

from delve.board.geometry import distance
from delve.engine.decision import Choice
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import on_board
from delve.rules2e import active
from delve.rules2e.knocked_out import knocked_out
from delve.rules2e.rules_data import rules
from delve.rules2e.stand_up import start_recovery


def revive_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """One choice per knocked-out hero within reach, while the action has an attack left."""
    if not active(game) or step.data.get("attacks", 0) <= 0 or not on_board(hero):
        return []
    reach = rules().revive.reach
    choices = []
    for other_id in knocked_out(game):
        other = game.state.figures.get(other_id)
        if other is None or other.id == hero.id or distance(hero.pos, other.pos) > reach:
            continue
        choices.append(Choice(id=f"revive:{other.id}", label=f"Revive {other.name} (uses an attack)",
                              data={"hero": other.id}))
    return choices


def apply_revive(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Spend the attack and roll the revive dice for the knocked-out hero."""
    if not choice.id.startswith("revive:"):
        return False
    step.data["attacks"] -= 1
    other = game.figure(choice.data["hero"])
    game.emit("revive", f"{hero.name} tries to revive {other.name}.", ref="Revive a Hero", hero=hero.id,
              target=other.id)
    start_recovery(game, other, rules().revive.dice, why=f"revived by {hero.name}", ref="Revive a Hero")
    return True


turn_choice_provider(revive_choices, apply_revive)
