"""Replays step quickly (a cursor and snapshots) and exactly; messages' cached logs equal the engine's."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from delve.ai.random_player import RandomPlayer
from delve.engine.decision import ChoiceRecord
from delve.web import replays
from delve.web.hub import Hub, LiveGame, Person, TableError, replay
from delve.web.messages import message, screen_seats
from delve.web.present.events import Tracker, namer_for, present_more
from delve.web.store import Store


def _played(tmp_path: Path, mode: str, choices: int, seed: int) -> tuple[Hub, LiveGame]:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'replay.sqlite3'}"))
    live = hub.create(mode=mode, seed=seed, quick=True)
    player = RandomPlayer(seed, end_bias=0.2)
    for _ in range(choices):
        decision = live.game.pending
        if decision is None:
            break
        owner = next(p for p in live.people if decision.seat in p.seats)
        hub.choose(live.id, owner.token, player.choose(decision), decision.serial)
    return hub, live


def _expected_log(live: LiveGame, person: Person) -> list[dict[str, object]]:
    """The person's log presented from scratch (the cache builds it a few events at a time, with
    names read at different moments: both must agree). A hot-seat person's log is the side on
    screen's (``screen_seats``)."""
    seats = screen_seats(live.game, person)
    out: list[dict[str, object]] = []
    present_more(live.game.state.log, seats, Tracker(), namer_for(live.game, seats), out)
    return out


def test_replay_cursor_matches_a_replay_from_the_start_at_every_step(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    hub, live = _played(tmp_path, "hotseat", 90, seed=3)
    records = list(live.records)
    assert len(records) > 2 * replays.EVERY
    fresh_games = []
    original = replays.new_game

    def counting(*args: object, **kwargs: object) -> object:
        fresh_games.append(1)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(replays, "new_game", counting)
    rng = np.random.default_rng(0)
    steps = [*range(len(records) + 1), *reversed(range(len(records) + 1)),
             *(int(s) for s in rng.integers(0, len(records) + 1, size=25))]
    token = live.people[0].token

    def hashed(_live: LiveGame, _person: Person, game: object) -> dict[str, object]:
        return {"hash": game.state_hash(), "step": len(game.state.history)}  # type: ignore[attr-defined]

    reference = replay(live.setup, [])  # one game stepped forward: the hash after each choice
    expected = [reference.state_hash()]
    for seat, choice, _by_person in records:
        reference.replay([ChoiceRecord(seat=seat, choice=choice)])
        expected.append(reference.state_hash())
    for step in steps:
        got = hub.replay_at(live.id, token, step, hashed)
        assert got["step"] == step
        assert got["hash"] == expected[step], step
    # the setup was built once: every later step came from the cursor or a snapshot
    assert len(fresh_games) == 1
    assert hub.replay_at(live.id, token, 10_000, hashed)["step"] == len(records)  # clamped


def test_replay_after_undo_uses_the_shortened_history(tmp_path: Path) -> None:
    hub, live = _played(tmp_path, "solo", 0, seed=2)
    person = live.people[0]
    for _ in range(3):
        decision = live.game.pending
        assert decision is not None
        hub.choose(live.id, person.token, decision.choices[0].id, decision.serial)
    show = lambda _l, _p, g: {"n": len(g.state.history), "hash": g.state_hash()}  # noqa: E731
    end = hub.replay_at(live.id, person.token, 10_000, show)
    assert end["hash"] == live.game.state_hash()
    try:
        hub.undo(live.id, person.token)
    except TableError as exc:  # refused if dice were rolled or cards drawn since: not the case here
        pytest.fail(f"undo refused: {exc}")
    assert live.replayer is None
    again = hub.replay_at(live.id, person.token, 10_000, show)
    assert again["n"] == len(live.records) and again["hash"] == live.game.state_hash()


@pytest.mark.parametrize("mode", ["network", "hotseat", "solo"])
def test_cached_logs_equal_the_engines_log_for_every_person(tmp_path: Path, mode: str) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'log.sqlite3'}"))
    live = hub.create(mode=mode, seed=11)
    player = RandomPlayer(11, end_bias=0.2)
    sent = {p.token: 0 for p in live.people}
    for _ in range(60):
        for person in live.people:
            full = message(live, person)
            assert full["log"] == _expected_log(live, person) and full["log_from"] == 0
            newer = message(live, person, log_from=sent[person.token])
            # a hot-seat screen that changed sides gets its side's whole log (log_from 0)
            assert newer["log"] == full["log"][newer["log_from"]:]
            assert newer["log_from"] in (0, sent[person.token])
            sent[person.token] = newer["log_length"]
        decision = live.game.pending
        if decision is None:
            break
        owner = next(p for p in live.people if decision.seat in p.seats)
        hub.choose(live.id, owner.token, player.choose(decision), decision.serial)
    # a restored game object (as after undo or an engine failure) starts its own cache
    live.game = replay(live.setup, live.records[: len(live.records) // 2])
    for person in live.people:
        assert message(live, person)["log"] == _expected_log(live, person)
