"""The graded-levels table of docs/simulation.md: each overlord level against the hero AI.

Plays every shipped quest (the four starter quests and both encounters of the 2e tutorial:
``first-steps-2e`` plays encounter 1 then 2 and the winner of encounter 2 wins;
``first-steps-2e-2`` starts at encounter 2) with the overlord at each level (easy: the solo
procedure, normal: the overlord AI, hard: the search player) against
the same hero AI, in chunks appended to a JSON-lines file, round-robin, so a stopped run leaves
every cell with a similar number of games. Chunk ``k`` uses root seed ``SEED + k`` for every
level: the levels meet the same game seeds (same setups, same first dice). ``--table`` prints
each cell's overlord win rate with its 95% Wilson interval and, per quest, the difference with
the level below and its 95% interval (Newcombe's method from the two Wilson intervals), and the
wall-clock seconds per game inside a worker (CPU figures: ``bench/levels_bench.py``).

``--side heroes`` measures the hero levels instead (easy: random, normal: the hero AI, hard:
the hero search) against the same normal overlord; the table then gives the heroes' win rate.
``--hard-budget WORLDS,CANDIDATES`` plays the hard level at a smaller search budget than its
default (2,3), for when the default is too slow to measure; rows record the budget.

Run:   nice -n 10 .venv/bin/python bench/levels_matrix.py --out levels.jsonl --games 8 --hard-games 4 --chunk 4
Table: .venv/bin/python bench/levels_matrix.py --out levels.jsonl --table
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from sim_matrix import _commit  # bench/ is on sys.path
from sim_matrix import _done as _rows

QUESTS = (("1e", "first-steps"), ("1e", "bridge-of-teeth"), ("1e", "the-drowned-library"),
          ("1e", "the-sunken-forge"), ("2e", "first-steps-2e"), ("2e", "first-steps-2e-2"))
LEVELS = ("easy", "normal", "hard")
SEED = 9100


def set_hard_budget(worlds: int, candidates: int) -> None:
    """Make every search player of this process use this budget (sequential runs: the workers
    of the processes backend are forked from this one and keep it too)."""
    import functools

    import delve.ai.search as search

    search.Budget = functools.partial(search.Budget, worlds=worlds, candidates=candidates)  # type: ignore[misc]


def play(path: Path, targets: dict[str, int], chunk: int, workers: int, quests: tuple[tuple[str, str], ...],
         label: str, side: str = "overlord", budget: str = "", root: int = SEED) -> None:
    """Append chunks until every (quest, level) cell has its target number of games."""
    from delve.rulesets import default_content
    from delve.sim.backends import run
    from delve.sim.report import summarise
    from delve.sim.runner import SimConfig

    counts: dict[tuple[str, str], int] = {}
    chunks: dict[tuple[str, str], int] = {}
    for row in _rows(path):
        key = (row["quest"], row["level"])
        if row.get("side", "overlord") != side or row.get("budget", "") != (budget if row["level"] == "hard" else ""):
            continue
        counts[key] = counts.get(key, 0) + row["games"]
        chunks[key] = chunks.get(key, 0) + 1
    while True:
        todo = [(r, q, lv) for lv in LEVELS for r, q in quests if counts.get((q, lv), 0) < targets[lv]]
        if not todo:
            return
        for ruleset, quest, level in todo:
            key = (quest, level)
            k = chunks.get(key, 0)
            n = min(chunk, targets[level] - counts.get(key, 0))
            pack, quest_id = default_content(ruleset, quest)
            players = {"heroes": "ai", "overlord": level} if side == "overlord" else {"heroes": level, "overlord": "ai"}
            config = SimConfig(quest=quest_id, pack=pack, ruleset=ruleset, games=n, seed=root + k, **players)
            start = time.perf_counter()
            summaries = run(config, backend="sequential" if workers == 1 else "processes", workers=workers)
            wall = time.perf_counter() - start
            s = summarise(summaries)
            row = {"quest": quest, "ruleset": ruleset, "level": level, "seed": root + k, "games": n,
                   "heroes_won": s["heroes_won"], "overlord_won": s["overlord_won"], "unfinished": s["unfinished"],
                   "errors": s["errors"], "rounds_sum": sum(x["rounds"] for x in summaries if not x.get("error")),
                   "choices_sum": sum(x["choices"] for x in summaries),
                   "cpu_seconds": sum(x["seconds"] for x in summaries), "wall_seconds": wall, "code": label,
                   "error_seeds": s["error_seeds"], "side": side,
                   # each game's winner in game order (O overlord, h heroes, - none): the levels
                   # meet the same game seeds, so the cells can be compared game by game
                   "winners": "".join({"overlord": "O", "heroes": "h"}.get(x.get("winner") or "", "-")
                                      for x in sorted(summaries, key=lambda x: x["index"]))}
            if budget and level == "hard":
                row["budget"] = budget
            with path.open("a") as out:
                out.write(json.dumps(row) + "\n")
            counts[key] = counts.get(key, 0) + n
            chunks[key] = k + 1
            print(f"{side} {quest:22}{level:>7} +{n}: overlord {s['overlord_won']}/{n}, heroes {s['heroes_won']}, "
                  f"{s['errors']} errors, "
                  f"{wall:.0f}s", flush=True)


def newcombe(a: int, n: int, b: int, m: int) -> tuple[float, float]:
    """95% interval of p_a - p_b (Newcombe's hybrid score method, from two Wilson intervals)."""
    from delve.sim.report import wilson

    pa, pb = a / n, b / m
    la, ua = wilson(a, n)
    lb, ub = wilson(b, m)
    d = pa - pb
    return (d - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2), d + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2))


def _side(row: dict) -> str:
    return "both" if row["level"] == "normal" else row.get("side", "overlord")


def table(paths: list[Path], side: str = "overlord") -> str:
    """The markdown table: one row per quest and level (a level played at another search
    budget is its own row, "hard (1,2)")."""
    from delve.sim.report import wilson

    agg: dict[tuple[str, str], dict[str, float]] = {}
    levels: list[str] = list(LEVELS)
    # A chunk copied into two files counts once; "normal" is the same pairing on either side
    # (hero AI against overlord AI), so its rows serve both tables.
    unique = {(_side(r), r["quest"], r["level"], r.get("budget", ""), r["seed"], r["games"]): r
              for path in paths for r in _rows(path)}
    for row in unique.values():
        if _side(row) not in (side, "both"):
            continue
        level = row["level"] + (f" ({row['budget']})" if row.get("budget") else "")
        if level not in levels:
            levels.append(level)
        a = agg.setdefault((row["quest"], level), dict.fromkeys(
            ("games", "overlord_won", "heroes_won", "unfinished", "errors", "rounds_sum", "choices_sum", "cpu"), 0.0))
        for name in ("games", "overlord_won", "heroes_won", "unfinished", "errors", "rounds_sum", "choices_sum"):
            a[name] += row[name]
        a["cpu"] += row["cpu_seconds"]
    won_key = "overlord_won" if side == "overlord" else "heroes_won"
    lines = [f"| quest | {side} level | games | {side} won | 95% CI | minus the level below (95% CI) "
             "| mean rounds | errors | s/game |",
             "|---|---|---|---|---|---|---|---|---|"]
    for _ruleset, quest in QUESTS:
        below: tuple[int, int] | None = None
        for level in levels:
            a = agg.get((quest, level))
            if not a:
                continue
            n, won = int(a["games"]), int(a[won_key])
            lo, hi = wilson(won, n)
            diff = ""
            if below is not None:
                dlo, dhi = newcombe(won, n, *below)
                diff = f"{won / n - below[0] / below[1]:+.1%} ({dlo:+.1%} to {dhi:+.1%})"
            finished = max(1, n - int(a["errors"]))
            lines.append(f"| {quest} | {level} | {n} | {won} ({won / n:.1%}) | {lo:.1%}-{hi:.1%} | {diff} "
                         f"| {a['rounds_sum'] / finished:.1f} | {int(a['errors'])} | {a['cpu'] / n:.1f} |")
            if level in LEVELS and level != "hard":  # every hard row (any budget) is set against normal
                below = (won, n)
    return "\n".join(lines)


def paired(paths: list[Path], side: str = "overlord") -> str:
    """Hard against normal game by game, where both rows of a chunk list their games' winners
    (same quest, root seed and game count: the same game seeds): games hard won and normal
    lost, the reverse, and the paired difference with its 95% interval (Wald, for matched pairs:
    only the games whose results differ carry information)."""
    won = "O" if side == "overlord" else "h"
    cells: dict[tuple[str, str, int, int], str] = {}
    for path in paths:
        for row in _rows(path):
            if row.get("winners") and not row.get("budget") and _side(row) in (side, "both"):
                cells[(row["quest"], row["level"], row["seed"], row["games"])] = row["winners"]
    lines = []
    for _ruleset, quest in QUESTS:
        pairs = [(cells[(q, "normal", seed, n)], w) for (q, level, seed, n), w in cells.items()
                 if q == quest and level == "hard" and (q, "normal", seed, n) in cells]
        games = [(a, b) for normal, hard in pairs for a, b in zip(normal, hard, strict=True)]
        if not games:
            continue
        gained = sum(1 for a, b in games if b == won and a != won)
        lost = sum(1 for a, b in games if a == won and b != won)
        n = len(games)
        d = (gained - lost) / n
        half = 1.96 * math.sqrt(max(0.0, gained + lost - (gained - lost) ** 2 / n)) / n
        lines.append(f"{quest}: {n} games on the same seeds; hard won {gained} that normal lost, lost {lost} that "
                     f"normal won; paired difference {d:+.1%} ({d - half:+.1%} to {d + half:+.1%})")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="JSON lines (several: --out "
                        "A --out B for the table)", action="append")
    parser.add_argument("--games", type=int, default=40, help="games per quest for easy and normal")
    parser.add_argument("--hard-games", type=int, default=16, help="games per quest for hard")
    parser.add_argument("--chunk", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quest", action="append", help="only these quests (repeat)")
    parser.add_argument("--side", choices=("overlord", "heroes"), default="overlord",
                        help="whose levels to grade (the other side plays normal)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="only these levels (comma-separated)")
    parser.add_argument("--hard-budget", default="", help="WORLDS,CANDIDATES for the hard level (default 2,3)")
    parser.add_argument("--seed", type=int, default=SEED, help="root seed of chunk 0 (a fresh range for "
                        "a confirmation run on games no earlier run saw)")
    parser.add_argument("--table", action="store_true", help="print the table of the file and stop")
    args = parser.parse_args()
    outs = args.out or [Path("levels.jsonl")]
    if args.table:
        print(table(outs, args.side))
        print(paired(outs, args.side))
        return
    if args.hard_budget:
        worlds, candidates = (int(x) for x in args.hard_budget.split(","))
        set_hard_budget(worlds, candidates)
    quests = tuple(q for q in QUESTS if not args.quest or q[1] in args.quest)
    wanted = args.levels.split(",")
    targets = {lv: (args.hard_games if lv == "hard" else args.games) if lv in wanted else 0 for lv in LEVELS}
    play(outs[0], targets, args.chunk, args.workers, quests, _commit(), args.side, args.hard_budget, args.seed)


if __name__ == "__main__":
    main()
