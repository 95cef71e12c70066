"""Integrity fuzzer: random legal and illegal answers, then save, load and replay must agree.

Why: the engine promises that a refused answer changes nothing, that a save loads back to the
same state, and that the setup plus the recorded choices rebuild the same game (docs/architecture.md,
"Security and integrity"). This plays games of both rulesets answering with legal choices mixed
with illegal ids, wrong seats, stale serials and arguments of the wrong type; it swaps the live
game for a save loaded back now and then, and at the end compares the state hash with a replay
from the setup. ``tests/engine/test_fuzz.py`` runs a short fuzz; ``bench/fuzz_integrity.py`` the
long one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from delve.api import GameSetup, load_game, new_game, replay_game
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import EngineError, Game

WRONG_TYPES: tuple[Any, ...] = (3, b"h1", None, 1.5, ["h1"], {"seat": "h1"}, True, "", "x" * 5000)
SETUPS = (
    GameSetup(), GameSetup(quest="bridge-of-teeth"), GameSetup(quest="the-sunken-forge", choices=True),
    GameSetup(quest="the-drowned-library", solo=True), GameSetup(chance="manual"),
    GameSetup(ruleset="2e", pack="starter-2e", quest="first-steps-2e"),
    GameSetup(ruleset="2e", pack="starter-2e", quest="first-steps-2e-2", choices=True),
)


@dataclass
class FuzzReport:
    """What a fuzz run did and every integrity failure it found (with the seed to replay it)."""

    games: int = 0
    attempts: int = 0
    accepted: int = 0
    refused: int = 0
    loads: int = 0
    failures: list[str] = field(default_factory=list)


def _bad_answer(game: Game, rng: np.random.Generator) -> tuple[Any, Any, Any]:
    """An answer that must be refused: an unknown id, another seat, a stale serial or a wrong type."""
    decision = game.pending
    assert decision is not None
    legal = decision.choices[int(rng.integers(len(decision.choices)))].id
    kind = int(rng.integers(4))
    seats = [s for s in [*game.state.seats, "nobody"] if s != decision.seat]
    if kind == 0:
        return f"{legal}:not-legal", decision.seat, decision.serial
    if kind == 1 and decision.seat != TABLE:
        return legal, seats[int(rng.integers(len(seats)))], decision.serial
    if kind == 2:
        return legal, decision.seat, decision.serial + 1 + int(rng.integers(5))
    wrong = WRONG_TYPES[int(rng.integers(len(WRONG_TYPES)))]
    place = int(rng.integers(3))
    answer: list[Any] = [legal, decision.seat, decision.serial]
    if place == 2 and (wrong is None or (isinstance(wrong, int) and not isinstance(wrong, bool))):
        wrong = "7"  # None and whole numbers are serials of the right type
    answer[place] = wrong
    return answer[0], answer[1], answer[2]


def fuzz_game(setup: GameSetup, seed: int, attempts: int, report: FuzzReport, *,
              transactional: bool = True, bad_rate: float = 0.3, load_rate: float = 0.02) -> Game:
    """Fuzz one game of ``setup`` (its seed replaced by ``seed``)."""
    setup = setup.model_copy(update={"seed": seed})
    rng = np.random.default_rng(seed)
    game = new_game(setup, transactional=transactional)
    where = f"{setup.ruleset}/{setup.quest} seed {seed}"
    for _ in range(attempts):
        decision = game.pending
        if decision is None:
            break
        report.attempts += 1
        if rng.random() < bad_rate:
            before = game.state_hash()
            choice, seat, serial = _bad_answer(game, rng)
            try:
                result = game.apply(choice, seat, serial)
            except Exception as exc:
                report.failures.append(f"{where}: bad answer {choice!r} {seat!r} {serial!r} raised {exc!r}")
                return game
            if result.accepted:
                report.failures.append(f"{where}: bad answer {choice!r} {seat!r} {serial!r} was accepted")
                return game
            if game.state_hash() != before:
                report.failures.append(f"{where}: refused {choice!r} {seat!r} {serial!r} changed the state")
                return game
            report.refused += 1
            continue
        choice = decision.choices[int(rng.integers(len(decision.choices)))].id
        seat = decision.seat if decision.seat != TABLE else [*game.state.seats, OVERLORD][0]
        try:
            result = game.apply(choice, seat, decision.serial if rng.random() < 0.5 else None)
        except EngineError as exc:
            report.failures.append(f"{where}: the engine failed on {choice!r}: {exc}")
            return game
        if not result.accepted:
            report.failures.append(f"{where}: legal {choice!r} refused: {result.reason}")
            return game
        report.accepted += 1
        if rng.random() < load_rate:
            report.loads += 1
            loaded = load_game(game.to_json())
            if loaded.state_hash() != game.state_hash():
                report.failures.append(f"{where}: save->load changed the state hash after "
                                       f"{len(game.state.history)} choices")
                return game
            loaded.transactional = transactional
            game = loaded  # play on from the loaded save: it must behave like the live game
    replayed = replay_game(GameSetup.model_validate(game.state.flags["setup"]), list(game.state.history))
    if replayed.state_hash() != game.state_hash():
        report.failures.append(f"{where}: replay from the setup differs after {len(game.state.history)} choices")
    report.games += 1
    return game


def run(games: int, attempts: int, seed: int = 0) -> FuzzReport:
    """Fuzz ``games`` games spread over ``SETUPS``, ``attempts`` answers each."""
    report = FuzzReport()
    for number in range(games):
        setup = SETUPS[number % len(SETUPS)]
        fuzz_game(setup, seed * 100_003 + number, attempts, report, transactional=number % 2 == 0)
    return report
