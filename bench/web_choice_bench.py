"""Server CPU per choice of the web table, in-process, for two source trees side by side (not a test).

What a choice costs the server, without the network: ``Hub.choose`` (the engine's apply, the solo
overlord's answers, the commit to a fresh SQLite file) and the page's next state message encoded
as the socket sends it (``delve.web.page.Page.next_text``; a tree without that module is measured
with the socket code it had: ``messages.message``, the board left out when unchanged, and
Starlette's ``json.dumps``). The person's choices come from ``bench/web_bench.py``'s cheap policy
reading its own messages, outside the timing. Each tree runs in its own process with its ``src``
first on the path; the trees alternate, ``--repeats`` times each, and the medians are printed.
After the warm-up each tree settles its garbage collector as its server does
(``delve.web.server.settle_collector``, when the tree has it); ``--base-gc default`` or
``--mine-gc default`` leaves Python's collector as it is (to weigh that change alone).

    python bench/web_choice_bench.py --base /tmp/webcpu-base/src --games 20 --choices 40 --repeats 5
    python bench/web_choice_bench.py --one src [--profile]      # one tree, one run (or a cProfile)
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cpu_parts import time_calls, time_collector


class _OldPage:
    """The socket's page code before ``delve.web.page`` (the closure ``build`` of ``app.py``)."""

    def __init__(self, live: Any, person: Any) -> None:
        self.live, self.person = live, person
        self.sent: dict[str, Any] = {"log": 0, "epoch": live.epoch, "version": None, "board": None, "side": None}

    def next_text(self) -> str | None:
        from delve.web.messages import message, screen_side

        live, person, sent = self.live, self.person, self.sent
        with live.lock:
            version = (live.epoch, id(live.game), len(live.game.state.history), live.presence, len(live.chat))
            if version == sent["version"]:
                return None
            side = screen_side(live.game, person)
            same = sent["epoch"] == live.epoch and sent["side"] in (None, side)
            out = message(live, person, log_from=sent["log"] if same else 0)
            sent["log"], sent["epoch"], sent["version"], sent["side"] = out["log_length"], live.epoch, version, side
        if out["board"] == sent["board"]:
            out["board"] = None
        else:
            sent["board"] = out["board"]
        out["type"] = "state"
        return _starlette_dumps(out)


def _starlette_dumps(out: Any) -> str:
    return json.dumps(out, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))


def _page(live: Any, person: Any) -> Any:
    try:
        from delve.web.page import Page
    except ImportError:
        return _OldPage(live, person)
    return Page(live, person, person.token, 0)


def play(games: int, choices: int, profiler: cProfile.Profile | None = None, mode: str = "solo",
         digest: Any = None) -> tuple[int, float, int]:
    """(person choices, CPU seconds, bytes sent) of ``games`` games of ``mode`` of ``choices`` choices;
    every message text goes into ``digest`` (a hashlib object) when given."""
    from delve.web.hub import Hub
    from delve.web.store import Store
    from web_bench import pick

    hub = Hub(Store(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"))
    made, cpu, sent = 0, 0.0, 0
    for g in range(games):
        live = hub.create(mode=mode, seed=g + 1, game_id=f"{mode}{g:04d}")
        person = live.people[0]
        page = _page(live, person)
        text = page.next_text()
        if digest is not None:
            digest.update(text.encode())
        state = json.loads(text)
        board = state["board"]
        rng = np.random.default_rng(g)
        for _ in range(choices):
            if not (state["pending"] and state["pending"].get("yours")):
                break
            choice, serial = pick(state, rng), state["pending"]["serial"]
            start = time.process_time()
            if profiler:
                profiler.enable()
            hub.choose(live.id, person.token, choice, serial)
            text = page.next_text()
            if profiler:
                profiler.disable()
            cpu += time.process_time() - start
            made += 1
            sent += len(text.encode())
            if digest is not None:
                digest.update(text.encode())
            state = json.loads(text)
            board = state["board"] = state["board"] or board
    return made, cpu, sent


PARTS: dict[str, float] = {}


def _timed(owner: Any, name: str, part: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``PARTS[part]``."""
    time_calls(PARTS, owner, name, part)


def _time_parts() -> None:
    """Time the parts of a choice: the engine's apply (with the automated seats' own choosing
    counted under "rest of the round trip"), the commit, the state message, its JSON text and
    the garbage collector (``gc.callbacks``)."""

    import delve.web.messages as messages
    from delve.engine.game import Game
    from delve.web.store import Store

    _timed(Game, "apply", "engine: Game.apply")
    _timed(Store, "append", "store: append + commit")
    _timed(messages, "message", "state message (messages.message)")
    try:
        import delve.web.page as page
    except ImportError:
        _timed(sys.modules[__name__], "_starlette_dumps", "JSON text")
    else:
        _timed(page, "dumps", "JSON text")
    time_collector(PARTS)


def one(games: int, choices: int, profile: bool, top: int, parts: bool = False,
        settle: bool = True) -> dict[str, Any]:
    if parts:
        _time_parts()
    play(2, 40)  # load the pack, maps, rules and the solo overlord's modules first (a server does once)
    import delve.web.server as server

    if settle and hasattr(server, "settle_collector"):
        server.settle_collector()
    PARTS.clear()
    profiler = cProfile.Profile() if profile else None
    made, cpu, sent = play(games, choices, profiler)
    spent = {part: round(1000 * seconds / made, 4) for part, seconds in PARTS.items()}
    digest = hashlib.sha256()
    for mode in ("solo", "hotseat", "overlord"):  # every message text of a few more games, to compare trees
        play(3, 60, None, mode, digest)
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(top)
        stats.sort_stats("tottime").print_stats(top)
    return {"choices": made, "ms_per_choice": round(1000 * cpu / made, 4), "bytes_per_message": round(sent / made),
            "messages_sha256": digest.hexdigest()[:16], **({"parts_ms": spent} if parts else {})}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="the other tree's src folder")
    parser.add_argument("--mine", default=str(Path(__file__).resolve().parents[1] / "src"))
    parser.add_argument("--one", help="measure only this src folder (in this process)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--choices", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--parts", action="store_true", help="also time the parts of a choice (a little slower)")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--base-gc", choices=("settled", "default"), default="settled")
    parser.add_argument("--mine-gc", choices=("settled", "default"), default="settled")
    parser.add_argument("--gc", choices=("settled", "default"), default="settled", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        sys.path.insert(0, str(Path(args.one).resolve()))
        print(json.dumps(one(args.games, args.choices, args.profile, args.top, args.parts, args.gc == "settled")),
              flush=True)
        return
    trees = {"base": args.base, "mine": args.mine}
    collector = {"base": args.base_gc, "mine": args.mine_gc}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.repeats):
        for name, src in trees.items():
            env = {**os.environ, "PYTHONPATH": str(Path(src).resolve())}
            done = subprocess.run([sys.executable, __file__, "--one", src, "--games", str(args.games),
                                   "--choices", str(args.choices), "--gc", collector[name],
                                   *(["--parts"] if args.parts else [])],
                                  env=env, capture_output=True, text=True, check=True)
            runs[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(name, runs[name][-1], flush=True)
    for name, results in runs.items():
        ms = [r["ms_per_choice"] for r in results]
        print(f"{name}: median {statistics.median(ms):.3f} ms per choice (runs {', '.join(f'{m:.3f}' for m in ms)}), "
              f"{results[0]['bytes_per_message']} bytes per message, {results[0]['choices']} choices, "
              f"message texts {results[0]['messages_sha256']}")
        if args.parts:
            for part in results[0]["parts_ms"]:
                print(f"    {part}: median {statistics.median(r['parts_ms'].get(part, 0.0) for r in results):.3f} ms")


if __name__ == "__main__":
    main()
