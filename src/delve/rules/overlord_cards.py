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
from dataclasses import dataclass
from typing import Any

from delve.content.schema import OverlordCard
from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState
from delve.rules.equipment import content
from delve.rules.wounds import change_conquest

HAND_LIMIT = 8  # Rulebook: Discarding Overlord Cards
DRAWS_PER_TURN = 2  # Rulebook: Step 1: Collect Threat and Draw Cards
RESHUFFLE_CONQUEST_LOSS = 3  # Rulebook: Step 1 (the last card of the deck is drawn)


@dataclass(frozen=True)
class CardRules:
    """How a ruleset uses the overlord deck. The defaults are the 1st edition's; another ruleset
    registers its own in ``CARD_RULES`` (``delve.rules2e.overlord_deck``)."""

    draws_per_turn: int = DRAWS_PER_TURN
    hand_limit: int | None = HAND_LIMIT
    costs_threat: bool = True  # cards cost their threat cost
    discard_for_threat: bool = True
    reshuffle_conquest_loss: int = RESHUFFLE_CONQUEST_LOSS
    one_event_per_trigger: bool = True  # else several, but never two of one name per trigger and target
    keeps_threat: bool = True  # the overlord gains threat at all (the 2nd edition has none)
    reshuffle_ref: str = "Step 1: Collect Threat and Draw Cards"  # the section the remade deck cites


FIRST_EDITION = CardRules()
CARD_RULES: dict[str, CardRules] = {}


def card_rules(game: Game) -> CardRules:
    """The card rules of this game's ruleset."""
    return CARD_RULES.get(game.state.ruleset, FIRST_EDITION)


def keeps_threat(game: Game) -> bool:
    """True when this game's overlord gains threat. Why one gate for every source (his turn,
    surges, curses, corrupted ground, cards): the 2nd edition has no threat, so none of them may
    give him any there, and a future ruleset flips one switch."""
    return card_rules(game).keeps_threat


def card_cost(game: Game, played: OverlordCard) -> int:
    """The threat a card costs to play in this game."""
    return played.threat_cost if card_rules(game).costs_threat else 0


def priced(game: Game, text: str, cost: int) -> str:
    """``text`` with a card's threat cost in brackets, as the log and the prompts name a card; a
    ruleset whose cards cost nothing (the 2nd edition has no threat) names no cost."""
    return f"{text} ({cost} threat)" if card_rules(game).costs_threat else text


def card(game: Game, card_id: str) -> OverlordCard:
    """An overlord card of this game's pack."""
    return content(game).overlord[card_id]


def draw_overlord_card(game: Game) -> str | None:
    """Draw one card; the heroes see only that a card was drawn. When the last card is drawn the
    heroes lose three conquest and the discard pile becomes the new deck."""
    overlord = game.state.overlord
    if not overlord.deck:
        return None
    drawn = overlord.deck.pop(game.chance.pick(len(overlord.deck), "overlord draw", overlord.deck))
    overlord.hand.append(drawn)
    game.emit("card_drawn", "The overlord draws a card.", ref="Overlord Cards")
    game.emit("card_drawn_private", f"You draw {card(game, drawn).name}.", ref="Overlord Cards",
              visible_to=[OVERLORD], card=drawn)
    if not overlord.deck:
        overlord.deck, overlord.discard = sorted(overlord.discard), []
        game.emit("deck_reshuffled", "The overlord deck ran out and is made anew from the discard pile.",
                  ref=card_rules(game).reshuffle_ref)
        loss = card_rules(game).reshuffle_conquest_loss
        if loss:
            change_conquest(game, -loss, "the overlord deck ran out", ref="Step 1: Collect Threat and Draw Cards")
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
    if not card_rules(game).discard_for_threat:
        return []
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


def reachable_threat(game: Game, keeping: str) -> int:
    """Rulebook: Discarding Overlord Cards. The threat the overlord could have right now to play
    ``keeping``: what he holds plus what discarding every other card in his hand would give."""
    overlord = game.state.overlord
    if not card_rules(game).discard_for_threat:
        return overlord.threat
    others = list(overlord.hand)
    others.remove(keeping)
    return overlord.threat + sum(card(game, other).threat_value for other in others)


def pay_and_play(game: Game, card_id: str) -> OverlordCard:
    """Rulebook: Playing Overlord Cards. Pay the threat cost and take the card from the hand."""
    played = card(game, card_id)
    overlord = game.state.overlord
    cost = card_cost(game, played)
    if card_id not in overlord.hand or overlord.threat < cost:
        raise EngineError(f"the overlord cannot play {card_id} now")
    overlord.threat -= cost
    overlord.hand.remove(card_id)
    price = f", {cost} threat" if card_rules(game).costs_threat else ""
    game.emit("card_played", f"The overlord plays {played.name} ({played.type}{price}).",
              ref="Playing Overlord Cards", card=card_id, type=played.type, cost=cost)
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


# A ``<target>_group`` effect (``triggering_monster_group``) affects each monster of that figure's
# group, one at a time (descent-2e excerpt A, Monsters): the first rule that answers names the
# members (``delve.rules2e.monster_groups``); without one (1st edition) the figure is alone.
GroupRule = Callable[[Game, FigureState], list[FigureState] | None]
GROUP_RULES: list[GroupRule] = []
GROUP_SUFFIX = "_group"


# Figures that an overlord card targeting a hero may also target (descent-2e excerpt A,
# Familiars Treated as Figures): each rule lists such figures of the heroes' side.
HeroLikeRule = Callable[[Game], list[FigureState]]
HERO_LIKE_RULES: list[HeroLikeRule] = []


def heroes_to_target(game: Game) -> list[FigureState]:
    """What an ``each_hero`` card effect affects: the heroes not in town (Rulebook: The Town),
    then the figures counted as heroes for overlord cards."""
    found = [h for h in game.state.heroes() if not h.in_town]
    for rule in HERO_LIKE_RULES:
        found += [f for f in rule(game) if f not in found]
    return found


def counts_as_hero(game: Game, figure: FigureState) -> bool:
    """A figure other than a hero that overlord cards target as a hero (it springs hero traps)."""
    return any(figure in rule(game) for rule in HERO_LIKE_RULES)


def each_member(game: Game, item: Any, context: dict[str, Any]) -> list[tuple[Any, dict[str, Any]]]:
    """The effect once per figure it affects: a group target becomes one run per member."""
    target = getattr(item, "target", None)
    if not isinstance(target, str) or not target.endswith(GROUP_SUFFIX):
        return [(item, context)]
    single = target.removesuffix(GROUP_SUFFIX)
    figure = game.state.figures.get(context.get(single, ""))
    if figure is None:
        return []
    members = next((found for rule in GROUP_RULES if (found := rule(game, figure)) is not None), [figure])
    one = item.model_copy(update={"target": single})
    return [(one, {**context, single: member.id}) for member in members]


def run_effects(game: Game, played: OverlordCard, context: dict[str, Any]) -> None:
    """Carry out every effect of a card; an effect with no function yet is reported as an event."""
    for item in played.effects:
        name = getattr(item, "effect", type(item).__name__)
        fn = EFFECTS.get(name)
        if fn is None:
            game.emit("effect_not_implemented", f"{played.name}: the effect {name} is not implemented yet.",
                      ref="Overlord Cards", card=played.id, effect=name)
            continue
        for one, one_context in each_member(game, item, context):
            fn(game, one, one_context)


@effect("gain_threat")
def _gain_threat(game: Game, item: Any, context: dict[str, Any]) -> None:
    if not keeps_threat(game):
        return
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
    from delve.rules.spawning import places_any  # spawning reads this module's cards
    overlord = game.state.overlord
    rules = card_rules(game)
    choices = discard_choices(game)
    if step.data["phase"] == "discard":
        if rules.hand_limit is None or len(overlord.hand) <= rules.hand_limit:
            choices.append(Choice(id="done", label="Keep the rest of the hand"))
        prompt = f"Discard cards for threat ({len(overlord.hand)} in hand, at most {rules.hand_limit} may be kept)"
        return Decision(seat=OVERLORD, kind="overlord_discard", prompt=prompt, choices=choices)
    played_names = step.data.get("played_names", [])
    for card_id in sorted(set(overlord.hand)):
        played = card(game, card_id)
        cost = card_cost(game, played)
        if cost > overlord.threat:
            continue
        if not rules.one_event_per_trigger and played.type == "event" and played.name in played_names:
            continue  # ruleset 2e: not two cards of one name for the same trigger
        if played.type == "spawn" and not step.data.get("spawned"):
            label = priced(game, f"Spawn: {played.name}", cost)
            if not places_any(game, card_id):
                label += ": no legal space for its monsters now (they would not be placed)"
            choices.append(Choice(id=f"spawn:{card_id}", label=label, data={"card": card_id}))
        elif played.type == "power" and not step.data.get("powered"):
            choices.append(Choice(id=f"power:{card_id}", label=priced(game, f"Power: {played.name}", cost),
                                  data={"card": card_id}))
        elif played.type == "event" and played.trigger == "start_of_overlord_turn":
            choices.append(Choice(id=f"event:{card_id}", label=priced(game, f"Event: {played.name}", cost),
                                  data={"card": card_id}))
    choices.append(Choice(id="continue", label="Go on to activate monsters"))
    return Decision(seat=OVERLORD, kind="overlord_cards",
                    prompt=priced(game, "Play cards before activating monsters", overlord.threat), choices=choices)


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
        step.data["played_names"] = [*step.data.get("played_names", []), played.name]
        run_effects(game, played, {})
    else:
        raise EngineError(f"unknown overlord card choice {choice.id!r}")
