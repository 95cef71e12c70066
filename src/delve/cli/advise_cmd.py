"""`delve advise SAVE`: what an automated player would do in a saved game, and why.

Why a command of its own: a person stuck on a decision, or a designer asking why the overlord
did something, loads the save and reads the options the player weighed (with their values),
its choice and the ties (``delve.ai.explain``). The save is only read: advising never changes
it. With ``--json`` the explanation is printed as one JSON object (``Explanation.to_dict``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

HERO_PLAYERS = {"easy": "random", "normal": "hero", "hard": "hero-search"}


def _player(seat_is_overlord: bool, level: str, seed: int) -> object:
    from delve.ai.bots import OVERLORD_LEVELS, make_bot

    if level not in OVERLORD_LEVELS:
        raise typer.BadParameter(f"choose one of {', '.join(OVERLORD_LEVELS)}", param_hint="--level")
    return make_bot(level if seat_is_overlord else HERO_PLAYERS[level], seed)


def register(app: typer.Typer) -> None:
    """Attach the ``advise`` command to the main app."""

    @app.command("advise")
    def advise(
        save: Annotated[Path, typer.Argument(help="A saved game (JSON, as `delve play --terminal` writes).")],
        seat: Annotated[str | None, typer.Option("--seat", help="The seat to advise (default: the seat whose "
                                                 "decision is pending).")] = None,
        level: Annotated[str, typer.Option("--level", help="Which player advises: easy, normal or hard.")] = "normal",
        seed: Annotated[int, typer.Option("--seed", help="Seed of the advising player (search worlds).")] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    ) -> None:
        """Explain what an automated player would choose for the pending decision of SAVE."""
        from delve.ai.explain import explain
        from delve.api import load_game
        from delve.engine.decision import OVERLORD, TABLE

        console = Console()
        try:
            game = load_game(save.read_text())
        except (OSError, ValueError) as exc:
            raise typer.BadParameter(f"cannot read the save: {exc}", param_hint="SAVE") from None
        decision = game.pending
        if decision is None:
            console.print("The game is over: there is nothing to decide.")
            raise typer.Exit(1)
        if seat is not None and seat != decision.seat and decision.seat != TABLE:
            console.print(f"It is {decision.seat}'s decision ({decision.kind}), not {seat}'s.")
            raise typer.Exit(1)
        player = _player(decision.seat in (OVERLORD, TABLE), level, seed)
        found = explain(player, decision, game)
        if as_json:
            typer.echo(json.dumps(found.to_dict(), indent=2))
            return
        console.print(f"[bold]{found.seat}[/bold]: {found.kind} ({found.player}; values: {found.measure})")
        table = Table("", "choice", "label", "value", "details")
        for option in found.options:
            mark = "*" if option.choice == found.winner else "=" if option.choice in found.ties else ""
            table.add_row(mark, option.choice, option.label, "" if option.value is None else f"{option.value:.3f}",
                          ", ".join(f"{k}={v}" for k, v in option.details.items()))
        console.print(table)
        ties = f" (ties within {found.margin}: {', '.join(found.ties)})" if found.ties else ""
        console.print(f"Choice: [bold]{found.winner}[/bold]{ties}")
