"""The honest clone: a seat's copy of a game re-draws what that seat cannot know.

A bot searching on ``determinized_clone`` must not predict the real dice or the next card, and
a hero seat's copy must show an overlord hand of the right size but not necessarily the real
cards (``delve.engine.determinize``)."""

from __future__ import annotations

from collections import Counter

import pytest

from delve.api import GameSetup, new_game
from delve.engine.chance import Chance
from delve.engine.copying import copy_model
from delve.engine.decision import OVERLORD
from delve.engine.determinize import determinized_clone
from delve.engine.game import Game

FACES = [str(i) for i in range(6)]


def _game_with_hand(seed: int) -> Game:
    """A first-steps game played at random until the overlord holds cards and a hero decides."""
    from delve.ai.random_player import RandomPlayer

    game = new_game(GameSetup(quest="first-steps", seed=seed), transactional=False)
    player = RandomPlayer(seed, end_bias=0.3)
    for _ in range(400):
        decision = game.pending
        assert decision is not None
        if decision.seat != OVERLORD and game.state.overlord.hand and len(game.state.overlord.deck) > 2:
            return game
        game.apply(player.choose(decision, game), decision.seat)
    raise AssertionError("no hero decision with an overlord hand")


@pytest.fixture(scope="module")
def game() -> Game:
    return _game_with_hand(11)


def _hero_seat(game: Game) -> str:
    return next(s for s in game.state.seats if s != OVERLORD)


def _dice(game: Game, n: int = 30) -> list[int]:
    chance = Chance(copy_model(game.state.chance))
    return [chance.roll("red", FACES) for _ in range(n)]


def test_full_clone_predicts_the_real_dice_the_honest_clone_does_not(game: Game) -> None:
    real = _dice(game)
    assert _dice(game.clone()) == real  # the full clone is for replays: it carries the future
    for seed in range(5):
        honest = determinized_clone(game, _hero_seat(game), seed)
        assert _dice(honest) != real
        assert honest.state.chance.seed != game.state.chance.seed


def test_honest_dice_do_not_depend_on_the_real_chance_state(game: Game) -> None:
    """By construction: two games that differ only in their dice stream give the same copy."""
    other = game.clone()
    other.state.chance.seed += 12345
    other.state.chance.counter += 7
    seat = _hero_seat(game)
    assert _dice(determinized_clone(game, seat, 3)) == _dice(determinized_clone(other, seat, 3))
    assert determinized_clone(game, seat, 3).state_hash() == determinized_clone(game, seat, 3).state_hash()


def test_next_card_is_not_predicted(game: Game) -> None:
    """Statistically: the next overlord draw on the honest copy matches the real one about as often
    as a blind guess (1 / deck size), not every time."""
    deck = game.state.overlord.deck
    real = deck[Chance(copy_model(game.state.chance)).pick(len(deck))]
    trials = 200
    hits = 0
    for seed in range(trials):
        copy = determinized_clone(game, OVERLORD, seed)
        copy_deck = copy.state.overlord.deck
        hits += copy_deck[Chance(copy.state.chance).pick(len(copy_deck))] == real
    assert hits < trials * 0.35, hits


def test_hero_seat_sees_a_hand_of_the_same_size_but_other_cards(game: Game) -> None:
    real = game.state.overlord
    pool = Counter([*real.hand, *real.deck])
    hands = set()
    for seed in range(20):
        copy = determinized_clone(game, _hero_seat(game), seed).state.overlord
        assert len(copy.hand) == len(real.hand)
        assert len(copy.deck) == len(real.deck)
        assert Counter([*copy.hand, *copy.deck]) == pool
        assert copy.discard == real.discard
        hands.add(tuple(sorted(copy.hand)))
    assert len(hands) > 1
    assert any(h != tuple(sorted(real.hand)) for h in hands)


def test_overlord_seat_keeps_its_own_hand(game: Game) -> None:
    copy = determinized_clone(game, OVERLORD, 5)
    assert copy.state.overlord.hand == game.state.overlord.hand
    assert copy.state.history == []  # a copy for search, not for replay


def test_hero_copy_keeps_only_visible_unread_events_and_no_history(game: Game) -> None:
    seat = _hero_seat(game)
    copy = determinized_clone(game, seat, 1)
    assert all(e.visible_for(seat) for e in copy.state.log)
    seen = game.state.flags.get("prolonged_seen", len(game.state.log))
    assert len(copy.state.log) <= len(game.state.log) - seen
    assert copy.state.flags.get("prolonged_seen", 0) == 0
    assert copy.state.history == []
    assert len(copy.to_json()) < len(game.to_json())


def test_chest_numbers_are_shuffled_within_their_colour() -> None:
    game = _game_with_hand(4)
    chests = [m for m in game.board.markers if m.kind == "chest" and "number" in m.data]
    if len(chests) < 2:
        pytest.skip("the quest has fewer than two numbered chests")

    def numbers(g: Game) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for m in g.board.markers:
            if m.kind == "chest":
                out.setdefault(str(m.data.get("colour")), []).append(m.data.get("number"))
        return out

    real = numbers(game)
    seen = set()
    for seed in range(10):
        copy = numbers(determinized_clone(game, _hero_seat(game), seed))
        assert {c: sorted(v) for c, v in copy.items()} == {c: sorted(v) for c, v in real.items()}
        seen.add(str(copy))
    assert len(seen) > 1 or all(len(v) < 2 for v in real.values())


def test_the_copy_plays_on() -> None:
    """A determinized copy is a working game: a random player can finish a few decisions on it."""
    from delve.ai.random_player import RandomPlayer

    game = _game_with_hand(2)
    copy = determinized_clone(game, _hero_seat(game), 9)
    player = RandomPlayer(0, end_bias=0.3)
    for _ in range(50):
        decision = copy.pending
        if decision is None:
            break
        assert copy.apply(player.choose(decision, copy), decision.seat).accepted
