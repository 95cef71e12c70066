"""The Hint button in real headless Chromium: on a solo game against the normal overlord, on a
hero's turn with moves and attacks, the button beside the prompt opens what the normal hero AI
would choose and why (its suggestion by label, a reason, the top options with what their scores
mean, the rest behind a toggle), and outlines the suggestion among the choices. Screenshots at
390x844 and 1280x720 go to docs/screenshots/ (hint-*.png)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from tests.web.test_browser import FLAGS, SCREENSHOTS, _chromium


def _until_a_hero_turn(url: str, gid: str, headers: dict[str, str]) -> dict[str, Any]:
    """Answer the heroes' prompts with the table's hint until a hero's turn offers many moves."""
    for _ in range(400):
        state = httpx.get(f"{url}/api/games/{gid}/state", headers=headers, timeout=60).json()
        pending = state["pending"]
        assert pending is not None, "the game ended before a hero's turn"
        if pending["yours"] and pending["kind"] == "hero_turn" and len(pending["choices"]) > 8:
            return state
        if not pending["yours"]:
            continue
        hint = httpx.get(f"{url}/api/games/{gid}/hint", headers=headers, timeout=60).json()
        httpx.post(f"{url}/api/games/{gid}/choose", headers=headers, timeout=60,
                   json={"choice": hint["winner"], "serial": pending["serial"]})
    pytest.fail("no hero's turn with many choices")


def test_the_hint_opens_what_the_hero_ai_would_choose(server: Any) -> None:
    from playwright.sync_api import sync_playwright

    res = httpx.post(server.url + "/api/games", json={"mode": "solo", "level": "normal", "quick": True, "seed": 5},
                     timeout=60).json()
    url = res["invites"][0]["url"]
    gid, headers = res["id"], {"X-Seat-Token": url.split("#", 1)[1]}
    state = _until_a_hero_turn(server.url, gid, headers)
    labels = {c["id"]: c["label"] for c in state["pending"]["choices"]}
    served = httpx.get(f"{server.url}/api/games/{gid}/hint", headers=headers, timeout=60).json()
    problems: list[str] = []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium(), headless=True, args=FLAGS)
        for width, height in ((1280, 720), (390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("pageerror", lambda exc: problems.append(str(exc)))
            page.goto(server.url + url)
            page.wait_for_function("() => document.body.dataset.serial !== undefined", timeout=30_000)
            button = page.locator("#hint")
            button.wait_for(timeout=20_000)
            button.click()
            dialog = page.get_by_role("dialog", name="Hint")
            dialog.locator("table.why-options").wait_for(timeout=30_000)
            text = dialog.inner_text()
            assert "The normal hero AI suggests" in text and labels[served["winner"]] in text, text
            assert served["reason"] in text and served["meaning"] in text, text
            assert "no values" not in text and "hero1" not in text, text
            rows = dialog.locator("table.why-options tbody tr")
            shown = rows.count()
            assert 1 <= shown <= 8 and dialog.locator("tr.chosen").count() == 1
            toggle = dialog.locator("button.more-options")
            if served["more"]:
                assert f"{served['more']} more option" in toggle.inner_text()
            page.screenshot(path=str(SCREENSHOTS / f"hint-{width}x{height}.png"))
            if served["more"]:
                toggle.click()
                assert rows.count() == shown + served["more"]
            page.keyboard.press("Escape")
            assert page.get_by_role("dialog", name="Hint").count() == 0
            # the suggestion stays outlined: its button among the choices, its space or target on the board
            assert page.locator("button.choice.hinted").count() <= 1
            on_board = page.locator(f'.targets rect[data-cell]:is([data-choice="{served["winner"]}"])')
            if served["winner"].startswith(("move:", "attack:")) and on_board.count():
                assert page.locator(".targets rect.hl-hinted").count() == 1
                assert page.locator(".targets rect.hl-hinted").get_attribute("data-choice") == served["winner"]
            if width == 1280:
                page.screenshot(path=str(SCREENSHOTS / "hint-on-board-1280x720.png"))
            page.close()
        browser.close()
    assert not problems, problems


def test_no_hint_on_a_decision_that_is_not_the_askers(server: Any) -> None:
    """A network game: the person whose decision is not pending is refused a hint (the button
    shows on the person's own decision only: ``client/tests/advice.test.ts``)."""
    other = httpx.post(server.url + "/api/games", json={"mode": "network", "level": "normal", "quick": True,
                                                       "seed": 5}, timeout=60).json()
    for invite in other["invites"]:
        token = invite["url"].split("#", 1)[1]
        state = httpx.get(f"{server.url}/api/games/{other['id']}/state", headers={"X-Seat-Token": token},
                          timeout=60).json()
        if state["pending"] is not None and not state["pending"]["yours"]:
            res2 = httpx.get(f"{server.url}/api/games/{other['id']}/hint", headers={"X-Seat-Token": token}, timeout=60)
            assert res2.status_code == 409 and res2.json()["error"].startswith("You have no decision")
