"""Odds that count power dice bought with fatigue, and a preview of each way of spending a rolled
attack's surges that matches what the engine then resolves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from delve.ai.bots import make_bot
from delve.engine.decision import OVERLORD
from delve.web.hub import Hub
from delve.web.messages import message
from delve.web.store import Store


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_fatigue_odds_and_spend_previews(tmp_path: Path, ruleset: str) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'odds.sqlite3'}"))
    live = hub.create(mode="hotseat", ruleset=ruleset, seed=4)
    person = live.people[0]
    bots: dict[str, Any] = {}
    odds_seen = previews_checked = 0
    for _ in range(1500):
        decision = live.game.pending
        if decision is None:
            break
        msg = message(live, person)
        help_ = msg["pending"]["help"]
        bot = bots.setdefault(decision.seat, make_bot("ai" if decision.seat == OVERLORD else "hero", 3))
        choice = bot.choose(decision, live.game)
        for info in help_.values():
            odds = info.get("odds", {})
            if info.get("fatigue_odds"):
                odds_seen += 1
                kills = [odds["kill"]] + [o["kill"] for o in info["fatigue_odds"]]
                expected = [odds["expected"]] + [o["expected"] for o in info["fatigue_odds"]]
                assert kills == sorted(kills) and expected == sorted(expected)  # more dice never hurt
                assert [o["fatigue"] for o in info["fatigue_odds"]] == list(range(1, len(kills)))
        preview = help_.get(choice, {}).get("preview") if decision.kind == "attack_spend" else None
        before = len(live.game.state.log)
        hub.choose(live.id, person.token, choice, decision.serial)
        if preview is None:
            continue
        target = next(t for t in preview["targets"] if t["name"] == preview["target"])
        events = [e for e in live.game.state.log[before:] if e.data.get("target") == target["figure"]]
        hit = next((e for e in events if e.kind == "attack_hit"), None)
        if hit is not None:
            assert preview["hit"] and hit.data["damage"] == preview["damage"], (preview, hit)
            assert hit.data["wounds"] == preview["wounds"]
            killed = any(e.kind == "figure_killed" and e.data.get("figure") == target["figure"]
                         for e in live.game.state.log[before:])
            assert killed == (preview["kill"] == 1.0) or not killed  # an ability may still save it (Undying)
            previews_checked += 1
        elif any(e.kind == "attack_missed" for e in events):
            assert not preview["hit"] or preview["wounds"] == 0
    assert odds_seen > 0 and previews_checked > 0
