"""The lobby in real headless Chromium under the server's content security policy: a person
starts a game, plays its page, comes back and finds it under "your games" (the list shows only
the games whose tokens this browser kept), and the page logs no policy violation."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest


def test_the_lobby_starts_a_game_and_lists_only_it(server: Any, tmp_path: Any) -> None:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium` (as root)")
    httpx.post(server.url + "/api/games", json={"quick": True})  # somebody else's game
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        page = browser.new_page()
        page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.goto(server.url + "/")
        assert page.locator("#games li").count() == 0
        page.check("input[name=quick]")
        page.click("#create")
        page.wait_for_url("**/play/**", timeout=20_000)
        page.wait_for_function("() => document.body.dataset.serial !== undefined", timeout=20_000)
        game = page.url.split("/play/", 1)[1].split("#", 1)[0]
        page.goto(server.url + "/")
        page.wait_for_function("() => document.querySelectorAll('#games li').length > 0", timeout=10_000)
        links = page.locator("#games li a")
        assert links.count() == 1 and f"/play/{game}#" in (links.first.get_attribute("href") or "")
        browser.close()
    assert not [p for p in problems if "Content Security Policy" in p or "Refused" in p], problems
