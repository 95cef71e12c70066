"""Shared helpers of the AI tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from delve.ai.hero_ai import HeroAI
from delve.ai.hero_common import on_board
from delve.ai.overlord_ai import OverlordAI
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game


def play_until_monsters(game: Game, heroes: HeroAI) -> Game:
    """Play on with the normal AIs until a monster stands on the board."""
    overlord = OverlordAI(2)
    while not any(m.alive and on_board(m) for m in game.state.monsters()):
        decision = game.pending
        assert decision is not None
        player = overlord if decision.seat in (OVERLORD, TABLE) else heroes
        assert game.apply(player.choose(decision, game), decision.seat).accepted
    return game


@pytest.fixture
def until_monsters() -> Callable[[Game, HeroAI], Game]:
    """``play_until_monsters``, for a test."""
    return play_until_monsters


def play_reading(game: Game, overlord: Any, heroes: Any, decisions: int,
                 before_overlord: Callable[[], None] | None = None) -> list[str]:
    """Play up to ``decisions`` choices; the overlord's choices must leave the game as it was
    (a search plays on copies only). ``before_overlord`` runs before each overlord decision."""
    chosen = []
    for _ in range(decisions):
        decision = game.pending
        if decision is None:
            break
        if decision.seat in (OVERLORD, TABLE):
            before = game.state_hash()
            if before_overlord is not None:
                before_overlord()
            choice = overlord.choose(decision, game)
            assert game.state_hash() == before
        else:
            choice = heroes.choose(decision, game)
        chosen.append(choice)
        assert game.apply(choice, decision.seat).accepted
    return chosen


@pytest.fixture
def reading_play() -> Callable[..., list[str]]:
    """``play_reading``, for a test."""
    return play_reading
