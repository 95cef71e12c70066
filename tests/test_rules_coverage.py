"""docs/rules-coverage.md stays true: one row per rulebook heading, honest statuses and links."""

from __future__ import annotations

from pathlib import Path

import pytest

from delve.docs_coverage import (
    EXCERPTS,
    STATUSES,
    CoverageRow,
    bad_modules,
    bad_statuses,
    bad_test_paths,
    body_headings,
    clean_heading_text,
    default_page,
    default_rulebook,
    excerpt_headings,
    excerpt_labels,
    extract_headings,
    label_headings,
    main,
    parse_coverage_table,
    parse_excerpt_tables,
    row_label_problems,
    rulebook_labels,
)

REPO_ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = default_rulebook(REPO_ROOT)  # ../shared/rules/descent-1e-rulebook.md
PAGE = default_page(REPO_ROOT)


@pytest.fixture(scope="module")
def rulebook() -> Path:
    if not RULEBOOK.is_file():
        pytest.skip(f"rulebook not found at {RULEBOOK} (expected shared/ checked out beside the repo)")
    return RULEBOOK


@pytest.fixture(scope="module")
def rows() -> list[CoverageRow]:
    return parse_coverage_table(PAGE.read_text(encoding="utf-8"))


# --- the page against the rulebook -------------------------------------------------------------


def test_every_rulebook_heading_has_exactly_one_row_in_order(rulebook: Path, rows: list[CoverageRow]) -> None:
    expected = rulebook_labels(rulebook)
    assert len(expected) > 150, "heading extraction found suspiciously few headings"
    assert expected[0] == "Game Setup"
    assert expected[-1] == "Web"
    problems = row_label_problems(expected, rows)
    assert not problems, "\n".join(problems)
    assert [row.heading for row in rows] == expected


def test_every_status_is_known(rows: list[CoverageRow]) -> None:
    assert rows
    problems = bad_statuses(rows)
    assert not problems, "\n".join(problems)
    assert {row.status for row in rows} <= set(STATUSES)


def test_claimed_rows_name_an_importable_module(rows: list[CoverageRow]) -> None:
    problems = bad_modules(rows)
    assert not problems, "\n".join(problems)


def test_claimed_rows_name_existing_tests(rows: list[CoverageRow]) -> None:
    problems = bad_test_paths(rows, REPO_ROOT)
    assert not problems, "\n".join(problems)


def test_check_command_passes_on_the_page(rulebook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--check", "--repo-root", str(REPO_ROOT), "--rulebook", str(rulebook)])
    out = capsys.readouterr().out
    assert code == 0, out


# --- the heading rule itself -------------------------------------------------------------------


SAMPLE = """\
# About
## GAME SETUP ..... 4
### ATTACKING ..... 11
# Game Setup
Some text.
## **Heroes Setup**
```
# not a heading inside a fence
```
## Attacking
### Step 3: Roll
#### Attacker is a hero
### Step 5: Surges
#### Attacker is a hero
#### Attacker is the overlord ##
## Boulders \U0001f5ff
## Frost \u2744\ufe0f
## Unspent Treachery \U0001f5e1\ufe0f\U0001f534
#hashtag line
## Web
## After the end
"""


def test_clean_heading_text_strips_marks_and_icons() -> None:
    assert clean_heading_text("**Version 1.3**") == "Version 1.3"
    assert clean_heading_text("Boulders \U0001f5ff") == "Boulders"
    assert clean_heading_text("Daze \U0001f9e0 ") == "Daze"
    assert clean_heading_text("Unspent Treachery \U0001f5e1\ufe0f\U0001f534") == "Unspent Treachery"
    assert clean_heading_text("Player's Turn ##") == "Player's Turn"
    assert clean_heading_text("Difficulty & Progress marker") == "Difficulty & Progress marker"


def test_body_runs_from_game_setup_to_web_skipping_toc_and_fences() -> None:
    body = body_headings(extract_headings(SAMPLE))
    assert [h.text for h in body] == [
        "Game Setup",
        "Heroes Setup",
        "Attacking",
        "Step 3: Roll",
        "Attacker is a hero",
        "Step 5: Surges",
        "Attacker is a hero",
        "Attacker is the overlord",
        "Boulders",
        "Frost",
        "Unspent Treachery",
        "Web",
    ]
    assert body[0].line == 4


def test_duplicate_headings_get_their_parent() -> None:
    labels = label_headings(body_headings(extract_headings(SAMPLE)))
    assert "Attacker is a hero (Step 3: Roll)" in labels
    assert "Attacker is a hero (Step 5: Surges)" in labels
    assert "Attacker is a hero" not in labels
    assert len(set(labels)) == len(labels)


def test_missing_start_or_end_heading_is_an_error() -> None:
    with pytest.raises(ValueError, match="Game Setup"):
        body_headings(extract_headings("# Intro\n## Web\n"))
    with pytest.raises(ValueError, match="Web"):
        body_headings(extract_headings("# Game Setup\n## Movement\n"))


# --- the checks catch a wrong page -------------------------------------------------------------


def _page(*rows: str) -> str:
    return (
        "Intro.\n\n| heading | status | module | tests |\n| --- | --- | --- | --- |\n"
        + "\n".join(rows)
        + "\n"
    )


def test_checks_report_missing_extra_and_out_of_order_rows() -> None:
    expected = ["Game Setup", "Movement", "Web"]
    missing = parse_coverage_table(_page("| Game Setup | not yet | - | - |", "| Web | not yet | - | - |"))
    assert row_label_problems(expected, missing) == ["missing row: Movement"]
    extra = parse_coverage_table(_page(*(f"| {h} | not yet | - | - |" for h in [*expected, "Fly"])))
    assert [p.split(":")[0] for p in row_label_problems(expected, extra)] == ["extra row (line 8)"]
    swapped = parse_coverage_table(
        _page(*(f"| {h} | not yet | - | - |" for h in ["Movement", "Game Setup", "Web"]))
    )
    assert row_label_problems(expected, swapped)[0].startswith("out of order at row 1")


def test_checks_report_bad_status_module_and_tests(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text("def test_ok():\n    pass\n")
    rows = parse_coverage_table(
        _page(
            "| A | Done | - | - |",
            "| B | partial | delve.no_such_module | tests/test_x.py |",
            "| C | done | delve.docs_coverage | tests/test_x.py::test_ok, tests/ |",
            "| D | done | delve.docs_coverage | tests/test_x.py::test_missing |",
            "| E | partial | delve.docs_coverage | tests/nowhere/ |",
            "| F | done | delve.docs_coverage | - |",
        )
    )
    assert [p.split(": ")[-1] for p in bad_statuses(rows)] == ["A"]
    assert [p.split(": ")[-1] for p in bad_modules(rows)] == ["B"]
    assert [p.split(": ")[-1] for p in bad_test_paths(rows, tmp_path)] == ["D", "E", "F"]


def test_check_command_prints_missing_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rulebook = tmp_path / "rulebook.md"
    rulebook.write_text(SAMPLE)
    page = tmp_path / "coverage.md"
    page.write_text(_page("| Game Setup | not yet | - | - |", "| Web | not yet | - | - |"))
    code = main(["--check", "--repo-root", str(tmp_path), "--rulebook", str(rulebook), "--page", str(page)])
    out = capsys.readouterr().out
    assert code == 1
    assert "missing row: Heroes Setup" in out
    assert "missing row: Attacker is a hero (Step 5: Surges)" in out


# --- the excerpt sections ----------------------------------------------------------------------


def test_every_excerpt_beside_the_rulebook_has_its_section_in_order(rulebook: Path) -> None:
    sections = parse_excerpt_tables(PAGE.read_text(encoding="utf-8"))
    assert set(sections) == set(EXCERPTS)
    for name in EXCERPTS:
        excerpt = rulebook.parent / name
        if not excerpt.is_file():
            continue
        expected = excerpt_labels(excerpt)
        assert expected, f"no headings found in {name}"
        rows = sections[name]
        assert not row_label_problems(expected, rows), name
        assert not bad_statuses(rows) and not bad_modules(rows) and not bad_test_paths(rows, REPO_ROOT), name


def test_the_2e_excerpts_give_the_sections_we_know(rulebook: Path) -> None:
    labels = excerpt_labels(rulebook.parent / "descent-2e-rules-excerpt-a.txt")
    assert labels[:3] == ["Defeated", "Knocked Out", "Errata and FAQ Version 1.0"]
    assert {"Familiars", "Familiars Treated as Figures", "Lieutenants", "Large Monsters", "Monsters",
            "Quests", "The Golden Rules", "Two-Player Game"} <= set(labels)
    assert excerpt_labels(rulebook.parent / "descent-2e-rules-excerpt-b.txt")[-1] == "Overlord Cards"


EXCERPT = """\
Defeated

A figure is defeated when it runs out of health, and then it is removed.

Errata and FAQ Version 1.0

Q: What happens now?
A: Nothing at all.

  \u2022 A bullet that stands alone

The last sentence of a paragraph
that runs over two lines.

This line ends with a colon:

Defeated
"""


def test_excerpt_headings_are_short_lines_standing_alone() -> None:
    headings = excerpt_headings(EXCERPT)
    assert [(h.text, h.line) for h in headings] == [
        ("Defeated", 1), ("Errata and FAQ Version 1.0", 5), ("Defeated", 17)]
    assert label_headings(headings) == ["Defeated #1", "Errata and FAQ Version 1.0", "Defeated #2"]


def _excerpt_page(name: str, *rows: str) -> str:
    return (
        _page("| Game Setup | not yet | - | - |", "| Web | not yet | - | - |")
        + f"\n## {name}\n\n<!-- excerpt: {name} -->\n\nSome words.\n\n"
        + "| heading | status | module | tests |\n| --- | --- | --- | --- |\n"
        + "\n".join(rows)
        + "\n\n## Next section\n"
    )


def test_excerpt_tables_are_parsed_apart_from_the_main_table() -> None:
    page = _excerpt_page("extra-game-effects.txt", "| Drain X | not yet | - | - |")
    assert [row.heading for row in parse_coverage_table(page)] == ["Game Setup", "Web"]
    sections = parse_excerpt_tables(page)
    assert [row.heading for row in sections["extra-game-effects.txt"]] == ["Drain X"]
    with pytest.raises(ValueError, match="no coverage table"):
        parse_excerpt_tables("<!-- excerpt: extra-game-effects.txt -->\nNo table here.\n")


def test_check_command_checks_the_excerpt_sections(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rulebook = tmp_path / "rulebook.md"
    rulebook.write_text("# Game Setup\n## Web\n")
    (tmp_path / "extra-game-effects.txt").write_text("Drain X\n\nText.\n\nMirror\n\nMore text.\n")
    page = tmp_path / "coverage.md"
    page.write_text(_excerpt_page("extra-game-effects.txt", "| Drain X | done | delve.docs_coverage | - |"))
    code = main(["--check", "--repo-root", str(tmp_path), "--rulebook", str(rulebook), "--page", str(page)])
    out = capsys.readouterr().out
    assert code == 1
    assert "extra-game-effects.txt: missing row: Mirror" in out
    assert "extra-game-effects.txt: no tests named" in out
    (tmp_path / "descent-2e-rules-excerpt-a.txt").write_text("Quests\n\nText.\n")
    main(["--check", "--repo-root", str(tmp_path), "--rulebook", str(rulebook), "--page", str(page)])
    assert "missing section: <!-- excerpt: descent-2e-rules-excerpt-a.txt -->" in capsys.readouterr().out
