"""``table`` chance: card draws become decisions of the table seat (delve.engine.chance).

A move that draws is undone at the draw, kept in the history, and finished once the table
names the card; the game replays from its history, saves and loads mid-draw, and no rule
outcome depends on anything but the named cards. Seeded games are untouched (no new field in
their saves)."""

from __future__ import annotations

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game, play_setup
from delve.engine.chance import DRAW_KIND
from delve.engine.decision import TABLE
from delve.engine.game import Game


def _table_game(seed: int) -> Game:
    game = new_game(play_setup(seed=seed, chance="manual", check=False), transactional=False)
    game.state.chance.mode = "table"
    return game


def _play(game: Game, seed: int, moves: int) -> list[tuple[str, list[str]]]:
    """Random moves; returns each draw's purpose and the cards it offered."""
    player = RandomPlayer(seed)
    draws = []
    for _ in range(moves):
        decision = game.pending
        if decision is None:
            break
        if decision.kind == DRAW_KIND:
            draws.append((game.state.chance.awaiting.purpose, [c.label for c in decision.choices]))
        result = game.apply(player.choose(decision, game), decision.seat)
        assert result.accepted, result.reason
    return draws


def test_draws_ask_the_table_and_the_game_replays_and_reloads() -> None:
    game = _table_game(4)
    draws = _play(game, 4, 600)
    assert any(purpose == "overlord draw" for purpose, _ in draws)
    # The history holds the interrupted moves and the table's answers: it replays exactly.
    again = _table_game(4)
    setup_length = len(again.state.history)
    again.replay(game.state.history[setup_length:])
    assert again.state_hash() == game.state_hash()
    # Mid-draw saves load and go on.
    while game.pending is not None and game.pending.kind != DRAW_KIND:
        _play(game, 5, 1)
    if game.pending is not None:
        loaded = Game.from_json(game.to_json(), game.handlers)
        assert loaded.pending is not None and loaded.pending.kind == DRAW_KIND
        assert loaded.pending.seat == TABLE and loaded.pending.choices == game.pending.choices


def test_a_draw_offers_the_cards_left_and_the_named_card_is_drawn() -> None:
    game = _table_game(2)
    player = RandomPlayer(2)
    while (decision := game.pending) is not None and decision.kind != DRAW_KIND:
        game.apply(player.choose(decision, game), decision.seat)
    assert decision is not None
    deck = list(game.state.overlord.deck)
    assert sorted(c.label for c in decision.choices) == sorted(deck)
    hand = list(game.state.overlord.hand)
    card = decision.choices[-1].id
    assert game.apply(card, "h1").accepted  # any seat may answer for the table
    drawn = [c for c in game.state.overlord.hand if c not in hand]
    assert game.state.chance.awaiting is not None or card.removeprefix("draw:") in drawn
    named = f"pick:{decision.choices[-1].data['index']}"
    assert game.state.chance.awaiting is None or game.state.chance.script == [named]


def test_seeded_saves_carry_no_draw_field() -> None:
    game = new_game(GameSetup(seed=1), transactional=False)
    assert "awaiting" not in game.to_json()
