"""CPU of each person choice in a web-table game against a hard automated overlord (not a test).

A person's choice at the table is answered only after the automated seats have answered in
turn (``Hub.choose``), so the choice that ends the heroes' turn carries the whole overlord turn.
Against the hard overlord (the search player) that is a search per monster activation. This
plays a solo game through ``delve.web.hub.Hub`` with the hero AI choosing for the person, and
prints the CPU time of each ``Hub.choose``: the median, the 99th percentile, the longest, and
how many took over 0.5 s and 1 s (why the server runs such games off its event loop:
docs/web.md, "Hard opponents and the other games").

    .venv/bin/python bench/hard_turns_web.py [QUEST] [SEED] [LEVEL]
"""

from __future__ import annotations

import sys
import tempfile
import time

from delve.ai.bots import make_bot
from delve.web.hub import Hub
from delve.web.store import Store


def main() -> None:
    quest = sys.argv[1] if len(sys.argv) > 1 else "first-steps"
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    level = sys.argv[3] if len(sys.argv) > 3 else "hard"
    hub = Hub(Store(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"))
    live = hub.create(mode="solo", seed=seed, level=level, quest=quest)
    person = live.people[0]
    hero = make_bot("hero", seed + 1)
    spent: list[float] = []
    for _ in range(5000):
        decision = live.game.pending
        if decision is None or decision.seat not in person.seats:
            break
        choice = hero.choose(decision, live.game)
        start = time.process_time()
        hub.choose(live.id, person.token, choice, decision.serial)
        spent.append(time.process_time() - start)
    spent.sort()
    print(f"{quest} seed {seed} level {level}: {len(spent)} person choices, winner {live.game.state.winner}, "
          f"round {live.game.state.round}")
    print(f"CPU per Hub.choose: median {spent[len(spent) // 2]:.4f} s, p99 {spent[int(len(spent) * 0.99)]:.3f} s, "
          f"max {spent[-1]:.3f} s; over 0.5 s: {sum(s > 0.5 for s in spent)}, over 1 s: {sum(s > 1 for s in spent)}; "
          f"total {sum(spent):.1f} s")


if __name__ == "__main__":
    main()
