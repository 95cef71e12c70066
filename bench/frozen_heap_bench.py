"""CPU of warm AI-vs-AI games with and without the frozen start-up heap of a simulation run
(``delve.sim.backends.frozen_heap``), in one run (not a test).

Each round starts two child processes at once, one playing inside ``frozen_heap`` and one
without, on the same seeded games (hero AI against the overlord AI) after the same warm-up
game; the best round of each is kept. CPU time (``time.process_time``).

    .venv/bin/python bench/frozen_heap_bench.py [--quest first-steps] [--games 12] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(quest: str, games: int, frozen: bool) -> None:
    """Play the games; print their CPU seconds."""
    sys.path.insert(0, str(HERE))
    from delve.sim.backends import frozen_heap
    from delve.sim.runner import game_seed
    from outcome_hashes import play_players

    play_players(quest, "ai", "ai", 1)  # load packs and modules first
    with frozen_heap() if frozen else contextlib.nullcontext():
        start = time.process_time()
        for i in range(games):
            play_players(quest, "ai", "ai", game_seed(31, i))
        print(time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quest", default="first-steps")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", choices=("frozen", "plain"))
    args = parser.parse_args()
    if args.child:
        child(args.quest, args.games, args.child == "frozen")
        return
    best = {"plain": float("inf"), "frozen": float("inf")}
    for _ in range(args.rounds):
        runs = {name: subprocess.Popen([sys.executable, __file__, "--child", name, "--quest", args.quest,
                                        "--games", str(args.games)], stdout=subprocess.PIPE, text=True)
                for name in best}
        for name, run in runs.items():
            out, _ = run.communicate()
            best[name] = min(best[name], float(out.strip().splitlines()[-1]))
    print(f"{args.games} {args.quest} games, AI vs AI, best of {args.rounds} rounds (CPU s)")
    print(f"without frozen heap {best['plain']:.3f}   with {best['frozen']:.3f}   "
          f"saved {100 * (1 - best['frozen'] / best['plain']):.1f}%")


if __name__ == "__main__":
    main()
