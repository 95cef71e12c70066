"""How often a hot-seat screen passes between the heroes' players and the overlord's.

Why: issue 20 -- in hot-seat every hero step passed the screen twice (trap and event windows).
This plays hot-seat games through the hub (the server's own path) with the automated players
deciding for both sides, for up to 800 decisions, and counts the changes of side. Run it on two
checkouts to compare (``PYTHONPATH=/work/main/src`` and this tree's ``src``); it counts, it
does not time, so it is deterministic.
"""

from __future__ import annotations

import tempfile
from typing import Any

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.web.hub import Hub
from delve.web.store import Store


def handovers(seed: int, decisions: int = 800) -> tuple[int, int, int]:
    """(choices made, hero turns, changes of side) of a hot-seat game of the tutorial."""
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(Store(f"sqlite:///{folder}/bench.sqlite3"))
        live = hub.create(mode="hotseat", seed=seed)
        person, bots, side, changes = live.people[0], dict[str, Any](), "", 0
        for _ in range(decisions):
            decision = live.game.pending
            if decision is None:
                break
            now = "overlord" if decision.seat == OVERLORD else "heroes"
            changes += bool(side) and now != side
            side = now
            bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 3))
            hub.choose(live.id, person.token, bot.choose(decision, live.game), decision.serial)
        turns = sum(1 for event in live.game.state.log if event.kind == "hero_turn_started")
        return len(live.records), turns, changes


if __name__ == "__main__":
    print("| seed | choices | hero turns | handovers |")
    print("|---|---|---|---|")
    for seed in (1, 5):
        made, turns, changes = handovers(seed)
        print(f"| {seed} | {made} | {turns} | {changes} |")
