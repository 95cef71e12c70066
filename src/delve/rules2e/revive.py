"""Revive a Hero (ruleset 2e): a hero next to a knocked-out hero helps him back up.

The excerpt (Knocked Out) says a knocked-out hero may recover damage "being revived"; the
action is our reading (docs/rulesets.md, "Ruleset 2e: Stand up and revive"; ``rules2e.yaml``
``revive``): during his turn a hero within ``reach`` spaces of a hero token may spend one
attack of his action (as an attack would: Battle gives two, Advance one) to roll the dice; the
knocked-out hero recovers damage equal to the hearts (at least one) and fatigue equal to the
surges, and his figure replaces his token at once. He acts as usual on his next turn.

Potions (excerpt: "recover damage from other heroes through ... potions"; our reading): during his
turn, a hero within the same reach may give one of his equipped healing potions to the knocked-out
hero for one movement point, as drinking it would cost; it is his potion of the turn. The
knocked-out hero recovers the potion's damage and stands up.
"""

from __future__ import annotations

from delve.board.geometry import distance
from delve.content.effects import HealWounds
from delve.engine.decision import Choice
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.rules import equipment
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import on_board
from delve.rules.potions import DRINK_COST, HEALING, potion_type
from delve.rules.wounds import heal
from delve.rules2e import active
from delve.rules2e.knocked_out import knocked_out
from delve.rules2e.rules_data import rules
from delve.rules2e.stand_up import start_recovery


def _within_reach(game: Game, hero: FigureState) -> list[FigureState]:
    """Knocked-out heroes whose token is within reviving reach of ``hero``."""
    reach = rules().revive.reach
    found = []
    for other_id in knocked_out(game):
        other = game.state.figures.get(other_id)
        if other is not None and other.id != hero.id and distance(hero.pos, other.pos) <= reach:
            found.append(other)
    return found


def revive_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """One choice per knocked-out hero within reach, while the action has an attack left."""
    if not active(game) or step.data.get("attacks", 0) <= 0 or not on_board(hero):
        return []
    choices = []
    for other in _within_reach(game, hero):
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


def potion_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Give an equipped healing potion to a knocked-out hero in reach (one potion a turn, 1 movement)."""
    if not active(game) or step.data.get("mp", 0) < DRINK_COST or step.data.get("drank") or not on_board(hero):
        return []
    potions = sorted({i for i in hero.equipped if potion_type(game, i) == "healing"})
    return [Choice(id=f"give_potion:{other.id}:{item}",
                   label=f"Give {equipment.item(game, item).name} to {other.name} ({DRINK_COST} movement)",
                   data={"hero": other.id, "item": item})
            for other in _within_reach(game, hero) for item in potions]


def apply_potion(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Pay the movement point; the knocked-out hero recovers the potion's damage and stands up."""
    if not choice.id.startswith("give_potion:"):
        return False
    step.data["mp"] -= DRINK_COST
    step.data["drank"] = True
    item = equipment.item(game, choice.data["item"])
    hero.equipped.remove(item.id)
    other = game.figure(choice.data["hero"])
    game.emit("potion_given", f"{hero.name} gives {item.name} to {other.name}.", ref="Knocked Out", hero=hero.id,
              target=other.id, item=item.id)
    heal(game, other, next((e.amount for e in item.effects if isinstance(e, HealWounds)), HEALING), cause=item.name)
    return True


turn_choice_provider(revive_choices, apply_revive)
turn_choice_provider(potion_choices, apply_potion)
