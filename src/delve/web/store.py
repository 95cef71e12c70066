"""Durable games: a setup, the players' seats and tokens, and the list of accepted choices.

Why store choices and not states: a game is fully determined by its ``GameSetup`` and its
history (``delve.api.replay_game``), so one small row per accepted choice is all a restart
needs, a replay can step through it, and undo is "delete the tail". Each choice is committed
before the server acknowledges it, so ``kill -9`` at any moment loses nothing acknowledged.

SQLite (WAL, one file) by default; any SQLAlchemy URL (e.g. ``postgresql+psycopg://...``) works.

Why seat tokens are stored hashed: whoever reads the database (a backup, a shared disk) must not
be able to play anyone's seat. A token is 144 random bits, so a plain SHA-256 is enough (there is
nothing to guess that a slow, salted hash would protect); a request's token is hashed and
compared. Stores written before hashing keep plain tokens in ``config``: opening the store
replaces them by their hashes (``_hash_plain_tokens``), and ``hub`` accepts either form.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
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
    make_url,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

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

seat_tokens = Table(
    "seat_tokens", metadata,
    Column("hash", String(64), primary_key=True),  # token_hash of one person's token
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
)


def token_hash(token: str) -> str:
    """What the store keeps of a seat token (see the module's docstring)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class StoredGame:
    """One game as stored: what ``hub`` needs to rebuild it."""

    id: str
    setup: dict[str, Any]
    mode: str
    config: dict[str, Any]
    status: str
    choices: list[tuple[str, str, bool]]  # (seat, choice id, made by a person)


@dataclass
class Staged:
    """Accepted choices of one game waiting for the next grouped commit (``Store.stage``)."""

    game_id: str
    start: int  # the position of the first of ``records`` in the game's history
    records: list[tuple[str, str, bool]]
    status: str  # the game's status after them


def sqlite_url(data_dir: Path, own_folder: bool = False) -> str:
    """The default database: one SQLite file in the data directory, created private to the user
    (0700: it holds every game and the play.json of `delve play`). An existing folder keeps its
    mode (it may be any folder a user named), unless it is Delve's own (``own_folder``)."""
    private_folder(data_dir, fix_existing=own_folder)
    return f"sqlite:///{data_dir / 'delve.sqlite3'}"


def private_folder(folder: Path, fix_existing: bool = False) -> None:
    """Create ``folder`` (and parents) if needed, readable by its owner only."""
    if folder.is_dir() and not fix_existing:
        return
    folder.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):  # not ours to change: leave it
        folder.chmod(0o700)


def private_sqlite_file(url: str) -> None:
    """Create a SQLite database file as 0600 before SQLite does (it would use the umask, usually
    0644); SQLite gives its WAL and shared-memory files the same mode as the database."""
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        path.chmod(0o600)


class Store:
    """All database access of the web table (SQLAlchemy Core, one short transaction per call)."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            private_sqlite_file(url)
        self.engine: Engine = create_engine(url, future=True)
        self._sqlite_file: str | None = None  # the file the choices' fast path writes to
        self._writers = threading.local()
        self._opened: list[sqlite3.Connection] = []
        # Staged choices (SQLite only: a server database's commits run on threads, not grouped).
        # The lock is held while staged rows are taken and written and while a game's choices
        # are written or deleted directly: each game's rows reach the file in their order.
        self._staged: list[Staged] = []
        self._staged_lock = threading.Lock()
        self._groups = url.startswith("sqlite")
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
            database = make_url(url).database
            if make_url(url).drivername in ("sqlite", "sqlite+pysqlite") and database and database != ":memory:" \
                    and not database.startswith("file:"):
                self._sqlite_file = database
        metadata.create_all(self.engine)
        self._hash_plain_tokens()

    def create(self, game_id: str, setup: dict[str, Any], mode: str, config: dict[str, Any]) -> None:
        """Record a new game; ``config["people"]`` carry ``token_hash``, never a token."""
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(id=game_id, setup=json.dumps(setup), mode=mode,
                                              config=json.dumps(config), created=time.time(), status="running"))
            hashes = [p["token_hash"] for p in config["people"]]
            hashes += [config["host_hash"]] if config.get("host_hash") else []
            conn.execute(insert(seat_tokens), [{"hash": digest, "game_id": game_id} for digest in hashes])

    def _hash_plain_tokens(self) -> None:
        """Replace the plain tokens of games stored by older versions with their hashes."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.config).where(games.c.config.like('%"token": %'))).all()
        for row in rows:
            config = json.loads(row.config)
            for person in config["people"]:
                if "token" in person:
                    person["token_hash"] = token_hash(person.pop("token"))
            with contextlib.suppress(IntegrityError), self.engine.begin() as conn:  # another process did it
                conn.execute(update(games).where(games.c.id == row.id).values(config=json.dumps(config)))
                conn.execute(insert(seat_tokens), [{"hash": p["token_hash"], "game_id": row.id}
                                                   for p in config["people"]])

    def append(self, game_id: str, start: int, records: Sequence[tuple[str, str, bool]], status: str) -> None:
        """Add accepted choices at positions ``start``..., in one transaction (committed on return),
        with the game's staged choices before them (``stage``), which stay staged on an error."""
        if not records:
            return
        entry = Staged(game_id, start, list(records), status)
        if not self._groups:  # nothing is ever staged
            self._write([entry])
            return
        with self._staged_lock:
            self._write_with_staged(game_id, [entry])

    def _write_with_staged(self, game_id: str, entries: list[Staged]) -> None:
        """The game's staged choices, then ``entries``, in one transaction; the staged ones leave
        the stage only once written. The caller holds ``_staged_lock``."""
        own = [s for s in self._staged if s.game_id == game_id]
        if not own and not entries:
            return
        self._write([*own, *entries])
        if own:
            self._staged = [s for s in self._staged if s.game_id != game_id]

    def stage(self, game_id: str, start: int, records: Sequence[tuple[str, str, bool]], status: str) -> None:
        """Keep accepted choices to commit with other games' at the next ``commit_staged``.

        Why: on a busy table each commit cost about a twentieth of a choice's CPU, and the event
        loop serves several games' choices in each of its turns; ``delve.web.group_commit``
        commits them once a turn and acknowledges none before. SQLite only."""
        if not self._groups:
            raise ValueError("only a SQLite store groups its commits")
        if records:
            with self._staged_lock:
                self._staged.append(Staged(game_id, start, list(records), status))

    @property
    def staged(self) -> bool:
        """Whether choices wait for ``commit_staged``."""
        return bool(self._staged)

    def commit_staged(self) -> list[Staged]:
        """Commit every staged choice, in one transaction; returns those that could not be written.

        After a failed transaction each game's entries are tried alone, so one game's error
        (say a clash with its stored rows) does not lose the others'; once an entry of a game
        fails, that game's later entries are not written either (its history would have a gap)."""
        with self._staged_lock:
            staged, self._staged = self._staged, []
            if not staged:
                return []
            try:
                self._write(staged)
                return []
            except Exception:  # tried one by one below
                pass
            failed: list[Staged] = []
            for entry in staged:
                if any(f.game_id == entry.game_id for f in failed):
                    failed.append(entry)
                    continue
                try:
                    self._write([entry])
                except Exception:
                    failed.append(entry)
            return failed

    def _write(self, entries: Sequence[Staged]) -> None:
        """``entries``' choices (and each game's status when it is not running) in one transaction."""
        rows = [(e.game_id, e.start + i, seat, choice, int(person))
                for e in entries for i, (seat, choice, person) in enumerate(e.records)]
        ended = [(e.status, e.game_id) for e in entries if e.status != "running"]
        if self._sqlite_file is not None:
            self._write_sqlite(rows, ended)
            return
        with self.engine.begin() as conn:
            conn.execute(insert(choices), [dict(zip(("game_id", "n", "seat", "choice", "by_person"), row, strict=True))
                                           for row in rows])
            for status, game_id in ended:
                conn.execute(update(games).where(games.c.id == game_id).values(status=status))

    def _write_sqlite(self, rows: list[tuple[str, int, str, str, int]], ended: list[tuple[str, str]]) -> None:
        """``_write`` on this thread's own connection to the SQLite file, in plain SQL.

        Why: the choices of every round trip are written here, and SQLAlchemy's connection
        checkout and statement handling cost about 70 us of the ~100 us this takes through it;
        the transaction and its commit (WAL, ``synchronous=NORMAL``) are the same."""
        conn: sqlite3.Connection | None = getattr(self._writers, "conn", None)
        if conn is None:
            conn = sqlite3.connect(str(self._sqlite_file), check_same_thread=False)
            _sqlite_pragmas(conn, None)
            self._writers.conn = conn
            self._opened.append(conn)
        with conn:  # one transaction: committed on return, rolled back on an error
            conn.executemany("INSERT INTO choices (game_id, n, seat, choice, by_person) VALUES (?, ?, ?, ?, ?)", rows)
            if ended:
                conn.executemany("UPDATE games SET status = ? WHERE id = ?", ended)

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget every choice from position ``keep`` on (undo), after writing the game's staged ones."""
        with self._staged_lock if self._groups else contextlib.nullcontext():
            self._write_with_staged(game_id, [])
            self._truncate(game_id, keep)

    def _truncate(self, game_id: str, keep: int) -> None:
        """``truncate``'s own transaction: the rows from ``keep`` on go, the game runs again."""
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

    def list_games(self, hashes: Sequence[str]) -> list[dict[str, Any]]:
        """The games of the seat tokens hashed as ``hashes``, newest first: id, mode, ruleset,
        quest, status, created, and the name and seats of the token's person."""
        if not hashes:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_tokens.c.hash, games.c.id, games.c.mode, games.c.setup, games.c.config,
                                       games.c.status, games.c.created)
                                .join(games, games.c.id == seat_tokens.c.game_id)
                                .where(seat_tokens.c.hash.in_(list(hashes)))
                                .order_by(games.c.created.desc())).all()
        out = []
        for r in rows:
            setup = json.loads(r.setup)
            config = json.loads(r.config)
            host = {"name": "Host", "seats": []} if config.get("host_hash") == r.hash else {}
            person: dict[str, Any] = next((p for p in config["people"] if p.get("token_hash") == r.hash), host)
            out.append({"id": r.id, "mode": r.mode, "ruleset": setup.get("ruleset", "1e"),
                        "quest": setup.get("quest", ""), "status": r.status, "created": r.created,
                        "name": person.get("name", ""), "seats": person.get("seats", [])})
        return out

    def ping(self) -> None:
        """Raise if the database does not answer (the health check)."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    def update_settings(self, game_id: str, person: int, settings: dict[str, Any]) -> None:
        """Keep person number ``person``'s table settings in the game's config (``settings``)."""
        with self.engine.begin() as conn:
            row = conn.execute(select(games.c.config).where(games.c.id == game_id)).first()
            if row is None:
                return
            config = json.loads(row.config)
            config.setdefault("settings", {}).setdefault(str(person), {}).update(settings)
            conn.execute(update(games).where(games.c.id == game_id).values(config=json.dumps(config)))

    def _change_config(self, conn: Any, game_id: str, change: Callable[[dict[str, Any]], None]) -> None:
        row = conn.execute(select(games.c.config).where(games.c.id == game_id)).first()
        if row is None:
            return
        config = json.loads(row.config)
        change(config)
        conn.execute(update(games).where(games.c.id == game_id).values(config=json.dumps(config)))

    def replace_token(self, game_id: str, person: int, new_hash: str) -> None:
        """Give person number ``person`` a new token (hash ``new_hash``); the old one stops working."""
        with self.engine.begin() as conn:
            old: list[str] = []

            def change(config: dict[str, Any]) -> None:
                old.append(config["people"][person]["token_hash"])
                config["people"][person]["token_hash"] = new_hash

            self._change_config(conn, game_id, change)
            conn.execute(delete(seat_tokens).where(seat_tokens.c.hash.in_(old)))
            conn.execute(insert(seat_tokens).values(hash=new_hash, game_id=game_id))

    def add_person(self, game_id: str, entry: dict[str, Any]) -> None:
        """Add a person (``{token_hash, name, seats}``: a spectator) to a stored game."""
        with self.engine.begin() as conn:
            self._change_config(conn, game_id, lambda config: config["people"].append(entry))
            conn.execute(insert(seat_tokens).values(hash=entry["token_hash"], game_id=game_id))

    def add_chat(self, game_id: str, line: dict[str, Any], kept: int) -> None:
        """Keep a chat line with the game (the last ``kept`` lines are kept)."""
        def change(config: dict[str, Any]) -> None:
            config["chat"] = [*config.get("chat", []), line][-kept:]

        with self.engine.begin() as conn:
            self._change_config(conn, game_id, change)

    def close(self) -> None:
        """Commit what is staged; release the connection pool and the choices' own connections."""
        if self._staged:
            self.commit_staged()
        self.engine.dispose()
        for conn in self._opened:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        self._opened.clear()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers run beside the writer; NORMAL sync is durable against a killed process
    (the OS keeps the WAL), which is the failure the table must survive."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
