"""Durable games: a setup, the players' seats and tokens, and the list of accepted choices.

Why store choices and not states: a game is fully determined by its ``GameSetup`` and its
history (``delve.api.replay_game``), so one small row per accepted choice is all a restart
needs, a replay can step through it, and undo is "delete the tail". Each choice is committed
before the server acknowledges it, so ``kill -9`` at any moment loses nothing acknowledged.

SQLite (WAL, one file) by default; any SQLAlchemy URL (e.g. ``postgresql+psycopg://...``) works.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("setup", Text, nullable=False),  # GameSetup JSON
    Column("mode", String(16), nullable=False),
    Column("config", Text, nullable=False),  # players and automated seats (JSON)
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False, default="running"),
)

choices = Table(
    "choices", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based position in the history
    Column("seat", String(32), nullable=False),
    Column("choice", Text, nullable=False),
    Column("by_person", Integer, nullable=False, default=0),
)


@dataclass
class StoredGame:
    """One game as stored: what ``hub`` needs to rebuild it."""

    id: str
    setup: dict[str, Any]
    mode: str
    config: dict[str, Any]
    status: str
    choices: list[tuple[str, str, bool]]  # (seat, choice id, made by a person)


def sqlite_url(data_dir: Path) -> str:
    """The default database: one SQLite file in the data directory."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir / 'delve.sqlite3'}"


class Store:
    """All database access of the web table (SQLAlchemy Core, one short transaction per call)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url, future=True)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def create(self, game_id: str, setup: dict[str, Any], mode: str, config: dict[str, Any]) -> None:
        """Record a new game."""
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(id=game_id, setup=json.dumps(setup), mode=mode,
                                              config=json.dumps(config), created=time.time(), status="running"))

    def append(self, game_id: str, start: int, records: Sequence[tuple[str, str, bool]], status: str) -> None:
        """Add accepted choices at positions ``start``..., in one transaction (committed on return)."""
        if not records:
            return
        with self.engine.begin() as conn:
            conn.execute(insert(choices), [
                {"game_id": game_id, "n": start + i, "seat": seat, "choice": choice, "by_person": int(person)}
                for i, (seat, choice, person) in enumerate(records)
            ])
            if status != "running":
                conn.execute(update(games).where(games.c.id == game_id).values(status=status))

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget every choice from position ``keep`` on (undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(choices).where(choices.c.game_id == game_id, choices.c.n >= keep))
            conn.execute(update(games).where(games.c.id == game_id).values(status="running"))

    def load(self, game_id: str) -> StoredGame | None:
        """A stored game with its choices in order, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            rows = conn.execute(select(choices.c.seat, choices.c.choice, choices.c.by_person)
                                .where(choices.c.game_id == game_id).order_by(choices.c.n)).all()
        return StoredGame(id=row.id, setup=json.loads(row.setup), mode=row.mode, config=json.loads(row.config),
                          status=row.status, choices=[(r.seat, r.choice, bool(r.by_person)) for r in rows])

    def list_games(self) -> list[dict[str, Any]]:
        """Every game, newest first (id, mode, ruleset, quest, status, created)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.mode, games.c.setup, games.c.status, games.c.created)
                                .order_by(games.c.created.desc())).all()
        setups = [json.loads(r.setup) for r in rows]
        return [{"id": r.id, "mode": r.mode, "ruleset": setup.get("ruleset", "1e"), "quest": setup.get("quest", ""),
                 "status": r.status, "created": r.created} for r, setup in zip(rows, setups, strict=True)]

    def update_settings(self, game_id: str, person: int, settings: dict[str, Any]) -> None:
        """Keep person number ``person``'s table settings in the game's config (``settings``)."""
        with self.engine.begin() as conn:
            row = conn.execute(select(games.c.config).where(games.c.id == game_id)).first()
            if row is None:
                return
            config = json.loads(row.config)
            config.setdefault("settings", {}).setdefault(str(person), {}).update(settings)
            conn.execute(update(games).where(games.c.id == game_id).values(config=json.dumps(config)))

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers run beside the writer; NORMAL sync is durable against a killed process
    (the OS keeps the WAL), which is the failure the table must survive."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
