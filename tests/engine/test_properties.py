"""Properties over random play: replays are exact, illegal answers change nothing."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from delve.ai.random_player import RandomPlayer
from delve.engine.game import Game
from delve.rulesets import handlers_for


def play_randomly(game: Game, seed: int, choices: int) -> None:
    player = RandomPlayer(seed, end_bias=0.2)
    for _ in range(choices):
        decision = game.pending
        if decision is None:
            return
        result = game.apply(player.choose(decision), decision.seat)
        assert result.accepted, result.reason


def test_one_hundred_random_games_replay_exactly(make_game: Callable[..., Game]) -> None:
    for seed in range(100):
        game = make_game(seed)
        initial = game.clone().state
        play_randomly(game, seed, 60)
        replayed = Game(initial, handlers_for("1e"))
        replayed.replay(game.state.history)
        assert replayed.state_hash() == game.state_hash(), f"game {seed} did not replay exactly"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40),
       junk=st.text(max_size=12), seat=st.sampled_from(["h1", "h2", "overlord", "table", "nobody"]))
def test_illegal_answers_never_change_the_state(make_game: Callable[..., Game], seed: int, steps: int,
                                               junk: str, seat: str) -> None:
    game = make_game(seed)
    play_randomly(game, seed, steps)
    decision = game.pending
    assert decision is not None
    before = game.state_hash()
    legal = {c.id for c in decision.choices}
    if junk not in legal or seat != decision.seat:
        assert not game.apply(junk, seat).accepted
        assert game.state_hash() == before
    assert not game.apply(decision.choices[0].id, seat, serial=decision.serial + 1).accepted
    assert game.state_hash() == before
