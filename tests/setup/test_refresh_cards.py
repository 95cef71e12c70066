"""Rulebook: Step 1: Refresh Cards. A hero's exhausted items are ready again when his turn starts."""

from __future__ import annotations

from delve.api import GameSetup, new_game


def test_exhausted_items_are_ready_at_the_start_of_the_heros_turn() -> None:
    game = new_game(GameSetup(seed=8))
    hero = game.state.heroes()[0]
    hero.exhausted = ["round-targe"]
    decision = game.pending
    assert decision is not None and decision.kind == "choose_hero_turn"
    assert game.apply(f"turn:{hero.id}", decision.seat).accepted
    assert game.state.figures[hero.id].exhausted == []
    assert any(e.kind == "hero_turn_started" and e.data.get("hero") == hero.id for e in game.state.log)
