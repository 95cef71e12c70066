"""Simulation benchmark: random-play decisions per second, whole AI games per second per core,
and the speed-up from one worker process to two.

Run: .venv/bin/python bench/sim_bench.py [--quick]
     .venv/bin/python bench/sim_bench.py --cpu [GAMES]   # CPU seconds per AI game on every quest

``--cpu`` measures process CPU time rather than wall time, so its figures hold on a machine
shared with other work (wall-clock games per second there say more about the load than the code).
Figures are recorded in docs/performance.md ("Simulation").
"""

from __future__ import annotations

import sys
import time

from delve.sim.backends import run
from delve.sim.runner import SimConfig, play_game


def random_decisions_per_second(games: int) -> float:
    """Both sides random: how many decisions the engine answers per second (players included)."""
    config = SimConfig(games=games, heroes="random", overlord="random", seed=11, max_choices=1500)
    start = time.perf_counter()
    choices = sum(play_game(config, i).choices for i in range(games))
    return choices / (time.perf_counter() - start)


def ai_games(games: int, workers: int) -> tuple[float, float, int]:
    """Hero AI against a random overlord: (games per second, mean rounds, heroes' wins)."""
    config = SimConfig(games=games, heroes="ai", overlord="random", seed=12)
    start = time.perf_counter()
    summaries = run(config, backend="sequential" if workers == 1 else "processes", workers=workers)
    seconds = time.perf_counter() - start
    wins = sum(1 for s in summaries if s["winner"] == "heroes")
    return games / seconds, sum(s["rounds"] for s in summaries) / games, wins


def cpu_per_game(games: int) -> None:
    """CPU seconds per game and per choice of the hero AI on every starter quest (same seeds)."""
    quests = ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")
    play_game(SimConfig(games=1, seed=99), 0)  # load the pack and every module first
    print(f"{'quest':<22}{'overlord':<10}{'CPU s/game':>12}{'choices':>9}{'ms/choice':>11}")
    for overlord in ("random", "solo"):
        for quest in quests:
            config = SimConfig(quest=quest, games=games, heroes="ai", overlord=overlord, seed=31)
            start = time.process_time()
            choices = sum(play_game(config, i).choices for i in range(games))
            cpu = time.process_time() - start
            print(f"{quest:<22}{overlord:<10}{cpu / games:>12.3f}{choices / games:>9.0f}{1000 * cpu / choices:>11.2f}",
                  flush=True)


def main() -> None:
    if "--cpu" in sys.argv:
        rest = sys.argv[sys.argv.index("--cpu") + 1:]
        cpu_per_game(int(rest[0]) if rest else 4)
        return
    quick = "--quick" in sys.argv
    rnd_games, ai_n = (4, 4) if quick else (20, 24)
    print(f"{'measure':<52}{'value':>12}")
    print(f"{'decisions/s, random play (both sides)':<52}{random_decisions_per_second(rnd_games):>12.0f}")
    one, rounds, wins = ai_games(ai_n, 1)
    print(f"{'AI games/s, 1 process (hero AI vs random overlord)':<52}{one:>12.2f}")
    print(f"{'  mean rounds / heroes won':<52}{f'{rounds:.1f} / {wins}/{ai_n}':>12}")
    two, _, _ = ai_games(ai_n, 2)
    print(f"{'AI games/s, 2 worker processes':<52}{two:>12.2f}")
    print(f"{'speed-up 1 -> 2 workers':<52}{two / one:>12.2f}")


if __name__ == "__main__":
    main()
