"""`delve simulate`: play many whole games with automated players and report who wins.

Why a thin wrapper: the work is in ``delve.sim`` (runner, backends, report), shared with
benchmarks and tests; this module turns options into a ``SimConfig``, shows a progress bar and
prints a table or, with ``--json``, one JSON object (``games``, ``heroes_won``, ``overlord_won``,
``errors``, ``mean_rounds``, win rates with 95% Wilson intervals, causes, conquest by round).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

if TYPE_CHECKING:
    from delve.board.grid import Board
    from delve.sim.runner import SimConfig


def _described(config: SimConfig, backend: str) -> dict[str, Any]:
    """The ``config`` of the JSON: what the run played, enough to replay any of its games."""
    return {"quest": config.quest, "heroes": config.heroes, "overlord": config.overlord, "pack": config.pack,
            "seed": config.seed, "backend": backend, "ruleset": config.ruleset,
            "setup_choices": config.setup_choices, "hero_ids": list(config.hero_ids)}


def _board(config: SimConfig) -> Board | None:
    """The quest's map, for the heat map of hero deaths (None if the quest cannot be set up)."""
    from delve.api import GameSetup, new_game

    try:
        return new_game(GameSetup(ruleset=config.ruleset, quest=config.quest, pack=config.pack),
                        transactional=False).board
    except Exception:  # the report draws a plain grid instead
        return None


def _replay(config: SimConfig, seed: int, as_json: bool) -> None:
    """Play the game of ``seed`` again and print its public log and summary (or the summary as JSON)."""
    from delve.engine.decision import OVERLORD
    from delve.engine.redaction import events_for
    from delve.sim.runner import replay

    summary, game = replay(config, seed)
    if as_json:
        typer.echo(json.dumps(summary.to_dict()))
        return
    out = Console()
    if game is not None:
        hero_seat = next((seat for seat in game.state.seats if seat != OVERLORD), OVERLORD)
        for event in events_for(game.state.log, hero_seat):  # what a hero player saw
            out.print(f"[dim]{event.kind:>22}[/] {event.text}", highlight=False)
    out.print(f"[bold]seed {seed}: winner {summary.winner or 'nobody'} after {summary.rounds} rounds "
              f"({summary.cause})[/]")
    if summary.error:
        out.print(f"[red]{summary.error}[/red]")


def _print_comparison(out: Console, comparison: dict[str, Any]) -> None:
    table = Table(title="Comparison: heroes' win rate")
    for column in ("run", "heroes won", "95% CI", "mean rounds"):
        table.add_column(column)
    for i, key in enumerate(("first", "second")):
        lo, hi = comparison["heroes_win_ci95"][i]
        table.add_row(f"{comparison[key]['quest']} ({comparison[key]['pack']})",
                      f"{comparison['heroes_win_rate'][i]:.1%}", f"{lo:.1%}-{hi:.1%}",
                      f"{comparison['mean_rounds'][i]:.1f}")
    lo, hi = comparison["difference_ci95"]
    table.add_row("second minus first", f"{comparison['difference']:+.1%}", f"{lo:+.1%} to {hi:+.1%}", "")
    out.print(table)


def _print_figures(out: Console, summary: dict[str, Any]) -> None:
    games = max(1, summary["games"] - summary["errors"])
    table = Table(title="Per game: heroes, then monster kinds")
    for column in ("figure", "kills", "deaths", "wounds dealt", "wounds taken"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    for group in ("heroes", "monsters"):
        rows = summary["figures"].get(group, {})
        if group == "monsters":
            table.add_section()
        for name, r in sorted(rows.items(), key=lambda item: -item[1]["wounds_dealt"]):
            table.add_row(name, *(f"{r[k] / games:.2f}" for k in ("kills", "deaths", "wounds_dealt", "wounds_taken")))
    out.print(table)
    from delve.sim.charts import watch_command

    seeds = summary["seeds"]
    for key, label in (("overlord", "lost"), ("heroes", "won")):
        if seeds[key]:
            out.print(f"seeds of {label} games (replay: --replay SEED): "
                      + ", ".join(str(s["seed"]) for s in seeds[key][:10]), highlight=False)
            out.print(f"  watch the first: {watch_command(summary['config'], seeds[key][0]['seed'])}",
                      highlight=False, soft_wrap=True)


def _content(console: Console, ruleset: str | None, quest: str | None,
             pack: str | None) -> tuple[str, str, str]:
    """The (ruleset, pack, quest) to simulate: as named, else the ruleset's tutorial or the
    ruleset's pack that has the quest; no ruleset takes the pack's (``delve.rulesets.fit_content``).
    Checked here, once, so a quest the pack lacks, or a pack of another ruleset, is one clear
    message instead of the same error in every game."""
    from delve.content.issues import ContentError
    from delve.rulesets import fit_content

    try:
        return fit_content(ruleset, quest, pack)
    except (ContentError, KeyError, ValueError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    """Attach the ``simulate`` command to the main app."""

    @app.command("simulate")
    def simulate(
        quest: Annotated[str | None, typer.Argument(help="Quest id of the pack, e.g. first-steps (default: the "
                                                    "ruleset's tutorial).")] = None,
        games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
        overlord: Annotated[str, typer.Option("--overlord", help="Overlord player: solo, ai, search or random, or a "
                                              "level: easy (solo), normal (ai), hard (search). Default: ai, "
                                              "the strongest that plays fast.")] = "ai",
        heroes: Annotated[str, typer.Option("--heroes", help="Hero players: ai, search or random, or a level: "
                                            "easy (random), normal (ai), hard (search).")] = "ai",
        seed: Annotated[int, typer.Option("--seed", help="Root seed; game i uses a seed derived from it.")] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
        report: Annotated[Path | None, typer.Option("--report", help="Write a report: a folder (index.html and "
                                                    "PNG charts), one .html file, or one overview .png.")] = None,
        compare: Annotated[str | None, typer.Option("--compare", help="Also play this quest (same players, seeds "
                                                    "and pack) and compare the heroes' win rates.")] = None,
        compare_pack: Annotated[str | None, typer.Option("--compare-pack", help="Also play the quest from this "
                                                         "pack (a shipped pack or a folder) and compare.")] = None,
        replay: Annotated[int | None, typer.Option("--replay", help="Play the one game of this game seed (listed "
                                                   "in a report) and print its log.")] = None,
        workers: Annotated[int | None, typer.Option("--workers", help="Worker processes (default: all cores; "
                                                    "1 plays in this process).")] = None,
        ray: Annotated[str | None, typer.Option("--ray", help="Ray cluster address ('local' starts one).")] = None,
        pack: Annotated[str | None, typer.Option("--pack", help="Content pack: a shipped pack or a folder "
                                                 "(default: the ruleset's pack that has the quest).")] = None,
        hero: Annotated[list[str] | None, typer.Option("--hero", help="Hero id (repeat for each hero).")] = None,
        ruleset: Annotated[str | None, typer.Option("--ruleset", help="Ruleset: 1e, or another of "
                                                    "delve.rulesets.RULESETS (default: the pack's; 1e "
                                                    "without a pack).")] = None,
        quick_setup: Annotated[bool, typer.Option("--quick-setup", help="Skip setup decisions (no starting "
                                                  "purchases: heroes start unarmed).")] = False,
    ) -> None:
        """Play GAMES whole games of QUEST with automated players and report the win rates."""
        from delve.ai.bots import HERO_LEVELS, OVERLORD_LEVELS
        from delve.sim.backends import run
        from delve.sim.report import compare as compare_runs
        from delve.sim.report import summarise, write_report
        from delve.sim.runner import HERO_KINDS, OVERLORD_KINDS, PlayerUnavailable, SimConfig, check_players

        console = Console(stderr=True)
        if overlord not in (*OVERLORD_KINDS, *OVERLORD_LEVELS) or heroes not in (*HERO_KINDS, *HERO_LEVELS):
            console.print(f"[red]--overlord must be one of {', '.join((*OVERLORD_KINDS, *OVERLORD_LEVELS))} and "
                          f"--heroes one of {', '.join((*HERO_KINDS, *HERO_LEVELS))}[/red]")
            raise typer.Exit(2)
        from delve.rulesets import RULESETS

        if ruleset is not None and ruleset not in RULESETS:
            console.print(f"[red]--ruleset must be one of {', '.join(RULESETS)}[/red]")
            raise typer.Exit(2)
        if games < 1:
            console.print("[red]--games must be at least 1[/red]")
            raise typer.Exit(2)
        ruleset, pack, quest = _content(console, ruleset, quest, pack)
        config = SimConfig(quest=quest, games=games, heroes=heroes, overlord=overlord, seed=seed, pack=pack,
                           hero_ids=tuple(hero or ()), setup_choices=not quick_setup, ruleset=ruleset)
        try:
            check_players(config)
        except PlayerUnavailable as exc:
            console.print(f"[red]{exc}[/red]")
            raise typer.Exit(2) from None
        if replay is not None:
            _replay(config, replay, as_json)
            return
        backend = "ray" if ray else ("sequential" if workers == 1 else "processes")
        other = None
        if compare or compare_pack:
            other_ruleset, other_pack, other_quest = _content(console, ruleset, compare or quest, compare_pack or pack)
            if other_ruleset != ruleset:
                console.print(f"[red]--compare plays the same rules: {other_pack} is written for {other_ruleset}[/red]")
                raise typer.Exit(2)
            other_config = replace(config, quest=other_quest, pack=other_pack)
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console, transient=as_json, disable=False) as bar:
            task = bar.add_task("games", total=games)
            try:
                summaries = run(config, backend=backend, workers=workers, ray_address=ray or "",
                                progress=lambda n: bar.advance(task, n))
                if compare or compare_pack:
                    task = bar.add_task("compared", total=games)
                    other_summaries = run(other_config, backend=backend, workers=workers, ray_address=ray or "",
                                          progress=lambda n: bar.advance(task, n))
                    other = summarise(other_summaries, config=_described(other_config, backend))
            except RuntimeError as exc:
                console.print(f"[red]{exc}[/red]")
                raise typer.Exit(2) from None
        summary = summarise(summaries, config=_described(config, backend))
        if other is not None:
            summary["compare"] = {"summary": other, **compare_runs(summary, other)}
        if report is not None:
            report = write_report(report, summary, summaries, board=_board(config), other=other)
        if as_json:
            typer.echo(json.dumps(summary))
            return
        out = Console()
        table = Table(title=f"{games} games of {quest} ({ruleset}): heroes ({heroes}) against the overlord "
                            f"({overlord})")
        table.add_column("measure")
        table.add_column("value", justify="right")
        lo, hi = summary["heroes_win_ci95"]
        table.add_row("heroes won", f"{summary['heroes_won']} ({summary['heroes_win_rate']:.1%}, "
                                    f"95% CI {lo:.1%}-{hi:.1%})")
        lo, hi = summary["overlord_win_ci95"]
        table.add_row("overlord won", f"{summary['overlord_won']} ({summary['overlord_win_rate']:.1%}, "
                                      f"95% CI {lo:.1%}-{hi:.1%})")
        table.add_row("unfinished / errors", f"{summary['unfinished']} / {summary['errors']}")
        table.add_row("mean rounds", f"{summary['mean_rounds']:.2f}")
        table.add_row("seconds per game", f"{summary['seconds_per_game']:.3f}")
        for cause, count in summary["causes"].items():
            table.add_row(f"ended by {cause}", str(count))
        for reason, amount in summary["conquest_changes_per_game"].items():
            table.add_row(f"conquest per game: {reason}", f"{amount:+.2f}")
        out.print(table)
        if other is not None:
            _print_comparison(out, summary["compare"])
        _print_figures(out, summary)
        for error in summary["error_seeds"]:
            out.print(f"[red]game {error['index']} (seed {error['seed']}): {error['error']}[/red]")
        if report is not None:
            out.print(f"report written to {report}")
