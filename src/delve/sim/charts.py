"""The charts and the HTML page of a simulation report (``delve simulate --report``).

Why a module of its own: matplotlib is imported only here, and only when a report is asked for,
so the simulator needs nothing beyond the engine. Each chart answers one designer question: how
the heroes' conquest runs in games they win and in games they lose, who kills and who dies,
where on the map heroes fall, and (with ``--compare``) whether a change moved the win rate.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

WON, LOST = "#2b7bba", "#c8423b"  # heroes won / overlord won, the same in every chart


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def overview(summary: dict[str, Any], summaries: list[dict[str, Any]]) -> Any:
    """Conquest by outcome, game length and how games ended, side by side (the ``.png`` report)."""
    plt = _plt()
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2))
    _conquest_axes(axes[0], summary)
    ax = axes[1]
    won = [s["rounds"] for s in summaries if s["winner"] == "heroes" and not s.get("error")]
    lost = [s["rounds"] for s in summaries if s["winner"] == "overlord" and not s.get("error")]
    ax.hist([won, lost], bins=20, stacked=True, color=[WON, LOST], label=["heroes won", "overlord won"])
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title(f"Game length (mean {summary['mean_rounds']:.1f})")
    ax.legend()
    ax = axes[2]
    causes = summary["causes"]
    ax.barh(list(causes), list(causes.values()), color="#777777")
    ax.invert_yaxis()
    ax.set_xlabel("games")
    ax.set_title("How games ended")
    fig.tight_layout()
    return fig


def _conquest_axes(ax: Any, summary: dict[str, Any]) -> None:
    for key, label, colour in (("conquest_by_round_won", "heroes won", WON),
                               ("conquest_by_round_lost", "overlord won", LOST)):
        rows = summary.get(key) or []
        if not rows:
            continue
        rounds = [r["round"] for r in rows]
        ax.plot(rounds, [r["mean"] for r in rows], color=colour,
                label=f"{label} ({rows[0]['games']} games)")
        ax.fill_between(rounds, [r["min"] for r in rows], [r["max"] for r in rows], color=colour, alpha=0.15)
    from matplotlib.ticker import MaxNLocator

    ax.axhline(0, color="black", linewidth=0.6)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("round")
    ax.set_ylabel("heroes' conquest (mean; band: min-max)")
    ax.set_title("Conquest at the start of each round, by outcome")
    if ax.get_legend_handles_labels()[0]:
        ax.legend()


def conquest(summary: dict[str, Any]) -> Any:
    """Mean conquest per round over the games still running, won and lost games apart."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    _conquest_axes(ax, summary)
    fig.tight_layout()
    return fig


def figures_bars(summary: dict[str, Any]) -> Any:
    """Kills, deaths, wounds dealt and taken per game: each hero, then each monster kind."""
    plt = _plt()
    figures = summary["figures"]
    games = max(1, summary["games"] - summary["errors"])
    groups = [("Heroes", figures.get("heroes", {})), ("Monsters (by kind)", figures.get("monsters", {}))]
    heights = [max(2.0, 0.45 * len(rows) + 1.2) for _, rows in groups]
    fig, axes = plt.subplots(2, 2, figsize=(13, sum(heights)), gridspec_kw={"height_ratios": heights},
                             squeeze=False)
    for row_axes, (title, rows) in zip(axes, groups, strict=True):
        names = sorted(rows, key=lambda n: -rows[n]["wounds_dealt"])
        ys = list(range(len(names)))
        for ax, (a, b, a_label, b_label) in zip(row_axes, (
                ("kills", "deaths", "kills", "deaths"),
                ("wounds_dealt", "wounds_taken", "wounds dealt", "wounds taken")), strict=True):
            ax.barh([y - 0.2 for y in ys], [rows[n][a] / games for n in names], height=0.4, color=WON,
                    label=a_label)
            ax.barh([y + 0.2 for y in ys], [rows[n][b] / games for n in names], height=0.4, color=LOST,
                    label=b_label)
            ax.set_yticks(ys, names)
            ax.invert_yaxis()
            ax.set_xlabel("per game")
            ax.set_title(f"{title}: {a_label} and {b_label}")
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    fig.tight_layout()
    return fig


def death_map(summary: dict[str, Any], board: Any) -> Any:
    """Where heroes died, over the quest's map: a grid of its spaces, deaths as colour and count."""
    import numpy as np

    plt = _plt()
    deaths = summary["figures"].get("hero_deaths", {})
    if board is not None:
        width, height = board.width, board.height
        spaces = np.array([[0.0 if board.terrain[y][x] is None else 1.0 for x in range(width)]
                           for y in range(height)])
    else:  # no board: the smallest grid holding every death
        cells = [tuple(map(int, key.split(","))) for key in deaths] or [(0, 0)]
        width, height = max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1
        spaces = np.ones((height, width))
    counts = np.zeros((height, width))
    for key, n in deaths.items():
        x, y = map(int, key.split(","))
        if 0 <= x < width and 0 <= y < height:
            counts[y, x] = n
    scale = 0.42
    fig, ax = plt.subplots(figsize=(max(5.0, width * scale + 2), max(4.0, height * scale + 1)))
    ax.imshow(spaces, cmap="Greys", vmin=0, vmax=4, interpolation="nearest")  # spaces grey, no space white
    shown = np.ma.masked_where(counts == 0, counts)
    top = max(1.0, counts.max())  # one death already shows as a clear orange, not near-white
    image = ax.imshow(shown, cmap="YlOrRd", vmin=-0.25 * top, vmax=top, interpolation="nearest")
    for (y, x), n in np.ndenumerate(counts):
        if n:
            ax.text(x, y, str(int(n)), ha="center", va="center", fontsize=7,
                    color="white" if n > counts.max() / 2 else "black")
    ax.set_xticks(range(0, width, 5))
    ax.set_yticks(range(0, height, 5))
    ax.set_title(f"Where heroes died ({int(counts.sum())} deaths in {summary['games']} games)")
    bar = fig.colorbar(image, ax=ax, label="hero deaths", shrink=0.8)
    bar.ax.set_ylim(0.5, top)
    fig.tight_layout()
    return fig


def comparison(summary: dict[str, Any], other: dict[str, Any]) -> Any:
    """The heroes' win rate of both runs with their 95% intervals."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    runs = [summary, other]
    labels = [run_label(s["config"]) for s in runs]
    rates = [s["heroes_win_rate"] * 100 for s in runs]
    errors = [[max(0.0, s["heroes_win_rate"] - s["heroes_win_ci95"][0]) * 100 for s in runs],  # rounding
              [max(0.0, s["heroes_win_ci95"][1] - s["heroes_win_rate"]) * 100 for s in runs]]
    ax.barh(labels, rates, xerr=errors, color=[WON, "#6aa84f"], capsize=6)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("heroes' win rate, % (bars: 95% Wilson interval)")
    ax.set_title("Compared runs")
    fig.tight_layout()
    return fig


def all_charts(summary: dict[str, Any], summaries: list[dict[str, Any]], *, board: Any = None,
               other: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every chart of the report, by file name (without ``.png``)."""
    charts = {"overview": overview(summary, summaries), "conquest": conquest(summary),
              "figures": figures_bars(summary), "deaths": death_map(summary, board)}
    if other is not None:
        charts["compare"] = comparison(summary, other)
    return charts


def png_data_uri(fig: Any) -> str:
    """The figure as a PNG inside a ``data:`` address (a one-file HTML report)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def run_label(config: dict[str, Any]) -> str:
    """A short name of a run: quest and pack."""
    return f"{config.get('quest', '?')} ({config.get('pack', '?')})"


def replay_command(config: dict[str, Any], seed: int) -> str:
    """The command that plays game ``seed`` of a run again, printing its log."""
    parts = ["delve simulate", config.get("quest", ""), "--pack", config.get("pack", ""), "--ruleset",
             config.get("ruleset", "1e"), "--heroes", config.get("heroes", ""), "--overlord",
             config.get("overlord", "")]
    for hero in config.get("hero_ids") or ():
        parts += ["--hero", hero]
    if config.get("setup_choices") is False:
        parts.append("--quick-setup")
    return " ".join(str(p) for p in (*parts, "--replay", seed))


def watch_command(config: dict[str, Any], seed: int) -> str:
    """The command that plays game ``seed`` of a run again and opens it in the web table
    (``delve play --replay``; add ``--terminal`` for its log in the terminal)."""
    parts = ["delve play", "--quest", config.get("quest", ""), "--pack", config.get("pack", ""), "--ruleset",
             config.get("ruleset", "1e"), "--hero-players", config.get("heroes", ""), "--overlord",
             config.get("overlord", "")]
    if config.get("hero_ids"):
        parts += ["--heroes", ",".join(config["hero_ids"])]
    if config.get("setup_choices") is False:
        parts.append("--quick")
    return " ".join(str(p) for p in (*parts, "--replay", seed))


def _table(rows: list[tuple[str, str]]) -> str:
    return "<table>" + "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows) \
        + "</table>"


def _figure_table(title: str, rows: dict[str, dict[str, int]], games: int) -> str:
    head = "<tr><th>" + html.escape(title) + "</th><th>kills</th><th>deaths</th><th>wounds dealt</th>" \
           "<th>wounds taken</th></tr>"
    body = "".join(f"<tr><td>{html.escape(name)}</td>" + "".join(
        f"<td class=n>{r[k] / games:.2f}</td>" for k in ("kills", "deaths", "wounds_dealt", "wounds_taken"))
        + "</tr>" for name, r in sorted(rows.items(), key=lambda item: -item[1]["wounds_dealt"]))
    return f"<table>{head}{body}</table>"


def _seed_list(config: dict[str, Any], seeds: list[dict[str, int]], shown: int = 10) -> str:
    if not seeds:
        return "<p>none</p>"
    items = "".join(f"<li>game {s['index']}: <code>{html.escape(watch_command(config, s['seed']))}</code> "
                    f"(watch it in the web table), or its log: "
                    f"<code>{html.escape(replay_command(config, s['seed']))}</code></li>" for s in seeds[:shown])
    rest = ", ".join(str(s["seed"]) for s in seeds[shown:])
    return f"<ul>{items}</ul>" + (f"<p>more seeds: {html.escape(rest)}</p>" if rest else "")


STYLE = """body{font-family:sans-serif;margin:1.5em;max-width:1250px}table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:left}td.n{text-align:right}img{max-width:100%}
code{font-size:90%;background:#f4f4f4}h2{margin-top:1.4em}"""


def page(summary: dict[str, Any], images: dict[str, str], *, other: dict[str, Any] | None = None) -> str:
    """The HTML page: the run's figures as tables, the charts (``images``: name to address), the
    seeds of won and lost games with the command replaying each, and the comparison if any."""
    from delve.sim.report import compare

    config = summary["config"]
    games = max(1, summary["games"] - summary["errors"])
    h_lo, h_hi = summary["heroes_win_ci95"]
    o_lo, o_hi = summary["overlord_win_ci95"]
    facts = [("quest", run_label(config)), ("players", f"heroes {config.get('heroes')} against overlord "
                                                       f"{config.get('overlord')}"),
             ("games", f"{summary['games']} (root seed {config.get('seed')})"),
             ("heroes won", f"{summary['heroes_won']} ({summary['heroes_win_rate']:.1%}, 95% CI "
                            f"{h_lo:.1%}-{h_hi:.1%})"),
             ("overlord won", f"{summary['overlord_won']} ({summary['overlord_win_rate']:.1%}, 95% CI "
                              f"{o_lo:.1%}-{o_hi:.1%})"),
             ("unfinished / errors", f"{summary['unfinished']} / {summary['errors']}"),
             ("mean rounds", f"{summary['mean_rounds']:.2f}"),
             ("how games ended", ", ".join(f"{k}: {v}" for k, v in summary["causes"].items())),
             ("conquest per game", ", ".join(f"{k} {v:+.2f}" for k, v in
                                             summary["conquest_changes_per_game"].items()))]
    parts = [f"<!doctype html><meta charset='utf-8'><title>Delve simulation: {html.escape(run_label(config))}"
             f"</title><style>{STYLE}</style><h1>Delve simulation: {html.escape(run_label(config))}</h1>",
             _table(facts)]
    if other is not None:
        c = compare(summary, other)
        lo, hi = c["difference_ci95"]
        parts += ["<h2>Comparison</h2>", _table([
            (run_label(summary["config"]), f"heroes won {summary['heroes_win_rate']:.1%} of {summary['games']}, "
                                           f"mean rounds {summary['mean_rounds']:.1f}"),
            (run_label(other["config"]), f"heroes won {other['heroes_win_rate']:.1%} of {other['games']}, "
                                         f"mean rounds {other['mean_rounds']:.1f}"),
            ("difference (second minus first)", f"{c['difference']:+.1%} (95% CI {lo:+.1%} to {hi:+.1%}; "
                                                + ("the interval excludes 0)" if lo > 0 or hi < 0
                                                   else "the interval includes 0: no difference shown)"))])]
        if "compare" in images:
            parts.append(f"<p><img alt='comparison' src='{images['compare']}'></p>")
    parts += ["<h2>Conquest over time</h2>", f"<p><img alt='conquest by outcome' src='{images['conquest']}'></p>",
              "<h2>Heroes and monsters</h2><p>Per game (totals divided by the finished games). Wounds and kills "
              "with no figure behind them (overlord cards, bleeding, traps) are counted under "
              "<i>(other causes)</i>.</p>",
              _figure_table("hero", summary["figures"].get("heroes", {}), games),
              _figure_table("monster kind", summary["figures"].get("monsters", {}), games),
              f"<p><img alt='per-figure bars' src='{images['figures']}'></p>",
              "<h2>Where heroes died</h2>", f"<p><img alt='hero deaths on the map' src='{images['deaths']}'></p>",
              "<h2>Length and endings</h2>", f"<p><img alt='overview' src='{images['overview']}'></p>",
              "<h2>Games to replay</h2>"]
    seeds = summary.get("seeds", {})
    for key, title in (("overlord", "Lost by the heroes"), ("heroes", "Won by the heroes"),
                       ("unfinished", "Unfinished")):
        parts += [f"<h3>{title}</h3>", _seed_list(config, seeds.get(key, []))]
    return "\n".join(parts) + "\n"
