"""Engine benchmark: random quest games — choices applied per second, clone, save and load.

Run: .venv/bin/python bench/engine_bench.py [--quick]
Figures are recorded in docs/performance.md ("Engine").
"""

from __future__ import annotations

import sys
import time

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, load_game, new_game


def play(games: int, choices: int, transactional: bool) -> tuple[int, float]:
    """Apply random legal choices; return (choices applied, seconds)."""
    applied = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game(GameSetup(seed=seed), transactional=transactional)
        player = RandomPlayer(seed, end_bias=0.25)
        for _ in range(choices):
            decision = game.pending
            if decision is None:
                break
            game.apply(player.choose(decision), decision.seat)
            applied += 1
    return applied, time.perf_counter() - start


def per_call(fn: object, n: int) -> float:
    """Microseconds per call of a no-argument function."""
    start = time.perf_counter()
    for _ in range(n):
        fn()  # type: ignore[operator]
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    quick = "--quick" in sys.argv
    games, choices = (5, 60) if quick else (40, 120)
    print(f"{'measure':<44}{'value':>14}")
    for transactional in (True, False):
        applied, seconds = play(games, choices, transactional)
        label = f"choices/s, random quest play ({'snapshot' if transactional else 'no snapshot'})"
        print(f"{label:<44}{applied / seconds:>14.0f}")
    game = new_game(GameSetup(seed=1))
    player = RandomPlayer(1, end_bias=0.25)
    for _ in range(60):
        decision = game.pending
        assert decision is not None
        game.apply(player.choose(decision), decision.seat)
    text = game.to_json()
    n = 50 if quick else 300
    print(f"{'setup a new quest game (us)':<44}{per_call(lambda: new_game(GameSetup(seed=2)), n // 5):>14.0f}")
    print(f"{'clone after 60 choices (us)':<44}{per_call(game.clone, n):>14.0f}")
    print(f"{'save to JSON (us)':<44}{per_call(game.to_json, n):>14.0f}")
    print(f"{'load from JSON (us)':<44}{per_call(lambda: load_game(text), n):>14.0f}")
    print(f"{'save size after 60 choices (bytes)':<44}{len(text):>14}")


if __name__ == "__main__":
    main()
