"""Games per CPU second for each pairing of levels, and the hard level's time per decision.

Plays GAMES seeded games of QUEST (default first-steps) for each pairing: every overlord level
against the normal heroes, and every hero level against the normal overlord; reports CPU
seconds per game, games per CPU second, and for the search players the CPU time of each
decision they answer (all decisions, and the searched ones alone: mean, 95th percentile, max).
CPU time (``time.process_time``), so other load on a shared machine does not count.

    nice -n 10 .venv/bin/python bench/levels_bench.py [GAMES] [QUEST] [PAIRING...]

A 2nd-edition quest (``first-steps-2e``, ``first-steps-2e-2``) plays by the 2e rules; naming
pairings ("overlord hard") plays only those.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from delve.ai.bots import HERO_LEVELS, OVERLORD_LEVELS
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.rulesets import default_content
from delve.sim.runner import MAX_ROUNDS, game_seed, make_player

PAIRINGS = [(f"overlord {lv}", "ai", lv) for lv in OVERLORD_LEVELS] + [
    (f"heroes {lv}", lv, "ai") for lv in HERO_LEVELS]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def ruleset_of(quest: str) -> str:
    """The ruleset a shipped quest plays by (the 2e tutorial's quests end in -2e, -2e-2)."""
    return "2e" if "-2e" in quest else "1e"


def play(quest: str, heroes: str, overlord: str, seed: int) -> dict[str, Any]:
    """One game; CPU seconds in total and per decision of each search player."""
    ruleset = ruleset_of(quest)
    pack, quest_id = default_content(ruleset, quest)
    start = time.process_time()
    game = new_game(GameSetup(ruleset=ruleset, pack=pack, quest=quest_id, seed=seed, choices=True),
                    transactional=False)
    hero, over = make_player("hero", heroes, seed + 1), make_player("overlord", overlord, seed + 2)
    searched: list[float] = []
    every: list[float] = []
    while game.pending is not None and game.state.round <= MAX_ROUNDS:
        decision = game.pending
        player = over if decision.seat in (OVERLORD, TABLE) else hero
        before, count = time.process_time(), getattr(player, "searched", None)
        choice = player.choose(decision, game)
        spent = time.process_time() - before
        if count is not None:
            every.append(spent)
            if player.searched > count:
                searched.append(spent)
        game.apply(choice, decision.seat)
    return {"cpu": time.process_time() - start, "searched": searched, "every": every, "winner": game.state.winner}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    quest = sys.argv[2] if len(sys.argv) > 2 else "first-steps"
    only = set(sys.argv[3:])
    play(quest, "ai", "ai", game_seed(1, 999))  # warm: pack, maps, odds tables
    print(f"{quest}, {games} games per pairing (CPU seconds)")
    print(f"{'pairing':18} {'s/game':>8} {'games/CPU s':>12} {'decision mean/p95/max (all)':>30} "
          f"{'searched mean/p95/max':>26} {'searched':>9}")
    for name, heroes, overlord in PAIRINGS:
        if only and name not in only:
            continue
        runs = [play(quest, heroes, overlord, game_seed(1, i)) for i in range(games)]
        cpu = sum(r["cpu"] for r in runs)
        searched = [t for r in runs for t in r["searched"]]
        every = [t for r in runs for t in r["every"]]
        line = f"{name:18} {cpu / games:8.2f} {games / cpu:12.3f}"
        if every:
            line += (f" {sum(every) / len(every):10.3f}/{_percentile(every, 0.95):.3f}/{max(every):.3f}"
                     f" {sum(searched) / max(1, len(searched)):12.3f}/{_percentile(searched, 0.95):.3f}/"
                     f"{max(searched, default=0.0):.3f} {len(searched) / games:9.1f}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
