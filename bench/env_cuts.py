"""No decision cut: random games of every shipped quest through the stable action space.

Why a bench and not a test: 200 games of each of the six shipped quests take tens of CPU
minutes; CI plays a small sample of the same count (``tests/envs/test_actions.py``) and this
script plays the full one (``delve.envs.audit.count_cuts``: physical dice, the solo overlord
procedure on odd seeds). It lowers its own priority, prints one markdown row per quest
(games, decisions, the largest decision's choices, decisions cut) and the CPU time; the
table goes to docs/api.md ("No decision is cut").

    .venv/bin/python bench/env_cuts.py [GAMES [QUEST ...]]   # default 200 games of every quest

Naming quests runs only those (in that order), so the count can be split over processes.
"""

from __future__ import annotations

import os
import sys
import time

from delve.api import open_pack
from delve.envs.actions import ActionCodec
from delve.envs.audit import count_cuts
from delve.envs.options import largest_map

PACKS = (("1e", "starter"), ("2e", "starter-2e"))


def main() -> None:
    """One row per shipped quest; exits non-zero if any decision was cut."""
    os.nice(10)
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    only = sys.argv[2:]
    start = time.process_time()
    print("| ruleset | quest | games | decisions | largest decision | cut |")
    print("|---|---|---:|---:|---:|---:|")
    total_cut = 0
    for ruleset, pack in PACKS:
        codec = ActionCodec(pack, *largest_map(pack))
        for quest in sorted(open_pack(pack).quests):
            if only and quest not in only:
                continue
            seen = cut = largest = 0
            for seed in range(games):
                s, c, most = count_cuts(ruleset, pack, quest, seed, codec)
                seen, cut, largest = seen + s, cut + c, max(largest, most)
            total_cut += cut
            print(f"| {ruleset} | {quest} | {games} | {seen:,} | {largest} | {cut} |", flush=True)
    print(f"\ntotal cut: {total_cut}; CPU {time.process_time() - start:.0f} s")
    sys.exit(1 if total_cut else 0)


if __name__ == "__main__":
    main()
