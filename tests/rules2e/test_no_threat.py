"""The 2nd edition has no threat (descent-2e excerpt b, "Overlord Cards": cards cost nothing, and
the excerpts know no threat track): no 1st-edition source gives the overlord any in a 2e game
(his turn, unspent surges, curses, corrupted ground, card effects), while a 1st-edition game
keeps them all. ``delve.rules.overlord_cards.keeps_threat`` is the one gate."""

from __future__ import annotations

import pytest

from delve.ai.bots import make_bot
from delve.api import new_game
from delve.engine.game import Game
from delve.rules.overlord_cards import keeps_threat
from delve.rules.setup import GameSetup
from delve.rulesets import default_content

THREAT_KINDS = {"threat_gained", "curse_threat"}


def _played(ruleset: str, seed: int) -> Game:
    pack, quest = default_content(ruleset)
    game = new_game(GameSetup(pack=pack, quest=quest, ruleset=ruleset, seed=seed))
    bots = {}
    for _ in range(5000):
        decision = game.pending
        if decision is None:
            break
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == "overlord" else "hero", seed))
        game.apply(bot.choose(decision, game), decision.seat, decision.serial)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_a_2e_game_never_gives_the_overlord_threat(seed: int) -> None:
    game = _played("2e", seed)
    assert not keeps_threat(game)
    assert game.state.winner is not None
    assert game.state.overlord.threat == 0
    assert not [e for e in game.state.log if e.kind in THREAT_KINDS]
    attacks = [e for e in game.state.log if e.kind == "attack_rolled"]
    assert attacks  # the overlord's monsters attacked (surges left over would have given threat)


def test_a_1e_game_keeps_its_threat() -> None:
    game = _played("1e", 1)
    assert keeps_threat(game)
    assert any(e.kind == "threat_gained" for e in game.state.log)
