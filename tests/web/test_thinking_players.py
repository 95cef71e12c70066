"""A game whose automated seat searches (the hard levels) must not hold up the server's other games.

Why this test: on SQLite the socket runs a game's work on the event loop itself, which is right
for a choice of a millisecond; a hard overlord's turn is up to a second or two of CPU, and on the
loop it stalled every other game of the server for that long. Here the hard overlord's search is
held on purpose (it waits until the test lets it go), so the test needs no clock: while it is
held, another game on the same server must still connect, get its state and have a choice
answered. On the loop, the other game could not even connect.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from tests.web.test_browser import FLAGS, SCREENSHOTS, _chromium
from websockets.sync.client import ClientConnection, connect

from delve.ai.search import SearchPlayer
from delve.engine.decision import Decision
from delve.engine.game import Game
from delve.web.app import create_app
from delve.web.hub import LiveGame
from delve.web.server import free_port, uvicorn_config

PREFER = ("keep", "end_shopping", "place:", "end_equip", "turn:", "action:run", "end_turn", "done")


def _pick(state: dict[str, Any]) -> str:
    """Hurry through the heroes' turns, so that the overlord's turn comes soon."""
    ids = [c["id"] for c in state["pending"]["choices"]]
    return next((c for prefix in PREFER for c in ids if c.startswith(prefix)), ids[0])


@dataclass
class Served:
    """The web table served on a thread of this process: its address and its app."""

    address: str
    app: Any


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """The web table in a uvicorn server on a thread of this process (so the test can hold the
    search player), on SQLite."""
    port = free_port()
    app = create_app(f"sqlite:///{tmp_path / 'table.sqlite3'}")
    server = uvicorn.Server(uvicorn_config(app, host="127.0.0.1", port=port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(300):
        if server.started:
            break
        time.sleep(0.05)
    yield Served(f"127.0.0.1:{port}", app)
    server.should_exit = True
    thread.join(timeout=30)


def _new_game(address: str, level: str) -> tuple[str, str]:
    """A new solo game at ``level``: its socket's URL and the page's token."""
    data = httpx.post(f"http://{address}/api/games", json={"mode": "solo", "seed": 4, "level": level},
                      timeout=30).json()
    return f"ws://{address}/ws/{data['id']}", data["invites"][0]["url"].split("#", 1)[1]


def _hello(ws: ClientConnection, token: str) -> dict[str, Any]:
    """The page's hello, and the first state message it gets."""
    ws.send(json.dumps({"token": token}))
    return dict(json.loads(ws.recv(timeout=20)))


def _held_search() -> tuple[threading.Event, threading.Event, Any]:
    """A stand-in for ``SearchPlayer.choose`` that says when the search starts (``thinking``) and
    waits until the test lets it go on (``release``; at most a minute): the search, held."""
    thinking, release = threading.Event(), threading.Event()
    search = SearchPlayer.choose

    def held(self: SearchPlayer, decision: Decision, game: Game) -> str:
        thinking.set()
        release.wait(timeout=60)
        return search(self, decision, game)

    return thinking, release, held


def test_a_searching_overlord_does_not_hold_up_other_games(served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    thinking, release, held = _held_search()
    url, token = _new_game(served.address, "hard")
    with connect(url, open_timeout=20) as hard:
        state = _hello(hard, token)
        monkeypatch.setattr(SearchPlayer, "choose", held)
        try:
            for _ in range(200):  # the heroes' choices, until the hard overlord has one to make
                hard.send(json.dumps({"type": "choose", "choice": _pick(state),
                                      "serial": state["pending"]["serial"]}))
                while not thinking.is_set():
                    try:
                        state = json.loads(hard.recv(timeout=0.05))
                        break
                    except TimeoutError:
                        continue
                if thinking.is_set():
                    break
            assert thinking.is_set(), "the hard overlord never had a decision to make"
            assert served.app.state.thinkers.borrowed_tokens == 1  # the turn counts against the cap

            # The hard game's overlord is thinking: another game is served meanwhile.
            other_url, other_token = _new_game(served.address, "normal")
            with connect(other_url, open_timeout=20) as other:
                other_state = _hello(other, other_token)
                assert other_state["pending"]["yours"]
                other.send(json.dumps({"type": "choose", "choice": _pick(other_state),
                                       "serial": other_state["pending"]["serial"], "id": 1}))
                answer = json.loads(other.recv(timeout=20))
                assert answer["type"] == "state" and answer["ack"]["id"] == 1
        finally:
            release.set()
            monkeypatch.undo()
        # Let go, the hard overlord finishes his turn and the page gets the state after it.
        after = json.loads(hard.recv(timeout=60))
        assert after["type"] == "state"


def test_only_searching_players_leave_the_loop() -> None:
    """The hard levels' players search; the solo procedure and the AIs answer in milliseconds."""

    def game(ai: dict[str, str]) -> LiveGame:
        return LiveGame(id="g", mode="solo", setup=None, game=None, people=[], ai=ai, ai_seed=0)  # type: ignore[arg-type]

    assert game({"overlord": "search"}).thinks
    assert game({"overlord": "hard"}).thinks  # a level name stands for its player
    assert game({"hero1": "hero-search", "hero2": "hero-search"}).thinks
    assert not game({"overlord": "ai"}).thinks
    assert not game({"overlord": "solo"}).thinks
    assert not game({"hero1": "hero"}).thinks
    assert not game({}).thinks


def test_the_page_says_the_overlord_is_thinking_while_it_waits(served: Served, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """In the browser: a choice that waits for the hard overlord's turn shows who it waits for,
    and the note goes once the answer comes (screenshots at phone and desktop sizes)."""
    from playwright.sync_api import sync_playwright

    thinking, release, held = _held_search()
    data = httpx.post(f"http://{served.address}/api/games",
                      json={"mode": "solo", "seed": 4, "level": "hard", "quick": True},
                      timeout=30).json()
    monkeypatch.setattr(SearchPlayer, "choose", held)
    errors: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=_chromium(), headless=True, args=FLAGS)
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"http://{served.address}{data['invites'][0]['url']}")
            page.evaluate("localStorage.setItem('delve.speed', '0')")  # no playback: the test is about the wait
            page.evaluate(f"localStorage.setItem('delve.briefed.{data['id']}', '1')")  # the briefing was read
            page.reload()
            for _ in range(200):  # the heroes' choices, until the hard overlord has one to make
                page.wait_for_selector("#choices button.choice:not([disabled])", timeout=30_000)
                ids = page.eval_on_selector_all("#choices button.choice", "bs => bs.map((b) => b.dataset.choice)")
                choice = next((c for prefix in PREFER for c in ids if c.startswith(prefix)), ids[0])
                serial = page.evaluate("document.body.dataset.serial || ''")
                page.locator(f'#choices button.choice[data-choice="{choice}"]').first.click(force=True)
                page.wait_for_function(f"() => document.body.dataset.serial !== '{serial}' "
                                       "|| !!document.getElementById('answering')", timeout=30_000)
                if thinking.is_set():
                    break
            assert thinking.is_set(), "the hard overlord never had a decision to make"
            note = page.locator("#answering")
            note.wait_for(timeout=10_000)
            assert note.inner_text() == "Your choice is in. The overlord is thinking..."
            for width, height in ((390, 844), (1280, 720)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(200)
                page.screenshot(path=str(SCREENSHOTS / f"overlord-thinking-{width}x{height}.png"))
            release.set()
            note.wait_for(state="detached", timeout=60_000)
            browser.close()
    finally:
        release.set()
        monkeypatch.undo()
    assert not errors, errors


def test_hard_games_thinking_at_once_play_as_they_do_alone(tmp_path: Path) -> None:
    """Two hard games whose turns run on threads at the same time make the same choices as each
    played alone: the search reads only its game and its seed (no shared cache changes a result)."""
    from delve.ai.bots import make_bot
    from delve.web.hub import Hub
    from delve.web.store import Store

    def play(hub: Hub, seed: int, choices: int) -> list[tuple[str, str, bool]]:
        live = hub.create(mode="solo", seed=seed, level="hard", quick=True)
        person, hero = live.people[0], make_bot("hero", seed)
        for _ in range(choices):
            decision = live.game.pending
            if decision is None or decision.seat not in person.seats:
                break
            hub.choose(live.id, person.token, hero.choose(decision, live.game), decision.serial)
        return list(live.records)

    alone = [play(Hub(Store(f"sqlite:///{tmp_path / f'alone{s}.sqlite3'}")), s, 40) for s in (11, 12)]
    together: dict[int, list[tuple[str, str, bool]]] = {}
    hub = Hub(Store(f"sqlite:///{tmp_path / 'together.sqlite3'}"))
    threads = [threading.Thread(target=lambda s=s: together.__setitem__(s, play(hub, s, 40))) for s in (11, 12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert [together[11], together[12]] == alone
    assert any(seat == "overlord" for seat, _c, _p in alone[0])  # the hard overlord did play
