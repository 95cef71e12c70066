"""The simulation matrix behind docs/simulation.md: every starter quest against every matchup.

Why chunks: a 1,000-game run per quest and matchup takes hours on a shared 2-core machine, so
the games are played in chunks of ``--chunk`` games, round-robin over the matchups, and each
chunk is appended to a JSON-lines file as soon as it ends. Stopping the run at any moment leaves
every matchup with a similar number of finished games, and ``--table`` turns whatever is in the
file into the markdown table of docs/simulation.md. Chunk ``k`` of a matchup uses root seed
``SEED + k``, so any chunk is replayed exactly with
``delve simulate QUEST --heroes H --overlord O --games CHUNK --seed SEED+k``.

Run:   nice -n 10 .venv/bin/python bench/sim_matrix.py --out sim.jsonl --games 1000 [--workers 2]
Table: .venv/bin/python bench/sim_matrix.py --out sim.jsonl --table
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from pathlib import Path
from typing import Any

QUESTS = ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")
# (heroes, overlord): the three matchups issue 7 asks for, then AI against AI for information.
MATCHUPS = (("ai", "random"), ("random", "ai"), ("ai", "solo"), ("ai", "ai"))
SEED = 7000


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=False).stdout.strip()
    except OSError:
        return ""


def _done(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def play(path: Path, games: int, chunk: int, workers: int, quests: tuple[str, ...],
         matchups: tuple[tuple[str, str], ...], label: str) -> None:
    """Append chunks to ``path`` until every (quest, matchup) has ``games`` games."""
    from delve.sim.backends import run
    from delve.sim.report import summarise
    from delve.sim.runner import SimConfig

    rows = _done(path)
    counts: dict[tuple[str, str, str], int] = {}
    chunks: dict[tuple[str, str, str], int] = {}
    for row in rows:
        key = (row["quest"], row["heroes"], row["overlord"])
        counts[key] = counts.get(key, 0) + row["games"]
        chunks[key] = chunks.get(key, 0) + 1
    while True:
        todo = [(q, h, o) for (h, o) in matchups for q in quests if counts.get((q, h, o), 0) < games]
        if not todo:
            return
        for key in todo:
            quest, heroes, overlord = key
            k = chunks.get(key, 0)
            n = min(chunk, games - counts.get(key, 0))
            config = SimConfig(quest=quest, games=n, heroes=heroes, overlord=overlord, seed=SEED + k)
            start = time.perf_counter()
            summaries = run(config, backend="sequential" if workers == 1 else "processes", workers=workers)
            wall = time.perf_counter() - start
            s = summarise(summaries)
            row = {"quest": quest, "heroes": heroes, "overlord": overlord, "seed": SEED + k, "games": n,
                   "heroes_won": s["heroes_won"], "overlord_won": s["overlord_won"],
                   "unfinished": s["unfinished"], "errors": s["errors"],
                   "rounds_sum": sum(x["rounds"] for x in summaries if not x.get("error")),
                   "cpu_seconds": sum(x["seconds"] for x in summaries), "wall_seconds": wall,
                   "causes": s["causes"], "error_seeds": s["error_seeds"], "code": label}
            with path.open("a") as out:
                out.write(json.dumps(row) + "\n")
            counts[key] = counts.get(key, 0) + n
            chunks[key] = k + 1
            print(f"{quest:22}{heroes:>7} vs {overlord:<7} +{n}: {s['heroes_won']}/{n} heroes, "
                  f"{s['errors']} errors, {wall:.0f}s", flush=True)


def table(path: Path) -> str:
    """The markdown table of every (quest, matchup) in the file."""
    from delve.sim.report import wilson

    agg: dict[tuple[str, str, str], dict[str, Any]] = {}
    for row in _done(path):
        key = (row["quest"], row["heroes"], row["overlord"])
        a = agg.setdefault(key, {"games": 0, "heroes_won": 0, "overlord_won": 0, "unfinished": 0, "errors": 0,
                                 "rounds_sum": 0, "cpu": 0.0, "wall": 0.0, "codes": set()})
        for name in ("games", "heroes_won", "overlord_won", "unfinished", "errors", "rounds_sum"):
            a[name] += row[name]
        a["cpu"] += row["cpu_seconds"]
        a["wall"] += row["wall_seconds"]
        a["codes"].add(row.get("code", ""))
    lines = ["| quest | heroes | overlord | games | heroes won | 95% CI | overlord won | 95% CI | mean rounds "
             "| unfinished | errors | s/game | wall time |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    order = {q: i for i, q in enumerate(QUESTS)}
    mo = {m: i for i, m in enumerate(MATCHUPS)}
    for (quest, heroes, overlord), a in sorted(agg.items(), key=lambda kv: (mo.get(kv[0][1:], 9),
                                                                             order.get(kv[0][0], 9))):
        n = a["games"]
        hl, hh = wilson(a["heroes_won"], n)
        ol, oh = wilson(a["overlord_won"], n)
        finished = n - a["errors"]
        lines.append(f"| {quest} | {heroes} | {overlord} | {n} | {a['heroes_won']} ({a['heroes_won'] / n:.1%}) "
                     f"| {hl:.1%}-{hh:.1%} | {a['overlord_won']} ({a['overlord_won'] / n:.1%}) | {ol:.1%}-{oh:.1%} "
                     f"| {a['rounds_sum'] / max(1, finished):.1f} | {a['unfinished']} | {a['errors']} "
                     f"| {a['cpu'] / n:.2f} | {a['wall'] / 60:.0f} min |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("sim-matrix.jsonl"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quest", action="append", help="only these quests (repeat)")
    parser.add_argument("--matchup", action="append", help="only these, as HEROES:OVERLORD (repeat)")
    parser.add_argument("--label", default="", help="code the games ran on (default: the git commit)")
    parser.add_argument("--table", action="store_true", help="print the table of the file and stop")
    args = parser.parse_args()
    if args.table:
        print(table(args.out))
        return
    matchups = tuple(tuple(m.split(":")) for m in args.matchup) if args.matchup else MATCHUPS
    play(args.out, args.games, args.chunk, args.workers, tuple(args.quest or QUESTS),
         matchups,  # type: ignore[arg-type]
         args.label or _commit())


if __name__ == "__main__":
    main()
