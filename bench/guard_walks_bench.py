"""CPU of the 2e overlord AI's guard values with and without the shared walks
(``delve.ai.overlord_2e.Walks``), on the same game states in one run (not a test).

Plays seeded 2e tutorial games, hero AI against the overlord AI; at every monster activation
where the monsters guard the heroes' goal, values every placement of the monster (where it
stands and each move) twice: each placement searched alone (``guard_value`` without walks, as
before the change) and with one ``Walks`` shared by the activation. Checks that both give the
same values and prints the CPU of each (``time.process_time``) and the walk searches made.

    .venv/bin/python bench/guard_walks_bench.py [--games 6]
"""

from __future__ import annotations

import argparse
import time

import delve.ai.overlord_2e as overlord_2e
from delve.ai import overlord_common as oc
from delve.ai.bots import make_bot
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.sim.runner import game_seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    searches = {"n": 0}
    search_alone = overlord_2e._hero_walk

    def counted(*a):  # type: ignore[no-untyped-def]
        searches["n"] += 1
        return search_alone(*a)

    overlord_2e._hero_walk = counted
    cpu = {"alone": 0.0, "shared": 0.0}
    made = {"alone": 0, "shared": 0}
    activations = 0
    for i in range(args.games):
        seed = game_seed(31, i)
        game = new_game(GameSetup(ruleset="2e", pack="starter-2e", quest="first-steps-2e", seed=seed,
                                  choices=True), transactional=False)
        hero, overlord = make_bot("hero", seed + 1), make_bot("ai", seed + 2)
        while game.pending is not None:
            decision = game.pending
            if decision.kind == "monster_activation" and overlord_2e.guarding(game):
                monster = oc.monster_of_activation(game)
                if monster is not None:
                    activations += 1
                    places = [monster.footprint, *(oc.footprint_of(c) for c in oc.by_prefix(decision, "move:"))]
                    values = {}
                    for way in ("alone", "shared"):
                        before, start = searches["n"], time.process_time()
                        walks = overlord_2e.Walks(game, monster) if way == "shared" else None
                        values[way] = [overlord_2e.guard_value(game, monster, fp, walks) for fp in places]
                        cpu[way] += time.process_time() - start
                        made[way] += searches["n"] - before
                    assert values["alone"] == values["shared"]
            player = overlord if decision.seat in (OVERLORD, TABLE) else hero
            game.apply(player.choose(decision, game), decision.seat)
    print(f"{activations} guarding activations of {args.games} first-steps-2e games, the same values both ways")
    print(f"each placement alone: {1000 * cpu['alone']:.1f} ms CPU, {made['alone']} walk searches")
    print(f"shared walks:         {1000 * cpu['shared']:.1f} ms CPU, {made['shared']} walk searches "
          f"({cpu['alone'] / cpu['shared']:.2f}x)")


if __name__ == "__main__":
    main()
