"""`delve simulate`: play many whole games with automated players and report who wins.

Why a thin wrapper: the work is in ``delve.sim`` (runner, backends, report), shared with
benchmarks and tests; this module turns options into a ``SimConfig``, shows a progress bar and
prints a table or, with ``--json``, one JSON object (``games``, ``heroes_won``, ``overlord_won``,
``errors``, ``mean_rounds``, win rates with 95% Wilson intervals, causes, conquest by round).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


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
        overlord: Annotated[str, typer.Option("--overlord", help="Overlord player: solo, ai or random.")] = "random",
        heroes: Annotated[str, typer.Option("--heroes", help="Hero players: ai or random.")] = "ai",
        seed: Annotated[int, typer.Option("--seed", help="Root seed; game i uses a seed derived from it.")] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
        report: Annotated[Path | None, typer.Option("--report", help="Write an HTML (or .png) report.")] = None,
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
        from delve.sim.backends import run
        from delve.sim.report import summarise, write_report
        from delve.sim.runner import HERO_KINDS, OVERLORD_KINDS, PlayerUnavailable, SimConfig, check_players

        console = Console(stderr=True)
        if overlord not in OVERLORD_KINDS or heroes not in HERO_KINDS:
            console.print(f"[red]--overlord must be one of {', '.join(OVERLORD_KINDS)} and --heroes one of "
                          f"{', '.join(HERO_KINDS)}[/red]")
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
        backend = "ray" if ray else ("sequential" if workers == 1 else "processes")
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console, transient=as_json, disable=False) as bar:
            task = bar.add_task("games", total=games)
            try:
                summaries = run(config, backend=backend, workers=workers, ray_address=ray or "",
                                progress=lambda n: bar.advance(task, n))
            except RuntimeError as exc:
                console.print(f"[red]{exc}[/red]")
                raise typer.Exit(2) from None
        summary = summarise(summaries, config={"quest": quest, "heroes": heroes, "overlord": overlord,
                                               "pack": pack, "seed": seed, "backend": backend, "ruleset": ruleset,
                                               "setup_choices": not quick_setup})
        if report is not None:
            write_report(report, summary, summaries)
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
        for error in summary["error_seeds"]:
            out.print(f"[red]game {error['index']} (seed {error['seed']}): {error['error']}[/red]")
        if report is not None:
            out.print(f"report written to {report}")
