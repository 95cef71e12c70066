"""Setup as decisions (Rulebook: Game Setup; Heroes Setup 1, 3, 5; Treachery Cards; Unspent
Treachery). Scenarios cannot start before the heroes exist, so these walk ``new_game``."""

from __future__ import annotations

from delve.api import GameSetup, new_game
from delve.engine.game import Game
from delve.rules.skills import hero_skills, skill


def _answer(game: Game, kind: str, choice: str) -> None:
    decision = game.pending
    assert decision is not None and decision.kind == kind, decision
    assert game.apply(choice, decision.seat).accepted


def test_defaults_ask_nothing_but_deal_skills() -> None:
    game = new_game(GameSetup(seed=4))
    assert game.pending is not None and game.pending.kind == "choose_hero_turn"
    for hero in game.state.heroes():
        assert len(hero_skills(game, hero.id)) >= 1
    assert len(game.state.overlord.hand) == 3


def test_heroes_chosen_by_seat_first_hero_first() -> None:
    game = new_game(GameSetup(seed=1, hero_deal="choose", players=3))
    decision = game.pending
    assert decision is not None and decision.kind == "choose_hero" and decision.seat == "h1"
    assert game.apply("hero:orin", "h1").accepted
    decision = game.pending
    assert decision is not None and decision.seat == "h2" and decision.find("hero:orin") is None
    assert game.apply("hero:maelis", "h2").accepted
    names = sorted(h.content_id for h in game.state.heroes())
    assert names == ["maelis", "orin"]
    # Orin draws three wizardry cards.
    orin = next(h for h in game.state.heroes() if h.content_id == "orin")
    held = hero_skills(game, orin.id)
    assert len(held) == 3 and {skill(game, s).deck for s in held} == {"wizardry"}


def test_two_player_game_one_seat_two_random_heroes() -> None:
    game = new_game(GameSetup(seed=2, hero_deal="random", players=2))
    assert [s for s in game.state.seats if s != "overlord"] == ["h1"]
    assert len(game.state.seats["h1"].heroes) == 2 and len({h.content_id for h in game.state.heroes()}) == 2


def test_skill_trade_treachery_and_unspent_cards() -> None:
    game = new_game(GameSetup(seed=5, heroes=["maelis", "brannoc"], choices=True))
    maelis, brannoc = game.state.heroes()
    # Maelis draws one card of each deck, Brannoc three fighting cards. Each in turn may trade
    # one in for a card of the same deck. Light Step (speed +1) leaves with the card traded in.
    decision = game.pending
    assert decision is not None and decision.kind == "skill_trade" and decision.seat == "h1"
    held = sorted(hero_skills(game, maelis.id))
    assert len(held) == 3 and len(hero_skills(game, brannoc.id)) == 3
    subterfuge = next(s for s in held if skill(game, s).deck == "subterfuge")
    assert decision.find(f"trade:{subterfuge}") is not None
    assert all(decision.find(f"trade:{s}") is None for s in hero_skills(game, brannoc.id))
    _answer(game, "skill_trade", f"trade:{subterfuge}")
    now = hero_skills(game, maelis.id)
    assert subterfuge not in now and len(now) == 3
    assert maelis.speed == 4 + ("light-step" in now)
    _answer(game, "skill_trade", "keep")  # Brannoc keeps his cards
    while game.pending is not None and game.pending.kind == "shop":
        assert game.apply("end_shopping", game.pending.seat).accepted
    # Heroes start on or next to the active glyph, first hero first.
    _answer(game, "place_hero", "place:4,4")
    decision = game.pending
    assert decision is not None and decision.kind == "place_hero" and decision.find("place:4,4") is None
    _answer(game, "place_hero", "place:5,5")
    assert maelis.pos == (4, 4) and brannoc.pos == (5, 5)
    # First Steps gives 1 green and 2 purple treachery: Sudden Frenzy (1 green) goes in, one
    # base card comes out, and the 2 purple left draw one extra starting card.
    deck_before = len(game.state.overlord.deck)
    _answer(game, "treachery", "add:sudden-frenzy")
    _answer(game, "treachery_remove", "remove:dark-bargain")
    decision = game.pending
    assert decision is not None and decision.find("add:sudden-frenzy") is None
    assert decision.find("add:rusted-cage") is not None
    _answer(game, "treachery", "done")
    cards = game.state.overlord.deck + game.state.overlord.hand
    assert "sudden-frenzy" in cards and len(cards) == deck_before
    assert len(game.state.overlord.hand) == 4
    assert game.pending is not None and game.pending.kind == "choose_hero_turn"


def test_chest_numbers_are_dealt_per_colour() -> None:
    game = new_game(GameSetup(seed=6))
    chests = [m for m in game.board.markers if m.kind == "chest"]
    assert chests and all("number" in m.data for m in chests)
