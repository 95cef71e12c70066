"""WebSocket messages carry only what changed: new log events, and the board only when it changed."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from delve.web.app import create_app
from delve.web.hub import Hub
from delve.web.messages import message

PREFER = ("keep", "end_shopping", "place:", "end_equip", "turn:", "door:", "action:run", "end_turn", "done")


def _pick(state: dict[str, Any], moved: list[int]) -> str:
    """Open doors, run and walk far (so areas are revealed and the board changes), end turns."""
    ids = [c["id"] for c in state["pending"]["choices"]]
    moves = [c for c in ids if c.startswith("move:")]
    if moves and moved[0] < 2 and not any(c.startswith("door:") for c in ids):
        moved[0] += 1
        return moves[-1]
    moved[0] = 0
    return next((c for prefix in PREFER for c in ids if c.startswith(prefix)), ids[0])


def test_socket_sends_the_board_only_when_it_changed(tmp_path: Path) -> None:
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}"))
    data = client.post("/api/games", json={"mode": "solo", "seed": 3, "quick": True}).json()
    gid, token = data["id"], data["invites"][0]["url"].split("#", 1)[1]
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.get(gid)
    person = live.person(token)
    omitted = changed = 0
    moved = [0]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"token": token})
        state = ws.receive_json()
        assert state["board"] is not None  # the first message has everything
        board = state["board"]
        for _ in range(120):
            if not state["pending"] or not state["pending"]["yours"]:
                break
            choice = _pick(state, moved)
            ws.send_json({"type": "choose", "choice": choice, "serial": state["pending"]["serial"], "id": 7})
            state = ws.receive_json()  # one frame: the state message carries the acknowledgement
            assert state["type"] == "state" and state["ack"] == {"type": "ack", "choice": choice, "id": 7}
            full = message(live, person)  # what the page must end up with
            if state["board"] is None:
                omitted += 1
                assert full["board"] == board
            else:
                changed += 1
                board = state["board"]
                assert board == full["board"]
            assert state["figures"] == full["figures"]
            if omitted and changed:
                break
    assert omitted > 0 and changed > 0, (omitted, changed)
