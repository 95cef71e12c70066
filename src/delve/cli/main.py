"""The `delve` command line: each command lives in its own module and registers itself here.

Why one module per command: several people work on different commands at once, and the
commands share nothing but this entry point.
"""

from __future__ import annotations

import typer

import delve
from delve.cli import (
    advise_cmd,
    balance_cmd,
    content_cmd,
    odds_cmd,
    play_cmd,
    render_cmd,
    scenario_cmd,
    serve_cmd,
    simulate_cmd,
)

app = typer.Typer(
    name="delve",
    help="Delve: a digital table for dungeon-crawl board games.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(asked: bool) -> None:
    if asked:
        typer.echo(f"delve {delve.__version__}: {delve.NATIVE.describe()}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and whether the compiled engine runs, then stop."),
) -> None:
    """Delve: a digital table for dungeon-crawl board games."""


for module in (play_cmd, serve_cmd, render_cmd, content_cmd, scenario_cmd, odds_cmd, simulate_cmd, advise_cmd,
               balance_cmd):
    module.register(app)


if __name__ == "__main__":  # pragma: no cover
    app()
