"""Cost of a game copy and of the per-choice snapshot: the JSON round trip they were against the
structural copy (``delve.engine.copying``) they are now, on the same states, CPU time (not a test).

    .venv/bin/python bench/copy_bench.py [REPEATS]

States: seeded random games of three quests after 50, 200 and 600 choices (the log grows with
the game, and the JSON copy with it). "clone" is a whole ``Game.clone`` and its board's flat view
(every copy that plays on needs it: the JSON copy rebuilds it, the structural copy shares it);
"snapshot" is what ``Game.apply`` keeps before a choice when transactional.
"""

from __future__ import annotations

import sys

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game
from delve.boundary import dump_json, load_json
from delve.engine.copying import copy_model
from delve.engine.game import Game
from delve.engine.state import GameState
from reach_bench import cpu_us  # bench/ is on sys.path


def state_after(quest: str, choices: int) -> Game:
    game = new_game(GameSetup(quest=quest, seed=7), transactional=False)
    player = RandomPlayer(7, end_bias=0.1)
    for _ in range(choices):
        decision = game.pending
        if decision is None:
            break
        game.apply(player.choose(decision), decision.seat)
    return game


def json_clone(game: Game) -> Game:
    """``Game.clone`` as it was: through JSON (the board's view is rebuilt on first use)."""
    copy = Game(load_json(GameState, dump_json(game.state)), game.handlers, transactional=False)
    copy.board.index()
    return copy


def structural_clone(game: Game) -> Game:
    copy = game.clone()
    copy.board.index()
    return copy


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"{'state':<30}{'log':>6}{'clone JSON':>12}{'clone now':>11}{'x':>6}"
          f"{'snap JSON':>11}{'snap now':>10}{'x':>6}  (CPU us)")
    for quest in ("first-steps", "the-sunken-forge", "bridge-of-teeth"):
        for choices in (50, 200, 600):
            game = state_after(quest, choices)
            game.board.index()
            old_clone = cpu_us(lambda game=game: json_clone(game), repeats)
            new_clone = cpu_us(lambda game=game: structural_clone(game), repeats)
            old_snap = cpu_us(lambda game=game: dump_json(game.state), repeats)
            new_snap = cpu_us(lambda game=game: copy_model(game.state), repeats)
            print(f"{quest + ' +' + str(choices):<30}{len(game.state.log):>6}{old_clone:>12.0f}{new_clone:>11.0f}"
                  f"{old_clone / new_clone:>6.1f}{old_snap:>11.0f}{new_snap:>10.0f}{old_snap / new_snap:>6.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
