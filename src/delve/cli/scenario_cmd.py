"""`delve scenario run FILE...`: run rule-test scenarios and show what differs."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from delve.scenario.runner import run_scenario_file


def _expand(paths: list[Path]) -> list[Path]:
    """Files as given; folders become every scenario file below them, in name order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.yaml"))
        else:
            found.append(path)
    return found


def register(app: typer.Typer) -> None:
    """Attach the `scenario` command group."""
    group = typer.Typer(help="Rule-test scenarios (see docs/scenarios.md).", no_args_is_help=True)

    @group.command("run")
    def run(
        files: list[Path] = typer.Argument(..., help="Scenario files or folders of them."),
        keep_going: bool = typer.Option(False, "--keep-going", help="Run all files even after a failure."),
    ) -> None:
        """Run scenarios; exit 1 with a readable diff at the first mismatch."""
        console = Console()
        failed = 0
        paths = _expand(files)
        for path in paths:
            if not path.exists():
                console.print(f"[red]FAIL[/] {path}: no such file")
                raise typer.Exit(1)
            result = run_scenario_file(path)
            if result.ok:
                console.print(f"[green]PASS[/] {path}  {result.name}")
                continue
            failed += 1
            console.print(f"[red]FAIL[/] {path}  {result.name}")
            for line in result.failures:
                console.print(f"    {line}", markup=False)
            if not keep_going:
                raise typer.Exit(1)
        console.print(f"{len(paths) - failed} passed, {failed} failed")
        if failed:
            raise typer.Exit(1)

    app.add_typer(group, name="scenario")
