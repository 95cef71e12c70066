"""Load benchmark of the web table (not a test): N concurrent games driven over WebSockets.

Starts `delve serve` on a free localhost port over a fresh SQLite file, creates N solo games
(the solo overlord runs on the server) and drives each hero seat from an asyncio client that
sees only its messages and picks choices with a simple policy (keep, shop nothing, advance,
attack when it can, end the turn). Measures the round trip of a choice: sending it until the
state message that answers it arrives (so it includes the server-side overlord turn when the
choice ends the heroes' round, and the commit). Prints latency percentiles, choices per second
and games per second (a game here is ``--choices`` person choices, or fewer if it ends).

    .venv/bin/python bench/web_bench.py --games 100 --choices 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import websockets

from delve.web.server import free_port

ORDER = ("keep", "end_shopping", "place:", "end_equip", "turn:", "action:advance", "attack:", "familiar:done",
         "end_turn", "done", "pass")


def pick(state: dict[str, Any], rng: np.random.Generator) -> str:
    """A cheap client policy over the seat's own message."""
    ids = [c["id"] for c in state["pending"]["choices"]]
    if rng.random() < 0.15:
        return ids[int(rng.integers(len(ids)))]
    for prefix in ORDER:
        for choice in ids:
            if choice.startswith(prefix):
                return choice
    return ids[0]


async def play(url: str, gid: str, token: str, choices: int, seed: int, times: list[float]) -> int:
    """Drive one game; returns the number of choices made."""
    rng = np.random.default_rng(seed)
    made = 0
    async with websockets.connect(url.replace("http", "ws") + f"/ws/{gid}", max_size=None) as ws:
        await ws.send(json.dumps({"token": token}))
        state = json.loads(await ws.recv())
        while made < choices and state.get("pending") and state["pending"].get("yours"):
            serial = state["pending"]["serial"]
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "choose", "choice": pick(state, rng), "serial": serial}))
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] == "error":
                    raise RuntimeError(msg["error"])
                if msg["type"] == "state":
                    break
            times.append(time.perf_counter() - start)
            made += 1
            state = msg
    return made


async def run(url: str, games: int, choices: int) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=60) as client:
        created = []
        for i in range(games):
            res = await client.post(url + "/api/games", json={"mode": "solo", "seed": i + 1})
            data = res.json()
            created.append((data["id"], data["invites"][0]["url"].split("#", 1)[1]))
    times: list[float] = []
    start = time.perf_counter()
    made = await asyncio.gather(*(play(url, gid, tok, choices, i, times) for i, (gid, tok) in enumerate(created)))
    elapsed = time.perf_counter() - start
    ms = np.array(times) * 1000
    return {"games": games, "choices": int(sum(made)), "seconds": round(elapsed, 2),
            "choices_per_s": round(sum(made) / elapsed, 1), "games_per_s": round(games / elapsed, 2),
            "p50_ms": round(float(np.percentile(ms, 50)), 1), "p90_ms": round(float(np.percentile(ms, 90)), 1),
            "p99_ms": round(float(np.percentile(ms, 99)), 1), "max_ms": round(float(ms.max()), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--choices", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([sys.executable, "-m", "delve.cli.main", "serve", "--port", str(port),
                                   "--data-dir", str(Path(folder))], stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    httpx.get(url + "/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            for n in args.games:
                print(json.dumps(asyncio.run(run(url, n, args.choices))), flush=True)
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
