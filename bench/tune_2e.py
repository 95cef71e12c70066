"""Tune the 2e overlord's weights (``delve.ai.overlord_2e.Tuning2e``): paired games against the default.

Each try is a set of changed fields of ``Tuning2e``; it plays the normal 2e overlord AI with them
against the hero AI on the games of one root seed (game ``i``: ``game_seed(ROOT, i)``, the seeds
and seeding of ``delve.sim.runner``: the heroes ``seed + 1``, the overlord ``seed + 2``), and the
default plays the same games (its winners cached in ``--cache``, so a try costs only its own
games). The report is the paired difference, game by game (the Wald interval for matched pairs
of ``bench/levels_matrix.py``'s ``paired``: only the games whose winners differ carry
information). Pick on training roots (20000 on); confirm on fresh ones (never 9100-9400, the
docs' tables).

    PYTHONPATH=src nice -n 10 .venv/bin/python bench/tune_2e.py --games 400 \\
        --try attack_share=1.0 --try exposed=8,walk=1.0 --try early.attack_share=2.0 [--out tries.jsonl]

A field ``early.NAME`` sets the weights of an encounter that has a next one (``Tuning2e.early``,
starting from the try's other weights); ``--level hard`` plays the hard level (``SearchPlayer``)
with the try's weights as its base policy instead of the normal AI (``--tuned-rollouts``: its
rollouts' overlord too).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from delve.ai import overlord_2e
from delve.ai.hero_ai import HeroAI
from delve.ai.overlord_2e import Tuning2e
from delve.ai.overlord_ai import OverlordAI
from delve.api import new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.rulesets import default_content
from delve.sim.runner import SimConfig, game_seed, game_setup
from paired_games import cached_winners, paired

QUESTS = ("first-steps-2e", "first-steps-2e-2")
ROOT = 20000


def parse_try(text: str) -> Tuning2e:
    """``a=1,b=2,early.c=3`` as a ``Tuning2e`` (fields not named keep the default; ``default``
    or empty: the default)."""
    if text in ("", "default"):
        return overlord_2e.DEFAULT
    fields = {f.name: f for f in dataclasses.fields(Tuning2e)}
    main: dict[str, Any] = {}
    early: dict[str, Any] = {}
    for part in text.split(","):
        name, value = part.split("=", 1)
        target = early if name.startswith("early.") else main
        name = name.removeprefix("early.")
        kind = fields[name].type
        if value == "None":
            target[name] = None
        elif "int" in str(kind) and "float" not in str(kind):
            target[name] = int(value)
        elif "str" in str(kind):
            target[name] = value
        else:
            target[name] = float(value)
    tuned = dataclasses.replace(overlord_2e.DEFAULT, **main)
    if early:
        tuned = dataclasses.replace(tuned, early=dataclasses.replace(tuned, **early))
    return tuned


def play(quest: str, seed: int, tuning: Tuning2e, level: str = "normal", tuned_rollouts: bool = False) -> str:
    """The winner of the game of ``seed`` ("O" the overlord, "h" the heroes, "-" none)."""
    pack, quest_id = default_content("2e", quest)
    config = SimConfig(quest=quest_id, pack=pack, ruleset="2e", heroes="ai", overlord="ai")
    game = new_game(game_setup(config, seed), transactional=False)
    heroes = HeroAI(seed + 1)
    overlord: Any
    if level == "hard":
        from delve.ai.search import SearchPlayer

        overlord = SearchPlayer(seed + 2, side="overlord", tuning_2e=tuning,
                                rollout_tuning_2e=tuning if tuned_rollouts else None)
    else:
        overlord = OverlordAI(seed + 2, tuning_2e=tuning)
    for _ in range(config.max_choices):
        decision = game.pending
        if decision is None or game.state.round > config.max_rounds:
            break
        player = overlord if decision.seat in (OVERLORD, TABLE) else heroes
        if not game.apply(player.choose(decision, game), decision.seat).accepted:
            raise RuntimeError(f"refused on seed {seed}")
    return {"overlord": "O", "heroes": "h"}.get(game.state.winner or "", "-")


def winners(quest: str, root: int, games: int, tuning: Tuning2e, level: str = "normal",
            cache: dict[str, str] | None = None, key: str = "", tuned_rollouts: bool = False) -> str:
    """The winners of games 0..games-1 of ``root`` (cached under ``key`` when given)."""
    return cached_winners(lambda i: play(quest, game_seed(root, i), tuning, level, tuned_rollouts), games, cache, key)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--try", dest="tries", action="append", default=[], help="FIELD=VALUE,... (repeat)")
    parser.add_argument("--games", type=int, default=400, help="games per quest")
    parser.add_argument("--root", type=int, default=ROOT)
    parser.add_argument("--quest", action="append", help="only these quests (repeat)")
    parser.add_argument("--level", choices=("normal", "hard"), default="normal", help="the try's level")
    parser.add_argument("--tuned-rollouts", action="store_true",
                        help="hard: the rollouts' overlord plays the try's weights too (default: the default's)")
    parser.add_argument("--base", default="default", help="the weights to compare with (FIELD=VALUE,...)")
    parser.add_argument("--cache", type=Path, default=Path("tune-2e-cache.json"), help="winners of the base")
    parser.add_argument("--out", type=Path, default=None, help="append a JSON line per try and quest")
    args = parser.parse_args()
    cache: dict[str, str] = json.loads(args.cache.read_text()) if args.cache.exists() else {}
    base = parse_try(args.base)
    for text in args.tries:
        tuning = parse_try(text)
        for quest in args.quest or QUESTS:
            key = f"{quest}:{args.root}:{args.base}"
            before = winners(quest, args.root, args.games, base, "normal", cache, key)
            args.cache.write_text(json.dumps(cache))
            start = time.perf_counter()
            after = winners(quest, args.root, args.games, tuning, args.level, tuned_rollouts=args.tuned_rollouts)
            wall = time.perf_counter() - start
            gained, lost, d, lo, hi = paired(before, after)
            n = args.games
            print(f"{text:50} {quest:17} base {before.count('O')}/{n} try {after.count('O')}/{n} "
                  f"+{gained} -{lost} {d:+.1%} ({lo:+.1%} to {hi:+.1%}) {wall:.0f}s", flush=True)
            if args.out is not None:
                row = {"try": text, "quest": quest, "root": args.root, "games": n, "level": args.level,
                       "tuned_rollouts": args.tuned_rollouts,
                       "base": args.base, "base_won": before.count("O"), "try_won": after.count("O"),
                       "gained": gained, "lost": lost, "diff": d, "low": lo, "high": hi, "winners": after,
                       "base_winners": before}
                with args.out.open("a") as out:
                    out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
