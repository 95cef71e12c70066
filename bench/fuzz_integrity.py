"""The long integrity fuzz: random legal and illegal answers over games of both rulesets; saves
loaded back mid-game; every game's end state compared with a replay from its setup
(``delve.sim.fuzz``).

Run: .venv/bin/python bench/fuzz_integrity.py [ATTEMPTS] [PER_GAME] [SEED]   (default 100000, 3000, 1)
Exit status 1 on any failure; prints them with the seed that reproduces each.
"""

from __future__ import annotations

import sys
import time

from delve.sim import fuzz


def main() -> None:
    attempts = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    per_game = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    start = time.process_time()
    report = fuzz.FuzzReport()
    number = 0
    while report.attempts < attempts:  # games end early: play until the answers add up
        setup = fuzz.SETUPS[number % len(fuzz.SETUPS)]
        fuzz.fuzz_game(setup, seed * 100_003 + number, per_game, report, transactional=number % 2 == 0)
        number += 1
    print(f"{report.games} games, {report.attempts} answers ({report.accepted} accepted, {report.refused} "
          f"refused), {report.loads} save->load swaps in {time.process_time() - start:.1f} s CPU: "
          f"{len(report.failures)} failures")
    for line in report.failures[:20]:
        print("  " + line)
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
