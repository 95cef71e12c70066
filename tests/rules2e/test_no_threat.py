"""The 2nd edition has no threat (descent-2e excerpt b, "Overlord Cards": cards cost nothing, and
the excerpts know no threat track): no 1st-edition source gives the overlord any in a 2e game
(his turn, unspent surges, curses, corrupted ground, card effects), while a 1st-edition game
keeps them all. ``delve.rules.overlord_cards.keeps_threat`` is the one gate."""

from __future__ import annotations

from typing import Any

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
    # and nothing a player reads names a threat cost or the 1st edition's conquest rules
    played = [e.text for e in game.state.log if e.kind == "card_played"]
    assert played and not [t for t in played if "threat" in t], played
    assert not [e.text for e in game.state.log if "threat" in e.text.lower()]
    assert game.state.log[-1].kind == "game_over" and game.state.log[-1].ref == "Quests"
    assert not [e.ref for e in game.state.log if "Threat" in (e.ref or "")]  # no 1st-edition threat section
    # 2e figures are defeated (a hero knocked out), not killed: one line says so
    defeated = [e for e in game.state.log if e.kind == "figure_killed"]
    assert defeated and all(e.text.endswith(" is defeated.") and e.ref == "Defeated" for e in defeated)
    assert not [e.text for e in game.state.log if "is killed" in e.text or "defeated and removed" in e.text]
    begun = [e.text for e in game.state.log if e.kind == "encounter_started"]
    assert all(t.startswith("The next encounter begins: ") and t.count("Encounter 2") == 1 for t in begun), begun


def test_a_2e_overlord_reads_no_threat_in_his_prompts() -> None:
    """The card windows of a 2e game offer cards without a cost (``overlord_cards.priced``)."""
    pack, quest = default_content("2e")
    game = new_game(GameSetup(pack=pack, quest=quest, ruleset="2e", seed=3))
    bots: dict[str, Any] = {}
    offered = 0
    for _ in range(5000):
        decision = game.pending
        if decision is None:
            break
        words = [decision.prompt, *(c.label for c in decision.choices)]
        assert not [w for w in words if "threat" in w.lower()], words
        offered += sum(c.id.startswith(("event:", "trap:", "spawn:", "power:")) for c in decision.choices)
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == "overlord" else "hero", 3))
        game.apply(bot.choose(decision, game), decision.seat, decision.serial)
    assert offered  # cards were offered, without a price


def test_a_1e_game_keeps_its_threat() -> None:
    game = _played("1e", 1)
    assert keeps_threat(game)
    assert any(e.kind == "threat_gained" for e in game.state.log)
    played = [e.text for e in game.state.log if e.kind == "card_played"]
    assert played and all(t.endswith(" threat).") for t in played), played  # a 1e card names its cost
    assert all(e.text.endswith(" is killed.") for e in game.state.log if e.kind == "figure_killed")
