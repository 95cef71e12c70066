"""A person plays the whole tutorial quest by clicking, in real headless Chromium.

The game is started from the lobby's form and played with clicks only (no API call decides
anything): the briefing, a card of each kind, an overlord turn played back on the board and the
end screen must appear, with zero console errors. The playback runs at normal speed for the
first overlord turn, then at "instant" so that the quest ends in reasonable time. Screenshots at
390x844, 1280x720 and 1920x1080 go to docs/screenshots/ (the ones docs/web.md shows).

Debian's chromium is driven by Playwright (``executable_path``: Playwright never downloads a
browser here). If Chromium is missing the test fails with the way to install it: a silent skip
would hide a broken browser setup.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).parents[2] / "docs" / "screenshots"
SIZES = [(390, 844), (1280, 720), (1920, 1080)]


def _chromium() -> str:
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not found:
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium` (as root; `make test` does it)")
    return found


def _launch(pw: Any, tmp_path: Path, width: int, height: int) -> Any:
    return pw.chromium.launch_persistent_context(
        str(tmp_path / f"profile-{width}"), executable_path=_chromium(), headless=True, args=FLAGS,
        viewport={"width": width, "height": height})


def _watch_console(page: Any, errors: list[str]) -> None:
    page.on("console", lambda m: errors.append(f"{m.text} {m.location.get('url', '')}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def _serial(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.serial || ''"))


def _after(page: Any, serial: str) -> None:
    """Wait until the page shows a decision other than ``serial`` (or the end, a playback, a hand-over)."""
    page.wait_for_function(f"() => document.body.dataset.playing === '1' || !!document.getElementById('handover') || "
                           f"((document.body.dataset.serial || '') !== '' "
                           f"&& document.body.dataset.serial !== '{serial}')", timeout=30_000)


def _click(page: Any, selector: str) -> bool:
    node = page.locator(selector).first
    if node.count() == 0:
        return False
    serial = _serial(page)
    node.click(force=True)
    _after(page, serial)
    return True


def _click_space(page: Any, space: Any) -> None:
    """Click a highlighted space; when several choices share it, take the first in the panel."""
    serial = _serial(page)
    space.click(force=True)
    page.wait_for_timeout(50)
    if _serial(page) == serial and page.locator("#choices .choice-row > button.choice").count():
        page.locator("#choices .choice-row > button.choice").first.click()
    _after(page, serial)


def _nearest_space(page: Any) -> str | None:
    """The highlighted space closest to a monster (the heroes go looking for a fight)."""
    return page.evaluate("""() => {
        const monsters = [...document.querySelectorAll('g.figure[data-side="overlord"]')]
            .map((g) => [Number(g.dataset.x), Number(g.dataset.y)]);
        const spaces = [...document.querySelectorAll('rect.hl-move')].map((r) => r.dataset.cell);
        if (!spaces.length) return null;
        if (!monsters.length) return spaces[spaces.length - 1];
        const d = (c) => { const [x, y] = c.split(',').map(Number);
            return Math.min(...monsters.map(([mx, my]) => Math.max(Math.abs(mx - x), Math.abs(my - y)))); };
        return spaces.reduce((a, b) => (d(b) < d(a) ? b : a));
    }""")


def _open_card(page: Any, selector: str, kind_label: str, screens: str = "") -> bool:
    link = page.locator(selector).first
    if link.count() == 0:
        return False
    link.click()
    dialog = page.locator(".card-dialog")
    dialog.wait_for(timeout=5_000)
    text = dialog.inner_text()
    if screens:
        _screens(page, screens)
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached", timeout=5_000)
    return kind_label.lower() in text.lower()


def _glossary_from_a_monster_card(page: Any) -> bool:
    """Open a monster card from the legend, then the glossary entry of one of its abilities."""
    page.locator(".legend summary").click()
    page.locator(".legend button.link").first.click()
    dialog = page.locator(".card-dialog")
    dialog.wait_for(timeout=5_000)
    link = dialog.locator('.ref-link[data-card="glossary"]').first
    shown = False
    if link.count():
        link.click()
        page.wait_for_function("() => document.querySelector('.card-dialog .card-kind')?.textContent === 'Glossary'")
        shown = True
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached", timeout=5_000)
    page.locator(".legend summary").click()
    return shown


def _screens(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)  # no horizontal scroll
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 720})


def test_a_person_plays_the_tutorial_to_the_end_by_clicking(server: Any, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    cards: dict[str, bool] = {}
    played_back = False
    with sync_playwright() as pw:
        context = _launch(pw, tmp_path, 1280, 720)
        page = context.new_page()
        _watch_console(page, errors)
        lobby = page.goto(server.url + "/")
        assert "default-src 'self'" in lobby.headers["content-security-policy"]
        page.wait_for_selector("#create")
        page.wait_for_load_state("networkidle")  # the quest list and the person's games are there
        _screens(page, "lobby")
        page.fill("#seed", "1")  # the lobby picks a random seed; this test replays seed 1
        page.click("#create")  # the solo tutorial
        page.wait_for_url("**/play/**", timeout=20_000)

        briefing = page.locator(".briefing")
        briefing.wait_for(timeout=20_000)
        assert "heroes" in briefing.inner_text().lower() and "conquest" in briefing.inner_text().lower()
        _screens(page, "briefing")
        page.click("#briefing-ok")
        page.wait_for_function("() => document.body.dataset.serial !== ''", timeout=20_000)
        assert page.locator("#board rect.space").count() > 20

        bought = False
        for _ in range(900):
            if page.locator("#end-screen").count():
                break
            during = page.evaluate("document.body.dataset.playing === '1' ? "
                                   "document.getElementById('status').textContent : null")
            if during is not None:
                # the top bar waits for the board: not the next round, nor the quest's end, yet
                assert during == "Playing back...", during
                notices = page.locator(".notice").all_inner_texts()
                if any("overlord" in n.lower() for n in notices) and not played_back:
                    played_back = True
                    _screens(page, "overlord")  # the overlord's turn played back on the board
                page.wait_for_timeout(100)
                continue
            kind = page.evaluate("document.body.dataset.kind || ''")
            if not kind:
                page.wait_for_timeout(100)
                continue
            if kind == "skill_trade":
                assert _click(page, '#choices button[data-choice^="keep"]')
            elif kind == "shop":
                if not bought and page.locator('#choices button[data-choice^="buy:"]').count():
                    bought = True
                    assert _click(page, '#choices button[data-choice^="buy:"]')
                else:
                    assert _click(page, '#choices button[data-choice^="end_"]')
            elif kind == "place_item":
                assert _click(page, '#choices button[data-choice^="place:equip"]') or \
                    _click(page, "#choices .choice-row > button.choice")
            elif kind == "attack_spend":  # one step at a time, then spend what was built
                if page.locator("#spend-stepper button.step").count():
                    page.locator("#spend-stepper button.step").first.click()
                assert _click(page, "#spend-stepper button.primary")
            elif kind == "place_hero":
                assert _click(page, "rect.hl-move")
            elif kind == "choose_action":
                assert _click(page, '#choices button[data-choice="action:advance"]') or \
                    _click(page, "#choices .choice-row > button.choice")
            elif kind == "hero_turn":
                if page.locator("rect.hl-target").count():
                    _click_space(page, page.locator("rect.hl-target").first)
                elif page.locator('#choices button[data-choice^="door:"]').count():
                    assert _click(page, '#choices button[data-choice^="door:"]')
                elif page.locator("rect.hl-move").count():
                    cell = _nearest_space(page)
                    assert _click(page, f'rect.hl-move[data-cell="{cell}"]')
                else:
                    assert _click(page, '#choices button[data-choice="end_turn"]')
            else:
                buttons = page.locator("#choices .choice-row > button.choice")
                if buttons.count():
                    assert _click(page, "#choices .choice-row > button.choice >> nth=-1")
                elif page.locator("rect.hl-move").count():
                    assert _click(page, "rect.hl-move")
                else:
                    raise AssertionError(f"no way to answer {kind}")
            if not cards and page.locator('.party .ref-link[data-card="hero"]').count():
                # a card of each kind the page shows now: hero sheet, item, monster, glossary
                cards["hero"] = _open_card(page, '.party .ref-link[data-card="hero"]', "hero", screens="card")
            if "item" not in cards and page.locator('.party .ref-link[data-card="item"]').count():
                cards["item"] = _open_card(page, '.party .ref-link[data-card="item"]', "item")
            if "monster" not in cards and page.locator('.log .ref-link[data-card="hero"]').count() and \
                    page.locator('g.figure[data-side="overlord"]').count():
                page.locator(".legend summary").click()
                page.locator(".legend ul").wait_for(timeout=5_000)  # drawn when opened
                cards["monster"] = _open_card(page, ".legend button.link", "monster")
                page.locator(".legend summary").click()
            if "overlord" not in cards and page.locator('.side .ref-link[data-card="overlord"]').count():
                cards["overlord"] = _open_card(page, '.side .ref-link[data-card="overlord"]', "overlord card")
            if "familiar" not in cards and page.locator('.log .ref-link[data-card="familiar"]').count():
                cards["familiar"] = _open_card(page, '.log .ref-link[data-card="familiar"]', "familiar")
            if "glossary" not in cards and page.locator('.side .ref-link[data-card="glossary"]').count():
                cards["glossary"] = _open_card(page, '.side .ref-link[data-card="glossary"]', "glossary")
            if "rules" not in cards and page.locator('.log .ref-link[data-card="rules"]').count():
                # a rulebook reference opens what Delve does with the section (its coverage note)
                page.locator('.log .ref-link[data-card="rules"]').first.click()
                page.locator(".card-dialog .rules-section .coverage").wait_for(timeout=5_000)
                cards["rules"] = "implemented" in page.locator(".card-dialog").inner_text().lower()
                page.keyboard.press("Escape")
            if "glossary" not in cards and page.locator('g.figure[data-side="overlord"]').count():
                cards["glossary"] = _glossary_from_a_monster_card(page)
            if played_back and page.evaluate("document.getElementById('speed').value") != "0":
                _screens(page, "table")
                page.select_option("#speed", "0")  # instant from now on: the quest must end in reasonable time
        with_catalog = page.evaluate("document.body.dataset.catalog === '1'")
        end = page.locator("#end-screen")
        end.wait_for(timeout=30_000)
        assert "win" in end.inner_text()
        # every way on is in view without scrolling the summary (the buttons stick to the bottom)
        for button in end.locator(".end-buttons button, .end-buttons a").all():
            box, dialog = button.bounding_box(), end.bounding_box()
            assert box is not None and dialog is not None and box["y"] + box["height"] <= dialog["y"] + dialog["height"]
        _screens(page, "end")
        page.click("#end-screen button:has-text('Look at the board')")  # the summary can be put aside
        page.click("#show-summary")
        page.click("#end-replay")  # the replay steps back through the finished game
        page.locator("#replay-bar").wait_for(timeout=10_000)
        page.click("#replay-end")
        page.wait_for_function("() => document.getElementById('replay-label').textContent.split(' / ')[0] !== '0'")
        last = page.locator("#replay-label").inner_text()
        page.click("#replay-back")
        page.wait_for_function(f"() => document.getElementById('replay-label').textContent !== '{last}'")
        context.close()
    # a server without issue 15's data requests answers them 404: the page then shows ids and plain texts
    optional = ("/catalog", "/settings", "/api/quests")
    unexpected = [e for e in errors if not ("404" in e and any(path in e for path in optional))]
    assert unexpected == [], unexpected
    assert played_back, "no overlord turn was played back on the board"
    wanted = {"hero", "monster", "item", "overlord"} | ({"familiar", "glossary", "rules"} if with_catalog else set())
    assert wanted <= {kind for kind, shown in cards.items() if shown}, cards


def _quests(server: Any) -> list[tuple[str, str | None]]:
    """Every startable quest the server lists, or (an older server) each ruleset's tutorial."""
    import httpx

    listed = httpx.get(server.url + "/api/quests")
    if listed.status_code == 200:
        return [(q["ruleset"], q["id"]) for q in listed.json()]
    return [(r, None) for r in httpx.get(server.url + "/api/rulesets").json()]


def test_every_quest_opens_and_plays_on_a_phone(server: Any, tmp_path: Path) -> None:
    """Each shipped quest of each ruleset: the briefing, the board, a dozen decisions answered by
    clicking at 390x844 with no horizontal scroll and no console error."""
    import httpx
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        context = _launch(pw, tmp_path, 390, 844)
        context.add_init_script("localStorage.setItem('delve.speed', '0')")
        for ruleset, quest in _quests(server):
            created = httpx.post(server.url + "/api/games", json={"mode": "solo", "ruleset": ruleset, "quest": quest,
                                                                  "quick": True}).json()
            page = context.new_page()
            _watch_console(page, errors)
            page.goto(server.url + created["invites"][0]["url"])
            page.locator(".briefing").wait_for(timeout=20_000)
            page.click("#briefing-ok")
            page.wait_for_function("() => document.body.dataset.serial !== ''", timeout=20_000)
            assert page.locator("#board rect.space").count() > 10, quest
            # fitted, no space lies under the zoom buttons (a tap on it hit a button instead)
            covered = page.evaluate("""() => {
                const tools = document.querySelector('.board-tools').getBoundingClientRect();
                return [...document.querySelectorAll('#board rect.space')].filter((r) => {
                    const b = r.getBoundingClientRect();
                    return b.right > tools.left + 1 && b.left < tools.right - 1 && b.bottom > tools.top + 1
                        && b.top < tools.bottom - 1;
                }).length;
            }""")
            assert covered == 0, quest
            for _ in range(12):
                # a playback may still be drawing the last answer's events: act on a settled page
                page.wait_for_function("() => document.body.dataset.playing !== '1'", timeout=30_000)
                if not page.evaluate("document.body.dataset.kind || ''"):
                    break
                target = page.locator("rect.hl-target, rect.hl-move")
                if target.count():
                    _click_space(page, target.last)
                elif page.locator("#spend-stepper button.primary").count():
                    assert _click(page, "#spend-stepper button.primary")
                else:
                    assert _click(page, "#choices .choice-row > button.choice >> nth=-1"), quest
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, quest
            box = page.locator(".decision").bounding_box()
            assert box is not None and box["y"] + box["height"] <= 845, quest  # the decision stays in view
            page.close()
        context.close()
    optional = ("/catalog", "/settings", "/api/quests")
    assert [e for e in errors if not ("404" in e and any(path in e for path in optional))] == []


def test_hot_seat_hands_the_screen_over_and_undo_works(server: Any, tmp_path: Path) -> None:
    """Hot-seat from the lobby: undo takes back a decision, and when the decision passes to the
    overlord the screen is covered until the overlord is ready."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        context = _launch(pw, tmp_path, 1280, 720)
        context.add_init_script("localStorage.setItem('delve.speed', '0')")
        page = context.new_page()
        _watch_console(page, errors)
        page.goto(server.url + "/")
        page.select_option("#mode", "hotseat")
        page.fill("#seed", "1")
        page.check('input[name="quick"]')
        page.click("#create")
        page.wait_for_url("**/play/**", timeout=20_000)
        page.locator(".briefing").wait_for(timeout=20_000)
        page.click("#briefing-ok")
        page.wait_for_function("() => document.body.dataset.serial !== ''", timeout=20_000)
        first = _serial(page)
        assert _click(page, "#choices .choice-row > button.choice")
        page.click("#undo")
        page.wait_for_function(f"() => document.body.dataset.serial === '{first}'", timeout=20_000)
        for _ in range(80):
            if page.locator("#handover").count():
                break
            kind = page.evaluate("document.body.dataset.kind || ''")
            if kind == "hero_turn":
                assert _click(page, '#choices button[data-choice="end_turn"]')
            elif kind:
                assert _click(page, "#choices .choice-row > button.choice")
            else:
                page.wait_for_timeout(100)
        handover = page.locator("#handover")
        assert "overlord" in handover.inner_text().lower()
        # behind the cover no key chooses for the overlord (a play-test found "1" did)
        game_id, token = page.url.split("/play/", 1)[1].split("#", 1)
        made = httpx.get(f"{server.url}/api/games/{game_id}/state",
                         headers={"X-Seat-Token": token}).json()["table"]["choices_made"]
        for key in ("1", "2", "Enter", " "):
            page.keyboard.press(key)
        page.wait_for_timeout(500)
        assert httpx.get(f"{server.url}/api/games/{game_id}/state",
                         headers={"X-Seat-Token": token}).json()["table"]["choices_made"] == made
        assert page.locator("#handover").count() == 1
        page.click("#handover-ok")
        page.wait_for_function("() => document.body.dataset.kind !== ''", timeout=10_000)
        assert "overlord" in page.locator("#status").inner_text().lower()
        context.close()
    optional = ("/catalog", "/settings", "/api/quests")
    assert [e for e in errors if not ("404" in e and any(path in e for path in optional))] == []
