"""The overlord's cards: drawing, the hand limit, discarding for threat, reshuffling, effects.

Rulebook: Step 1: Collect Threat and Draw Cards; Overlord Cards (Threat Cost, Threat Value,
Card Type, Event Cards, Power Cards, Spawn Cards); Discarding Overlord Cards; Playing Overlord
Cards; Threat Tokens; Conquest Tokens (-3 when the deck runs out).

The deck is an unordered multiset (each draw is a uniform pick through the game's chance), so
no deck order exists to leak. Card effects are data (``delve.content.effects``) run by small
functions registered here by effect name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from delve.content.schema import OverlordCard
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import EngineError, Game
from delve.rules.equipment import content
from delve.rules.wounds import change_conquest

HAND_LIMIT = 8  # Rulebook: Discarding Overlord Cards
DRAWS_PER_TURN = 2  # Rulebook: Step 1: Collect Threat and Draw Cards
RESHUFFLE_CONQUEST_LOSS = 3  # Rulebook: Step 1 (the last card of the deck is drawn)


def card(game: Game, card_id: str) -> OverlordCard:
    """An overlord card of this game's pack."""
    return content(game).overlord[card_id]


def draw_overlord_card(game: Game) -> str | None:
    """Draw one card; the heroes see only that a card was drawn. When the last card is drawn the
    heroes lose three conquest and the discard pile becomes the new deck."""
    overlord = game.state.overlord
    if not overlord.deck:
        return None
    drawn = overlord.deck.pop(game.chance.pick(len(overlord.deck), "overlord draw"))
    overlord.hand.append(drawn)
    game.emit("card_drawn", "The overlord draws a card.", ref="Overlord Cards")
    game.emit("card_drawn_private", f"You draw {card(game, drawn).name}.", ref="Overlord Cards",
              visible_to=[OVERLORD], card=drawn)
    if not overlord.deck:
        overlord.deck, overlord.discard = sorted(overlord.discard), []
        game.emit("deck_reshuffled", "The overlord deck ran out and is made anew from the discard pile.",
                  ref="Step 1: Collect Threat and Draw Cards")
        change_conquest(game, -RESHUFFLE_CONQUEST_LOSS, "the overlord deck ran out",
                        ref="Step 1: Collect Threat and Draw Cards")
    return drawn


def discard_for_threat(game: Game, card_id: str) -> None:
    """Rulebook: Discarding Overlord Cards. Discard a card from the hand and gain its threat value."""
    hand = game.state.overlord.hand
    if card_id not in hand:
        raise EngineError(f"{card_id} is not in the overlord's hand")
    hand.remove(card_id)
    game.state.overlord.discard.append(card_id)
    value = card(game, card_id).threat_value
    game.state.overlord.threat += value
    game.emit("card_discarded", f"The overlord discards {card(game, card_id).name} for {value} threat.",
              ref="Discarding Overlord Cards", card=card_id, threat=value)


def discard_choices(game: Game) -> list[Choice]:
    """One choice per different card in hand: discard it for its threat value."""
    return [
        Choice(id=f"discard:{card_id}", label=f"Discard {card(game, card_id).name} for "
               f"{card(game, card_id).threat_value} threat", data={"card": card_id})
        for card_id in sorted(set(game.state.overlord.hand))
    ]


def card_window_opens(game: Game, card_type: str, trigger: str) -> bool:
    """Whether to offer the overlord a window for ``trigger``: on public facts only (he holds any
    card, and the pack has a card of this type for this trigger), so opening it reveals nothing."""
    if game.state.winner is not None or not game.state.overlord.hand:
        return False
    return any(c.type == card_type and c.trigger == trigger for c in content(game).overlord.values())


def pay_and_play(game: Game, card_id: str) -> OverlordCard:
    """Rulebook: Playing Overlord Cards. Pay the threat cost and take the card from the hand."""
    played = card(game, card_id)
    overlord = game.state.overlord
    if card_id not in overlord.hand or overlord.threat < played.threat_cost:
        raise EngineError(f"the overlord cannot play {card_id} now")
    overlord.threat -= played.threat_cost
    overlord.hand.remove(card_id)
    game.emit("card_played", f"The overlord plays {played.name} ({played.type}, {played.threat_cost} threat).",
              ref="Playing Overlord Cards", card=card_id, type=played.type, cost=played.threat_cost)
    return played


# -- card effects: data run by small functions ----------------------------------------------
EffectFn = Callable[[Game, Any, dict[str, Any]], None]
EFFECTS: dict[str, EffectFn] = {}


def effect(name: str) -> Callable[[EffectFn], EffectFn]:
    """Decorator: the function that carries out a card effect named ``name``."""

    def wrap(fn: EffectFn) -> EffectFn:
        EFFECTS[name] = fn
        return fn

    return wrap


def run_effects(game: Game, played: OverlordCard, context: dict[str, Any]) -> None:
    """Carry out every effect of a card; an effect with no function yet is reported as an event."""
    for item in played.effects:
        name = getattr(item, "effect", type(item).__name__)
        fn = EFFECTS.get(name)
        if fn is None:
            game.emit("effect_not_implemented", f"{played.name}: the effect {name} is not implemented yet.",
                      ref="Overlord Cards", card=played.id, effect=name)
            continue
        fn(game, item, context)


@effect("gain_threat")
def _gain_threat(game: Game, item: Any, context: dict[str, Any]) -> None:
    amount = item.amount * (len(game.state.heroes()) if item.per_hero else 1)
    game.state.overlord.threat += amount
    game.emit("threat_gained", f"The overlord gains {amount} threat.", ref="Threat Tokens", amount=amount)


@effect("draw_overlord_cards")
def _draw_cards(game: Game, item: Any, context: dict[str, Any]) -> None:
    for _ in range(item.amount):
        draw_overlord_card(game)


def start_of_turn_powers(game: Game) -> None:
    """Rulebook: Power Cards. Powers in play whose effect comes at the start of the overlord's turn."""
    for card_id in game.state.overlord.powers:
        power = card(game, card_id)
        if power.trigger == "start_of_overlord_turn":
            game.emit("power_used", f"{power.name} takes effect.", ref="Power Cards", card=card_id)
            run_effects(game, power, {})


# -- the overlord's card windows in his turn ------------------------------------------------
def uses_cards(game: Game) -> bool:
    """Whether this game has an overlord deck at all (scenarios may play without one)."""
    overlord = game.state.overlord
    return bool(overlord.deck or overlord.hand or overlord.discard or overlord.powers)


def window_decision(game: Game, step: Any) -> Decision:
    """Step 1's discard window, then the window before activations (spawn, power, events)."""
    overlord = game.state.overlord
    choices = discard_choices(game)
    if step.data["phase"] == "discard":
        if len(overlord.hand) <= HAND_LIMIT:
            choices.append(Choice(id="done", label="Keep the rest of the hand"))
        prompt = f"Discard cards for threat ({len(overlord.hand)} in hand, at most {HAND_LIMIT} may be kept)"
        return Decision(seat=OVERLORD, kind="overlord_discard", prompt=prompt, choices=choices)
    for card_id in sorted(set(overlord.hand)):
        played = card(game, card_id)
        if played.threat_cost > overlord.threat:
            continue
        if played.type == "spawn" and not step.data.get("spawned"):
            choices.append(Choice(id=f"spawn:{card_id}", label=f"Spawn: {played.name} ({played.threat_cost} threat)",
                                  data={"card": card_id}))
        elif played.type == "power" and not step.data.get("powered"):
            choices.append(Choice(id=f"power:{card_id}", label=f"Power: {played.name} ({played.threat_cost} threat)",
                                  data={"card": card_id}))
        elif played.type == "event" and played.trigger == "start_of_overlord_turn":
            choices.append(Choice(id=f"event:{card_id}", label=f"Event: {played.name} ({played.threat_cost} threat)",
                                  data={"card": card_id}))
    choices.append(Choice(id="continue", label="Go on to activate monsters"))
    return Decision(seat=OVERLORD, kind="overlord_cards",
                    prompt=f"Play cards before activating monsters ({overlord.threat} threat)", choices=choices)


def window_choice(game: Game, step: Any, choice: Choice) -> None:
    """Apply a choice made in one of the overlord's card windows."""
    from delve.rules.spawning import start_spawn

    kind = choice.id.split(":", 1)[0]
    if kind == "discard":
        discard_for_threat(game, choice.data["card"])
    elif choice.id == "done":
        step.data["phase"] = "cards"
    elif choice.id == "continue":
        step.data["phase"] = "activate"
    elif kind == "spawn":
        pay_and_play(game, choice.data["card"])
        game.state.overlord.discard.append(choice.data["card"])
        step.data["spawned"] = True
        start_spawn(game, choice.data["card"])
    elif kind == "power":
        pay_and_play(game, choice.data["card"])
        game.state.overlord.powers.append(choice.data["card"])
        step.data["powered"] = True
    elif kind == "event":
        played = pay_and_play(game, choice.data["card"])
        game.state.overlord.discard.append(played.id)
        run_effects(game, played, {})
    else:
        raise EngineError(f"unknown overlord card choice {choice.id!r}")
