"""The figures of a balance run: what ``delve simulate --json`` says, plus what a designer reads off
a quest: heat maps, the most dangerous monsters, the length of games, the seeds of lost games.

Why built on ``delve.sim``: the games are played by ``delve.sim.runner`` and summed by
``delve.sim.report.summarise`` (Wilson intervals, conquest by round, figures per monster kind);
this module only re-arranges those figures for the workbench page and ``delve balance``, so the
browser and the terminal give the same numbers.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from delve.sim.report import compare, summarise
from delve.sim.runner import SimConfig

DANGEROUS_LISTED = 5  # monster kinds listed as the most dangerous


def described(config: SimConfig) -> dict[str, Any]:
    """What the run played: enough to play it again."""
    return {"quest": config.quest, "pack": config.pack, "games": config.games, "heroes": config.heroes,
            "overlord": config.overlord, "seed": config.seed, "ruleset": config.ruleset}


def heat(counts: dict[str, int]) -> list[dict[str, int]]:
    """``{"x,y": n}`` as a list of cells, the hottest first."""
    cells = []
    for key, count in counts.items():
        x, y = key.split(",")
        cells.append({"x": int(x), "y": int(y), "count": int(count)})
    return sorted(cells, key=lambda c: (-c["count"], c["y"], c["x"]))


def dangerous_monsters(monsters: dict[str, dict[str, int]], games: int) -> list[dict[str, Any]]:
    """Monster kinds by the heroes they killed, then by the wounds they dealt."""
    per = max(1, games)
    rows: list[dict[str, Any]] = [{"name": name, "kills": r.get("kills", 0), "wounds_dealt": r.get("wounds_dealt", 0),
             "kills_per_game": r.get("kills", 0) / per, "wounds_per_game": r.get("wounds_dealt", 0) / per}
            for name, r in monsters.items()]
    rows.sort(key=lambda r: (-r["kills"], -r["wounds_dealt"], r["name"]))
    return [r for r in rows if r["kills"] or r["wounds_dealt"]][:DANGEROUS_LISTED]


def rounds(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """How long the finished games lasted."""
    lengths = [s["rounds"] for s in summaries if not s.get("error")]
    histogram = Counter(lengths)
    return {"min": min(lengths, default=0), "max": max(lengths, default=0),
            "histogram": [{"rounds": r, "games": histogram[r]} for r in sorted(histogram)]}


def replay_command(config: SimConfig) -> str:
    """The command that plays one game of the run again (SEED: one of the listed seeds)."""
    pack = f" --pack {config.pack}" if config.pack not in ("starter", "starter-2e") else ""
    return (f"delve simulate {config.quest}{pack} --heroes {config.heroes} --overlord {config.overlord} "
            "--replay SEED")


def balance_result(summaries: list[dict[str, Any]], config: SimConfig) -> dict[str, Any]:
    """The figures of a run (docs/workbench.md, ``result``)."""
    summary = summarise(summaries, config=described(config))
    finished = max(1, summary["games"] - summary["errors"])
    figures = summary["figures"]
    summary["heat"] = {"hero_deaths": heat(figures.get("hero_deaths", {})),
                       "monster_kills": heat(figures.get("monster_deaths", {}))}
    summary["dangerous_monsters"] = dangerous_monsters(figures.get("monsters", {}), finished)
    summary["rounds"] = rounds(summaries)
    summary["lost_seeds"] = [{"index": s["index"], "seed": str(s["seed"])} for s in summary["seeds"]["overlord"]]
    summary["replay_command"] = replay_command(config)
    return summary


def comparison(previous: dict[str, Any], current: dict[str, Any], previous_name: str) -> dict[str, Any]:
    """The current run against the previous one (the new run second: a positive difference means
    the heroes win more now)."""
    compared = compare(previous, current)
    return {"previous_job": previous_name, "heroes_win_rate": compared["heroes_win_rate"],
            "heroes_win_ci95": compared["heroes_win_ci95"], "mean_rounds": compared["mean_rounds"],
            "difference": compared["difference"], "difference_ci95": compared["difference_ci95"]}


def quest_of_pack(folder: Path) -> str:
    """The quest of a workbench pack folder (its one quest file; the first if several)."""
    quests = sorted((folder / "quests").glob("*.yaml"))
    if not quests:
        raise ValueError(f"{folder}: no quest file in quests/")
    return quests[0].stem
