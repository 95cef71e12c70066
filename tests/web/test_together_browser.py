"""Playing together in real headless Chromium, with several browsers (contexts) at once: the
host makes a networked game from the lobby by clicking, re-issues a seat's link in the seats
dialog (the old link is refused, the new one plays), makes a spectator link (the spectator sees
the board but no hand and no choices), two players chat (markup shows as text, the rate limit
in words), and the tab title says whose turn it is. Screenshots of the lobby and the people,
chat and seats panels at 390x844 and 1280x720 go to docs/screenshots/ (docs/web.md shows them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from tests.web.test_browser import FLAGS, SCREENSHOTS, _chromium, _watch_console

TURN_TITLE = "● Your turn - Delve"
SIZES = [(390, 844), (1280, 720)]


def _context(browser: Any, width: int = 1280, height: int = 720) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script("localStorage.setItem('delve.speed', '0'); localStorage.setItem('delve.briefed.' + "
                            "location.pathname.split('/').pop(), '1')")
    return context


def _ready(page: Any) -> None:
    """The table page has its first state (a decision on show, or someone else's)."""
    page.wait_for_function("() => document.body.dataset.serial !== undefined && document.body.dataset.serial !== ''",
                           timeout=30_000)


def _shots(page: Any, name: str, scroll_to: str | None = None) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        if scroll_to:
            page.locator(scroll_to).first.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 720})


def _deciding(pages: list[Any]) -> list[int]:
    return [i for i, p in enumerate(pages) if p.evaluate("document.body.dataset.kind || ''")]


def _titles_match(pages: list[Any]) -> list[int]:
    deciding = _deciding(pages)
    for i, page in enumerate(pages):
        page.wait_for_function(f"(t) => (document.title === t) === {str(i in deciding).lower()}", arg=TURN_TITLE,
                               timeout=10_000)
    return deciding


def _titles_follow_the_turn(pages: list[Any]) -> None:
    """The deciding page plays (its last choice each time) until the decision passes to the other
    page; both titles change with it."""
    start = _titles_match(pages)
    assert len(start) == 1, start
    for _ in range(20):
        page = pages[start[0]]
        serial = page.evaluate("document.body.dataset.serial")
        page.locator("#choices button.choice").last.click()
        page.wait_for_function(f"() => document.body.dataset.serial !== '{serial}'", timeout=20_000)
        pages[1 - start[0]].wait_for_timeout(300)
        now = _titles_match(pages)
        if now and now != start:
            return
    raise AssertionError("the decision never passed to the other player")


def test_friends_play_together_from_the_lobby(server: Any, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium(), headless=True, args=FLAGS)
        host_ctx, friend_ctx, watcher_ctx = _context(browser), _context(browser), _context(browser)
        lobby = host_ctx.new_page()
        _watch_console(lobby, errors)
        lobby.goto(server.url + "/")
        lobby.wait_for_selector(".quest-card")
        lobby.wait_for_selector(".hero-option")
        seed = lobby.input_value("#seed")
        assert seed.isdigit() and seed != "1"  # a random seed by default, shown
        _shots(lobby, "lobby")
        # The card is one button: its text (what a screen reader says) keeps its sentences apart.
        card_text = lobby.text_content(".quest-card[data-quest='first-steps']") or ""
        assert "Heroes:" in card_text and ".Heroes:" not in card_text and "heroes.Suggested" not in card_text

        # The host picks by clicking: a quest card, two heroes, networked with a person as overlord.
        lobby.click(".quest-card[data-quest='first-steps']")
        lobby.select_option("#mode", "network")
        assert lobby.is_checked("#human-overlord")
        first, second = lobby.locator(".hero-option .hero-head").nth(1), lobby.locator(".hero-option .hero-head").nth(0)
        first.click()
        second.click()
        picked = lobby.locator(".hero-option.picked .hero-head strong").all_inner_texts()
        assert picked == ["Brannoc Ironvow", "Sela Quickreed"]  # names, not ids
        lobby.check("input[name=quick]")
        lobby.fill("#seed", "4")
        lobby.click("#create")
        lobby.wait_for_selector("#invites")
        links = lobby.locator("#invites .seat-link").evaluate_all("(nodes) => nodes.map((n) => n.value)")
        names = lobby.locator("#invites .invite-name").all_inner_texts()
        assert names[:3] == ["Hero player 1", "Hero player 2", "Overlord"] and "Host" in names[3]
        hero1, hero2, overlord, host_link = links
        assert "#host:" in host_link and "#host:" not in hero1
        _shots(lobby, "lobby-invites", "#invites")

        # Each person opens their own link in their own browser.
        mine = host_ctx.new_page()
        _watch_console(mine, errors)
        mine.goto(hero1)
        friend = friend_ctx.new_page()
        _watch_console(friend, errors)
        friend.goto(hero2)
        for page in (mine, friend):
            _ready(page)
            page.wait_for_selector("#people")
        mine.wait_for_function("() => document.querySelectorAll('#people .presence.on').length >= 2", timeout=20_000)

        # The tab title follows the decision: the page that decides says so, the other does not.
        pages = [mine, friend]
        for _ in range(40):
            if _titles_match(pages):
                break
            mine.wait_for_timeout(300)
        assert "decides" in friend.inner_text("#turn-now") or "Your turn" in friend.inner_text("#turn-now")
        _titles_follow_the_turn(pages)

        # Chat between two browsers: markup is shown as text, never as HTML.
        mine.fill("#chat-input", "<b>x</b>")
        mine.click("#chat-send")
        friend.wait_for_function("() => [...document.querySelectorAll('#chat-lines .chat-text')]"
                                 ".some((n) => n.textContent === '<b>x</b>')", timeout=10_000)
        assert friend.locator("#chat-lines b").count() == 0
        assert "&lt;b&gt;x&lt;/b&gt;" in friend.inner_html("#chat-lines")
        for n in range(6):  # the sixth line in ten seconds is refused, in words
            mine.fill("#chat-input", f"line {n}")
            mine.click("#chat-send")
            mine.wait_for_function("() => document.getElementById('chat-input').value === '' || "
                                   "!!document.getElementById('chat-error')", timeout=10_000)
        assert "Slow down" in mine.inner_text("#chat-error")
        _shots(mine, "people-chat", "#people")

        # The host (this browser kept the host link) re-issues the friend's link.
        mine.click("#seats-open")
        dialog = mine.locator("#seats-dialog")
        dialog.wait_for()
        mine.wait_for_selector("#seat-table tbody tr")
        assert mine.locator("#seat-table .seat-link").count() == 3  # every link this browser kept
        _shots(mine, "seats-dialog")
        row = mine.locator("#seat-table tr[data-person='1']")
        old = row.locator(".seat-link").input_value()
        assert old == hero2
        row.locator("button.reissue").click()
        row.locator(".new-link").wait_for()
        new = row.locator(".seat-link").input_value()
        assert new != old
        friend.wait_for_selector("#link-refused", timeout=20_000)  # the open page of the old link is told
        token = old.split("#", 1)[1]
        gid = old.split("/play/", 1)[1].split("#", 1)[0]
        refused = httpx.get(f"{server.url}/api/games/{gid}/state", headers={"X-Seat-Token": token})
        assert refused.status_code == 403
        again = friend_ctx.new_page()
        again.goto(old)
        again.wait_for_selector("#link-refused", timeout=20_000)
        assert again.locator("#board rect.space").count() == 0
        again.close()
        friend.goto(new)
        _ready(friend)
        assert friend.locator("#board rect.space").count() > 20

        # A spectator link: the board and the log, no hand, no choices.
        mine.fill("#spectator-name", "Eve")
        mine.click("#spectator-create")
        watch_link = mine.locator("#spectator-links .seat-link").first.input_value()
        mine.keyboard.press("Escape")
        watcher = watcher_ctx.new_page()
        _watch_console(watcher, errors)
        watcher.goto(watch_link)
        _ready(watcher)
        watcher.wait_for_selector("#spectating")
        assert watcher.locator("#board rect.space").count() > 20
        assert watcher.evaluate("document.body.dataset.kind || ''") == ""
        assert watcher.locator("#choices button.choice").count() == 0
        as_overlord = {"X-Seat-Token": overlord.split("#", 1)[1]}
        over = httpx.get(f"{server.url}/api/games/{gid}/state", headers=as_overlord).json()
        catalog = httpx.get(f"{server.url}/api/games/{gid}/catalog", headers=as_overlord).json()
        public = set(over["overlord"].get("discard", []))
        hidden = {catalog["overlord_cards"][c]["name"] for c in over["overlord"]["hand"] if c not in public}
        assert hidden
        seen = watcher.evaluate("document.body.innerText")
        assert not [name for name in hidden if name in seen], hidden
        watcher_state = watcher.evaluate(f"fetch('/api/games/{gid}/state', {{headers: {{'X-Seat-Token': "
                                         f"location.hash.slice(1)}}}}).then((r) => r.json())")
        assert "hand" not in watcher_state["overlord"]
        mine.wait_for_function("() => /1 watching now/.test(document.getElementById('spectators').textContent)",
                               timeout=20_000)

        # The host link alone (another browser) opens the seats page, not a table.
        hosting = watcher_ctx.new_page()
        hosting.goto(host_link)
        hosting.wait_for_selector("#seat-table tbody tr[data-person='3']")  # three players and the spectator
        assert hosting.locator("#board").count() == 0
        assert "Eve" in hosting.inner_text("#seat-table")

        # Back in the lobby: "My games" lists the game with Resume, and Rematch fills the form again.
        lobby.goto(server.url + "/")
        lobby.wait_for_selector("#games .rematch")
        assert lobby.locator("#games a.resume").count() >= 2  # the seats kept here and the host link
        lobby.locator("#games .rematch").first.click()
        assert lobby.input_value("#seed") == "4" and lobby.input_value("#mode") == "network"
        assert lobby.locator(".hero-option.picked .hero-head strong").all_inner_texts() == picked
        browser.close()
    expected = ("403", "429")  # the refused old link and the chat line over the rate limit
    assert not [e for e in errors if not any(code in e for code in expected)], errors
