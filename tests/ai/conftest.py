"""Shared helpers of the AI tests."""

from __future__ import annotations

from collections.abc import Callable

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
