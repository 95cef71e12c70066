"""The "why?" dialog in real headless Chromium: on a solo game against the normal overlord, the
button beside one of his moves opens what he weighed (who decided, named by level, the options
that matter with their scores in words, his choice). Screenshots at 1280x720 and 390x844 go to
docs/screenshots/ (why-*.png)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.test_browser import SCREENSHOTS


def _until_the_overlord_moved(url: str, gid: str, headers: dict[str, str]) -> None:
    """Answer the heroes' prompts with the table's hint (the hero AI) until the overlord has moved a monster."""
    for _ in range(400):
        state = httpx.get(f"{url}/api/games/{gid}/state", headers=headers, timeout=60).json()
        if any(e["turn"] == "overlord" and e["kind"] in ("figure_moved", "attack_declared") for e in state["log"]):
            return
        pending = state["pending"]
        assert pending is not None, "the game ended before the overlord moved"
        choice = httpx.get(f"{url}/api/games/{gid}/hint", headers=headers, timeout=60).json()["winner"]
        body = {"choice": choice, "serial": pending["serial"]}
        httpx.post(f"{url}/api/games/{gid}/choose", headers=headers, json=body, timeout=60)
    pytest.fail("the overlord never moved")


def test_why_opens_what_the_overlord_weighed(server: Any, tmp_path: Any) -> None:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium` (as root)")
    res = httpx.post(server.url + "/api/games", json={"mode": "solo", "level": "normal", "quick": True, "seed": 5},
                     timeout=60).json()
    url = res["invites"][0]["url"]
    gid, headers = res["id"], {"X-Seat-Token": url.split("#", 1)[1]}
    _until_the_overlord_moved(server.url, gid, headers)
    problems: list[str] = []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        for width, height in ((1280, 720), (390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("pageerror", lambda exc: problems.append(str(exc)))
            page.goto(server.url + url)
            page.wait_for_function("() => document.body.dataset.serial !== undefined", timeout=30_000)
            buttons = page.locator("#log .ev", has_text="moves to").locator("button.why-btn")
            buttons.last.wait_for(timeout=20_000)
            buttons.last.scroll_into_view_if_needed()
            buttons.last.click()
            dialog = page.get_by_role("dialog", name="Why")
            dialog.locator("table.why-options").wait_for(timeout=30_000)
            text = dialog.inner_text()
            assert "The normal overlord chose" in text and "Move" in text, text
            assert "OverlordAI" not in text and "overlord AI" not in text, text
            assert dialog.locator("tr.chosen").count() == 1
            assert dialog.locator("table.why-options tbody tr").count() <= 8
            page.screenshot(path=str(SCREENSHOTS / f"why-{width}x{height}.png"))
            page.keyboard.press("Escape")
            assert page.get_by_role("dialog", name="Why").count() == 0
            page.close()
        browser.close()
    assert not problems, problems
