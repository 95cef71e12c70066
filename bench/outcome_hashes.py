"""Fingerprints of seeded games, to prove a speed-up changed no outcome (not a test).

Plays seeded games of every starter quest with several player matchups (hero AI against the
solo overlord, random heroes against the overlord AI, both random, the web table's cheap client
policy against the solo overlord, and the 2e tutorial) and prints one SHA-256 of the final
``game.state`` JSON per game, plus one digest over all of them. Two code versions whose output is
equal played every game to byte-identical states (dice, log, history, board and all).

    .venv/bin/python bench/outcome_hashes.py [GAMES] > before.txt   # default 6 games per row
    ... change the code ...
    .venv/bin/python bench/outcome_hashes.py [GAMES] > after.txt && diff before.txt after.txt
"""

from __future__ import annotations

import hashlib
import sys
import time

import numpy as np

from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game
from delve.engine.views import view
from delve.rulesets import default_content
from delve.sim.runner import game_seed, make_player
from web_bench import pick as web_pick  # the web table's cheap client policy (bench/ is on sys.path)

QUESTS = ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")
MATCHUPS = (("ai", "solo"), ("random", "ai"), ("ai", "random"), ("random", "random"))
MAX_CHOICES = 4_000
def play_players(quest: str, heroes: str, overlord: str, seed: int, ruleset: str = "1e") -> Game:
    """One game of automated players, as ``delve simulate`` plays it, capped at MAX_CHOICES."""
    pack, quest = default_content(ruleset, quest)
    game = new_game(GameSetup(ruleset=ruleset, pack=pack, quest=quest, seed=seed, choices=True), transactional=False)
    hero = make_player("hero", heroes, seed + 1)
    over = make_player("overlord", overlord, seed + 2)
    for _ in range(MAX_CHOICES):
        decision = game.pending
        if decision is None:
            break
        player = over if decision.seat in (OVERLORD, TABLE) else hero
        result = game.apply(player.choose(decision, game), decision.seat)
        assert result.accepted, result.reason
    return game


def new_web_game(quest: str, seed: int) -> Game:
    """A solo game as the web table starts it (setup as decisions, the solo overlord automated)."""
    return new_game(GameSetup(quest=quest, seed=seed, solo=True, choices=True), transactional=False)


def drive_web(game: Game, seed: int, choices: int = 400) -> Game:
    """Play a solo game as the web table does: the person's seats answer from their own view
    with the client policy, the solo overlord answers in-process."""
    from delve.ai.solo_overlord import SoloOverlord

    bot = SoloOverlord(seed)
    rng = np.random.default_rng(seed)
    made = 0
    while made < choices:
        decision = game.pending
        if decision is None:
            break
        if decision.seat == OVERLORD:
            game.apply(bot.choose(decision, game), decision.seat, decision.serial)
            continue
        seat_view = view(game, decision.seat, log=False)
        game.apply(web_pick(seat_view, rng), decision.seat, decision.serial)
        made += 1
    return game


def play_web(quest: str, seed: int, choices: int = 400) -> Game:
    """One whole web-like solo game (see ``drive_web``)."""
    return drive_web(new_web_game(quest, seed), seed, choices)


def rows(games: int) -> list[tuple[str, list[tuple[int, str]]]]:
    """(row name, [(seed, final state hash)]) for every matchup."""
    out: list[tuple[str, list[tuple[int, str]]]] = []
    for quest in QUESTS:
        for heroes, overlord in MATCHUPS:
            seeds = [game_seed(11, i) for i in range(games)]
            out.append((f"{quest} {heroes}/{overlord}",
                        [(s, play_players(quest, heroes, overlord, s).state_hash()) for s in seeds]))
        seeds = [game_seed(21, i) for i in range(games)]
        out.append((f"{quest} web/solo", [(s, play_web(quest, s).state_hash()) for s in seeds]))
    seeds = [game_seed(11, i) for i in range(games)]
    out.append(("first-steps-2e ai/random (2e)",
                [(s, play_players("first-steps-2e", "ai", "random", s, "2e").state_hash()) for s in seeds]))
    out.append(("first-steps-2e random/random (2e)",
                [(s, play_players("first-steps-2e", "random", "random", s, "2e").state_hash()) for s in seeds]))
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    start = time.process_time()
    total = hashlib.sha256()
    for name, results in rows(games):
        for seed, digest in results:
            print(f"{name:<40}{seed:>20} {digest}")
            total.update(digest.encode())
        sys.stdout.flush()
    print(f"all {total.hexdigest()}")
    print(f"cpu {time.process_time() - start:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
