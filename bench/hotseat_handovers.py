"""How often a hot-seat screen passes between the heroes' players and the overlord's, and why.

Why: issue 20 -- in hot-seat every hero step passed the screen twice (trap and event windows);
a handover should happen only when the other side has a real decision. This plays hot-seat
games through the hub (the server's own path) with the automated players deciding for both
sides, for up to ``decisions`` decisions, and counts the changes of side, per round and per
the decision kind that caused each one (the first prompt of the new side), with how many of
them asked only prompts of one choice (a handover no decision needed). Run it on two checkouts
to compare (``PYTHONPATH=/work/main/src`` and this tree's ``src``); it counts, it does not
time, so it is deterministic. ``--kinds`` also prints the per-kind breakdown.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.web.hub import Hub
from delve.web.present.catalog import quest_list
from delve.web.store import Store


@dataclass
class Handovers:
    """What one hot-seat game did: choices, rounds, hero turns and its changes of side."""

    choices: int = 0
    rounds: int = 0
    hero_turns: int = 0
    changes: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)  # "to overlord: trap_window" -> handovers
    one_choice: Counter[str] = field(default_factory=Counter)  # those whose every prompt had one choice


def handovers(quest: str | None, ruleset: str, seed: int, decisions: int = 800) -> Handovers:
    """Play a hot-seat game of ``quest`` with the automated players of both sides and count."""
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(Store(f"sqlite:///{folder}/bench.sqlite3"))
        live = hub.create(mode="hotseat", seed=seed, quest=quest, ruleset=ruleset)
        person, bots, side = live.people[0], dict[str, Any](), ""
        out = Handovers()
        reason, single = "", True

        def close_run() -> None:
            if reason:
                out.by_kind[reason] += 1
                out.one_choice[reason] += single

        for _ in range(decisions):
            decision = live.game.pending
            if decision is None:
                break
            now = "overlord" if decision.seat == OVERLORD else "heroes"
            if side and now != side:
                close_run()
                out.changes += 1
                reason, single = f"to {now}: {decision.kind}", True
            single = single and len(decision.choices) == 1
            side = now
            bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 3))
            hub.choose(live.id, person.token, bot.choose(decision, live.game), decision.serial)
        close_run()
        out.choices = len(live.records)
        out.rounds = live.game.state.round
        out.hero_turns = sum(1 for event in live.game.state.log if event.kind == "hero_turn_started")
        return out


def main() -> None:
    kinds = "--kinds" in sys.argv
    seeds = (1, 5)
    print("| quest | seed | choices | rounds | hero turns | handovers | per round | only one-choice prompts |")
    print("|---|---|---|---|---|---|---|---|")
    total_kinds: Counter[str] = Counter()
    total_single: Counter[str] = Counter()
    for entry in quest_list():
        for seed in seeds:
            got = handovers(entry["id"], entry["ruleset"], seed)
            total_kinds.update(got.by_kind)
            total_single.update(got.one_choice)
            print(f"| {entry['id']} | {seed} | {got.choices} | {got.rounds} | {got.hero_turns} | {got.changes} "
                  f"| {got.changes / max(got.rounds, 1):.1f} | {sum(got.one_choice.values())} |")
    if kinds:
        print("\n| handover to: first prompt | handovers | only one-choice prompts |")
        print("|---|---|---|")
        for reason, count in total_kinds.most_common():
            print(f"| {reason} | {count} | {total_single[reason]} |")


if __name__ == "__main__":
    main()
