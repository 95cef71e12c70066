"""The usage section of docs/rules-coverage.md is generated and up to date."""

from __future__ import annotations

from pathlib import Path

from delve.content.loader import load_starter_pack
from delve.content.usage import HEADING, default_page, main, render, replace_section


def test_the_page_section_is_up_to_date() -> None:
    page = default_page().read_text(encoding="utf-8")
    assert HEADING in page
    assert replace_section(page, render(load_starter_pack())) == page, (
        "run: python -m delve.content.usage --write")


def test_the_section_stays_below_the_coverage_table() -> None:
    page = default_page().read_text(encoding="utf-8")
    table_end = page.rfind("\n| ", 0, page.index(HEADING))
    assert page.index(HEADING) > table_end


def test_replace_section_appends_then_replaces_in_place(tmp_path: Path) -> None:
    first = replace_section("# Page\n\n| a |\n", f"{HEADING}\n\nold\n")
    assert first == f"# Page\n\n| a |\n\n{HEADING}\n\nold\n"
    again = replace_section(first + "\n## Later\n\ntext\n", f"{HEADING}\n\nnew\n")
    assert again == f"# Page\n\n| a |\n\n{HEADING}\n\nnew\n\n## Later\n\ntext\n"


def test_check_and_write(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Page\n", encoding="utf-8")
    assert main(["--check", "--page", str(page)]) == 1
    assert main(["--write", "--page", str(page)]) == 0
    assert main(["--check", "--page", str(page)]) == 0
    assert "### Abilities" in page.read_text(encoding="utf-8")
