"""Load benchmark of the web table (not a test): N concurrent games driven over WebSockets.

Starts `delve serve` on a free localhost port over a fresh SQLite file, creates N solo games
(the solo overlord runs on the server) and drives each hero seat from an asyncio client that
sees only its messages and picks choices with a simple policy (keep, shop nothing, advance,
attack when it can, end the turn). Measures the round trip of a choice: sending it until the
state message that answers it arrives (so it includes the server-side overlord turn when the
choice ends the heroes' round, and the commit). Prints latency percentiles, choices per second,
games per second (a game here is ``--choices`` person choices, or fewer if it ends), and the
server's CPU time per choice (its service time, whatever the queueing; read from /proc for the
server and its worker processes), with the machine's load average.

``--think S`` makes each client wait a random time (exponential, mean S seconds) before each
choice, as people do; with the default 0 every client answers at once, so N clients keep the
server saturated and the latency measures the queue (about N / throughput).

    .venv/bin/python bench/web_bench.py --games 100 --choices 40 [--think 1] [--workers 2]
    .venv/bin/python bench/web_bench.py --games 1 --choices 400 --replay   # replay slider steps
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its descendants (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    while pids:
        current = pids.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{current}/task").iterdir():
                children = (task / "children").read_text().split()
                pids.extend(int(c) for c in children)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


async def play(url: str, gid: str, token: str, choices: int, seed: int, think: float, times: list[float]) -> int:
    """Drive one game; returns the number of choices made."""
    rng = np.random.default_rng(seed)
    made = 0
    async with websockets.connect(url.replace("http", "ws") + f"/ws/{gid}", max_size=None) as ws:
        await ws.send(json.dumps({"token": token}))
        state = json.loads(await ws.recv())
        while made < choices and state.get("pending") and state["pending"].get("yours"):
            if think:
                await asyncio.sleep(float(rng.exponential(think)))
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


def wait_ready(url: str) -> None:
    """Wait (at most about 30 s) until the server at ``url`` answers."""
    for _ in range(300):
        try:
            httpx.get(url + "/api/games", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)


async def create(url: str, games: int) -> list[tuple[str, str]]:
    async with httpx.AsyncClient(timeout=60) as client:
        created = []
        for i in range(games):
            res = await client.post(url + "/api/games", json={"mode": "solo", "seed": i + 1})
            data = res.json()
            created.append((data["id"], data["invites"][0]["url"].split("#", 1)[1]))
    return created


async def run(url: str, server_pid: int, games: int, choices: int, think: float) -> dict[str, Any]:
    created = await create(url, games)
    times: list[float] = []
    load = os.getloadavg()[0]
    cpu = cpu_seconds(server_pid)
    start = time.perf_counter()
    made = await asyncio.gather(*(play(url, gid, tok, choices, i, think, times)
                                  for i, (gid, tok) in enumerate(created)))
    elapsed = time.perf_counter() - start
    cpu = cpu_seconds(server_pid) - cpu
    ms = np.array(times) * 1000
    total = int(sum(made))
    return {"games": games, "think_s": think, "choices": total, "seconds": round(elapsed, 2),
            "choices_per_s": round(total / elapsed, 1), "games_per_s": round(games / elapsed, 2),
            "p50_ms": round(float(np.percentile(ms, 50)), 1), "p90_ms": round(float(np.percentile(ms, 90)), 1),
            "p99_ms": round(float(np.percentile(ms, 99)), 1), "max_ms": round(float(ms.max()), 1),
            "server_cpu_ms_per_choice": round(1000 * cpu / max(1, total), 2), "server_cpu_s": cpu,
            "load_before": round(load, 1), "load_after": round(os.getloadavg()[0], 1)}


async def replay_steps(url: str, choices: int) -> dict[str, Any]:
    """Play one game to ``choices`` person choices, then time the replay slider: every step
    forward from the start, then back one step at a time from the end (server CPU per step)."""
    [(gid, token)] = await create(url, 1)
    await play(url, gid, token, choices, 0, 0.0, [])
    headers = {"X-Seat-Token": token}
    async with httpx.AsyncClient(timeout=120) as client:
        total = (await client.get(url + f"/api/games/{gid}/replay?step=0", headers=headers)).json()["replay"]["of"]
        out: dict[str, Any] = {"replay_of_choices": total}
        for label, steps in (("forward", range(0, total + 1)), ("back", range(total, max(-1, total - 40), -1))):
            spent = []
            for step in steps:
                start = time.perf_counter()
                res = await client.get(url + f"/api/games/{gid}/replay?step={step}", headers=headers)
                spent.append(time.perf_counter() - start)
                assert res.status_code == 200, res.text
            ms = np.array(spent) * 1000
            out[f"{label}_p50_ms"] = round(float(np.percentile(ms, 50)), 1)
            out[f"{label}_max_ms"] = round(float(ms.max()), 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--choices", type=int, default=40)
    parser.add_argument("--think", type=float, default=0.0, help="mean think time per choice in seconds")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes (delve serve --workers)")
    parser.add_argument("--replay", action="store_true", help="time the replay slider instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "delve.cli.main", "serve", "--port", str(port),
                   "--data-dir", str(Path(folder))]
        if "--creates-per-minute" in subprocess.run([*command, "--help"], capture_output=True, text=True).stdout:
            command += ["--creates-per-minute", "0"]  # one client starts every game (older servers: no limit)
        if args.workers != 1:
            command += ["--workers", str(args.workers)]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            wait_ready(url)
            if args.replay:
                print(json.dumps(asyncio.run(replay_steps(url, args.choices))), flush=True)
                return
            asyncio.run(run(url, server.pid, 2 * args.workers, 10, 0.0))  # warm up: imports, caches
            for n in args.games:
                print(json.dumps(asyncio.run(run(url, server.pid, n, args.choices, args.think))), flush=True)
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
