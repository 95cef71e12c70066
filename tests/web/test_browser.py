"""A person plays the tutorial quest's first turns by clicking, in real headless Chromium.

Debian's chromium is driven by Playwright (``executable_path``: Playwright never downloads a
browser here). A screenshot is kept in ``test-artifacts/web-table.png``. If Chromium is missing
the test fails with the way to install it: a silent skip would hide a broken browser setup.
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
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"


def _chromium() -> str:
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not found:
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium` (as root; `make test` does it)")
    return found


def _click_choice(page: Any, prefix: str) -> bool:
    button = page.locator(f'#choices button[data-choice^="{prefix}"]').first
    if button.count() == 0:
        return False
    serial = page.evaluate("document.body.dataset.serial")
    button.click()
    page.wait_for_function(f"() => document.body.dataset.serial !== '{serial}'", timeout=15_000)
    return True


def _click_space(page: Any, prefix: str) -> bool:
    space = page.locator(f'rect.hl-move[data-choice^="{prefix}"]').last
    if space.count() == 0:
        return False
    serial = page.evaluate("document.body.dataset.serial")
    space.click(force=True)
    page.wait_for_function(f"() => document.body.dataset.serial !== '{serial}'", timeout=15_000)
    return True


def test_a_person_plays_the_first_turns_by_clicking(server: Any, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    executable = _chromium()
    created = httpx.post(server.url + "/api/games", json={"mode": "solo", "seed": 1}).json()
    url = server.url + created["invites"][0]["url"]
    moved = ended = 0
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=executable, headless=True, args=FLAGS,
            viewport={"width": 1500, "height": 950})
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => document.body.dataset.serial !== undefined", timeout=20_000)
        assert page.locator("#board rect.space").count() > 20  # the board is drawn
        for _ in range(60):
            kind = page.evaluate("document.body.dataset.kind")
            if kind == "skill_trade":
                assert _click_choice(page, "keep")
            elif kind == "shop":
                can_buy = page.locator('#choices button[data-choice^="buy:"]').count() > 0
                if can_buy and not page.evaluate("window.__bought"):
                    page.evaluate("window.__bought = true")  # buy one item, then finish shopping
                    assert _click_choice(page, "buy:")
                else:
                    assert _click_choice(page, "end_")
            elif kind == "place_item":
                assert _click_choice(page, "place:equip") or _click_choice(page, "place:")
            elif kind == "place_hero":
                assert _click_space(page, "place:")
            elif kind == "choose_hero_turn":
                assert _click_choice(page, "turn:")
            elif kind == "choose_action":
                assert _click_choice(page, "action:run")
            elif kind == "hero_turn":
                if moved <= ended and _click_space(page, "move:"):
                    moved += 1
                else:
                    assert _click_choice(page, "end_turn")
                    ended += 1
            elif kind:
                buttons = page.locator("#choices button")
                assert buttons.count() > 0, kind
                serial = page.evaluate("document.body.dataset.serial")
                buttons.last.click()
                page.wait_for_function(f"() => document.body.dataset.serial !== '{serial}'", timeout=15_000)
            else:
                page.wait_for_timeout(200)
            if ended >= 3:
                break
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "web-table.png"), full_page=True)
        log = page.locator("#log li").all_inner_texts()
        context.close()
    assert moved >= 2 and ended >= 3, (moved, ended)
    assert any("moves" in line for line in log) and any("rulebook:" in line for line in log)
