"""Fingerprints of seeded games of the overlord AI, to prove a change left the 1st edition alone
(not a test).

``bench/outcome_hashes.py`` plays the overlord AI only against random heroes; this plays it
against the hero AI too, on the four 1st-edition quests and both 2e encounters, and prints one
SHA-256 of the final ``game.state`` per game and one digest over the 1st-edition games
(``all-1e``). Two code versions with the same ``all-1e`` played every 1st-edition game of the
overlord AI to byte-identical states; the 2e rows are listed to show what a 2e change moved.

    PYTHONPATH=src:bench .venv/bin/python bench/overlord_ai_hashes.py [GAMES] > after.txt   # default 3
"""

from __future__ import annotations

import hashlib
import sys

from delve.sim.runner import game_seed
from outcome_hashes import QUESTS, play_players  # bench/ is on sys.path

QUESTS_2E = ("first-steps-2e", "first-steps-2e-2")
MATCHUPS = (("ai", "ai"), ("random", "ai"))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    total = hashlib.sha256()
    rows = [(q, "1e") for q in QUESTS] + [(q, "2e") for q in QUESTS_2E]
    for quest, ruleset in rows:
        for heroes, overlord in MATCHUPS:
            for i in range(games):
                seed = game_seed(11, i)
                digest = play_players(quest, heroes, overlord, seed, ruleset).state_hash()
                print(f"{quest} {heroes}/{overlord} ({ruleset}) {seed} {digest}", flush=True)
                if ruleset == "1e":
                    total.update(digest.encode())
    print("all-1e", total.hexdigest())


if __name__ == "__main__":
    main()
