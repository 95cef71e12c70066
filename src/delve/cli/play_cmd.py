"""`delve play`: placeholder until its issue lands."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach this module's command(s) to the main app."""

    @app.command("play")
    def _placeholder() -> None:
        """Not implemented yet."""
        typer.echo("not implemented yet")
        raise typer.Exit(2)
