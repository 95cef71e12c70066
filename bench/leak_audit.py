"""Hidden-information audit over many games: every quest, overlord player, setup style and dice
kind; every hero seat's view and events checked after each choice (``delve.sim.leaks``).

Run: .venv/bin/python bench/leak_audit.py [GAMES_PER_MODE] [MAX_CHOICES]   (default 5, 600)
Exit status 1 if anything leaked; prints the first findings.
"""

from __future__ import annotations

import sys
import time

from delve.sim import leaks


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    cap = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    start = time.process_time()
    audit = leaks.run(games, seed=2026, max_choices=cap)
    spent = time.process_time() - start
    print(f"{audit.games} games, {audit.choices} choices, {audit.views_checked} hero views and "
          f"{audit.events_checked} hero events checked in {spent:.1f} s CPU: {len(audit.leaks)} leaks")
    for line in audit.leaks[:20]:
        print("  " + line)
    sys.exit(1 if audit.leaks else 0)


if __name__ == "__main__":
    main()
