"""The 1st-edition overlord AI's weights as one object (``overlord_ai.Tuning1e``): the normal level
plays the constants, the hard level's base policy the tuned ``HARD`` (docs/simulation.md, "The
1st-edition overlord's weights tuned by whole games")."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

from delve.ai import overlord_ai
from delve.ai.bots import make_bot
from delve.ai.overlord_ai import OverlordAI
from delve.ai.search import SearchPlayer
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game


def _game(quest: str = "bridge-of-teeth", seed: int = 3) -> Game:
    return new_game(GameSetup(quest=quest, seed=seed, choices=True), transactional=False)


def _traps(game: Game, overlord: Any, hero: Any, choices: int = 4000) -> tuple[int, int]:
    """(trap windows that offered a trap, traps sprung) over the first ``choices`` choices."""
    offered = sprung = 0
    for _ in range(choices):
        decision = game.pending
        if decision is None:
            break
        player = overlord if decision.seat in (OVERLORD, TABLE) else hero
        choice = player.choose(decision, game)
        if decision.kind == "trap_window" and any(c.id.startswith("trap:") for c in decision.choices):
            offered += 1
            sprung += choice.startswith("trap:")
        assert game.apply(choice, decision.seat).accepted
    return offered, sprung


def test_the_default_weights_are_the_constants() -> None:
    """The normal level plays ``Tuning1e()``, the values the module's constants always had and
    every switch off, so its games replay as before (bench/overlord_ai_hashes.py)."""
    expected = {"kill_weight": 6.0, "better_by": 0.05, "move_cost": 0.01,
                "card_order": ("event:", "spawn:", "power:"), "treachery": (), "remove": (),
                "event_at": None, "trap_keep": 0, "order": "nearest"}
    assert dataclasses.asdict(overlord_ai.DEFAULT) == expected
    assert OverlordAI(1).tuning_1e == overlord_ai.DEFAULT
    assert make_bot("normal", 1).tuning_1e == overlord_ai.DEFAULT  # type: ignore[attr-defined]


def test_the_hard_level_plays_the_hard_weights() -> None:
    hard = make_bot("hard", 1)
    assert isinstance(hard, SearchPlayer)
    assert hard.tuning_1e == overlord_ai.HARD and hard.base.tuning_1e == overlord_ai.HARD
    assert overlord_ai.HARD.trap_keep == overlord_ai.NEVER


def test_the_hard_weights_spring_no_trap() -> None:
    """The same game: the default springs traps it is offered, ``HARD`` lets every one pass."""
    offered, sprung = _traps(_game(), OverlordAI(3), make_bot("hero", 3))
    assert offered and sprung
    offered, sprung = _traps(_game(), OverlordAI(3, tuning_1e=overlord_ai.HARD), make_bot("hero", 3))
    assert offered and not sprung


def test_the_weights_survive_copy_and_pickle() -> None:
    """Players are deep-copied (explanations) and pickled (worker processes); compiled, a frozen
    dataclass needs its own ``__deepcopy__`` and ``__reduce__`` for that."""
    for weights in (overlord_ai.DEFAULT, overlord_ai.HARD):
        assert copy.deepcopy(weights) is weights and copy.copy(weights) is weights
        assert pickle.loads(pickle.dumps(weights)) == weights
    player = OverlordAI(3, tuning_1e=overlord_ai.HARD)
    assert copy.deepcopy(player).tuning_1e == overlord_ai.HARD
    assert pickle.loads(pickle.dumps(player)).tuning_1e == overlord_ai.HARD
