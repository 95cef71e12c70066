"""The stable action space: one meaning per index in every state, and no decision cut.

The full count (200 random games of every shipped quest) is ``bench/env_cuts.py`` (its table is in docs/api.md);
here a smaller sample of every shipped quest keeps CI quick (``GAMES_PER_QUEST``).
"""

from __future__ import annotations

import numpy as np
import pytest

from delve.ai.random_player import RandomPlayer
from delve.api import game_view, new_game, open_pack, play_setup
from delve.envs.actions import ActionCodec
from delve.envs.audit import count_cuts
from delve.envs.encoding import CHOICE_FEATURES, Encoder
from delve.envs.grammar import GRAMMAR
from delve.envs.options import largest_map

GAMES_PER_QUEST = 4
PACKS = (("1e", "starter"), ("2e", "starter-2e"))


def _codec(pack: str) -> ActionCodec:
    return ActionCodec(pack, *largest_map(pack))


@pytest.mark.parametrize(("ruleset", "pack", "quest"),
                         [(r, p, q) for r, p in PACKS for q in sorted(open_pack(p).quests)])
def test_no_decision_is_cut_or_unlisted(ruleset: str, pack: str, quest: str) -> None:
    codec = _codec(pack)
    for seed in range(GAMES_PER_QUEST):
        seen, cut, _ = count_cuts(ruleset, pack, quest, seed, codec)
        assert seen > 20 and cut == 0, (quest, seed, cut)


def test_an_index_means_the_same_choice_in_every_state() -> None:
    codec = _codec("starter")
    game = new_game(play_setup(seed=3), transactional=False)
    player = RandomPlayer(3)
    meaning: dict[int, tuple[str, str]] = {}
    for _ in range(400):
        decision = game.pending
        if decision is None:
            break
        legal = codec.encode(game_view(game, decision.seat))
        for index, choice_id in legal.ids.items():
            if choice_id.startswith(("move:", "end_turn", "action:", "attack:")):
                assert meaning.setdefault(index, (decision.kind, choice_id)) == (decision.kind, choice_id)
        game.apply(player.choose(decision, game), decision.seat)
    assert len(meaning) > 30


def test_blocks_are_sized_from_board_and_content() -> None:
    codec = _codec("starter")
    width, height = largest_map("starter")
    offset, classes = codec.blocks[("hero_turn", "move:{S}")]
    assert classes == ("S",) and codec.class_size["S"] == width * height
    assert codec.index("hero_turn", "move:{S}", (("S", 5),)) == offset + 5
    assert codec.size == codec.overflow_start + 64
    assert codec.describe(offset + 5) == "hero_turn/move:{S}+5"
    assert all(len(set(templates)) == len(templates) for templates in GRAMMAR.values())


def test_choice_features_have_a_row_per_legal_choice() -> None:
    codec = _codec("starter")
    encoder = Encoder(codec.width, codec.height, codec)
    game = new_game(play_setup(seed=1, quick=True), transactional=False)
    player = RandomPlayer(1)
    while game.pending is not None and not (game.pending.kind == "hero_turn"
                                            and any(c.id.startswith("move:") for c in game.pending.choices)):
        game.apply(player.choose(game.pending, game), game.pending.seat)
    decision = game.pending
    assert decision is not None
    view = game_view(game, decision.seat)
    legal = codec.encode(view)
    indices, rows = encoder.choice_features(view, legal)
    assert rows.shape == (len(decision.choices), len(CHOICE_FEATURES))
    assert list(indices) == sorted(legal.ids) and np.all(np.abs(rows) <= 1.0)
    moves = [r for i, r in zip(indices, rows, strict=True) if legal.ids[int(i)].startswith("move:")]
    assert moves and all(r[CHOICE_FEATURES.index("verb_move")] == 1.0 for r in moves)
