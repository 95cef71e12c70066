"""Poison tokens soak up healing (Rulebook: Poison). No healing effect is reachable in play yet
(potions and healing skills come with their own rules), so ``wounds.heal`` is tested directly."""

from __future__ import annotations

from delve.board.geometry import Footprint
from delve.board.grid import Area, Board
from delve.engine.chance import seeded
from delve.engine.game import Game
from delve.engine.state import FigureState, GameState
from delve.rules.wounds import heal
from delve.rulesets import handlers_for


def _game(wounds: int, poison: int) -> tuple[Game, FigureState]:
    board = Board(width=1, height=1, terrain=[["floor"]], area_ids=[["room"]],
                  areas=[Area(id="room", name="room", revealed=True)])
    hero = FigureState(id="h", kind="hero", side="heroes", name="Kell", seat="h1",
                       footprint=Footprint(x=0, y=0), speed=4, max_wounds=12, wounds=wounds)
    if poison:
        hero.tokens["poison"] = poison
    state = GameState(board=board, chance=seeded(1), figures={"h": hero})
    return Game(state, handlers_for("1e")), hero


def test_worked_example_two_poison_tokens_soak_two_of_three_healed_wounds() -> None:
    game, hero = _game(wounds=8, poison=2)
    healed = heal(game, hero, 3, cause="healing potion")
    assert healed == 1
    assert hero.wounds == 9
    assert hero.token("poison") == 0
    kinds = [e.kind for e in game.state.log]
    assert kinds == ["poison_removed", "healed"]


def test_healing_less_than_the_poison_only_removes_tokens() -> None:
    game, hero = _game(wounds=8, poison=3)
    assert heal(game, hero, 2, cause="healing skill") == 0
    assert (hero.wounds, hero.token("poison")) == (8, 1)


def test_without_poison_healing_stops_at_the_maximum() -> None:
    game, hero = _game(wounds=11, poison=0)
    assert heal(game, hero, 3, cause="healing potion") == 1
    assert hero.wounds == 12
