"""Designer figures of one game, read from its event log: who killed, died, dealt and took wounds,
and where heroes and monsters fell.

Why from the log: the log is the game's public record (the same events the table shows), so the
figures need no hook in the rules and cost nothing while the AIs play. An event holds only ids,
so names and sides come from the figures on the board, registered as the game goes
(``FigureCollector.observe`` after each choice): a killed monster has left ``state.figures`` by
the end of the game. Counts are plain dicts of ints keyed by name, merged by addition
(``merge_figures``), so merging per-game results in any order gives the same totals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from delve.engine.game import Game

STATS = ("kills", "deaths", "wounds_dealt", "wounds_taken")
# Events that put a figure on a space (``figure``, ``x``, ``y`` in their data).
POSITION_KINDS = frozenset({"hero_placed", "monster_placed", "monster_spawned", "monster_raised",
                            "monster_animated", "left_town", "hero_stood_up", "figure_moved", "took_stairs",
                            "knocked_back", "figure_pushed", "jumped", "figure_leapt"})
OTHER = "(other causes)"  # wounds and kills with no figure behind them: traps, poison, burning...


@dataclass
class FigureCollector:
    """Reads a game's log as it grows and counts per hero and per monster kind."""

    seen: int = 0  # log events already read
    names: dict[str, tuple[str, str]] = field(default_factory=dict)  # figure id -> (side, name)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    attacker: str | None = None  # the figure whose attack is being resolved
    target_space: tuple[int, int] | None = None
    heroes: dict[str, dict[str, int]] = field(default_factory=dict)
    monsters: dict[str, dict[str, int]] = field(default_factory=dict)
    hero_deaths: dict[str, int] = field(default_factory=dict)  # "x,y" -> heroes killed there
    monster_deaths: dict[str, int] = field(default_factory=dict)  # "x,y" -> monsters killed there

    def observe(self, game: Game) -> None:
        """Register the figures now on the board, then read the events added since the last call."""
        for figure in game.state.figures.values():
            if figure.id not in self.names:
                self.names[figure.id] = ("heroes" if figure.kind == "hero" else "overlord", figure.name)
                self._add(figure.id, "kills", 0)  # a row even for a figure that never fights
        log = game.state.log
        for event in log[self.seen:]:
            self._read(event.kind, event.text, event.data)
        self.seen = len(log)

    def _add(self, figure_id: str | None, stat: str, amount: int = 1) -> None:
        side, name = self.names.get(figure_id or "", ("overlord", OTHER))
        table = self.heroes if side == "heroes" else self.monsters
        row = table.setdefault(name, dict.fromkeys(STATS, 0))
        row[stat] += amount

    def _read(self, kind: str, text: str, data: dict[str, Any]) -> None:
        if kind in POSITION_KINDS and "x" in data and "figure" in data:
            self.positions[str(data["figure"])] = (int(data["x"]), int(data["y"]))
        elif kind == "attack_declared":
            self.attacker = str(data.get("attacker") or "") or None
            self.target_space = (int(data["x"]), int(data["y"])) if "x" in data else None
        elif kind == "attack_hit" and self.target_space is not None:
            self.positions[str(data.get("target"))] = self.target_space
        elif kind in ("hero_turn_started", "monster_activated", "overlord_turn_started", "round_started"):
            self.attacker = None
        elif kind == "wounds_suffered":
            wounds = int(data.get("wounds", 0))
            self._add(str(data.get("figure")), "wounds_taken", wounds)
            # The rules name the cause in brackets; only an attack has a figure dealing the wounds.
            self._add(self.attacker if "attack" in text else None, "wounds_dealt", wounds)
        elif kind == "figure_killed":
            victim = str(data.get("figure"))
            self._add(victim, "deaths")
            self._add(str(data.get("killer") or "") or None, "kills")
            where = self.positions.get(victim)
            if where is not None:
                key = f"{where[0]},{where[1]}"
                deaths = self.hero_deaths if self.names.get(victim, ("", ""))[0] == "heroes" else self.monster_deaths
                deaths[key] = deaths.get(key, 0) + 1

    def result(self) -> dict[str, Any]:
        """Plain, JSON-ready figures of the game (what a worker sends back)."""
        return {"heroes": self.heroes, "monsters": self.monsters, "hero_deaths": self.hero_deaths,
                "monster_deaths": self.monster_deaths}


def _add_counts(into: dict[str, Any], other: dict[str, Any]) -> None:
    for key, value in other.items():
        if isinstance(value, dict):
            _add_counts(into.setdefault(key, {}), value)
        else:
            into[key] = into.get(key, 0) + value


def merge_figures(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Sum per-game figures; keys sorted, so the merge is the same in any order."""
    total: dict[str, Any] = {"heroes": {}, "monsters": {}, "hero_deaths": {}, "monster_deaths": {}}
    for result in results:
        _add_counts(total, result)

    def ordered(value: Any) -> Any:
        return {k: ordered(value[k]) for k in sorted(value)} if isinstance(value, dict) else value

    return dict(ordered(total))
