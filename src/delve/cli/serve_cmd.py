"""`delve serve`: run the web table (see docs/web.md)."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    """Attach the `serve` command."""

    @app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 for a network game)."),
        port: int = typer.Option(8765, help="TCP port."),
        data_dir: Path | None = typer.Option(None, help="Where the SQLite database lives (default: user data dir)."),
        database: str | None = typer.Option(None, help="A SQLAlchemy URL instead, e.g. postgresql+psycopg://..."),
        workers: int = typer.Option(1, min=1, max=64, help="Server processes; games are shared out among them by id."),
        shard: str | None = typer.Option(None, hidden=True, help="K/N: run as worker K of N (started by --workers)."),
        uds: str | None = typer.Option(None, hidden=True, help="Listen on this Unix socket (a worker)."),
    ) -> None:
        """Run the web table server; open http://HOST:PORT/ to start or join games."""
        from delve.web.server import database_url
        from delve.web.server import serve as run

        url = database_url(data_dir, database)
        if shard is not None:
            k, n = (int(part) for part in shard.split("/", 1))
            run(host, port, url, shard=(k, n), uds=uds)
            return
        typer.echo(f"Delve table on http://{host}:{port}/ ({workers} process{'es' if workers > 1 else ''}; "
                   f"data: {url.split('@')[-1]})")
        run(host, port, url, workers=workers)
