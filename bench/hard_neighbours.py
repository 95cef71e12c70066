"""How long a normal game's choices wait while a hard game on the same server plays (not a test).

One web-table server (uvicorn on a thread of this process, SQLite) serves two solo games at
once over WebSockets: a hard-overlord game whose heroes the hero AI plays as fast as it can, and
a normal-overlord game played by ``bench/web_bench.py``'s cheap client policy, timing each of its
choices (sent to answered). Run twice in one process: with the hard game's work on the event
loop (``LiveGame.thinks`` forced off: the server before its games with searching players moved
to the thread pool) and as shipped. Prints the normal game's round trips (median, 99th
percentile, longest) and the hard game's progress in each run (docs/web.md, "Hard opponents and
the other games").

    .venv/bin/python bench/hard_neighbours.py [QUEST] [SECONDS]
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import uvicorn
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from delve.ai.bots import make_bot
from delve.web.app import create_app
from delve.web.hub import LiveGame
from delve.web.server import free_port, uvicorn_config
from web_bench import pick


def _game(address: str, level: str, quest: str) -> tuple[str, str, str]:
    data = httpx.post(f"http://{address}/api/games", json={"mode": "solo", "seed": 5, "level": level, "quest": quest},
                      timeout=60).json()
    return data["id"], f"ws://{address}/ws/{data['id']}", data["invites"][0]["url"].split("#", 1)[1]


def _play_hard(app: Any, address: str, quest: str, stop: threading.Event, made: list[int]) -> None:
    """The hard game: the hero AI answers the person's decisions, read from the hub's game."""
    game_id, url, token = _game(address, "hard", quest)
    hero = make_bot("hero", 6)
    live = app.state.hub.games[game_id]
    with connect(url, open_timeout=60) as ws:
        ws.send(json.dumps({"token": token}))
        ws.recv(timeout=60)
        while not stop.is_set():
            with live.lock:
                decision = live.game.pending
                if decision is None or not any(decision.seat in p.seats for p in live.people):
                    return
                choice = hero.choose(decision, live.game)
            ws.send(json.dumps({"type": "choose", "choice": choice, "serial": decision.serial}))
            ws.recv(timeout=120)
            made[0] += 1


def _play_normal(address: str, seconds: float) -> list[float]:
    """The normal game: the cheap client policy, each choice's round trip in seconds."""
    _gid, url, token = _game(address, "normal", "first-steps")
    rng = np.random.default_rng(1)
    waits: list[float] = []
    deadline = time.monotonic() + seconds
    with connect(url, open_timeout=60) as ws:
        ws.send(json.dumps({"token": token}))
        state = json.loads(ws.recv(timeout=60))
        board = state["board"]
        while time.monotonic() < deadline and state["pending"] and state["pending"].get("yours"):
            start = time.perf_counter()
            ws.send(json.dumps({"type": "choose", "choice": pick(state, rng), "serial": state["pending"]["serial"]}))
            state = json.loads(ws.recv(timeout=120))
            waits.append(time.perf_counter() - start)
            board = state["board"] = state["board"] or board
            time.sleep(0.05)  # a person's think time, short
    return waits


def run(quest: str, seconds: float, on_loop: bool) -> None:
    original = LiveGame.thinks
    if on_loop:
        LiveGame.thinks = property(lambda self: False)  # type: ignore[method-assign,assignment]
    port = free_port()
    app = create_app(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    server = uvicorn.Server(uvicorn_config(app, host="127.0.0.1", port=port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    address = f"127.0.0.1:{port}"
    stop, made = threading.Event(), [0]
    hard = threading.Thread(target=_play_hard, args=(app, address, quest, stop, made), daemon=True)
    hard.start()
    time.sleep(1.0)
    try:
        waits = sorted(_play_normal(address, seconds))
    finally:
        stop.set()
        hard.join(timeout=120)
        server.should_exit = True
        thread.join(timeout=30)
        LiveGame.thinks = original  # type: ignore[method-assign]
    ms = [1000 * w for w in waits]
    print(f"{'hard game on the loop' if on_loop else 'as shipped (pool)   '}: normal game {len(ms)} choices, "
          f"round trip median {ms[len(ms) // 2]:.1f} ms, p99 {ms[int(len(ms) * 0.99)]:.1f} ms, max {ms[-1]:.1f} ms; "
          f"hard game {made[0]} person choices meanwhile", flush=True)


def main() -> None:
    quest = sys.argv[1] if len(sys.argv) > 1 else "the-sunken-forge"
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 30.0
    for on_loop in (True, False):
        run(quest, seconds, on_loop)


if __name__ == "__main__":
    main()
