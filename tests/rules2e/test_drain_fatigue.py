"""A card that drains fatigue (docs/rulings.md, "A card that drains fatigue"): the hero loses the
fatigue he has left, and what he cannot lose he suffers as wounds, armor not counted. Before,
the starter-2e card Exhaustion was played by the overlord AI and did nothing
("effect not implemented")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from delve.api import open_pack
from delve.engine.game import Game
from delve.rules.overlord_cards import run_effects


@pytest.mark.parametrize(("fatigue", "left", "wounds"), [(4, 2, 10), (1, 0, 9), (0, 0, 8)])
def test_exhaustion_takes_fatigue_then_wounds(room_game: Callable[..., Game], fatigue: int, left: int,
                                              wounds: int) -> None:
    game = room_game(f"""
figures:
  - {{id: ada, name: Ada, speed: 4, wounds: 10, fatigue: {fatigue}, armor: 2, at: [0, 0]}}
""", pack="starter-2e")
    card = open_pack("starter-2e").overlord["exhaustion"]
    run_effects(game, card, {"triggering_hero": "ada"})
    ada = game.state.figures["ada"]
    assert (ada.fatigue, ada.wounds) == (left, wounds)
    assert not [e for e in game.state.log if e.kind == "effect_not_implemented"]
