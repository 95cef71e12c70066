"""Overlord Cards (ruleset 2e): descent-2e excerpt b, "Overlord Cards".

What differs from the 1st edition, as ``overlord_cards.CardRules`` for the 2e ruleset:

- one card drawn at the start of the overlord's turn (``rules2e.yaml`` ``overlord_deck``);
- no hand limit, and so no discard window, and cards are never discarded for threat;
- no cost to play a card, and no threat at all: the overlord gains none (the excerpts know no
  threat; ``overlord_cards.keeps_threat`` closes every 1st-edition source of it);
- several cards may be played for one triggering condition, but never two cards of one name for
  the same trigger on the same target: a window is one trigger on one target (the figure its
  context names), and the start-of-turn window is one trigger with no target, so each name may
  be played once in it (each card "on a monster during your turn" is our reading: the engine's
  start-of-turn events name no target);
- when the last card is drawn, the discard pile is shuffled into a new deck with no other
  penalty (the 1st edition's conquest loss does not apply); if the deck is empty when a card
  must be drawn, the discard pile becomes the deck first.
"""

from __future__ import annotations

from delve.engine.game import Game
from delve.rules import overlord_cards
from delve.rules.overlord_cards import CardRules
from delve.rules2e import RULESET
from delve.rules2e.rules_data import rules

SECOND_EDITION = CardRules(
    draws_per_turn=rules().overlord_deck.draws_per_turn,
    hand_limit=None,
    costs_threat=False,
    discard_for_threat=False,
    reshuffle_conquest_loss=0,
    one_event_per_trigger=False,
    keeps_threat=False,
    reshuffle_ref="Overlord Cards",
)
overlord_cards.CARD_RULES[RULESET] = SECOND_EDITION


def draw_card(game: Game) -> str | None:
    """Draw one overlord card; an empty deck is first made anew from the discard pile."""
    overlord = game.state.overlord
    if not overlord.deck and overlord.discard:
        overlord.deck, overlord.discard = sorted(overlord.discard), []
        game.emit("deck_reshuffled", "The overlord deck is made anew from the discard pile.", ref="Overlord Cards")
    return overlord_cards.draw_overlord_card(game)
