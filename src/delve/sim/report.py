"""What a simulation run says: win rates with intervals, game length, conquest, why games end.

Why the Wilson interval: win rates near 0 or 1 (the interesting ones: "do the heroes win 95% of
the time?") are where the textbook normal interval fails; Wilson's stays inside [0, 1] and is
honest for a few dozen games. Plots use matplotlib, imported only when a report file is asked
for, so the simulator itself needs nothing beyond the engine.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any

from delve.sim.collect import merge_figures

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0..1 bounds); (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(a: int, n: int, b: int, m: int) -> tuple[float, float]:
    """95% interval of the difference of two proportions a/n - b/m (Newcombe's hybrid score
    method, built from the two Wilson intervals: keeps its coverage near 0% and 100%)."""
    if n <= 0 or m <= 0:
        return -1.0, 1.0
    pa, pb = a / n, b / m
    la, ua = wilson(a, n)
    lb, ub = wilson(b, m)
    d = pa - pb
    return d - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2), d + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2)


SEEDS_KEPT = 50  # seeds listed per outcome: enough to pick games to replay, small in the JSON


def seeds_by_outcome(summaries: list[dict[str, Any]]) -> dict[str, list[dict[str, int]]]:
    """The first game indices and seeds of each outcome (``heroes``, ``overlord``, ``unfinished``),
    for ``delve simulate --replay SEED``."""
    out: dict[str, list[dict[str, int]]] = {"heroes": [], "overlord": [], "unfinished": []}
    for s in sorted(summaries, key=lambda s: s["index"]):
        key = s["winner"] if s["winner"] in ("heroes", "overlord") else "unfinished"
        if not s.get("error") and len(out[key]) < SEEDS_KEPT:
            out[key].append({"index": s["index"], "seed": s["seed"]})
    return out


def conquest_by_round(summaries: list[dict[str, Any]]) -> list[dict[str, float]]:
    """Mean conquest at the start of each round over the games still running, with their count."""
    longest = max((len(s["conquest"]) for s in summaries), default=0)
    rows = []
    for r in range(longest):
        values = [s["conquest"][r] for s in summaries if len(s["conquest"]) > r]
        rows.append({"round": r, "games": len(values), "mean": sum(values) / len(values),
                     "min": min(values), "max": max(values)})
    return rows


def summarise(summaries: list[dict[str, Any]], *, config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The figures of a run as one JSON-ready object (the ``--json`` contract of ``delve simulate``).

    ``figures`` are totals over the finished games (divide by ``games`` for a per-game figure);
    ``seeds`` lists games to replay by outcome."""
    games = len(summaries)
    errors = [s for s in summaries if s.get("error")]
    heroes = sum(1 for s in summaries if s["winner"] == "heroes")
    overlord = sum(1 for s in summaries if s["winner"] == "overlord")
    finished = [s for s in summaries if not s.get("error")]
    rounds = [s["rounds"] for s in finished]
    drains: Counter[str] = Counter()
    for s in finished:
        drains.update(s.get("conquest_changes", {}))
    h_lo, h_hi = wilson(heroes, games)
    o_lo, o_hi = wilson(overlord, games)
    return {
        "games": games,
        "heroes_won": heroes,
        "overlord_won": overlord,
        "unfinished": games - heroes - overlord - len(errors),
        "errors": len(errors),
        "heroes_win_rate": heroes / games if games else 0.0,
        "heroes_win_ci95": [h_lo, h_hi],
        "overlord_win_rate": overlord / games if games else 0.0,
        "overlord_win_ci95": [o_lo, o_hi],
        "mean_rounds": sum(rounds) / len(rounds) if rounds else 0.0,
        "mean_choices": sum(s["choices"] for s in finished) / len(finished) if finished else 0.0,
        "seconds_per_game": sum(s["seconds"] for s in summaries) / games if games else 0.0,
        "causes": dict(Counter(s["cause"] for s in summaries).most_common()),
        "conquest_changes_per_game": {k: v / max(1, len(finished)) for k, v in sorted(drains.items())},
        "conquest_by_round": conquest_by_round(finished),
        "conquest_by_round_won": conquest_by_round([s for s in finished if s["winner"] == "heroes"]),
        "conquest_by_round_lost": conquest_by_round([s for s in finished if s["winner"] == "overlord"]),
        "figures": merge_figures(s.get("figures", {}) for s in finished),
        "seeds": seeds_by_outcome(summaries),
        "error_seeds": [{"index": s["index"], "seed": s["seed"], "error": s["error"].splitlines()[0]}
                        for s in errors[:20]],
        "config": config or {},
    }


def compare(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """Two runs side by side: the heroes' win rate of each and ``second`` minus ``first`` with its
    95% interval (Newcombe); an interval that excludes 0 is a difference the games show."""
    a, n = first["heroes_won"], first["games"]
    b, m = second["heroes_won"], second["games"]
    lo, hi = newcombe(b, m, a, n)
    return {"first": first["config"], "second": second["config"],
            "heroes_win_rate": [first["heroes_win_rate"], second["heroes_win_rate"]],
            "heroes_win_ci95": [first["heroes_win_ci95"], second["heroes_win_ci95"]],
            "mean_rounds": [first["mean_rounds"], second["mean_rounds"]],
            "difference": (b / m if m else 0.0) - (a / n if n else 0.0), "difference_ci95": [lo, hi]}


def write_report(path: Path, summary: dict[str, Any], summaries: list[dict[str, Any]], *,
                 board: Any = None, other: dict[str, Any] | None = None) -> Path:
    """The report of a run: one overview PNG (``.png``), one HTML page with its charts inside
    (``.html``), or a folder (any other path) holding ``index.html`` and one PNG per chart.

    ``board`` (the quest's ``Board``) draws the heat map of hero deaths on the map; ``other``
    (the summary of a ``--compare`` run) adds the comparison table and chart."""
    from delve.sim import charts

    if path.suffix.lower() == ".png":
        charts.overview(summary, summaries).savefig(path, dpi=110)
        return path
    figures = charts.all_charts(summary, summaries, board=board, other=other)
    if path.suffix.lower() == ".html":
        images = {name: charts.png_data_uri(fig) for name, fig in figures.items()}
        path.write_text(charts.page(summary, images, other=other))
        return path
    path.mkdir(parents=True, exist_ok=True)
    images = {}
    for name, fig in figures.items():
        fig.savefig(path / f"{name}.png", dpi=100)
        images[name] = f"{name}.png"
    index = path / "index.html"
    index.write_text(charts.page(summary, images, other=other))
    return index
