"""Running figures of one person's log: conquest and threat changes, kills, deaths, treasure.

Why from the presented log: the quest tracker and the end-of-quest summary show what the person
saw happen, counted once as each event arrives (``events.present``), so a message never walks
the whole history and never counts an event the person could not see.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

RECENT = 5  # changes of conquest and threat kept for the tracker


@dataclass
class QuestStats:
    """Counts and recent changes, updated by ``add`` with each presented event."""

    conquest_changes: list[dict[str, Any]] = field(default_factory=list)
    conquest_points: list[dict[str, int]] = field(default_factory=list)  # {round, value} after each change
    threat_changes: list[dict[str, Any]] = field(default_factory=list)
    threat_total: int = 0  # the overlord starts with none; every change is a public event
    kills: Counter[str] = field(default_factory=Counter)
    deaths: Counter[str] = field(default_factory=Counter)
    wounds_dealt: Counter[str] = field(default_factory=Counter)
    treasure: list[dict[str, Any]] = field(default_factory=list)
    coins: int = 0  # coins each hero gained from chests, money and encounters
    chests: int = 0
    finish: str = ""  # the game-over text
    figures: dict[str, tuple[str, str]] = field(default_factory=dict)  # id -> (name, side), kept after death

    def know(self, figure_id: str, name: str | None, side: str) -> None:
        """Remember a figure's name and side (a killed monster leaves the game state)."""
        if name is not None and figure_id not in self.figures:
            self.figures[figure_id] = (name, side)

    def add(self, event: dict[str, Any], attacker: str | None) -> None:
        """Count one presented event (``attacker``: the figure whose attack is being resolved)."""
        kind, data = event["kind"], event["data"]
        when = {"round": event["round"], "turn": event["turn"]}
        if kind == "conquest_changed":
            show = event.get("show", {})
            self.conquest_changes = [*self.conquest_changes, {**when, "amount": data.get("amount"),
                                                              "total": data.get("total"),
                                                              "cause": show.get("cause", "")}][-RECENT:]
            self.conquest_points.append({"round": event["round"], "value": int(data.get("total", 0))})
        threat = _threat_change(kind, data)
        if threat:
            self.threat_total += threat
            self.threat_changes = [*self.threat_changes, {**when, "amount": threat, "total": self.threat_total,
                                                          "cause": event["text"]}][-RECENT:]
        if kind == "figure_killed":  # heroes too (``hero_died`` follows and is not counted again)
            victim = str(data.get("figure"))
            self.deaths[victim] += 1
            # a killed monster leaves the state: its name is the one the kill's text gives
            self.know(victim, re.split(r" is (?:killed|defeated)\b", event["text"])[0], "overlord")  # 2e: defeated
            if data.get("killer"):
                self.kills[str(data["killer"])] += 1
        elif kind == "wounds_suffered" and attacker and "attack by" in event["text"]:
            self.wounds_dealt[attacker] += int(data.get("wounds", 0))
        elif kind == "treasure_drawn":
            self.treasure.append({"hero": data.get("hero"), "item": data.get("item")})
        elif kind == "chest_opened":
            self.chests += 1
        elif kind in ("coins_gained", "money_found"):
            self.coins += int(data.get("amount", 0))
        elif kind == "game_over":
            self.finish = event["text"]


def _threat_change(kind: str, data: dict[str, Any]) -> int:
    """The change of the overlord's threat an event reports (0 when none)."""
    if kind in ("threat_gained", "curse_threat"):
        return int(data.get("amount", 0))
    if kind == "card_discarded":
        return int(data.get("threat", 0))
    if kind == "card_played":
        return -int(data.get("cost", 0))
    return 0
