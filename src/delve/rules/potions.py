"""Drinking potions: healing, invulnerability, power and vitality.

Rulebook: Potions (one equipped potion a turn, of any type); Healing Potion; Invulnerability
Potion; Power Potion; Vitality Potion; Movement Actions (drink a potion: 1 movement point).

Potions are items of kind ``potion``; the type is the item id without ``-potion``
(``healing-potion``, ...), and a healing potion's amount comes from its ``heal_wounds`` effect.
An invulnerability or power potion waits on the hero sheet as a token (``invulnerability``,
``power_potion``): death removes every token, and drinking any other potion cancels both.
"""

from __future__ import annotations

from delve.content.effects import HealWounds
from delve.engine.decision import Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.attack import DECLARE_HOOKS, PRE_DAMAGE_HOOKS, _defense, _totals
from delve.rules.attack_context import AttackContext
from delve.rules.attack_math import POWER_DICE_CAP, Spend, resolve
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import movement_locked
from delve.rules.wounds import heal

DRINK_COST = 1  # Rulebook: Movement Actions
HEALING = 3  # Rulebook: Healing Potion (unless the item's heal_wounds effect says otherwise)
INVULNERABLE_ARMOR = 10  # Rulebook: Invulnerability Potion
POWER_POTION_DICE = 5  # Rulebook: Power Potion
POTION_TYPES = ("healing", "invulnerability", "power", "vitality")
WAITING_TOKENS = ("invulnerability", "power_potion")  # cancelled by drinking another potion
INVULNERABILITY_WINDOW = "invulnerability_window"


def potion_type(game: Game, item_id: str) -> str | None:
    """Which of the four potions an item is, or None for a non-potion."""
    it = equipment.item(game, item_id)
    if it.kind != "potion":
        return None
    kind = it.id.removesuffix("-potion")
    return kind if kind in POTION_TYPES else None


def drink_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """One drink choice per type of equipped potion, once a turn, for one movement point."""
    if step.data.get("mp", 0) < DRINK_COST or step.data.get("drank") or movement_locked(game, hero):
        return []  # Rulebook: Movement Actions -- drinking is paid in movement points (Grapple, Web)
    choices = []
    for item_id in sorted(set(hero.equipped)):
        if potion_type(game, item_id) is not None:
            choices.append(Choice(id=f"drink:{item_id}", label=f"Drink {equipment.item(game, item_id).name} "
                                  f"({DRINK_COST} movement)", data={"item": item_id}))
    return choices


def drink(game: Game, hero: FigureState, item_id: str) -> None:
    """Rulebook: Potions. The potion is used up; its effect follows its type."""
    kind = potion_type(game, item_id)
    if kind is None or item_id not in hero.equipped:
        raise EngineError(f"{hero.name} has no equipped potion {item_id}")
    hero.equipped.remove(item_id)
    it = equipment.item(game, item_id)
    game.emit("potion_drunk", f"{hero.name} drinks {it.name}.", ref="Potions", hero=hero.id, item=item_id,
              potion=kind)
    for token in WAITING_TOKENS:
        if hero.tokens.pop(token, 0):
            game.emit("potion_cancelled", f"{hero.name}'s waiting {token.replace('_', ' ')} effect is cancelled.",
                      ref="Potions", hero=hero.id, token=token)
    if kind == "healing":
        amount = next((e.amount for e in it.effects if isinstance(e, HealWounds)), HEALING)
        heal(game, hero, amount, cause=it.name)
    elif kind == "vitality":
        hero.fatigue = hero.max_fatigue
        game.emit("fatigue_restored", f"{hero.name}'s fatigue is restored to {hero.max_fatigue}.",
                  ref="Vitality Potion", hero=hero.id, fatigue=hero.fatigue)
    elif kind == "invulnerability":
        hero.tokens["invulnerability"] = 1
    else:
        hero.tokens["power_potion"] = 1


def apply_drink(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Pay one movement point and drink."""
    if not choice.id.startswith("drink:"):
        return False
    step.data["mp"] -= DRINK_COST
    step.data["drank"] = True
    drink(game, hero, choice.data["item"])
    return True


turn_choice_provider(drink_choices, apply_drink)


def _power_potion(game: Game, ctx: AttackContext) -> None:
    """Rulebook: Power Potion. The hero's next attack rolls five power dice."""
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is None or attacker.kind != "hero" or not attacker.token("power_potion"):
        return
    attacker.tokens.pop("power_potion", None)
    ctx.power = min(POWER_DICE_CAP, POWER_POTION_DICE)
    game.emit("power_potion_used", f"{attacker.name}'s power potion: five power dice.", ref="Power Potion",
              hero=attacker.id)


def _offer_invulnerability(game: Game, step: Step, ctx: AttackContext) -> None:
    """Rulebook: Invulnerability Potion. After the roll, a struck hero holding the potion may
    discard it for +10 armor against this attack. Offered only when the attack would wound him."""
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is None:
        return
    totals = _totals(ctx)
    profile = ctx.profile()
    spend = Spend(ctx.to_range, tuple(ctx.buys))
    attack_index = next(i for i, s in enumerate(game.state.stack) if s is step)
    for figure_id in reversed(ctx.affected):
        target = game.state.figures.get(figure_id)
        if (target is None or target.kind != "hero" or target.side == attacker.side
                or not target.token("invulnerability") or figure_id in step.data.get("no_damage", [])):
            continue
        if any(r.figure == figure_id and r.immune for r in ctx.results):
            continue
        outcome = resolve(totals, profile, spend, _defense(game, target))
        if outcome.hit and outcome.wounds > 0:
            game.push(INVULNERABILITY_WINDOW, figure=figure_id, attack=attack_index, wounds=outcome.wounds)


@register
class InvulnerabilityWindow(StepHandler):
    """The struck hero decides whether to discard his invulnerability potion now."""

    kind = INVULNERABILITY_WINDOW

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.figure(step.data["figure"])
        return Decision(seat=hero.seat, kind="invulnerability",
                        prompt=f"{hero.name} is about to suffer {step.data['wounds']} wound(s)",
                        choices=[Choice(id="invulnerability:use", label="Discard the invulnerability potion: "
                                        f"+{INVULNERABLE_ARMOR} armor against this attack"),
                                 Choice(id="invulnerability:keep", label="Keep the potion")])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        game.pop(step)
        if choice.id != "invulnerability:use":
            return
        hero = game.figure(step.data["figure"])
        hero.tokens.pop("invulnerability", None)
        attack = game.state.stack[step.data["attack"]]
        attack.data.setdefault("armor_bonus", {})[hero.id] = INVULNERABLE_ARMOR
        game.emit("invulnerability_used", f"{hero.name} discards the invulnerability potion: +{INVULNERABLE_ARMOR} "
                  "armor against this attack.", ref="Invulnerability Potion", hero=hero.id)


DECLARE_HOOKS.append(_power_potion)
PRE_DAMAGE_HOOKS.append(_offer_invulnerability)
