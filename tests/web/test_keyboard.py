"""A person plays by keyboard only, in real headless Chromium: the board's highlighted spaces are
reached with Tab and the arrow keys (a roving focus with a visible ring), Enter chooses, the
panel's choices take their number keys. The test makes a move and an attack without a click."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from tests.web.test_browser import _chromium, _watch_console

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
FOCUS_RING = "rgb(240, 228, 66)"  # --focus in client/src/styles.css
# What to pick by number key when the board has nothing to choose (id prefixes, in order of preference).
PREFERRED = {"choose_action": ("action:advance", "action:battle"), "skill_trade": ("keep",), "shop": ("end_",),
             "place_item": ("place:equip",), "hero_turn": ("end_turn",), "door": ("door:",)}


def _toward_a_fight(page: Any) -> str | None:
    """The highlighted space nearest to a monster, or to a closed door while none is in sight."""
    return page.evaluate("""() => {
        const monsters = [...document.querySelectorAll('g.figure[data-side="overlord"]')]
            .map((g) => [Number(g.dataset.x), Number(g.dataset.y)]);
        const doors = [...document.querySelectorAll('line.door:not(.open)')].map((l) =>
            [(Number(l.getAttribute('x1')) + Number(l.getAttribute('x2'))) / 80 - 0.5,
             (Number(l.getAttribute('y1')) + Number(l.getAttribute('y2'))) / 80 - 0.5]);
        const goals = monsters.length ? monsters : doors;
        const spaces = [...document.querySelectorAll('rect.hl-move')].map((r) => r.dataset.cell);
        if (!spaces.length || !goals.length) return spaces[0] ?? null;
        const d = (c) => { const [x, y] = c.split(',').map(Number);
            return Math.min(...goals.map(([gx, gy]) => Math.max(Math.abs(gx - x), Math.abs(gy - y)))); };
        return spaces.reduce((a, b) => (d(b) < d(a) ? b : a));
    }""")


def _active(page: Any) -> dict[str, str]:
    return dict(page.evaluate("""() => { const a = document.activeElement;
        return {cell: a?.dataset?.cell || '', stroke: a ? getComputedStyle(a).stroke : ''}; }"""))


def _tab_to_board(page: Any) -> None:
    """Tab until a highlighted board space has the focus (the one target in the tab order)."""
    for _ in range(60):
        if _active(page)["cell"]:
            return
        page.keyboard.press("Tab")
    raise AssertionError("no board target is reachable with Tab")


def _arrow_to(page: Any, cell: str) -> None:
    """Move the focus to ``cell`` with the arrow keys."""
    tx, ty = map(int, cell.split(","))
    for _ in range(60):
        at = _active(page)["cell"]
        if at == cell:
            assert _active(page)["stroke"] == FOCUS_RING  # the focused space shows a ring
            return
        ax, ay = map(int, at.split(","))
        arrow = "ArrowRight" if tx > ax else "ArrowLeft" if tx < ax else "ArrowDown" if ty > ay else "ArrowUp"
        page.keyboard.press(arrow)
    raise AssertionError(f"the arrow keys did not reach {cell}")


def _serial(page: Any) -> str:
    return str(page.evaluate("() => document.body.dataset.serial || ''"))


def _wait_next(page: Any, serial: str) -> None:
    page.wait_for_function(f"() => document.body.dataset.kind !== '' && document.body.dataset.serial !== '{serial}'"
                           " || document.body.dataset.serial === 'over'", timeout=30_000)


def _choose_on_board(page: Any, cell: str) -> None:
    serial = _serial(page)
    _tab_to_board(page)
    _arrow_to(page, cell)
    page.keyboard.press("Enter")
    page.wait_for_timeout(50)
    if _serial(page) == serial and page.evaluate("() => !!document.activeElement?.matches('#choices button.choice')"):
        page.keyboard.press("Enter")  # several choices at that space: the first one has the focus
    _wait_next(page, serial)


def _choose_by_number(page: Any, kind: str) -> None:
    ids: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#choices button.choice')].map((b) => b.dataset.choice)")
    assert ids, f"no choices for {kind}"
    wanted = next((i for prefix in PREFERRED.get(kind, ()) for i, c in enumerate(ids) if c.startswith(prefix)), 0)
    serial = _serial(page)
    if wanted < 9:
        page.keyboard.press(str(wanted + 1))
    else:  # beyond the number keys: Tab to the button, then Enter
        for _ in range(200):
            if page.evaluate("() => document.activeElement?.dataset?.choice || ''") == ids[wanted]:
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    _wait_next(page, serial)


def test_a_move_and_an_attack_by_keyboard_only(server: Any, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    created = httpx.post(server.url + "/api/games", json={"mode": "solo", "seed": 1, "quick": True}).json()
    errors: list[str] = []
    moved = attacked = False
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium(), headless=True, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        _watch_console(page, errors)
        page.add_init_script("localStorage.setItem('delve.speed', '0')")  # playback at "instant"
        page.goto(server.url + created["invites"][0]["url"])
        page.locator(".briefing").wait_for(timeout=20_000)
        page.keyboard.press("Escape")  # the briefing closes by keyboard
        for _ in range(200):
            if moved and attacked:
                break
            page.wait_for_function("() => document.body.dataset.kind !== '' || document.body.dataset.serial === 'over'",
                                   timeout=30_000)
            assert _serial(page) != "over", "the quest ended before a move and an attack"
            kind = str(page.evaluate("() => document.body.dataset.kind"))
            attack = page.locator(".targets rect.hl-target")
            if kind == "hero_turn" and attack.count():
                _choose_on_board(page, str(attack.first.get_attribute("data-cell")))
                attacked = True
            elif kind == "hero_turn" and page.locator('#choices button[data-choice^="door:"]:has-text("open")').count():
                _choose_by_number(page, "door")
            elif kind == "hero_turn" and page.locator(".targets rect.hl-move").count():
                cell = _toward_a_fight(page)
                assert cell
                _choose_on_board(page, cell)
                moved = True
            else:
                _choose_by_number(page, kind)
        browser.close()
    assert moved and attacked, (moved, attacked)
    assert errors == [], errors
