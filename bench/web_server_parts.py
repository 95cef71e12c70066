"""Where the real server's CPU per choice goes (not a test): the choice, the state message, the
garbage collector and the rest (the socket: uvicorn's frames, Starlette, the event loop), and how
many choices each of the store's transactions held.

Starts a uvicorn server (``delve.web.server.uvicorn_config``, a fresh SQLite file) in a child
process with ``Hub.choose``, ``Page.next_text`` and the garbage collector timed in CPU time
inside it (a tree before ``delve.web.page``: ``messages.message``, its JSON left in the rest),
drives ``--games`` solo games of ``--choices`` choices over WebSockets with
``bench/web_bench.py``'s client, and prints the server's CPU per choice (from ``/proc``, from
when the games exist) with those parts; the rest is the socket and each page's HTTP upgrade.
``--src`` runs another tree's code (its ``src`` folder first on the path). ``--loop`` picks
uvicorn's event loop (``asyncio``, ``uvloop``) and ``--ws`` its WebSocket implementation (by
default the tree's own settings, ``delve.web.server.uvicorn_config``); ``--deflate`` turns
permessage-deflate on; ``--gc default`` leaves the collector as Python sets it (no
``delve.web.server.settle_collector``, as before it existed) and ``--young N`` sets the youngest
generation's threshold. ``--plain`` times no part: the total alone, without the wrappers'
CPU (a few microseconds a choice) or the clock reads they make; compare totals this way.
The server's resident memory after the run is printed too; ``--soak W`` plays ``W`` more waves
of ``--games`` new games (at most twice that many kept in memory, older ones evicted to the
store) and prints the memory after each, to show the collector's settings keep it bounded.

    python bench/web_server_parts.py --games 20 --choices 40 [--src /work/wt/base-f619862/src]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cpu_parts import time_calls, time_collector

SPENT: dict[str, float] = {"choice (Hub.choose)": 0.0, "state message": 0.0, "garbage collector": 0.0}
COMMITS = "transactions"  # the store's writes of choices (a tree with the group commit writes several games' at once)


def _timed(owner: Any, name: str, part: str) -> None:
    """Add the CPU time of ``owner.name`` to ``SPENT[part]``."""
    time_calls(SPENT, owner, name, part)


def _count_commits() -> None:
    """Count the store's transactions of choices in ``SPENT[COMMITS]``."""
    from delve.web.store import Store

    name = "_write" if hasattr(Store, "_write") else "append"  # trees before the group commit: one per append
    write = getattr(Store, name)

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        SPENT[COMMITS] = SPENT.get(COMMITS, 0.0) + 1
        return write(self, *args, **kwargs)

    setattr(Store, name, counted)


def serve(port: int, report: Path, options: dict[str, Any]) -> None:
    """The server side: uvicorn with the parts timed (unless ``plain``); SIGUSR1 writes ``SPENT``
    to ``report``."""
    import uvicorn

    import delve.web.messages as messages
    from delve.web.hub import Hub

    if not options.pop("plain", False):
        _timed(Hub, "choose", "choice (Hub.choose)")
        try:
            from delve.web.page import Page
        except ImportError:  # a tree before ``delve.web.page``: the message dict (its JSON is in the rest)
            _timed(messages, "message", "state message")
        else:
            _timed(Page, "next_text", "state message")
        time_collector(SPENT)
        _count_commits()
    import delve.web.server as server
    from delve.web.app import create_app  # after the wrapping: it imports ``message`` by name

    signal.signal(signal.SIGUSR1, lambda *_: report.write_text(json.dumps(SPENT)))
    os.environ.setdefault("DELVE_CREATES_PER_MINUTE", "0")
    app = create_app(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    young = options.pop("young", 0)
    if options.pop("settle", False) and hasattr(server, "settle_collector"):
        server.settle_collector()
    if young:  # another threshold for the youngest generation (tried: docs/performance.md)
        gc.set_threshold(young, *gc.get_threshold()[1:])
    config = server.uvicorn_config(app, host="127.0.0.1", port=port)
    for name, value in options.items():  # after the tree's own settings, which they override
        if value == "server":  # the tree's own setting
            continue
        setattr(config, name, value)
    uvicorn.Server(config).run()


def rss_mb(pid: int) -> float:
    """The resident memory of a process in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def spent(pid: int, report: Path) -> dict[str, float]:
    """The server's timed parts so far."""
    report.unlink(missing_ok=True)
    os.kill(pid, signal.SIGUSR1)
    for _ in range(100):
        if report.exists() and report.read_text():
            return dict(json.loads(report.read_text()))
        time.sleep(0.05)
    raise RuntimeError("the server did not report")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--choices", type=int, default=40)
    parser.add_argument("--src", help="another tree's src folder (default: this tree's)")
    parser.add_argument("--ws", default="server", help="uvicorn's WebSocket implementation (server: the tree's "
                                                           "own setting; auto, websockets, websockets-sansio, wsproto)")
    parser.add_argument("--deflate", action="store_true", help="permessage-deflate on")
    parser.add_argument("--loop", default="server", help="uvicorn's event loop (server: the tree's own setting; "
                                                             "auto: uvloop when installed; asyncio; uvloop)")
    parser.add_argument("--gc", choices=("settled", "default"), default="settled",
                        help="settled: the tree's settle_collector when it has one")
    parser.add_argument("--young", type=int, default=0, help="the youngest generation's threshold (default: Python's)")
    parser.add_argument("--plain", action="store_true",
                        help="time no parts: the server's total CPU alone, without the timing wrappers")
    parser.add_argument("--soak", type=int, default=0, help="waves of new games after the run (memory)")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the child: serve on this port
    parser.add_argument("--report", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, Path(args.report), {"ws": args.ws, "ws_per_message_deflate": args.deflate, "loop": args.loop,
                                              "settle": args.gc == "settled", "young": args.young,
                                              "plain": args.plain})
        return
    from delve.web.server import free_port
    from web_bench import run, wait_ready

    src = Path(args.src or Path(__file__).resolve().parents[1] / "src").resolve()
    port, report = free_port(), Path(tempfile.mkdtemp()) / "spent.json"
    path = os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])  # e.g. another WebSocket library
    env = {**os.environ, "DELVE_MAX_LIVE_GAMES": str(2 * args.games), "PYTHONPATH": path}
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--report", str(report),
                               "--ws", args.ws, "--gc", args.gc, "--young", str(args.young), "--loop", args.loop,
                               *(["--deflate"] if args.deflate else []), *(["--plain"] if args.plain else [])],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url)
        asyncio.run(run(url, server.pid, 4, args.choices, 0.0))  # warm up: imports, caches
        before = spent(server.pid, report)
        result = asyncio.run(run(url, server.pid, args.games, args.choices, 0.0))  # CPU after creating the games
        after = spent(server.pid, report)
        memory = rss_mb(server.pid)
        soak = [memory]
        for _ in range(args.soak):
            time.sleep(6)  # the last wave's games become idle (the hub evicts games idle for 5 s)
            asyncio.run(run(url, server.pid, args.games, args.choices, 0.0))
            soak.append(rss_mb(server.pid))
    finally:
        server.send_signal(signal.SIGINT)
        server.wait()
    made = max(1, result["choices"])
    total = round(1000 * result["server_cpu_s"] / made, 3)
    parts = {part: round(1000 * (after[part] - before[part]) / made, 3) for part in SPENT if part != COMMITS}
    parts["socket and the rest"] = round(total - parts["choice (Hub.choose)"] - parts["state message"], 3)
    commits = after.get(COMMITS, 0.0) - before.get(COMMITS, 0.0)
    if commits:
        parts["choices per transaction"] = round(made / commits, 2)
    if args.plain:  # nothing was timed: the total alone
        parts = {}
    print(json.dumps({"src": str(src), "ws": args.ws, "loop": args.loop, "deflate": args.deflate, "gc": args.gc,
                      "young": args.young, "rss_mb": memory,
                      **({"soak_rss_mb": soak} if args.soak else {}), "choices": result["choices"],
                      "server_cpu_ms_per_choice": total,
                      "parts_ms_per_choice (the collector runs inside the others)": parts,
                      "load": result["load_after"]}), flush=True)


if __name__ == "__main__":
    main()
