"""Fixtures of the web-table tests: a real server process, and a real PostgreSQL when available."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from delve.web.server import free_port


@pytest.fixture(autouse=True)
def _table_limits_for_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Test clients: Starlette's TestClient names its host ``testserver``, and tests start many
    games from one address. The tests of those limits pass their own ``TableSettings``."""
    monkeypatch.setenv("DELVE_ALLOWED_HOSTS", "localhost,127.0.0.1,::1,testserver")
    monkeypatch.setenv("DELVE_CREATES_PER_MINUTE", "0")


@dataclass
class Server:
    """A `delve serve` process on a localhost port, over one database."""

    url: str
    store: str
    process: subprocess.Popen[bytes] | None = None
    workers: int = 1
    log: Any = None  # a temporary file with the server's standard error
    options: tuple[str, ...] = ()  # more `delve serve` options (no --database when ``store`` is empty)

    def start(self) -> None:
        port = int(self.url.rsplit(":", 1)[1])
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (kept open for the server; a pipe nobody reads blocks)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "delve.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
             *(("--database", self.store) if self.store else ()), "--workers", str(self.workers), *self.options],
            stdout=subprocess.DEVNULL,
            stderr=self.log)
        deadline = time.monotonic() + 30 + 30 * self.workers
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start: " + self.logged())

    def logged(self) -> str:
        """What the server wrote to its standard error so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self) -> None:
        """kill -9: no chance to flush or clean up."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:  # a router with workers shuts them down first: slow on a busy machine
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(url=f"http://127.0.0.1:{free_port()}", store=f"sqlite:///{tmp_path / 'table.sqlite3'}")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def make_server() -> Iterator[Callable[..., Server]]:
    """Start `delve serve` processes over a given database; all are stopped at the end."""
    started: list[Server] = []

    def make(store: str, *options: str, workers: int = 1, url: str | None = None) -> Server:
        srv = Server(url=url or f"http://127.0.0.1:{free_port()}", store=store, workers=workers, options=options)
        started.append(srv)
        srv.start()
        return srv

    yield make
    for srv in started:
        srv.stop()


@pytest.fixture
def sharded_server(tmp_path: Path) -> Iterator[Server]:
    """`delve serve --workers 2` over SQLite."""
    srv = Server(url=f"http://127.0.0.1:{free_port()}", store=f"sqlite:///{tmp_path / 'table.sqlite3'}", workers=2)
    srv.start()
    yield srv
    srv.stop()


def _postgres_bin() -> Path | None:
    for name in ("postgres", "initdb", "pg_ctl"):
        if shutil.which(name) is None:
            found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
            if not found:
                return None
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    return sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))[-1].parent


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL server on a temporary directory and a free localhost port."""
    bindir = _postgres_bin()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries (postgres, initdb, pg_ctl) on this machine")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[postgres]')")
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="delve-pg-"))  # not under pytest's 0700 folder: postgres must reach it
    data = folder / "data"
    port = free_port()
    user = os.environ.get("USER", "postgres")
    run_as: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use a plain user
        if shutil.which("runuser") is None or subprocess.run(["id", "postgres"], capture_output=True).returncode:
            pytest.skip("running as root without a 'postgres' user to start PostgreSQL as")
        shutil.chown(folder, "postgres")
        run_as, user = ["runuser", "-u", "postgres", "--"], "postgres"
    subprocess.run([*run_as, str(bindir / "initdb"), "-D", str(data), "-U", user, "-A", "trust"],
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
    subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
                    "-w", "start"], check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://{user}@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


class Table:
    """A web table in this process (FastAPI's TestClient) with helpers to start and play games."""

    def __init__(self, url: str) -> None:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from fastapi.testclient import TestClient

        from delve.web.app import create_app

        self.app = create_app(url)
        self.client = TestClient(self.app)

    def new(self, **body: object) -> tuple[str, list[str]]:
        """A new game: its id and one token per invitation."""
        res = self.client.post("/api/games", json=body)
        assert res.status_code == 200, res.text
        data = res.json()
        return data["id"], [str(i["url"].split("#", 1)[1]) for i in data["invites"]]

    def get(self, gid: str, token: str, what: str = "state", **params: object) -> dict:  # type: ignore[type-arg]
        res = self.client.get(f"/api/games/{gid}/{what}", headers={"X-Seat-Token": token}, params=params)
        assert res.status_code == 200, res.text
        return res.json()  # type: ignore[no-any-return]

    def choose(self, gid: str, token: str, state: dict, choice: str) -> dict:  # type: ignore[type-arg]
        res = self.client.post(f"/api/games/{gid}/choose", headers={"X-Seat-Token": token},
                               json={"choice": choice, "serial": state["pending"]["serial"]})
        assert res.status_code == 200, res.text
        return res.json()  # type: ignore[no-any-return]

    @property
    def hub(self):  # type: ignore[no-untyped-def]
        return self.app.state.hub


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A table over a fresh SQLite file."""
    return Table(f"sqlite:///{tmp_path / 'table.sqlite3'}")
