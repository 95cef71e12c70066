"""Where a web choice's state message spends its CPU, and what interleaving games costs (not a test).

Plays ``bench/web_choice_bench.py``'s games in process (``Hub.choose`` then the page's next
message, the person's choices from the cheap client policy) and prints, per choice:

- the CPU of each function the state message calls (``delve.web.messages``: the view, the
  presented pending choices, the log brought up to date, the board check, names, the quest
  tracker...), each wrapped by ``bench/cpu_parts.py`` (about a microsecond of wrapper each);
- the whole choice with the games played one after the other, and with the same games
  interleaved choice by choice (as a server with many open games runs them), both in one run.

    .venv/bin/python bench/message_parts.py [--games 20] [--choices 40] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_choice_bench as bench
from cpu_parts import time_calls
from web_bench import pick

PARTS = ("view", "present_pending", "_seen_log", "_board_of", "quest_state", "annotate", "names_in", "seat_names",
         "summary", "whose_turn", "viewing_seat", "screen_side", "Namer")


def interleaved(games: int, choices: int) -> tuple[int, float]:
    """(choices, CPU seconds) of ``games`` solo games played a choice of each in turn."""
    from delve.web.hub import Hub
    from delve.web.store import Store

    hub = Hub(Store(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"))
    tables: list[list[Any]] = []
    for g in range(games):
        live = hub.create(mode="solo", seed=g + 1, game_id=f"mix{g:04d}")
        person = live.people[0]
        page = bench._page(live, person)
        tables.append([live, person, page, json.loads(page.next_text()), np.random.default_rng(g)])
    made, cpu = 0, 0.0
    for _ in range(choices):
        for table in tables:
            live, person, page, state, rng = table
            if not (state["pending"] and state["pending"].get("yours")):
                continue
            choice, serial = pick(state, rng), state["pending"]["serial"]
            start = time.process_time()
            hub.choose(live.id, person.token, choice, serial)
            text = page.next_text()
            cpu += time.process_time() - start
            made += 1
            after = json.loads(text)
            after["board"] = after["board"] or state["board"]
            table[3] = after
    return made, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--choices", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    bench.play(2, 40)  # packs, maps and modules loaded first, as a server has them
    import delve.web.server as server

    server.settle_collector()
    for _ in range(args.rounds):
        made, cpu, _sent = bench.play(args.games, args.choices)
        mixed, mixed_cpu = interleaved(args.games, args.choices)
        print(f"ms per choice: one game after another {1000 * cpu / made:.4f}, "
              f"interleaved {1000 * mixed_cpu / mixed:.4f}", flush=True)
    import delve.web.messages as messages
    import delve.web.page as page

    spent: dict[str, float] = {}
    for name in PARTS:
        time_calls(spent, messages, name, name)
    time_calls(spent, page, "message", "message (whole)")
    made, _cpu, _sent = bench.play(args.games, args.choices)
    print("state message parts, microseconds per choice (wrapped):")
    for name, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<20}{1e6 * seconds / made:8.1f}")


if __name__ == "__main__":
    main()
