"""Tune the 1st-edition overlord's weights (``delve.ai.overlord_ai.Tuning1e``): paired games against the default.

The model is ``bench/tune_2e.py``. Each try is a set of changed fields of ``Tuning1e``; it plays
the normal overlord AI with them
against the hero AI on the games of one root seed (game ``i``: ``game_seed(ROOT, i)``, the seeds
and seeding of ``delve.sim.runner``: the heroes ``seed + 1``, the overlord ``seed + 2``), and the
default plays the same games (its winners cached in ``--cache``, so a try costs only its own
games). The report is the paired difference, game by game (the Wald interval for matched pairs
of ``bench/levels_matrix.py``'s ``paired``: only the games whose winners differ carry
information). Pick on training roots (20000 on); confirm on fresh ones (never 9100-9900, the
docs' tables and confirmation runs).

    PYTHONPATH=src nice -n 10 .venv/bin/python bench/tune_1e.py --games 400 \\
        --try kill_weight=9 --try event_at=0.5,treachery=add:savage-blow+add:snapping-lid [--out tries.jsonl]

A tuple field (``treachery``, ``card_order``) takes its items joined by ``+``. ``--level hard``
plays the hard level (``SearchPlayer``) with the try's weights as its base policy instead of the
normal AI (its rollouts and probes play the default).
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

from delve.ai import overlord_ai
from delve.ai.hero_ai import HeroAI
from delve.ai.overlord_ai import OverlordAI, Tuning1e
from delve.api import new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.rulesets import default_content
from delve.sim.runner import SimConfig, game_seed, game_setup
from paired_games import cached_winners, paired

QUESTS = ("bridge-of-teeth",)
ROOT = 20000


def parse_try(text: str) -> Tuning1e:
    """``a=1,b=x+y`` as a ``Tuning1e`` (fields not named keep the default; ``default`` or empty:
    the default; ``hard``: ``overlord_ai.HARD``)."""
    if text in ("", "default"):
        return overlord_ai.DEFAULT
    if text == "hard":
        return overlord_ai.HARD
    fields = {f.name: f for f in dataclasses.fields(Tuning1e)}
    main: dict[str, Any] = {}
    for part in text.split(","):
        name, value = part.split("=", 1)
        kind = str(fields[name].type)
        if value == "None":
            main[name] = None
        elif "tuple" in kind:
            main[name] = tuple(v for v in value.split("+") if v)
        elif "int" in kind and "float" not in kind:
            main[name] = int(value)
        elif "str" in kind:
            main[name] = value
        else:
            main[name] = float(value)
    return dataclasses.replace(overlord_ai.DEFAULT, **main)


def play(quest: str, seed: int, tuning: Tuning1e, level: str = "normal") -> str:
    """The winner of the game of ``seed`` ("O" the overlord, "h" the heroes, "-" none)."""
    pack, quest_id = default_content("1e", quest)
    config = SimConfig(quest=quest_id, pack=pack, ruleset="1e", heroes="ai", overlord="ai")
    game = new_game(game_setup(config, seed), transactional=False)
    heroes = HeroAI(seed + 1)
    overlord: Any
    if level == "hard":
        from delve.ai.search import SearchPlayer

        overlord = SearchPlayer(seed + 2, side="overlord", tuning_1e=tuning)
    else:
        overlord = OverlordAI(seed + 2, tuning_1e=tuning)
    for _ in range(config.max_choices):
        decision = game.pending
        if decision is None or game.state.round > config.max_rounds:
            break
        player = overlord if decision.seat in (OVERLORD, TABLE) else heroes
        if not game.apply(player.choose(decision, game), decision.seat).accepted:
            raise RuntimeError(f"refused on seed {seed}")
    return {"overlord": "O", "heroes": "h"}.get(game.state.winner or "", "-")


def winners(quest: str, root: int, games: int, tuning: Tuning1e, level: str = "normal",
            cache: dict[str, str] | None = None, key: str = "") -> str:
    """The winners of games 0..games-1 of ``root`` (cached under ``key`` when given)."""
    return cached_winners(lambda i: play(quest, game_seed(root, i), tuning, level), games, cache, key)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--try", dest="tries", action="append", default=[], help="FIELD=VALUE,... (repeat)")
    parser.add_argument("--games", type=int, default=400, help="games per quest")
    parser.add_argument("--root", type=int, default=ROOT)
    parser.add_argument("--quest", action="append", help="only these quests (repeat)")
    parser.add_argument("--level", choices=("normal", "hard"), default="normal", help="the try's level")
    parser.add_argument("--base", default="default", help="the weights to compare with (FIELD=VALUE,...)")
    parser.add_argument("--cache", type=Path, default=Path("tune-1e-cache.json"), help="winners of the base")
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
            after = winners(quest, args.root, args.games, tuning, args.level)
            wall = time.perf_counter() - start
            gained, lost, d, lo, hi = paired(before, after)
            n = args.games
            print(f"{text:50} {quest:19} base {before.count('O')}/{n} try {after.count('O')}/{n} "
                  f"+{gained} -{lost} {d:+.1%} ({lo:+.1%} to {hi:+.1%}) {wall:.0f}s", flush=True)
            if args.out is not None:
                row = {"try": text, "quest": quest, "root": args.root, "games": n, "level": args.level,
                       "base": args.base, "base_won": before.count("O"), "try_won": after.count("O"),
                       "gained": gained, "lost": lost, "diff": d, "low": lo, "high": hi, "winners": after,
                       "base_winners": before}
                with args.out.open("a") as out:
                    out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
