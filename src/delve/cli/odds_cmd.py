"""`delve odds`: exact attack odds from the command line.

Why a thin wrapper: all the work is in ``delve.odds`` (shared with any other front end); this
module only turns options into an ``AttackQuery`` and prints the ``OddsResult`` as a table, as
JSON (a stable contract, see docs/odds.md) or as a bar chart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from delve.odds import AttackQuery, OddsResult, attack_odds
from delve.rules.attack_math import AttackType, SurgeAbility

BAR_WIDTH = 40


def _split_dice(values: list[str]) -> tuple[str, ...]:
    """``--dice red,yellow --dice red`` -> ``("red", "yellow", "red")``."""
    return tuple(part.strip().lower() for value in values for part in value.split(",") if part.strip())


def build_query(
    *,
    dice: list[str],
    power: int = 0,
    range_: int | None = None,
    melee: bool = False,
    magic: bool = False,
    armor: int = 0,
    shield: int = 0,
    pierce: int = 0,
    fatigue: int = 0,
    surge: list[str] | None = None,
    aim: bool = False,
    dodge: bool = False,
    kill: int | None = None,
    sorcery: int = 0,
    fear: int = 0,
    bash: bool = False,
    dark_prayer: bool = False,
    overlord: bool = False,
    command: int = 0,
    black_curse: int = 0,
    ironskin: bool = False,
) -> AttackQuery:
    """Turn command-line options into a query; raises ``ValueError`` with a readable message."""
    if melee == (range_ is not None):
        raise ValueError("give exactly one of --range N (ranged or magic attack) or --melee")
    if melee and magic:
        raise ValueError("--magic needs --range, not --melee")
    attack_type: AttackType = "melee" if melee else ("magic" if magic else "ranged")
    return AttackQuery(
        dice=_split_dice(dice),
        power=power,
        fatigue=fatigue,
        attack_type=attack_type,
        range=range_ or 0,
        armor=armor,
        shield=shield,
        pierce=pierce,
        surge_abilities=tuple(SurgeAbility.parse(text) for text in surge or []),
        aim=aim,
        dodge=dodge,
        kill=kill,
        # Rulebook: Command (+1/+1 per figure) and Black Curse (-1/-1 per figure) stack.
        bonus_damage=command - black_curse,
        bonus_range=command - black_curse,
        sorcery=sorcery,
        fear=fear,
        bash=bash,
        overlord=overlord,
        dark_prayer=dark_prayer,
        ironskin=ironskin,
    )


def describe(query: AttackQuery, result: OddsResult) -> str:
    """A one-line summary of what was asked."""
    pool = ", ".join(query.dice) or "no combat dice"
    parts = [pool, f"{result.power_dice} power"]
    if query.fatigue:
        parts.append(f"up to {query.fatigue} fatigue")
    parts.append("melee" if query.attack_type == "melee" else f"{query.attack_type} at range {query.range}")
    parts.append(f"armor {query.armor}")
    if query.shield:
        parts.append(f"shield {query.shield}")
    if query.pierce:
        parts.append(f"pierce {query.pierce}")
    parts += [f"surge {a.describe()}" for a in query.surge_abilities]
    if query.rerolls:
        parts.append(query.rerolls)
    elif query.aim and query.dodge:
        parts.append("aim and dodge cancel")
    return "; ".join(parts)


def render_table(query: AttackQuery, result: OddsResult) -> Table:
    """A Rich table: one row per wound count with its probability, P(at least) and a bar."""
    table = Table(title=describe(query, result), title_justify="left")
    table.add_column("wounds", justify="right")
    table.add_column("P(exactly)", justify="right")
    table.add_column("P(at least)", justify="right")
    table.add_column("", justify="left")
    peak = max(result.wounds) or 1.0
    for k, p in enumerate(result.wounds):
        bar = "█" * round(BAR_WIDTH * p / peak)
        table.add_row(str(k), f"{p:.2%}", f"{result.at_least(k):.2%}", bar)
    caption = f"hit chance {result.hit:.2%}   expected wounds {result.expected_wounds:.3f}"
    if result.kill is not None and query.kill is not None:
        caption += f"   P(at least {query.kill} wounds) {result.kill:.2%}"
    table.caption = caption
    table.caption_justify = "left"
    return table


def save_plot(query: AttackQuery, result: OddsResult, path: Path) -> None:
    """A bar chart of P(exactly k wounds); matplotlib is imported only when asked for."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.bar(range(len(result.wounds)), result.wounds, color="#8b1a1a")
    ax.set_xlabel("wounds after armor")
    ax.set_ylabel("probability")
    ax.set_title(f"hit {result.hit:.1%}, expected wounds {result.expected_wounds:.2f}", fontsize=10)
    fig.suptitle(describe(query, result), fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def register(app: typer.Typer) -> None:
    """Attach the ``odds`` command to the main app."""

    @app.command("odds")
    def odds(
        dice: Annotated[list[str], typer.Option("--dice", help="Combat dice by colour, e.g. red,yellow.")],
        power: Annotated[int, typer.Option("--power", help="Power dice from traits.")] = 0,
        range_: Annotated[int | None, typer.Option("--range", help="Spaces to the target.")] = None,
        melee: Annotated[bool, typer.Option("--melee", help="Melee attack: range is ignored.")] = False,
        magic: Annotated[bool, typer.Option("--magic", help="Magic rather than ranged.")] = False,
        armor: Annotated[int, typer.Option("--armor", help="Target's armor.")] = 0,
        shield: Annotated[int, typer.Option("--shield", help="Wounds the shield absorbs.")] = 0,
        pierce: Annotated[int, typer.Option("--pierce", help="Innate Pierce rank.")] = 0,
        fatigue: Annotated[int, typer.Option("--fatigue", help="Fatigue willing to spend.")] = 0,
        surge: Annotated[
            list[str] | None, typer.Option("--surge", help='Surge ability, e.g. "1:+1 damage", "2:pierce 2".')
        ] = None,
        aim: Annotated[bool, typer.Option("--aim", help="Aimed attack: one optimal re-roll.")] = False,
        dodge: Annotated[bool, typer.Option("--dodge", help="Target dodges: one hostile re-roll.")] = False,
        kill: Annotated[int | None, typer.Option("--kill", help="Maximise P(at least N wounds).")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the JSON contract.")] = False,
        plot: Annotated[Path | None, typer.Option("--plot", help="Save a bar chart (PNG).")] = None,
        sorcery: Annotated[int, typer.Option("--sorcery", help="Sorcery rank.")] = 0,
        fear: Annotated[int, typer.Option("--fear", help="Target's Fear rank.")] = 0,
        bash: Annotated[bool, typer.Option("--bash", help="Bash attack (best 0-5 power dice).")] = False,
        dark_prayer: Annotated[bool, typer.Option("--dark-prayer", help="Attacker has Dark Prayer.")] = False,
        overlord: Annotated[bool, typer.Option("--overlord", help="The overlord attacks.")] = False,
        command: Annotated[int, typer.Option("--command", help="Command figures in reach.")] = 0,
        black_curse: Annotated[int, typer.Option("--black-curse", help="Black Curse figures near.")] = 0,
        ironskin: Annotated[bool, typer.Option("--ironskin", help="Target has Ironskin.")] = False,
    ) -> None:
        """Exact odds of one attack: hit chance, wounds after armor, expected wounds."""
        try:
            query = build_query(
                dice=dice,
                power=power,
                range_=range_,
                melee=melee,
                magic=magic,
                armor=armor,
                shield=shield,
                pierce=pierce,
                fatigue=fatigue,
                surge=surge,
                aim=aim,
                dodge=dodge,
                kill=kill,
                sorcery=sorcery,
                fear=fear,
                bash=bash,
                dark_prayer=dark_prayer,
                overlord=overlord,
                command=command,
                black_curse=black_curse,
                ironskin=ironskin,
            )
        except ValueError as error:
            typer.echo(f"error: {error}", err=True)
            raise typer.Exit(2) from error
        result = attack_odds(query)
        if plot is not None:
            save_plot(query, result, plot)
        if as_json:
            typer.echo(json.dumps(result.to_json()))
            return
        Console().print(render_table(query, result))
        if plot is not None:
            typer.echo(f"plot saved to {plot}")
