"""How often a person playing the overlord against automated heroes is asked something.

Why: issue 20 -- a human overlord was asked at every step a hero took (trap and event windows).
This drives a person-overlord game of each shipped quest through the hub (the server's own
path: automated heroes, the server's automatic answers) with a script that always passes, and
prints the overlord's prompts per hero turn. Run it on two checkouts to compare, e.g.
``PYTHONPATH=/work/main/src python bench/overlord_prompts.py`` and again with this tree's src.
It counts prompts, not time, so it is deterministic (the seeds are fixed). ``--standing N``
also sets the standing answer "ask me only for cards costing up to N" (this tree only).
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter

from delve.engine.decision import OVERLORD
from delve.web.hub import Hub
from delve.web.present.catalog import quest_list
from delve.web.store import Store

PASSING = ("pass", "end", "done", "skip", "no")


def passing_choice(choices: list[str]) -> str:
    """The choice a player who never acts would take: a pass, an end or a done, else the first."""
    for word in PASSING:
        found = next((c for c in choices if c == word or c.startswith(word) or c.endswith(word)), None)
        if found is not None:
            return found
    return choices[0]


def measure(quest: str, ruleset: str, seed: int, hero_turns: int,
            standing: int | None = None) -> tuple[int, Counter[str]]:
    """(hero turns played, the overlord's prompts by kind) over the first ``hero_turns`` hero turns."""
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(Store(f"sqlite:///{folder}/bench.sqlite3"))
        live = hub.create(mode="overlord", quest=quest, ruleset=ruleset, seed=seed)
        person = live.people[0]
        if standing is not None:
            hub.change_settings(live.id, person.token, {"ask_max_cost": standing})
        asked: Counter[str] = Counter()
        for _ in range(5_000):
            decision = live.game.pending
            turns = sum(1 for e in live.game.state.log if e.kind == "hero_turn_started")
            if decision is None or turns > hero_turns:
                break
            if decision.seat == OVERLORD:
                asked[decision.kind] += 1
            answer = passing_choice([c.id for c in decision.choices])
            hub.choose(live.id, person.token, answer, decision.serial)
        turns = sum(1 for e in live.game.state.log if e.kind == "hero_turn_started")
        return min(turns, hero_turns), asked


def main() -> None:
    args = sys.argv[1:]
    standing = int(args[args.index("--standing") + 1]) if "--standing" in args else None
    hero_turns = int(args[0]) if args and args[0].isdigit() else 24
    print("| quest | hero turns | overlord prompts | per hero turn | card windows |")
    print("|---|---|---|---|---|")
    for entry in quest_list():
        turns, asked = measure(entry["id"], entry["ruleset"], 3, hero_turns, standing)
        windows = asked["trap_window"] + asked["event_window"]
        total = sum(asked.values())
        print(f"| {entry['id']} | {turns} | {total} | {total / max(turns, 1):.2f} | {windows} |")


if __name__ == "__main__":
    main()
