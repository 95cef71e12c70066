"""The socket's choices are committed once a turn of the event loop, for every game at once, and
nothing is acknowledged or shown before that commit (``delve.web.group_commit``)."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import delve.web.app as app_module
from delve.web.app import create_app
from delve.web.group_commit import NOT_SAVED, GroupCommit
from delve.web.hub import Hub, LiveGame, TableError
from delve.web.store import Staged, Store


def _first(live: LiveGame) -> str:
    decision = live.game.pending
    assert decision is not None
    return decision.choices[0].id


def _choose(hub: Hub, live: LiveGame, staged: bool) -> int:
    """The person's first legal choice; returns where its records start."""
    start = len(live.records)
    decision = live.game.pending
    assert decision is not None
    hub.choose(live.id, live.people[0].token, _first(live), decision.serial, staged)
    return start


def _stored(store: Store, live: LiveGame) -> list[tuple[str, str, bool]]:
    stored = store.load(live.id)
    assert stored is not None
    return stored.choices


def _count_writes(store: Store, monkeypatch: pytest.MonkeyPatch, fail_for: str = "") -> list[list[str]]:
    """Record the games of each transaction ``store`` writes; those holding ``fail_for`` fail."""
    writes: list[list[str]] = []
    write = store._write

    def counted(entries: Sequence[Staged]) -> None:
        writes.append([e.game_id for e in entries])
        if fail_for in writes[-1]:
            raise OSError("disk full")
        write(entries)

    monkeypatch.setattr(store, "_write", counted)
    return writes


def test_two_games_choices_of_one_turn_share_one_commit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'group.sqlite3'}"))
    one, two = hub.create(seed=3, quick=True), hub.create(seed=4, quick=True)
    writes = _count_writes(hub.store, monkeypatch)
    group = GroupCommit(hub.store, hub.take_back)

    async def turn() -> None:
        _choose(hub, one, staged=True)
        _choose(hub, two, staged=True)
        # staged, not stored: nothing may be acknowledged yet
        assert hub.store.staged and len(_stored(hub.store, one)) < len(one.records)
        await asyncio.gather(group.settled(one.id), group.settled(two.id), group.settled())

    asyncio.run(turn())
    assert writes == [[one.id, two.id]]  # one transaction for both games
    assert not hub.store.staged
    assert _stored(hub.store, one) == one.records and _stored(hub.store, two) == two.records
    asyncio.run(group.settled())  # nothing staged: returns at once, writes nothing
    assert len(writes) == 1


def test_a_game_whose_choice_cannot_be_saved_is_taken_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The grouped transaction fails; each game is tried alone; the failing one goes back to
    before its choice and its waiter hears it; the other game's choice is kept."""
    hub = Hub(Store(f"sqlite:///{tmp_path / 'group.sqlite3'}"))
    lost, kept = hub.create(seed=3, quick=True), hub.create(seed=4, quick=True)
    before = list(lost.records)
    serial = lost.game.pending.serial if lost.game.pending else -1
    told: list[str] = []
    hub.listen(lost, lambda: told.append("lost"))
    writes = _count_writes(hub.store, monkeypatch, fail_for=lost.id)
    group = GroupCommit(hub.store, hub.take_back)

    async def turn() -> list[Any]:
        _choose(hub, lost, staged=True)
        _choose(hub, kept, staged=True)
        told.clear()
        return await asyncio.gather(group.settled(lost.id), group.settled(kept.id), return_exceptions=True)

    failed, fine = asyncio.run(turn())
    assert isinstance(failed, TableError) and str(failed) == NOT_SAVED and failed.status == 500
    assert fine is None
    assert writes == [[lost.id, kept.id], [lost.id], [kept.id]]
    assert lost.records == before and _stored(hub.store, lost) == before
    assert lost.game.pending is not None and lost.game.pending.serial == serial  # as it was
    assert told == ["lost"]  # its pages are sent the game as it is again
    assert _stored(hub.store, kept) == kept.records and kept.records


def test_direct_writes_put_the_games_staged_choices_first(tmp_path: Path) -> None:
    """A choice committed at once (over HTTP, say) or an undo of a game with staged choices
    writes those first, in the same order: the stored history never has a gap."""
    hub = Hub(Store(f"sqlite:///{tmp_path / 'group.sqlite3'}"))
    live, other = hub.create(seed=3, quick=True), hub.create(seed=4, quick=True)
    _choose(hub, live, staged=True)
    _choose(hub, other, staged=True)
    _choose(hub, live, staged=False)
    assert _stored(hub.store, live) == live.records
    assert hub.store.staged  # the other game's choice still waits for its group
    hub.undo(live.id, live.people[0].token)
    assert _stored(hub.store, live) == live.records
    undone = len(live.records)
    _choose(hub, live, staged=True)
    hub.undo(live.id, live.people[0].token)  # the staged choice is written, then taken back
    assert len(live.records) == undone and _stored(hub.store, live) == live.records
    hub.store.close()  # closing commits what is still staged
    reopened = Store(hub.store.url)
    stored = reopened.load(other.id)
    assert stored is not None and stored.choices == other.records


def test_only_sqlite_groups_its_commits() -> None:
    store = Store.__new__(Store)
    store._groups = False
    with pytest.raises(ValueError, match="SQLite"):
        store.stage("g", 0, [("hero", "x", True)], "running")


def test_every_state_a_socket_sends_is_already_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the socket a choice is staged; the page is sent its state (with the acknowledgement)
    only once every choice it shows is in the store."""
    sent: list[tuple[int, int]] = []

    class CheckedPage(app_module.Page):
        def next_text(self, ack: dict[str, Any] | None = None) -> str | None:
            sent.append((len(_stored(hub.store, self.live)), len(self.live.records)))
            return super().next_text(ack)

    monkeypatch.setattr(app_module, "Page", CheckedPage)
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    data = client.post("/api/games", json={"mode": "solo", "seed": 3, "quick": True}).json()
    gid, token = data["id"], data["invites"][0]["url"].split("#", 1)[1]
    writes = _count_writes(hub.store, monkeypatch)
    stage = hub.store.stage
    staged: list[str] = []
    monkeypatch.setattr(hub.store, "stage", lambda game_id, *rest: (staged.append(game_id), stage(game_id, *rest)))
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"token": token})
        state = ws.receive_json()
        for _ in range(12):
            if not state["pending"] or not state["pending"]["yours"]:
                break
            choice = state["pending"]["choices"][0]["id"]
            ws.send_json({"type": "choose", "choice": choice, "serial": state["pending"]["serial"], "id": 1})
            state = ws.receive_json()
            assert state["ack"]["choice"] == choice
    assert staged == [gid] * 12 and len(writes) == 12 and not hub.store.staged  # each staged, then committed
    assert len(sent) >= 13 and all(stored == held for stored, held in sent), sent


def test_a_socket_choice_that_cannot_be_saved_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page hears that nothing changed, then gets the game as it is; the next choice works."""
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    data = client.post("/api/games", json={"mode": "solo", "seed": 3, "quick": True}).json()
    gid, token = data["id"], data["invites"][0]["url"].split("#", 1)[1]
    live = hub.get(gid)
    before = list(live.records)
    writes = _count_writes(hub.store, monkeypatch, fail_for=gid)
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"token": token})
        state = ws.receive_json()
        pending = state["pending"]
        ws.send_json({"type": "choose", "choice": pending["choices"][0]["id"], "serial": pending["serial"], "id": 5})
        assert ws.receive_json() == {"type": "error", "error": NOT_SAVED, "id": 5}
        again = ws.receive_json()
        assert again["type"] == "state" and again["pending"]["serial"] == pending["serial"]
        assert live.records == before and writes == [[gid], [gid]]
        monkeypatch.undo()  # the disk works again
        ws.send_json({"type": "choose", "choice": pending["choices"][0]["id"], "serial": pending["serial"], "id": 6})
        assert ws.receive_json()["ack"]["id"] == 6
    assert _stored(hub.store, live) == live.records != before
