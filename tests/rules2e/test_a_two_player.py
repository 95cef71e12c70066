"""Two-Player Game (ruleset 2e, descent-2e excerpt A): one hero player controls two heroes; each
hero takes his own turn, as if another player controlled him; one seat makes every choice."""

from __future__ import annotations

from delve.ai.random_player import RandomPlayer
from delve.api import new_game
from delve.rules.setup import GameSetup


def test_one_player_two_heroes_two_independent_turns() -> None:
    game = new_game(GameSetup(ruleset="2e", pack="starter-2e", quest="first-steps-2e", seats=[["hale", "wren"]],
                              seed=5))
    hero_seats = [seat for seat in game.state.seats if seat != "overlord"]
    assert hero_seats == ["h1"] and game.state.seats["h1"].heroes == ["hero1", "hero2"]
    player = RandomPlayer(5, end_bias=0.5)
    turns: list[str] = []
    while game.pending is not None and game.state.round < 3:
        decision = game.pending
        if decision.seat != "overlord":
            assert decision.seat == "h1"  # the one hero player decides for both heroes
        result = game.apply(player.choose(decision), decision.seat)
        assert result.accepted, result.reason
        turns += [e.data["hero"] for e in result.events if e.kind == "hero_turn_started"]
    first_round = turns[:2]
    assert sorted(first_round) == ["hero1", "hero2"]  # one turn each, in the round
    assert game.state.round >= 2
