"""`delve balance`: is a quest fair? The workbench's balance figures in the terminal.

Why beside `delve simulate`: a designer asks about *a quest* (a shipped one, a pack folder saved
by the workbench, or a quest file in a pack), wants the figures the workbench page shows (the
heroes' win rate with its interval, game length, conquest over time, where heroes and monsters
die, the most dangerous monsters, lost games to replay) and an A/B comparison with a variant.
The games are played by ``delve.sim`` and the figures made by ``delve.workbench.balance``, the
same code the web page's balance jobs use.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

HEAT_LISTED = 5


def resolve(target: str) -> tuple[str, str, str]:
    """The (ruleset, pack, quest) of a shipped quest id, a pack folder or a quest file in a pack's
    ``quests/`` folder; ``ValueError`` saying what is wrong."""
    from delve.content.issues import ContentError
    from delve.content.loader import check_pack
    from delve.rulesets import fit_content
    from delve.workbench.balance import quest_of_pack
    from delve.workbench.folder import Workbench
    from delve.workbench.importer import PACK_RULESETS

    path = Path(target)
    if path.is_file() and path.suffix == ".yaml" and path.parent.name == "quests":
        folder, quest = path.parent.parent, path.stem
    elif path.is_dir():
        folder, quest = path, quest_of_pack(path)
    else:
        try:
            return fit_content(None, target, None)
        except (ContentError, KeyError, OSError) as exc:
            raise ValueError(f"{target}: not a quest id, a pack folder or a quest file ({exc})") from None
    issues = check_pack(folder)
    if issues:
        raise ValueError(f"{folder} does not pass `delve content check`:\n" + "\n".join(f"  {i}" for i in issues))
    ruleset = PACK_RULESETS.get(Workbench.base_pack(folder), "1e")
    return ruleset, str(folder.resolve()), quest


def _run(config: Any, workers: int | None, label: str, console: Console, quiet: bool) -> list[dict[str, Any]]:
    from delve.sim.backends import run

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                  transient=quiet) as bar:
        task = bar.add_task("games", total=config.games)
        return run(config, backend="sequential" if workers == 1 else "processes", workers=workers,
                   progress=lambda n: bar.advance(task, n))


def _print(out: Console, result: dict[str, Any]) -> None:
    table = Table(title=f"{result['games']} games of {result['config']['quest']}: heroes ({result['config']['heroes']})"
                        f" against the overlord ({result['config']['overlord']})")
    table.add_column("measure")
    table.add_column("value", justify="right")
    lo, hi = result["heroes_win_ci95"]
    table.add_row("heroes won", f"{result['heroes_won']} ({result['heroes_win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%})")
    table.add_row("overlord won", f"{result['overlord_won']}")
    table.add_row("unfinished / errors", f"{result['unfinished']} / {result['errors']}")
    rounds = result["rounds"]
    table.add_row("rounds", f"mean {result['mean_rounds']:.1f} (from {rounds['min']} to {rounds['max']})")
    for cause, count in result["causes"].items():
        table.add_row(f"ended by {cause}", str(count))
    out.print(table)
    conquest = result["conquest_by_round"]
    if conquest:
        step = max(1, len(conquest) // 12)
        out.print("conquest over time (mean at the start of the round, games still running): "
                  + ", ".join(f"r{r['round']} {r['mean']:.1f} ({r['games']})" for r in conquest[::step]))
    for key, label in (("hero_deaths", "heroes died most at"), ("monster_kills", "monsters were killed most at")):
        cells = result["heat"][key][:HEAT_LISTED]
        if cells:
            out.print(f"{label}: " + ", ".join(f"({c['x']}, {c['y']}) x{c['count']}" for c in cells))
    if result["dangerous_monsters"]:
        danger = Table(title="Most dangerous monsters (per game)")
        for column in ("monster", "heroes killed", "wounds dealt"):
            danger.add_column(column, justify="left" if column == "monster" else "right")
        for row in result["dangerous_monsters"]:
            danger.add_row(row["name"], f"{row['kills_per_game']:.2f}", f"{row['wounds_per_game']:.1f}")
        out.print(danger)
    if result["lost_seeds"]:
        out.print("seeds of lost games: " + ", ".join(s["seed"] for s in result["lost_seeds"][:10]))
        out.print(f"replay one: {result['replay_command']}")
    compared = result.get("comparison")
    if compared:
        lo, hi = compared["difference_ci95"]
        before, after = compared["heroes_win_rate"]
        verdict = "a difference the games show" if lo > 0 or hi < 0 else "no difference the games show"
        out.print(f"against {compared['previous_job']}: heroes win {after:.1%} here, {before:.1%} there; "
                  f"difference {compared['difference']:+.1%} (95% CI {lo:+.1%} to {hi:+.1%}): {verdict}")


def register(app: typer.Typer) -> None:
    """Attach the ``balance`` command to the main app."""

    @app.command("balance")
    def balance(
        quest: Annotated[str, typer.Argument(metavar="QUEST_OR_DIR", help="A shipped quest id, a pack folder (a "
                                             "workbench save or export) or a quest .yaml in a pack's quests/.")],
        games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
        compare: Annotated[str | None, typer.Option("--compare", help="Another quest or folder to play the same "
                                                    "way and compare with (A/B).")] = None,
        heroes: Annotated[str, typer.Option("--heroes", help="Hero players (as delve simulate).")] = "ai",
        overlord: Annotated[str, typer.Option("--overlord", help="Overlord player (as delve simulate).")] = "ai",
        seed: Annotated[int, typer.Option("--seed", help="Root seed; game i uses a seed derived from it.")] = 0,
        workers: Annotated[int | None, typer.Option("--workers", help="Worker processes (default: all cores; 1 "
                                                    "plays in this process).")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the figures as one JSON object.")] = False,
    ) -> None:
        """Play GAMES AI-against-AI games of a quest and show how fair it is."""
        from delve.sim.runner import PlayerUnavailable, SimConfig, check_players
        from delve.workbench.balance import balance_result, comparison

        console = Console(stderr=True)
        if games < 1:
            console.print("[red]--games must be at least 1[/red]")
            raise typer.Exit(2)
        try:
            ruleset, pack, quest_id = resolve(quest)
            other = resolve(compare) if compare else None
            config = SimConfig(quest=quest_id, games=games, heroes=heroes, overlord=overlord, seed=seed, pack=pack,
                               ruleset=ruleset)
            check_players(config)
        except (ValueError, PlayerUnavailable) as exc:
            console.print(f"[red]{exc}[/red]")
            raise typer.Exit(2) from None
        result = balance_result(_run(config, workers, "balancing", console, as_json), config)
        if other is not None and compare is not None:
            other_config = SimConfig(quest=other[2], games=games, heroes=heroes, overlord=overlord, seed=seed,
                                     pack=other[1], ruleset=other[0])
            other_result = balance_result(_run(other_config, workers, "compared", console, as_json), other_config)
            result["comparison"] = comparison(other_result, result, compare)
        if as_json:
            typer.echo(json.dumps(result))
            return
        _print(Console(), result)
