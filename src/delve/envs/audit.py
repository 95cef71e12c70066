"""Counting what the stable action space would lose: random games, every decision checked.

Why shared: the test (a few games per quest) and ``bench/env_cuts.py`` (200 games per
shipped quest) must count the same thing: a decision whose choices do not each get their own
index from a listed template (``delve.envs.grammar.GRAMMAR``) is a cut.
"""

from __future__ import annotations

from delve.ai.random_player import RandomPlayer
from delve.api import game_view, new_game, play_setup
from delve.envs.actions import ActionCodec


def count_cuts(ruleset: str, pack: str, quest: str, seed: int, codec: ActionCodec,
               max_decisions: int = 3000) -> tuple[int, int, int]:
    """(decisions seen, decisions cut, most choices in one decision) in one random game
    (physical dice; the solo overlord procedure on odd seeds, so its decisions are seen too)."""
    game = new_game(play_setup(ruleset=ruleset, pack=pack, quest=quest, seed=seed, chance="manual",
                               solo=seed % 2 == 1, check=False), transactional=False)
    player = RandomPlayer(seed, end_bias=0.25)
    seen = cut = largest = 0
    while (decision := game.pending) is not None and seen < max_decisions:
        log, game.state.log = game.state.log, []  # views copy the log; the codec never reads it
        view = game_view(game, decision.seat)
        game.state.log = log
        legal = codec.encode(view)
        seen += 1
        largest = max(largest, len(decision.choices))
        if legal.overflowed or set(legal.ids.values()) != {c.id for c in decision.choices}:
            cut += 1
        game.apply(player.choose(decision, game), decision.seat)
    return seen, cut, largest
