"""Games per CPU second and engine CPU per web choice, this tree against another checkout, in one
run (not a test). Issue "A lean engine", done-means figures.

    git worktree add /tmp/lean-base f619862       # the code before the issue's work
    .venv/bin/python bench/lean_bench.py /tmp/lean-base [--games 3] [--rounds 3]
    .venv/bin/python bench/lean_bench.py --pure        # this tree's sources against its compiled engine

Each round runs a child process per tree (at the same time, so both see the same machine load)
that plays the same seeded games: hero AI against the overlord AI, the solo overlord and a random
overlord on every shipped 1e quest plus the 2e tutorial, and the web-like solo loop of
``bench/profile_choice.py`` (engine CPU per person choice). Figures are CPU seconds
(``time.process_time``); the best round of each tree is kept. The child imports the games from
this directory's ``outcome_hashes`` (the same code in both trees) and ``delve`` from the tree
under test.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Collection
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUESTS = ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")
OVERLORDS = ("ai", "solo", "random")


def child(games: int) -> None:
    """Play the games with whatever ``delve`` is on the path; print {row: [cpu, games, choices]}."""
    sys.path.insert(0, str(HERE))
    import delve
    from outcome_hashes import play_players

    native = getattr(delve, "NATIVE", None)  # trees before the compiled engine have none
    print(f"{delve.__file__}: {native.describe() if native else 'pure-Python engine'}", file=sys.stderr)
    play_players("first-steps", "random", "random", 1)  # load packs and modules first
    # The games run as ``delve simulate`` runs them: a tree that freezes the start-up heap for a
    # run (``delve.sim.backends.frozen_heap``) does so here too; an older tree runs without.
    import delve.sim.backends as backends

    with getattr(backends, "frozen_heap", contextlib.nullcontext)():
        print(json.dumps(_rows(games)))


def _rows(games: int) -> dict[str, list[float]]:
    """{row: [cpu, games, choices]} of the bench's games (``child``)."""
    from delve.sim.runner import game_seed
    from outcome_hashes import drive_web, new_web_game, play_players

    rows: dict[str, list[float]] = {}
    for overlord in OVERLORDS:
        for quest in (*QUESTS, "first-steps-2e"):
            if quest.endswith("-2e") and overlord == "solo":
                continue
            ruleset = "2e" if quest.endswith("-2e") else "1e"
            start = time.process_time()
            choices = sum(len(play_players(quest, "ai", overlord, game_seed(31, i), ruleset).state.history)
                          for i in range(games))
            rows[f"{quest} ai/{overlord}"] = [time.process_time() - start, games, choices]
    cpu, made = 0.0, 0
    for quest in ("first-steps", "the-sunken-forge"):
        for i in range(games):
            game = new_web_game(quest, game_seed(21, i))
            before = len(game.state.history)
            start = time.process_time()
            drive_web(game, game_seed(21, i), 300)
            cpu += time.process_time() - start
            made += sum(1 for r in game.state.history[before:] if r.seat != "overlord")
    rows["web-like loop (per person choice)"] = [cpu, 0, made]
    return rows


def run_children(trees: dict[str, Path], games: int, pure: Collection[str] = ()) -> dict[str, dict[str, list[float]]]:
    """One child per tree, run at the same time so that both see the same machine load; the trees
    named in ``pure`` run their sources even when compiled (``DELVE_PURE=1``, ``delve.native``)."""
    running = {}
    for name, tree in trees.items():
        env = dict(os.environ, PYTHONPATH=f"{tree / 'src'}", DELVE_PURE="1" if name in pure else "0")
        running[name] = subprocess.Popen([sys.executable, __file__, "--child", "--games", str(games)], env=env,
                                         stdout=subprocess.PIPE, text=True)
    results = {}
    for name, child_process in running.items():
        out, _ = child_process.communicate()
        if child_process.returncode:
            raise SystemExit(f"the {name} child failed")
        results[name] = json.loads(out.strip().splitlines()[-1])
    return results


def table(best: dict[str, dict[str, list[float]]]) -> None:
    """Print before against after, row by row."""
    print(f"{'row':<36}{'before':>12}{'after':>12}{'gain':>7}  (games per CPU s; web: CPU ms per choice)")
    for row, (cpu, games, choices) in best["before"].items():
        after_cpu, _g, after_choices = best["after"][row]
        same = "" if choices == after_choices else f"  choices {choices:.0f} -> {after_choices:.0f}"
        if games:
            print(f"{row:<36}{games / cpu:>12.2f}{games / after_cpu:>12.2f}{cpu / after_cpu:>6.2f}x{same}")
        else:
            print(f"{row:<36}{1000 * cpu / choices:>12.3f}{1000 * after_cpu / after_choices:>12.3f}"
                  f"{cpu / after_cpu:>6.2f}x{same}")
    total = {name: sum(v[0] for v in rows.values() if v[1]) for name, rows in best.items()}
    print(f"{'all AI games, CPU s':<36}{total['before']:>12.2f}{total['after']:>12.2f}"
          f"{total['before'] / total['after']:>6.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", nargs="?", help="the other checkout (its src/ is imported)")
    parser.add_argument("--pure", action="store_true",
                        help="compare this tree's sources (before) with its compiled engine (after)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--results", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="print the table of two children's saved output instead of running")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.games)
        return
    if args.results:
        table({name: json.loads(Path(path).read_text().strip().splitlines()[-1])
               for name, path in zip(("before", "after"), args.results, strict=True)})
        return
    if args.pure == bool(args.base):
        parser.error("give either another checkout or --pure")
    trees = {"before": HERE.parent if args.pure else Path(args.base).resolve(), "after": HERE.parent}
    best: dict[str, dict[str, list[float]]] = {}
    for _ in range(args.rounds):
        for name, rows in run_children(trees, args.games, ("before",) if args.pure else ()).items():
            for row, value in rows.items():
                kept = best.setdefault(name, {}).get(row)
                if kept is None or value[0] < kept[0]:
                    best[name][row] = value
    table(best)


if __name__ == "__main__":
    main()
