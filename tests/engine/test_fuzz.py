"""Integrity under fuzzed input (issue 21, finding 3): refused answers change nothing, saves load
back to the same state hash, replays from the setup reproduce the game; ``Game.apply`` checks its
argument types before touching anything. ``bench/fuzz_integrity.py`` runs the long fuzz."""

from __future__ import annotations

from typing import Any

import pytest

from delve.api import GameSetup, new_game
from delve.sim import fuzz


def test_a_short_fuzz_over_both_rulesets_finds_nothing() -> None:
    report = fuzz.run(len(fuzz.SETUPS) * 2, 250, seed=21)
    assert report.refused > 100 and report.accepted > 500
    assert not report.failures, "\n".join(report.failures)


@pytest.mark.parametrize("transactional", [True, False])
@pytest.mark.parametrize(("choice", "seat", "serial"), [
    ("LEGAL", 1, None), ("LEGAL", b"h1", None), ("LEGAL", None, None), (1, "SEAT", None),
    (b"end_turn", "SEAT", None), (None, "SEAT", None), ("LEGAL", "SEAT", "0"), ("LEGAL", "SEAT", 1.0),
    ("LEGAL", "SEAT", True), ("LEGAL", ["h1"], None), ("", "SEAT", None), ("LEGAL", "SEAT" * 1000, None),
])
def test_apply_refuses_arguments_of_the_wrong_type_and_changes_nothing(
        transactional: bool, choice: Any, seat: Any, serial: Any) -> None:
    game = new_game(GameSetup(seed=4), transactional=transactional)
    decision = game.pending
    assert decision is not None
    choice = decision.choices[0].id if choice == "LEGAL" else choice
    seat = decision.seat if seat == "SEAT" else seat.replace("SEAT", decision.seat) if isinstance(seat, str) else seat
    before = game.state_hash()
    result = game.apply(choice, seat, serial)
    assert not result.accepted and result.reason
    assert game.state_hash() == before
    assert game.pending == decision
