"""`delve content`: check a pack, list its entries, show one as a card.

Why these three: pack authors need a checker that lists every problem with its place
(``check``), and a quick way to see what a pack holds (``list``) and how an entry reads
once loaded (``show``). See docs/content.md.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from enum import Enum
from pathlib import Path

import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from delve.content.describe import rows, summary
from delve.content.issues import ContentError
from delve.content.loader import load_pack, starter_pack_path
from delve.content.pack import KINDS, Pack
from delve.content.refs import Model
from delve.content.schema import PLAYER_COUNTS, MonsterType

Kind = Enum("Kind", {kind: kind for kind in KINDS}, type=str)  # type: ignore[misc]

PackOption = typer.Option(None, "--pack", "-p", help="Pack folder (default: the starter pack).")


def register(app: typer.Typer) -> None:
    """Attach the ``content`` command group to the main app."""
    content = typer.Typer(
        name="content",
        help="Check, list and show content packs (see docs/content.md).",
        no_args_is_help=True,
    )
    content.command("check")(check)
    content.command("list")(list_entries)
    content.command("show")(show)
    app.add_typer(content, name="content")


def check(
    path: Path | None = typer.Argument(None, help="Pack folder (default: the starter pack)."),
) -> None:
    """Check a pack and print every problem as `file: entry: field: message`."""
    folder = path or starter_pack_path()
    try:
        pack = load_pack(folder)
    except ContentError as exc:
        for issue in exc.issues:
            typer.echo(str(issue))
        count = len(exc.issues)
        typer.echo(f"{count} problem{'s' if count != 1 else ''} in {folder}")
        raise typer.Exit(1) from None
    counts = ", ".join(f"{len(pack.entries(kind))} {kind}" for kind in KINDS)
    typer.echo(f"OK: pack {pack.name!r} at {folder}: {counts}")


def list_entries(
    kind: Kind = typer.Argument(..., help="What to list."),
    pack: Path | None = PackOption,
) -> None:
    """List the entries of one kind, one a line: id, name, summary."""
    loaded = _load(pack)
    entries = loaded.entries(kind.value)
    width = max((len(entry_id) for entry_id in entries), default=0)
    for entry_id, entry in listing_order(entries):
        name = str(getattr(entry, "name", ""))
        typer.echo(f"{entry_id:<{width}}  {name}  ({summary(entry)})")


def listing_order(entries: Mapping[str, Model]) -> list[tuple[str, Model]]:
    """Entries in file order, except that tutorial quests come first: a new player's first pick."""
    return sorted(entries.items(), key=lambda pair: not getattr(pair[1], "tutorial", False))


def show(
    kind: Kind = typer.Argument(..., help="The kind of entry."),
    entry_id: str = typer.Argument(..., metavar="ID", help="The entry's id."),
    pack: Path | None = PackOption,
) -> None:
    """Show one entry as a card."""
    loaded = _load(pack)
    entries = loaded.entries(kind.value)
    entry = entries.get(entry_id)
    if entry is None:
        close = difflib.get_close_matches(entry_id, list(entries), n=3)
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        typer.echo(f"No {kind.value} entry {entry_id!r} in pack {loaded.name!r}.{hint}", err=True)
        raise typer.Exit(1)
    Console().print(card(kind.value, entry))


def card(kind: str, entry: Model) -> Panel:
    """A Rich panel showing an entry: its fields, monster stats as a table, its flavour."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for label, text in rows(entry):
        table.add_row(label, text)
    parts: list[Table | Text] = [table]
    if isinstance(entry, MonsterType):
        parts.append(_stats_table(entry))
    flavour = getattr(entry, "flavour", "")
    if flavour:
        parts.append(Text(flavour, style="italic"))
    name = str(getattr(entry, "name", ""))
    entry_id = str(getattr(entry, "id", ""))
    return Panel(Group(*parts), title=f"[bold]{name}[/]", subtitle=f"{kind}: {entry_id}", expand=False)


def _stats_table(monster: MonsterType) -> Table:
    """One row per player count and rank (Rulebook: Monster Reference Cards)."""
    table = Table(title="Stats by number of players", title_justify="left")
    for column in ("players", "rank", "speed", "armor", "wounds", "dice", "abilities"):
        table.add_column(column)
    for players in PLAYER_COUNTS:
        for rank in ("normal", "master"):
            block = monster.stats_for(players, master=rank == "master")
            dice = f"{block.morph_dice} morph" if monster.attack_type == "morph" else " ".join(block.dice)
            abilities = ", ".join(a.label() for a in block.abilities)
            table.add_row(str(players), rank, str(block.speed), str(block.armor), str(block.wounds),
                          dice, abilities)
    return table


def _load(path: Path | None) -> Pack:
    """Load a pack for listing; on problems print them and point at `delve content check`."""
    folder = path or starter_pack_path()
    try:
        return load_pack(folder)
    except ContentError as exc:
        for issue in exc.issues:
            typer.echo(str(issue), err=True)
        typer.echo(f"The pack has problems; run `delve content check {folder}`.", err=True)
        raise typer.Exit(1) from None
