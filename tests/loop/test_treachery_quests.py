"""Treachery for the original quests (docs/rulings.md, "Treachery for the original quests"):
each Delve quest states its treachery in its own file, in place of the rulebook's appendix for
the base game's quests; a quest that states none gives none."""

from __future__ import annotations

import pytest

from delve.api import GameSetup, new_game
from delve.content.loader import load_starter_pack
from delve.content.quest import TreacheryBudget
from delve.engine.game import Game
from delve.rules import setup


def _to_treachery(game_setup: GameSetup) -> Game:
    game = new_game(game_setup)
    while game.pending is not None and game.pending.kind not in ("treachery", "choose_hero_turn"):
        decision = game.pending
        keep = next((c.id for c in decision.choices if c.id in ("keep", "end_shopping", "done")), None)
        assert game.apply(keep or decision.choices[0].id, decision.seat).accepted
    return game


@pytest.mark.parametrize("quest", sorted(load_starter_pack().quests))
def test_each_quest_offers_the_treachery_its_file_states(quest: str) -> None:
    budget = load_starter_pack().quests[quest].treachery
    game = _to_treachery(GameSetup(seed=1, quest=quest, choices=True))
    decision = game.pending
    assert decision is not None and decision.kind == "treachery"
    stack_budget = next(s for s in game.state.stack if s.kind == "treachery").data["budget"]
    assert stack_budget == budget.model_dump()
    # Keeping it all draws one extra starting card per two points (Unspent Treachery).
    assert game.apply("done", "overlord").accepted
    extra = sum(budget.model_dump().values()) // 2
    assert len(game.state.overlord.hand) == min(8, 3 + extra)


def test_a_quest_stating_no_treachery_gives_none(monkeypatch: pytest.MonkeyPatch) -> None:
    quest = load_starter_pack().quests["first-steps"].model_copy(update={"treachery": TreacheryBudget()})
    monkeypatch.setattr(setup, "_quest", lambda game: quest)
    game = _to_treachery(GameSetup(seed=1, choices=True))
    assert game.pending is not None and game.pending.kind == "choose_hero_turn"
    assert len(game.state.overlord.hand) == 3
    cards = game.state.overlord.deck + game.state.overlord.hand
    assert not any(setup_card.treachery for setup_card in (load_starter_pack().overlord[c] for c in cards))
