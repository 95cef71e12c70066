"""`delve serve`: run the web table (see docs/web.md)."""

from __future__ import annotations

import logging.config
import os
from pathlib import Path

import typer

WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")


def register(app: typer.Typer) -> None:
    """Attach the `serve` command."""

    @app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 for a network game)."),
        port: int = typer.Option(8765, help="TCP port."),
        data_dir: Path | None = typer.Option(None, help="Where the SQLite database lives (default: user data dir)."),
        database: str | None = typer.Option(None, help="A SQLAlchemy URL instead, e.g. postgresql+psycopg://..."),
        workers: int = typer.Option(1, min=1, max=64, help="Server processes; games are shared out among them by id."),
        allowed_host: list[str] | None = typer.Option(
            None, "--allowed-host",
            help="A name the server answers to (repeat; default: localhost names and --host; env "
                 "DELVE_ALLOWED_HOSTS, comma-separated). Requests naming another host are refused."),
        creates_per_minute: int | None = typer.Option(
            None, min=0, help="New games per client address and minute per process (default 20; 0: no limit)."),
        max_live_games: int | None = typer.Option(
            None, min=1, help="Games held in memory per process (default 1000; idle ones go back to the store)."),
        shard: str | None = typer.Option(
            None, help="K/N: serve only games of shard K of N (one of N servers sharing a PostgreSQL behind "
                       "a `delve serve --upstream` router)."),
        upstream: list[str] | None = typer.Option(
            None, "--upstream", help="HOST:PORT of a --shard server, in shard order (repeat): run only the "
                                     "router that sends each game's requests to its server."),
        uds: str | None = typer.Option(None, hidden=True, help="Listen on this Unix socket (a worker)."),
    ) -> None:
        """Run the web table server; open http://HOST:PORT/ to start or join games."""
        from sqlalchemy import make_url

        from delve.web.security import LOCAL_HOSTS
        from delve.web.server import database_url
        from delve.web.server import serve as run

        if upstream:
            from delve.web.logs import logging_config
            from delve.web.router import run_router

            logging.config.dictConfig(logging_config())
            typer.echo(f"Delve router on http://{host}:{port}/ to {', '.join(upstream)}")
            run_router(host, port, list(upstream))
            return
        url = database_url(data_dir, database)
        if shard is not None and uds is not None:  # a worker of --workers: its parent set the limits
            run(host, port, url, shard=_shard(shard), uds=uds)
            return
        if shard is not None and workers > 1:
            raise typer.BadParameter("a --shard server is one process", param_hint="--workers")
        # the settings travel to the worker processes in the environment (TableSettings.from_env)
        hosts = list(allowed_host or [h for h in os.environ.get("DELVE_ALLOWED_HOSTS", "").split(",") if h.strip()])
        if not hosts:
            hosts = [*LOCAL_HOSTS, *([host] if host not in (*WILDCARD_ADDRESSES, *LOCAL_HOSTS) else [])]
        os.environ["DELVE_ALLOWED_HOSTS"] = ",".join(hosts)
        if creates_per_minute is not None:
            os.environ["DELVE_CREATES_PER_MINUTE"] = str(creates_per_minute)
        if max_live_games is not None:
            os.environ["DELVE_MAX_LIVE_GAMES"] = str(max_live_games)
        shown = make_url(url).render_as_string(hide_password=True)
        typer.echo(f"Delve table on http://{host}:{port}/ ({workers} process{'es' if workers > 1 else ''}; "
                   f"data: {shown}; answers to: {', '.join(hosts)})")
        if host in WILDCARD_ADDRESSES and not allowed_host:
            typer.echo("Players reach this server by a name or address of this machine: give it with "
                       "--allowed-host NAME (see docs/web.md, Security).")
        run(host, port, url, workers=workers, shard=_shard(shard) if shard else None)


def _shard(text: str) -> tuple[int, int]:
    """``K/N`` as (K, N), with 0 <= K < N."""
    try:
        k, n = (int(part) for part in text.split("/", 1))
    except ValueError:
        raise typer.BadParameter("write K/N, e.g. 0/2", param_hint="--shard") from None
    if not 0 <= k < n:
        raise typer.BadParameter("K must be from 0 to N-1", param_hint="--shard")
    return k, n
