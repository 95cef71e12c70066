"""CPU per choice of the web table's engine work, in-process, and where it goes (not a test).

The web-like loop: solo games of ``first-steps`` and ``the-sunken-forge`` whose hero seats answer
with the cheap client policy of ``bench/web_bench.py`` from their own view
(``views.view(game, seat, log=False)``, as the server builds it), while the solo overlord answers
its decisions in-process. A person's choice costs its ``Game.apply``, every automated overlord
answer it sets off, and the view of the next decision: what the server spends on the engine.
``--ai`` profiles AI games instead (hero AI against the solo and the random overlord, as
``bench/sim_bench.py --cpu``).

    .venv/bin/python bench/profile_choice.py [--games 6] [--choices 300]        # CPU per choice
    .venv/bin/python bench/profile_choice.py --profile [--top 40]               # cProfile, cumulative
    .venv/bin/python bench/profile_choice.py --ai --profile                    # the same for AI games
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from delve.sim.runner import game_seed
from outcome_hashes import drive_web, new_web_game, play_players

QUESTS = ("first-steps", "the-sunken-forge")


def web_loop(games: int, choices: int, profiler: cProfile.Profile | None) -> tuple[int, float]:
    """Play the web-like games; (person choices made, CPU seconds). Game creation is left out:
    the server pays it once per game, not per choice."""
    cpu = 0.0
    made = 0
    for quest in QUESTS:
        for i in range(games):
            seed = game_seed(21, i)
            game = new_web_game(quest, seed)
            before = len(game.state.history)
            start = time.process_time()
            if profiler:
                profiler.enable()
            drive_web(game, seed, choices)
            if profiler:
                profiler.disable()
            cpu += time.process_time() - start
            made += sum(1 for record in game.state.history[before:] if record.seat != "overlord")
    return made, cpu


def ai_loop(games: int, profiler: cProfile.Profile | None) -> tuple[int, float]:
    """Hero AI games against the solo and the random overlord; (choices, CPU seconds), setup included."""
    start = time.process_time()
    if profiler:
        profiler.enable()
    made = 0
    for overlord in ("solo", "random"):
        for quest in QUESTS:
            for i in range(games):
                made += len(play_players(quest, "ai", overlord, game_seed(31, i)).state.history)
    if profiler:
        profiler.disable()
    return made, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6, help="games per quest")
    parser.add_argument("--choices", type=int, default=300, help="person choices per web-like game")
    parser.add_argument("--ai", action="store_true", help="AI games instead of the web-like loop")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top cumulative costs")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    drive_web(new_web_game("first-steps", 1), 1, 5)  # load the pack, maps and rules modules first
    profiler = cProfile.Profile() if args.profile else None
    if args.ai:
        made, cpu = ai_loop(args.games, profiler)
        what = "choices (all seats) of AI games"
    else:
        made, cpu = web_loop(args.games, args.choices, profiler)
        what = "person choices of web-like solo games"
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
    print(f"{made} {what}: {cpu:.2f} CPU s, {1000 * cpu / made:.3f} ms per choice")


if __name__ == "__main__":
    main()
