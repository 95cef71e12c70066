"""Every shipped quest of both rulesets, opened in real headless Chromium on a phone (390x844):
the briefing, the objective tracker, a hero sheet, a monster card and the board's legend appear,
with no horizontal scroll and no console error. One short check per quest (no playthrough: the
tutorial's is test_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.test_browser import FLAGS, _chromium, _watch_console

QUESTS = [("1e", "starter", "first-steps"), ("1e", "starter", "bridge-of-teeth"),
          ("1e", "starter", "the-drowned-library"), ("1e", "starter", "the-sunken-forge"),
          ("2e", "starter-2e", "first-steps-2e"), ("2e", "starter-2e", "first-steps-2e-2")]


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One headless Chromium for the module, at a phone's size."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium(), headless=True, args=FLAGS)
        yield browser
        browser.close()


def _card(page: Any, link: Any, kind: str) -> str:
    """Open a card from ``link``; its text (the dialog must name the card's kind), then close it."""
    link.click()
    dialog = page.locator(".card-dialog")
    dialog.wait_for(timeout=5_000)
    assert dialog.locator(".card-kind").text_content() == kind
    text = str(dialog.inner_text())
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached", timeout=5_000)
    return text


@pytest.mark.parametrize(("ruleset", "pack", "quest"), QUESTS, ids=[q for _, _, q in QUESTS])
def test_quest_shows_its_briefing_goals_cards_and_legend_on_a_phone(server: Any, phone: Any, ruleset: str, pack: str,
                                                                  quest: str, tmp_path: Path) -> None:
    created = httpx.post(server.url + "/api/games", json={"mode": "solo", "ruleset": ruleset, "pack": pack,
                                                           "quest": quest, "quick": True})
    assert created.status_code == 200, created.text
    errors: list[str] = []
    context = phone.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    _watch_console(page, errors)
    page.goto(server.url + created.json()["invites"][0]["url"])
    page.wait_for_function("() => document.body.dataset.catalog === '1'", timeout=20_000)

    briefing = page.locator(".briefing")
    briefing.wait_for(timeout=20_000)
    told = briefing.inner_text().lower()
    assert "the heroes" in told and "the overlord" in told, told
    # the meters the game uses are explained; a 2nd-edition quest uses no conquest
    assert ("conquest" in told) == (ruleset == "1e"), told
    page.click("#briefing-ok")
    page.wait_for_function("() => document.body.dataset.serial !== ''", timeout=20_000)

    objectives = page.locator(".objectives li")
    assert objectives.count() >= 1 and objectives.first.is_visible()  # the tracker is in view
    sheet = _card(page, page.locator('.party .ref-link[data-card="hero"]').first, "Hero")
    assert "Wounds" in sheet and "Speed" in sheet

    # the legend's bar is in view above the decision sheet even at the sheet's tallest (it covers
    # the board's foot on a phone)
    page.evaluate("window.scrollTo(0, 0)")
    bar = page.locator(".legend summary").bounding_box()
    sheet_top = page.evaluate("innerHeight - parseFloat(getComputedStyle("
                              "document.querySelector('.decision')).maxHeight)")
    assert bar is not None and bar["y"] + bar["height"] <= sheet_top, (bar, sheet_top)
    page.locator(".legend summary").click()
    legend = page.locator(".legend")
    legend.locator("ul").wait_for(timeout=5_000)  # drawn when opened
    assert "Hero" in legend.inner_text() and legend.locator("li").count() >= 6
    monster = _card(page, legend.locator(".reference-cards button").first, "Monster")
    assert "Master" in monster and "Armor" in monster  # normal and master stats for this many players

    assert page.evaluate("document.documentElement.scrollWidth") <= 390, quest  # no horizontal scroll
    context.close()
    assert errors == [], errors
