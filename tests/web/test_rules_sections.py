"""Rulebook references open the section's coverage note (delve.web.present.rules_sections)."""

from __future__ import annotations

import re
from pathlib import Path

from delve.docs_coverage import default_page, find_repo_root
from delve.web.present.rules_sections import SHIPPED, build, module_summary, render, section_for

ROOT = find_repo_root(Path(__file__).parent)
EVENT_REF = re.compile(r'ref="([^"]+)"')


def test_shipped_copy_is_in_step_with_the_coverage_page() -> None:
    fresh = render(build(default_page(ROOT).read_text(encoding="utf-8"), ROOT / "src"))
    shipped = (ROOT / "src" / "delve" / "web" / "present" / SHIPPED).read_text(encoding="utf-8")
    assert shipped == fresh, "run: python -m delve.web.present.rules_sections (docs/rules-coverage.md changed)"


def test_descriptions_are_module_docstrings_never_rulebook_text() -> None:
    book = Path("/work/shared/rules/descent-1e-rulebook.md")
    rulebook = book.read_text(encoding="utf-8") if book.exists() else ""
    for rows in build(default_page(ROOT).read_text(encoding="utf-8"), ROOT / "src").values():
        for row in rows:
            assert row["about"] == module_summary(row["module"], ROOT / "src")
            for sentence in re.split(r"(?<=[.;:])\s+", row["about"]):
                if len(sentence) > 40:
                    assert sentence not in rulebook, row["section"]


def test_most_references_the_rules_cite_are_found() -> None:
    refs = {ref for path in (ROOT / "src" / "delve").rglob("*.py") for ref in EVENT_REF.findall(path.read_text())}
    found = [ref for ref in refs if section_for(ref)]
    assert len(found) >= 0.9 * len(refs), sorted(refs - set(found))


def test_endpoint_answers_a_section_with_its_status_and_glossary(table) -> None:  # type: ignore[no-untyped-def]
    res = table.client.get("/api/rules", params={"ref": "Step 3: Activate Monsters"})
    assert res.status_code == 200
    body = res.json()
    assert body["status"] == "done" and body["module"] == "delve.rules.overlord_turn" and body["about"]
    assert body["source"] == "descent-1e-rulebook.md" and body["ruleset"] == "1e"
    bleed = table.client.get("/api/rules", params={"ref": "Bleed"}).json()
    assert bleed["glossary"] == "bleed"  # the glossary entry explaining it, for the dialog
    repeated = table.client.get("/api/rules", params={"ref": "Move"}).json()  # a heading used twice
    assert repeated["section"].startswith("Move")
    second = table.client.get("/api/rules", params={"ref": "Knocked Out", "ruleset": "2e"}).json()
    assert second["source"].startswith("descent-2e") and second["ruleset"] == "2e"


def test_endpoint_refuses_unknown_or_malformed_references(table) -> None:  # type: ignore[no-untyped-def]
    assert table.client.get("/api/rules", params={"ref": "No such section"}).status_code == 404
    assert table.client.get("/api/rules", params={"ref": ""}).status_code == 422
    assert table.client.get("/api/rules", params={"ref": "x" * 300}).status_code == 422
