"""Knocked Out details that are easiest to check directly (ruleset 2e): healing stands a hero up,
nothing goes past the maximum, no condition and no damage reach a knocked-out hero, and a 1st
edition game is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from delve.engine.game import Game
from delve.rules.conditions import place_condition
from delve.rules.wounds import heal, lose_fatigue, suffer_wounds
from delve.rules2e.knocked_out import is_knocked_out, knock_out

KnockedGame = Callable[..., Game]


@pytest.fixture
def knocked_game(room_game: Callable[..., Game]) -> KnockedGame:
    """Factory: ``knocked_game(ruleset="2e", knocked=True)``, Ana (knocked out, or unhurt) and
    Bram in the room at the start of Bram's turn."""
    def build(ruleset: str = "2e", knocked: bool = True) -> Game:
        return room_game(f"""
figures:
  - {{id: ana, name: Ana, speed: 4, wounds: {0 if knocked else 10}, max_wounds: 10, fatigue: 0, max_fatigue: 4,
      at: [0, 0]}}
  - {{id: bram, name: Bram, speed: 4, wounds: 10, at: [2, 0]}}
flags: {{knocked_out: {'[ana]' if knocked else '[]'}}}
start: {{hero_turn: bram}}
""", ruleset)
    return build


def test_recovering_damage_stands_a_knocked_out_hero_up(knocked_game: KnockedGame) -> None:
    game = knocked_game()
    ana = game.figure("ana")
    assert heal(game, ana, 2, cause="a healing skill") == 2
    assert not is_knocked_out(game, ana) and ana.wounds == 2
    assert any(e.kind == "hero_stood_up" for e in game.state.log)


def test_nothing_goes_past_the_maximum_while_knocked_out(knocked_game: KnockedGame) -> None:
    game = knocked_game()
    ana = game.figure("ana")
    assert suffer_wounds(game, ana, 5, cause="a trap") == 0
    assert ana.wounds == 0
    lose_fatigue(game, ana, 3, cause="a curse", ref="test")
    assert ana.fatigue == 0 and ana.wounds == 0
    assert place_condition(game, ana, "poison", ref="test") == 0
    assert ana.tokens == {}


def test_knocking_out_twice_lists_the_hero_once(knocked_game: KnockedGame) -> None:
    game = knocked_game(knocked=False)
    ana = game.figure("ana")
    knock_out(game, ana)
    knock_out(game, ana)
    assert game.state.flags["knocked_out"] == ["ana"]


def test_a_1st_edition_hero_still_dies_and_goes_to_town(knocked_game: KnockedGame) -> None:
    game = knocked_game("1e", knocked=False)
    ana = game.figure("ana")
    suffer_wounds(game, ana, 12, cause="a trap")
    assert ana.in_town and ana.wounds == 10
    assert "ana" not in game.state.flags.get("knocked_out", [])


def test_a_knocked_out_hero_stands_up_for_free_between_encounters() -> None:
    from delve.api import new_game
    from delve.engine.chance import scripted
    from delve.rules.quest_goals import check_goals
    from delve.rules.setup import GameSetup

    game = new_game(GameSetup(ruleset="2e", pack="starter-2e", quest="first-steps-2e", heroes=["hale", "wren"]))
    game.pending  # noqa: B018  (settle the setup)
    hero1, hero2 = game.figure("hero1"), game.figure("hero2")
    knock_out(game, hero2)
    game.state.stack = [s for s in game.state.stack if s.kind != "knocked_out_draw"]
    game.state.chance = scripted(["2e-red:0/2", "2e-red:0/3S"])
    gate = next(p for p in game.board.spaces() if game.board.area_of(p) == "gate")
    hero1.footprint = replace(hero1.footprint, x=gate[0], y=gate[1])
    check_goals(game)
    game.advance()
    assert game.state.quest == "first-steps-2e-2"
    assert not is_knocked_out(game, hero2)
    assert hero2.wounds == 5 and hero2.fatigue == hero2.max_fatigue
    assert game.board.area_of(hero2.pos) == "stair"
