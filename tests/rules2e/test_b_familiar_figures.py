"""Familiars treated as figures (descent-2e excerpt A, Familiars Treated as Figures): what the
scenarios in tests/scenarios/rules2e/b/familiar-figure-*.yaml do not show.

Overlord cards that target a hero may target such a familiar: an ``each_hero`` effect affects
it, and its step into a space springs a "hero moves into a space" trap. It has no attributes,
so the 2e attribute tests fail it (``docs/rulesets.md``). A 1st-edition game knows none of this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from delve.engine.game import Game
from delve.rules.event_cards import effect_targets
from delve.rules.overlord_cards import counts_as_hero, heroes_to_target

FigureGame = Callable[..., Game]


@pytest.fixture
def figure_game(scenario_game: Callable[..., Game]) -> FigureGame:
    """Factory: Maren and her bone servant in the hall (tests/conftest.py), under ``ruleset``,
    with ``extra`` scenario keys."""
    def build(ruleset: str = "2e", **extra: Any) -> Game:
        return scenario_game({
            "name": "familiar figure unit test", "ruleset": ruleset, "pack": "starter-2e",
            "figures": [{"id": "maren", "name": "Maren", "speed": 4, "wounds": 10, "at": [0, 0]}],
            "familiars": [{"kind": "bone-servant", "owner": "maren", "at": [1, 0]}],
            "start": {"hero_turn": "maren"}, **extra,
        })
    return build


def _answer(game: Game, wanted: str) -> None:
    """Choose ``wanted``; when several things trigger at once (the golden rules let the current
    player order them), first pick the one that leads to it."""
    decision = game.pending
    assert decision is not None
    if decision.kind == "order_triggers" and not decision.find(wanted):
        first = next((c for c in decision.choices if "familiar" in c.label.lower()), decision.choices[0])
        game.apply(first.id, decision.seat)
        return _answer(game, wanted)
    outcome = game.apply(wanted, decision.seat)
    assert outcome.accepted, f"{wanted}: {outcome.reason}"
    return None


def test_a_familiar_figure_moving_into_a_space_springs_a_hero_trap(figure_game: FigureGame) -> None:
    game = figure_game(overlord_hand=["pit-trap-2e"])
    servant = game.figure("bone-servant")
    _answer(game, "familiar:first:bone-servant")
    _answer(game, "familiar:move:2,0")
    decision = game.pending
    assert decision is not None and decision.seat == "overlord" and decision.find("trap:pit-trap-2e")
    _answer(game, "trap:pit-trap-2e")
    assert (servant.pos, servant.wounds) == ((2, 0), 2)  # two damage, its defense not rolled
    assert game.figure("maren").wounds == 10


def test_each_hero_effects_and_hero_traps_count_the_familiar_figure_in_2e_only(figure_game: FigureGame) -> None:
    game = figure_game()
    game.pending  # noqa: B018  (the owner's turn starts: the familiar figure is made)
    servant = game.figure("bone-servant")
    assert [f.id for f in heroes_to_target(game)] == ["maren", "bone-servant"]
    assert counts_as_hero(game, servant) and not counts_as_hero(game, game.figure("maren"))
    assert [f.id for f in effect_targets(game, "each_hero", {})] == ["maren", "bone-servant"]
    assert effect_targets(game, "each_monster", {}) == []  # it is not one of the overlord's monsters
    classic = figure_game("1e")
    classic.pending  # noqa: B018
    assert [f.id for f in heroes_to_target(classic)] == ["maren"]
    assert "bone-servant" not in classic.state.figures  # a 1st-edition familiar is never a figure


def test_a_familiar_figure_has_no_attributes_so_it_fails_attribute_tests(figure_game: FigureGame) -> None:
    game = figure_game()
    game.pending  # noqa: B018
    servant = game.figure("bone-servant")
    assert servant.kind == "monster" and servant.side == "heroes" and servant.attributes == {}
    attributes = pytest.importorskip("delve.rules2e.attributes")  # 2e-A's attribute tests
    assert all(attributes.fails_automatically(game, servant, name) for name in ("might", "awareness"))
