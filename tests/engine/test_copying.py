"""Structural copies (``delve.engine.copying``) equal a JSON round trip and are independent; old
saves load; the decision memo (``Game.decision_memo``) changes no game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, load_game, new_game
from delve.boundary import load_json
from delve.engine.copying import copy_model, plain
from delve.engine.game import Game
from delve.engine.state import GameState
from delve.rulesets import default_content


def _json_clone(game: Game) -> Game:
    return Game(load_json(GameState, game.to_json()), game.handlers, transactional=False)


def _play(game: Game, player: RandomPlayer, choices: int) -> None:
    for _ in range(choices):
        decision = game.pending
        if decision is None:
            return
        assert game.apply(player.choose(decision), decision.seat).accepted


def test_plain_is_what_json_brings_back() -> None:
    value = {"a": (1, 2), "b": [(3, 4), {"c": (5,)}], "d": None, "e": 1.5, 7: "int key"}
    assert plain(value) == {"a": [1, 2], "b": [[3, 4], {"c": [5]}], "d": None, "e": 1.5, "7": "int key"}
    assert plain({"x": [(1, 2)]}) == {"x": [[1, 2]]}


def test_copies_equal_a_json_round_trip_and_play_on_alike() -> None:
    for ruleset, quest, seed in (("1e", "first-steps", 3), ("1e", "the-sunken-forge", 5),
                                 ("1e", "bridge-of-teeth", 8), ("2e", "first-steps-2e", 4)):
        pack, quest = default_content(ruleset, quest)
        game = new_game(GameSetup(ruleset=ruleset, pack=pack, quest=quest, seed=seed), transactional=False)
        player = RandomPlayer(seed, end_bias=0.2)
        for _ in range(12):
            _play(game, player, 25)
            copy = game.clone()
            loaded = _json_clone(game)
            assert copy.state == loaded.state  # the same types too: dataclasses compare their fields
            assert copy.to_json() == game.to_json()
            # Playing on the copy leaves the original as it was, and plays as a loaded save does.
            before = game.state_hash()
            _play(copy, RandomPlayer(seed + 1, end_bias=0.2), 30)
            _play(loaded, RandomPlayer(seed + 1, end_bias=0.2), 30)
            assert copy.state_hash() == loaded.state_hash()
            assert game.state_hash() == before
            if game.pending is None:
                break


def test_a_copy_shares_nothing_that_changes_in_place() -> None:
    game = new_game(GameSetup(seed=2), transactional=False)
    _play(game, RandomPlayer(2), 40)
    copy = copy_model(game.state)
    original = game.to_json()
    for figure in copy.figures.values():
        figure.tokens["stun"] = 9
        figure.pack.append("x")
        figure.traits["melee"] = 7
    copy.board.terrain[0][0] = "lava"
    copy.board.markers.clear()
    copy.overlord.hand.append("card")
    copy.chance.counter += 5
    copy.flags["new"] = 1
    for step in copy.stack:
        step.data["new"] = 1
    copy.log.clear()
    assert game.to_json() == original


def test_a_save_written_before_the_plain_classes_loads_and_plays_on_alike() -> None:
    """A save the code at f619862 wrote (pydantic steps, choices, events, footprints) after 80
    random choices of the-sunken-forge: it loads, saves back byte for byte, and 40 more random
    choices reach the state they reached there."""
    text = (Path(__file__).parent / "data" / "save_f619862_sunken_forge.json").read_text()
    game = load_game(text)
    assert game.to_json() == text
    _play(game, RandomPlayer(6, end_bias=0.1), 40)
    # (session 16: the four "No Tunnel Goblin can be placed" lines of these choices name the
    # monster, where they gave its id; the hash before that was e08f57d0...)
    assert game.state_hash() == "50930b8b605a5e263487b0c3d4827afa11544d4049208410d647b0e93593546d"


def _final_hash(ruleset: str, quest: str, seed: int) -> str:
    pack, quest = default_content(ruleset, quest)
    game = new_game(GameSetup(ruleset=ruleset, pack=pack, quest=quest, seed=seed), transactional=False)
    _play(game, RandomPlayer(seed, end_bias=0.05), 400)
    return game.state_hash()


@pytest.mark.parametrize(("ruleset", "quest", "seed"), [("1e", "first-steps", 4), ("1e", "the-sunken-forge", 9),
                                                        ("2e", "first-steps-2e", 2)])
def test_games_play_the_same_without_the_decision_memo(ruleset: str, quest: str, seed: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with_memo = _final_hash(ruleset, quest, seed)
    forgetful: Any = property(lambda game: {})  # every read finds nothing: every path searched again
    monkeypatch.setattr(Game, "decision_memo", forgetful)
    assert _final_hash(ruleset, quest, seed) == with_memo


def test_a_move_takes_the_path_decide_found() -> None:
    game = new_game(GameSetup(seed=3), transactional=False)
    player = RandomPlayer(3)
    for _ in range(300):
        decision = game.pending
        assert decision is not None
        move = next((c for c in decision.choices if c.id.startswith("move:")), None)
        if move is not None:
            assert any(key[0] == "destinations" for key in game.decision_memo)
            assert game.apply(move.id, decision.seat).accepted
            return
        game.apply(player.choose(decision), decision.seat)
    pytest.fail("no move choice in 300 choices")
