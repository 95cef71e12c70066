"""Trap cards: the overlord's chance to spring a trap when its trigger happens.

Rulebook: Trap Cards (played when the trigger is met, one per triggering condition, threat cost
paid); Discarding Overlord Cards (he may discard for threat at any time to pay); Trickster (each
Trickster monster in play makes traps 1 threat cheaper).

Why the window opens on public facts only: if the engine asked the overlord only when he held
a matching card, the question itself would tell the heroes. So a window opens each time the
trigger happens while the overlord holds any card and the pack has a trap for that trigger;
the overlord's choices (his hand) are shown to his seat alone.
"""

from __future__ import annotations

from typing import Any

from delve.abilities.units.trickster import trap_cost
from delve.board.geometry import Footprint
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.event_cards import has_target
from delve.rules.movement import on_enter_space
from delve.rules.overlord_cards import (
    card,
    card_cost,
    card_window_opens,
    discard_choices,
    discard_for_threat,
    effect,
    priced,
    reachable_threat,
    run_effects,
)
from delve.rules.wounds import suffer_wounds

TRAP_WINDOW = "trap_window"


def open_trap_window(game: Game, trigger: str, **context: Any) -> None:
    """Offer the overlord a trap for ``trigger`` if he holds any card and such traps exist."""
    if card_window_opens(game, "trap", trigger):
        game.push(TRAP_WINDOW, trigger=trigger, context=context)


def playable_traps(game: Game, step: Step) -> dict[str, int]:
    """The traps the overlord could spring in this window (card -> threat cost), counting the
    threat he could gain by discarding his other cards first, and only those with a target. Private: read by his seat's
    standing answers (``delve.web.autoanswer``), never shown to another seat."""
    plays: dict[str, int] = {}
    for card_id in sorted(set(game.state.overlord.hand)):
        trap = card(game, card_id)
        if trap.type == "trap" and trap.trigger == step.data["trigger"]:
            cost = trap_cost(game, card_cost(game, trap))
            if cost <= reachable_threat(game, card_id) and has_target(game, trap, step.data["context"]):
                plays[card_id] = cost
    return plays


@register
class TrapWindow(StepHandler):
    """The overlord may play one trap card for this trigger, discarding for threat first if he likes."""

    kind = TRAP_WINDOW

    def decide(self, game: Game, step: Step) -> Decision | None:
        overlord = game.state.overlord
        choices = []
        for card_id in sorted(set(overlord.hand)):
            trap = card(game, card_id)
            if trap.type == "trap" and trap.trigger == step.data["trigger"]:
                cost = trap_cost(game, card_cost(game, trap))
                if cost <= overlord.threat:
                    choices.append(Choice(id=f"trap:{card_id}", label=priced(game, f"Spring {trap.name}", cost),
                                          data={"card": card_id, "cost": cost}))
        choices += discard_choices(game)
        choices.append(Choice(id="pass", label="Let it pass"))
        return Decision(seat=OVERLORD, kind="trap_window",
                        prompt=f"Trap window: {step.data['trigger'].replace('_', ' ')}", choices=choices)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        kind = choice.id.split(":", 1)[0]
        if kind == "discard":
            discard_for_threat(game, choice.data["card"])
            return
        game.pop(step)
        if kind != "trap":
            return
        overlord = game.state.overlord
        trap = card(game, choice.data["card"])
        overlord.threat -= choice.data["cost"]
        overlord.hand.remove(trap.id)
        overlord.discard.append(trap.id)
        game.emit("card_played", f"{priced(game, f'The overlord springs {trap.name}', choice.data['cost'])}.",
                  ref="Trap Cards", card=trap.id, type="trap", cost=choice.data["cost"])
        run_effects(game, trap, dict(step.data["context"]))


@on_enter_space
def _hero_moves_into_space(game: Game, figure: FigureState, fp: Footprint) -> None:
    from delve.rules.overlord_cards import counts_as_hero

    if figure.kind == "hero" or counts_as_hero(game, figure):
        open_trap_window(game, "hero_moves_into_space", triggering_hero=figure.id, x=fp.x, y=fp.y)


# -- effects traps use ------------------------------------------------------------------------
def _targets(game: Game, target: str, context: dict[str, Any]) -> list[FigureState]:
    if target in ("triggering_hero", "triggering_monster", "attacker", "defender"):
        figure = game.state.figures.get(context.get(target, ""))
        # Rulebook: The Town -- a hero in town cannot be the target of an overlord card.
        return [figure] if figure is not None and not figure.in_town else []
    if target == "each_hero":
        from delve.rules.overlord_cards import heroes_to_target

        return heroes_to_target(game)
    if target == "each_monster":  # the overlord's monsters (a 2e familiar figure is not one)
        return [m for m in game.state.monsters() if m.side == "overlord"]
    return []


@effect("deal_wounds")
def _deal_wounds(game: Game, item: Any, context: dict[str, Any]) -> None:
    from delve.rules.equipment import armor_value

    for figure in _targets(game, item.target, context):
        wounds = item.amount if item.ignore_armor else max(0, item.amount - armor_value(game, figure))
        suffer_wounds(game, figure, wounds, cause="an overlord card", ref="Trap Cards")


@effect("heal_wounds")
def _heal_wounds(game: Game, item: Any, context: dict[str, Any]) -> None:
    from delve.rules.wounds import heal

    for figure in _targets(game, item.target, context):
        heal(game, figure, item.amount, cause="a card or encounter")


@effect("drain_fatigue")
def _drain_fatigue(game: Game, item: Any, context: dict[str, Any]) -> None:
    """The figure loses the fatigue; what it cannot lose it suffers as wounds, armor not counted
    (the effect as ``delve.content.effects.DrainFatigue`` defines it; both rulesets keep a hero's
    fatigue as what is left of it, descent-2e excerpt A, Knocked Out; docs/rulings.md)."""
    from delve.rules.wounds import lose_fatigue

    for figure in _targets(game, item.target, context):
        short = lose_fatigue(game, figure, item.amount, cause="an overlord card", ref="Overlord Cards")
        if short:
            suffer_wounds(game, figure, short, cause="an overlord card", ref="Overlord Cards")


@effect("gain_coins")
def _gain_coins(game: Game, item: Any, context: dict[str, Any]) -> None:
    """Every hero gains the coins, in town too (as a money marker does; Rulebook: Money marker)."""
    for hero in game.state.heroes():
        hero.coins += item.amount
    game.emit("coins_gained", f"Every hero gains {item.amount} coins.", ref="Coins", amount=item.amount)


@effect("apply_condition")
def _apply_condition(game: Game, item: Any, context: dict[str, Any]) -> None:
    from delve.rules.conditions import place_condition

    for figure in _targets(game, item.target, context):
        place_condition(game, figure, str(item.condition).lower(), ref="Trap Cards")
