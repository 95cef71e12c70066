"""Play many random quest games to the end and replay every tenth: no exception allowed.

Run: .venv/bin/python bench/random_sweep.py [GAMES] [CAP]   (default 1000 games, 2000 choices each)
"""

from __future__ import annotations

import sys
import time
import traceback

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game, replay_game


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 1000
    cap = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    start = time.time()
    fails = 0
    lengths: list[int] = []
    winners: dict[str | None, int] = {}
    for seed in range(games):
        setup = GameSetup(seed=seed)
        game = new_game(setup, transactional=False)
        player = RandomPlayer(seed, end_bias=0.3)
        try:
            n = 0
            while game.pending is not None and n < cap:
                decision = game.pending
                result = game.apply(player.choose(decision), decision.seat)
                assert result.accepted, result.reason
                n += 1
            lengths.append(n)
            winners[game.state.winner] = winners.get(game.state.winner, 0) + 1
            if seed % 10 == 0:
                again = replay_game(setup, game.state.history)
                assert again.state_hash() == game.state_hash(), "replay differs"
        except Exception as exc:  # report every failing seed, then go on
            fails += 1
            print("seed", seed, "failed:", repr(exc)[:300])
            traceback.print_exc(limit=3)
    mean = sum(lengths) / max(1, len(lengths))
    print(f"games {games}  failures {fails}  mean choices {mean:.0f}  winners {winners}  "
          f"seconds {time.time() - start:.1f}")


if __name__ == "__main__":
    main()
