"""What a simulation run says: win rates with intervals, game length, conquest, why games end.

Why the Wilson interval: win rates near 0 or 1 (the interesting ones: "do the heroes win 95% of
the time?") are where the textbook normal interval fails; Wilson's stays inside [0, 1] and is
honest for a few dozen games. Plots use matplotlib, imported only when a report file is asked
for, so the simulator itself needs nothing beyond the engine.
"""

from __future__ import annotations

import html
import math
from collections import Counter
from pathlib import Path
from typing import Any

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
    """The figures of a run as one JSON-ready object (the ``--json`` contract of ``delve simulate``)."""
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
        "error_seeds": [{"index": s["index"], "seed": s["seed"], "error": s["error"].splitlines()[0]}
                        for s in errors[:20]],
        "config": config or {},
    }


def _figure(summary: dict[str, Any], summaries: list[dict[str, Any]]) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2))
    rows = summary["conquest_by_round"]
    ax = axes[0]
    ax.plot([r["round"] for r in rows], [r["mean"] for r in rows], label="mean conquest")
    ax.fill_between([r["round"] for r in rows], [r["min"] for r in rows], [r["max"] for r in rows], alpha=0.2,
                    label="min-max")
    ax.set_xlabel("round")
    ax.set_ylabel("heroes' conquest")
    ax.set_title("Conquest at the start of each round")
    ax.legend()
    ax = axes[1]
    ax.hist([s["rounds"] for s in summaries if not s.get("error")], bins=20)
    ax.set_xlabel("rounds")
    ax.set_title(f"Game length (mean {summary['mean_rounds']:.1f})")
    ax = axes[2]
    causes = summary["causes"]
    ax.barh(list(causes), list(causes.values()))
    ax.set_title("How games ended")
    fig.tight_layout()
    return fig


def write_report(path: Path, summary: dict[str, Any], summaries: list[dict[str, Any]]) -> Path:
    """A PNG (``.png``) or an HTML page with the figures and a table (any other suffix)."""
    fig = _figure(summary, summaries)
    if path.suffix.lower() == ".png":
        fig.savefig(path, dpi=110)
        return path
    import base64
    import io

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    image = base64.b64encode(buffer.getvalue()).decode()
    h_lo, h_hi = summary["heroes_win_ci95"]
    rows = "".join(f"<tr><td>{html.escape(str(k))}</td><td>{html.escape(str(v))}</td></tr>" for k, v in [
        ("games", summary["games"]),
        ("heroes won", f"{summary['heroes_won']} ({summary['heroes_win_rate']:.1%}, 95% CI {h_lo:.1%}-{h_hi:.1%})"),
        ("overlord won", summary["overlord_won"]),
        ("errors", summary["errors"]),
        ("mean rounds", f"{summary['mean_rounds']:.2f}"),
        ("causes", summary["causes"]),
        ("conquest changes per game", summary["conquest_changes_per_game"]),
        ("setup", summary["config"]),
    ])
    path.write_text(f"<!doctype html><meta charset='utf-8'><title>Delve simulation</title>"
                    f"<h1>Delve simulation</h1><table border=1 cellpadding=4>{rows}</table>"
                    f"<p><img alt='figures' src='data:image/png;base64,{image}'></p>\n")
    return path
