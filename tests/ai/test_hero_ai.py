"""The hero AI: legal answers only, no peeking at hidden information, and it wins the starter quest."""

from __future__ import annotations

from delve.ai.base import Player
from delve.ai.hero_ai import HeroAI
from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE, Choice, Decision
from delve.engine.game import Game


def _setup(seed: int) -> GameSetup:
    options = {"choices": True} if "choices" in GameSetup.model_fields else {}
    return GameSetup(seed=seed, **options)


def _play(seed: int, hero: HeroAI, cap: int = 6000) -> Game:
    game = new_game(_setup(seed), transactional=False)
    overlord = RandomPlayer(seed, end_bias=0.25)
    for _ in range(cap):
        decision = game.pending
        if decision is None:
            break
        player = overlord if decision.seat in (OVERLORD, TABLE) else hero
        choice = player.choose(decision, game)
        assert decision.find(choice) is not None, (decision.kind, choice)
        result = game.apply(choice, decision.seat)
        assert result.accepted, result.reason
    return game


def test_is_a_player() -> None:
    assert isinstance(HeroAI(), Player)


def test_unknown_decisions_get_a_safe_answer() -> None:
    ai = HeroAI()
    decision = Decision(seat="h1", kind="something_new", prompt="?",
                        choices=[Choice(id="grab:1", label="grab"), Choice(id="end_thing", label="stop")])
    game = new_game(_setup(1), transactional=False)
    assert ai.choose(decision, game) == "end_thing"
    only = Decision(seat="h1", kind="something_new", prompt="?", choices=[Choice(id="x", label="x")])
    assert ai.choose(only, game) == "x"


def test_plays_whole_games_without_internal_errors() -> None:
    for seed in (3, 4):
        ai = HeroAI(strict=True)
        game = _play(seed, ai)
        assert game.state.winner is not None
        assert ai.errors == 0


def test_wins_the_starter_quest_against_a_random_overlord() -> None:
    wins = sum(_play(seed, HeroAI()).state.winner == "heroes" for seed in range(10, 16))
    assert wins >= 5


def test_hidden_information_does_not_change_its_choices() -> None:
    """Whatever the overlord holds and whatever unrevealed areas and chests contain, the hero AI
    answers the same way: it cannot have read them."""
    game = new_game(_setup(7), transactional=False)
    overlord = RandomPlayer(7, end_bias=0.25)
    checked = 0
    for _ in range(600):
        decision = game.pending
        if decision is None:
            break
        if decision.seat in (OVERLORD, TABLE):
            game.apply(overlord.choose(decision, game), decision.seat)
            continue
        first = HeroAI().choose(decision, game)
        other = game.clone()
        other.state.overlord.hand = list(reversed(other.state.overlord.hand))[:1]
        other.state.overlord.deck = other.state.overlord.deck[:2]
        other.state.flags["reserve"] = {}
        for marker in other.board.markers:
            if marker.kind == "chest":
                marker.data.pop("number", None)
        assert HeroAI().choose(decision, other) == first, decision.kind
        checked += 1
        game.apply(first, decision.seat)
    assert checked > 50
