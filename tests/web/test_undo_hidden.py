"""Undo never takes back a choice after which something hidden from the undoing person was used
or shown (issue 21, finding 2): dice rolled, a card drawn or played, an area revealed, a chest
opened. Checked from the outside over solo and hot-seat games: after every person's choice, undo
is tried; it must be refused exactly when the hidden side of the game moved since that choice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from delve.boundary import dump
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.web.hub import Hub, TableError
from delve.web.messages import screen_side
from delve.web.store import Store


def _hidden(game: Game, person_is_overlord: bool) -> Any:
    """What the person could not see, read directly from the state (independent of the hub)."""
    state = game.state
    if person_is_overlord:
        return json.dumps(dump(state.chance), sort_keys=True)
    board = state.board
    return json.dumps({
        "chance": dump(state.chance),
        "hand": sorted(state.overlord.hand), "deck": sorted(state.overlord.deck),
        "revealed": sorted(a.id for a in board.areas if a.revealed),
        "chests": sorted((m.id, json.dumps(m.data, sort_keys=True)) for m in board.markers if m.kind == "chest"),
    }, sort_keys=True, default=str)


@pytest.mark.parametrize("mode", ["solo", "hotseat"])
def test_undo_is_refused_once_hidden_information_was_used(tmp_path: Path, mode: str) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'undo.sqlite3'}"))
    rng = np.random.default_rng(21)
    refused = allowed = handovers = 0
    for number in range(6):
        quest = ["first-steps", "bridge-of-teeth", "the-sunken-forge"][number % 3]
        live = hub.create(mode=mode, quest=quest, seed=100 + number, quick=True)
        person = live.people[0]
        knows_overlord = OVERLORD in person.seats
        for _ in range(60):
            decision = live.game.pending
            if decision is None:
                break
            before = _hidden(live.game, knows_overlord)
            side = screen_side(live.game, person)
            choice = decision.choices[int(rng.integers(len(decision.choices)))].id
            hub.choose(live.id, person.token, choice, decision.serial)
            moved = _hidden(live.game, knows_overlord) != before
            state_now = live.game.state_hash()
            handed_over = mode == "hotseat" and screen_side(live.game, person) != side
            try:
                hub.undo(live.id, person.token)
            except TableError as exc:
                if handed_over:  # the screen went to the other side: it may not take this back
                    assert "the other side's" in str(exc) and live.game.state_hash() == state_now
                    handovers += 1
                    continue
                assert moved, f"undo refused though nothing hidden moved: {exc}"
                assert "cannot undo" in str(exc)
                assert live.game.state_hash() == state_now  # a refused undo changes nothing
                refused += 1
                continue
            assert not moved, f"undo took back {choice!r} after hidden information was used"
            assert not handed_over, f"the other side took back {choice!r}"
            allowed += 1
            hub.choose(live.id, person.token, choice, live.game.pending.serial)  # type: ignore[union-attr]
    assert refused > 0 and allowed > 0
    assert (handovers > 0) == (mode == "hotseat")


def test_a_card_played_in_answer_blocks_undo(tmp_path: Path) -> None:
    """The review's case: the overlord answers a hero's move with a card (no dice rolled); the hero
    may not undo the move. Forced here by playing a card from the overlord's hand by hand."""
    hub = Hub(Store(f"sqlite:///{tmp_path / 'undo-card.sqlite3'}"))
    live = hub.create(mode="solo", quest="first-steps", seed=5, quick=True)
    person = live.people[0]
    decision = live.game.pending
    assert decision is not None
    hub.choose(live.id, person.token, decision.choices[0].id, decision.serial)
    hand = live.game.state.overlord.hand
    if not hand:
        pytest.skip("the overlord holds no card in this game")
    # What a trap card leaves behind: one card fewer in hand, one more in the discard pile.
    card = hand.pop()
    live.game.state.overlord.discard.append(card)
    with pytest.raises(TableError, match="cannot undo"):
        hub.undo(live.id, person.token)
