"""Keep ``docs/rules-coverage.md`` in step with the rulebook.

The coverage page has one table row per heading of the rulebook's body, from the heading
"Game Setup" down to the heading "Web", in rulebook order. This module holds the one rule for
turning the rulebook's Markdown headings into row labels, a parser for the table, and the
checks that ``tests/test_rules_coverage.py`` and ``python -m delve.docs_coverage --check`` run.

The heading rule:

- An ATX heading is a line of one to six ``#`` marks followed by a space (up to three leading
  spaces allowed); lines inside fenced code blocks are not headings.
- Its text drops the ``#`` marks (and any closing ``#`` run), bold markers (``**``/``__``),
  backticks, and any trailing emoji, icons or variation selectors; inner whitespace collapses.
- The body starts at the first heading whose text is exactly ``Game Setup`` (the table of
  contents near the top spells it in capitals with page numbers, so it never matches) and
  ends at the first heading ``Web`` after that, inclusive.
- When two body headings share the same text, every one of them gets its parent heading (the
  nearest earlier heading of a higher level) appended in parentheses:
  ``Attacker is a hero (Step 3: Count Range and Roll Attack)``. If that still collides, a
  ``#n`` counter is appended as well.

The page also has one section per rules excerpt kept beside the rulebook (the 2nd-edition
excerpts and the extra game effects, ``EXCERPTS``). Each starts with a marker line
``<!-- excerpt: FILE -->`` and holds a table of the same shape, one row per heading of that
plain-text file. The excerpt heading rule:

- A heading is a line standing alone (a blank line or the file's start before it, a blank line
  or the file's end after it) of at most six words that does not end like a sentence
  (``.``, ``:``, ``?``, ``,``, ``;``) and does not open a bullet, an answer or a question
  (``•``, ``»``, ``Q:``, ``A:``).
- Repeated headings get a ``#n`` counter, as above.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "END_HEADING",
    "EXCERPTS",
    "START_HEADING",
    "STATUSES",
    "TABLE_HEADER",
    "CoverageRow",
    "Heading",
    "bad_modules",
    "bad_statuses",
    "bad_test_paths",
    "body_headings",
    "check",
    "clean_heading_text",
    "default_page",
    "default_rulebook",
    "excerpt_headings",
    "excerpt_labels",
    "extract_headings",
    "find_repo_root",
    "label_headings",
    "main",
    "module_is_importable",
    "parse_coverage_table",
    "parse_excerpt_tables",
    "row_label_problems",
    "rulebook_labels",
    "tests_entry_problem",
]

START_HEADING = "Game Setup"
END_HEADING = "Web"
STATUSES: tuple[str, ...] = ("done", "partial", "not yet")
TABLE_HEADER: tuple[str, ...] = ("heading", "status", "module", "tests")
# Rules excerpts beside the rulebook that get a section (and a table) of their own on the page.
EXCERPTS: tuple[str, ...] = (
    "descent-2e-rules-excerpt-a.txt",
    "descent-2e-rules-excerpt-b.txt",
    "extra-game-effects.txt",
)
_EXCERPT_MARKER = re.compile(r"^\s*<!--\s*excerpt:\s*(\S+)\s*-->\s*$")
_EXCERPT_MAX_WORDS = 6
_SENTENCE_ENDS = ".:?,;"
_NOT_HEADING_STARTS = ("\u2022", "\u00bb", "Q:", "A:")
# Statuses whose rows must point at real code and real tests.
_CLAIMED = frozenset({"done", "partial"})

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
_CLOSING_HASHES = re.compile(r"(?:^|[ \t]+)#+$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class Heading:
    """One Markdown heading of the rulebook.

    ``line`` is 1-based; ``level`` is the number of ``#`` marks; ``text`` is the cleaned text.
    """

    level: int
    text: str
    line: int


@dataclass(frozen=True)
class CoverageRow:
    """One row of the coverage table, cells stripped of surrounding spaces and backticks."""

    heading: str
    status: str
    module: str
    tests: str
    line: int


def _is_trailing_icon(char: str) -> bool:
    """Return True for characters that decorate a heading rather than name it.

    Whitespace always counts; beyond ASCII, anything that is not a letter or digit does
    (emoji, symbols, variation selectors, zero-width joiners, combining marks).
    """
    if char.isspace():
        return True
    if char.isascii():
        return False
    return unicodedata.category(char)[0] not in ("L", "N")


def clean_heading_text(raw: str) -> str:
    """Turn the text after the ``#`` marks into a row label (see the module docstring)."""
    text = _CLOSING_HASHES.sub("", raw.strip())
    text = text.replace("**", "").replace("__", "").replace("`", "")
    end = len(text)
    while end and _is_trailing_icon(text[end - 1]):
        end -= 1
    return " ".join(text[:end].split())


def extract_headings(markdown: str) -> list[Heading]:
    """Return every ATX heading of ``markdown`` in order, skipping fenced code blocks."""
    headings: list[Heading] = []
    fence: str | None = None
    for number, line in enumerate(markdown.splitlines(), start=1):
        fence_match = _FENCE.match(line)
        if fence_match:
            marker = fence_match.group(1)
            if fence is None:
                fence = marker
            elif marker[0] == fence[0] and len(marker) >= len(fence):
                fence = None
            continue
        if fence is not None:
            continue
        match = _ATX.match(line)
        if match:
            headings.append(Heading(len(match.group(1)), clean_heading_text(match.group(2) or ""), number))
    return headings


def body_headings(
    headings: Sequence[Heading], start: str = START_HEADING, end: str = END_HEADING
) -> list[Heading]:
    """Return the headings from the first one titled ``start`` to the next one titled ``end``.

    Raises ``ValueError`` when either heading is missing, so a renamed rulebook heading shows
    up as a clear failure instead of an empty table.
    """
    first = next((i for i, h in enumerate(headings) if h.text == start), None)
    if first is None:
        raise ValueError(f"rulebook has no heading {start!r}")
    last = next((i for i in range(first, len(headings)) if headings[i].text == end), None)
    if last is None:
        raise ValueError(f"rulebook has no heading {end!r} after {start!r}")
    return list(headings[first : last + 1])


def label_headings(headings: Sequence[Heading]) -> list[str]:
    """Return one distinct row label per heading, in order (duplicates get their parent)."""
    counts: dict[str, int] = {}
    for heading in headings:
        counts[heading.text] = counts.get(heading.text, 0) + 1

    labels: list[str] = []
    stack: list[Heading] = []  # open ancestors, strictly increasing levels
    for heading in headings:
        while stack and stack[-1].level >= heading.level:
            stack.pop()
        label = heading.text
        if counts[heading.text] > 1 and stack:
            label = f"{heading.text} ({stack[-1].text})"
        labels.append(label)
        stack.append(heading)

    seen: dict[str, int] = {}
    totals: dict[str, int] = {}
    for label in labels:
        totals[label] = totals.get(label, 0) + 1
    distinct: list[str] = []
    for label in labels:
        if totals[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            distinct.append(f"{label} #{seen[label]}")
        else:
            distinct.append(label)
    return distinct


def rulebook_labels(rulebook: Path) -> list[str]:
    """Read the rulebook file and return the row labels the coverage table must have."""
    return label_headings(body_headings(extract_headings(rulebook.read_text(encoding="utf-8"))))


def excerpt_headings(text: str) -> list[Heading]:
    """Return the headings of a plain-text rules excerpt (see the module docstring), level 1."""
    lines = text.splitlines()
    found: list[Heading] = []
    for index, raw in enumerate(lines):
        line = " ".join(raw.split())
        before = lines[index - 1].strip() if index > 0 else ""
        after = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if not line or before or after:
            continue
        if len(line.split()) > _EXCERPT_MAX_WORDS or line[-1] in _SENTENCE_ENDS:
            continue
        if line.startswith(_NOT_HEADING_STARTS):
            continue
        found.append(Heading(1, clean_heading_text(line), index + 1))
    return found


def excerpt_labels(excerpt: Path) -> list[str]:
    """Read an excerpt file and return the row labels its section's table must have."""
    return label_headings(excerpt_headings(excerpt.read_text(encoding="utf-8")))


def _split_cells(line: str) -> list[str]:
    """Split a Markdown table line into stripped cells, honouring ``\\|`` escapes."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells = re.split(r"(?<!\\)\|", body)
    return [cell.replace("\\|", "|").strip().strip("`").strip() for cell in cells]


def parse_coverage_table(markdown: str) -> list[CoverageRow]:
    """Return the rows of the table whose header is ``| heading | status | module | tests |``.

    Only the part of the page before the first excerpt section counts (those sections have
    their own tables, see :func:`parse_excerpt_tables`). Raises ``ValueError`` if there is no
    such table, if that part has more than one table, or if a row does not have exactly four
    cells.
    """
    lines = markdown.splitlines()
    first_marker = next((i for i, line in enumerate(lines) if _EXCERPT_MARKER.match(line)), len(lines))
    lines = lines[:first_marker]  # the excerpt sections have tables of their own
    header_at = [
        i
        for i, line in enumerate(lines)
        if line.lstrip().startswith("|") and tuple(c.lower() for c in _split_cells(line)) == TABLE_HEADER
    ]
    if len(header_at) != 1:
        raise ValueError(f"expected exactly one coverage table header, found {len(header_at)}")
    tables = sum(
        1
        for i, line in enumerate(lines)
        if line.lstrip().startswith("|") and (i == 0 or not lines[i - 1].lstrip().startswith("|"))
    )
    if tables != 1:
        raise ValueError(f"expected exactly one table on the page, found {tables}")
    start = header_at[0]
    if start + 1 >= len(lines) or not re.fullmatch(r"\s*\|?[\s:|-]+\|?\s*", lines[start + 1]):
        raise ValueError("coverage table header is not followed by a delimiter row")
    rows: list[CoverageRow] = []
    for i in range(start + 2, len(lines)):
        line = lines[i]
        if not line.lstrip().startswith("|"):
            break
        cells = _split_cells(line)
        if len(cells) != len(TABLE_HEADER):
            raise ValueError(f"line {i + 1}: expected {len(TABLE_HEADER)} cells, found {len(cells)}")
        rows.append(CoverageRow(cells[0], cells[1], cells[2], cells[3], i + 1))
    return rows


def parse_excerpt_tables(markdown: str) -> dict[str, list[CoverageRow]]:
    """Return the rows of every excerpt section, by excerpt file name.

    A section runs from its ``<!-- excerpt: FILE -->`` marker to the next marker; its table is
    the first one with the coverage header there. Raises ``ValueError`` for a section without
    such a table, for a file named twice, or for a row without exactly four cells.
    """
    lines = markdown.splitlines()
    markers = [(i, m.group(1)) for i, line in enumerate(lines) if (m := _EXCERPT_MARKER.match(line))]
    tables: dict[str, list[CoverageRow]] = {}
    for number, (start, name) in enumerate(markers):
        if name in tables:
            raise ValueError(f"line {start + 1}: excerpt {name!r} has two sections")
        end = markers[number + 1][0] if number + 1 < len(markers) else len(lines)
        header = next((i for i in range(start, end) if lines[i].lstrip().startswith("|")
                       and tuple(c.lower() for c in _split_cells(lines[i])) == TABLE_HEADER), None)
        if header is None:
            raise ValueError(f"line {start + 1}: the section of excerpt {name!r} has no coverage table")
        rows: list[CoverageRow] = []
        for i in range(header + 2, end):
            if not lines[i].lstrip().startswith("|"):
                break
            cells = _split_cells(lines[i])
            if len(cells) != len(TABLE_HEADER):
                raise ValueError(f"line {i + 1}: expected {len(TABLE_HEADER)} cells, found {len(cells)}")
            rows.append(CoverageRow(cells[0], cells[1], cells[2], cells[3], i + 1))
        tables[name] = rows
    return tables


def row_label_problems(expected: Sequence[str], rows: Sequence[CoverageRow]) -> list[str]:
    """Describe missing, extra, repeated and out-of-order rows (empty when the rows match)."""
    actual = [row.heading for row in rows]
    problems: list[str] = []
    expected_set = set(expected)
    actual_set = set(actual)
    for label in expected:
        if label not in actual_set:
            problems.append(f"missing row: {label}")
    for row in rows:
        if row.heading not in expected_set:
            problems.append(f"extra row (line {row.line}): {row.heading}")
    for label in sorted(actual_set):
        if actual.count(label) > 1:
            problems.append(f"repeated row ({actual.count(label)} times): {label}")
    if not problems and actual != list(expected):
        for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
            if want != got:
                problems.append(f"out of order at row {index + 1}: expected {want!r}, found {got!r}")
                break
    return problems


def bad_statuses(rows: Sequence[CoverageRow]) -> list[str]:
    """Describe rows whose status is not one of ``STATUSES``."""
    return [
        f"bad status {row.status!r} (line {row.line}): {row.heading}"
        for row in rows
        if row.status not in STATUSES
    ]


def module_is_importable(name: str) -> bool:
    """Return True if ``name`` is a dotted module name that ``importlib`` can find."""
    if not re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", name):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def bad_modules(rows: Sequence[CoverageRow]) -> list[str]:
    """Describe ``done``/``partial`` rows whose module cell is not an importable module."""
    return [
        f"module {row.module!r} not importable (line {row.line}): {row.heading}"
        for row in rows
        if row.status in _CLAIMED and not module_is_importable(row.module)
    ]


def tests_entry_problem(entry: str, repo_root: Path) -> str | None:
    """Check one tests-cell entry: a directory, a file, or ``file::name[::name]``.

    Paths are relative to ``repo_root``. For ``::`` parts, the file must define each name
    (``def``/``class``), ignoring a parametrization suffix such as ``[case]``.
    Returns a description of the problem, or ``None`` when the entry is fine.
    """
    path_text, *names = entry.split("::")
    if not path_text or Path(path_text).is_absolute() or ".." in Path(path_text).parts:
        return f"test path {entry!r} must be relative to the repo root"
    path = repo_root / path_text
    if not path.exists():
        return f"test path {path_text!r} does not exist"
    if not names:
        return None
    if not path.is_file():
        return f"test path {path_text!r} is not a file, so {entry!r} cannot name a test"
    source = path.read_text(encoding="utf-8")
    for name in names:
        bare = name.split("[", 1)[0]
        if not bare or not re.search(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(bare)}\b", source, re.M):
            return f"{path_text!r} defines no test {bare!r}"
    return None


def bad_test_paths(rows: Sequence[CoverageRow], repo_root: Path) -> list[str]:
    """Describe ``done``/``partial`` rows whose tests cell is empty or names a missing path."""
    problems: list[str] = []
    for row in rows:
        if row.status not in _CLAIMED:
            continue
        entries = [entry.strip().strip("`").strip() for entry in row.tests.split(",")]
        if not any(entries) or entries == ["-"]:
            problems.append(f"no tests named (line {row.line}): {row.heading}")
            continue
        for entry in entries:
            problem = tests_entry_problem(entry, repo_root)
            if problem:
                problems.append(f"{problem} (line {row.line}): {row.heading}")
    return problems


def check(rulebook: Path, page: Path, repo_root: Path, excerpts_dir: Path | None = None) -> list[str]:
    """Run every check of the coverage page and return the problems found (empty if none).

    ``excerpts_dir`` (default: the rulebook's folder) holds the ``EXCERPTS``; each one found
    there must have its section on the page, matching its headings.
    """
    text = page.read_text(encoding="utf-8")
    try:
        rows = parse_coverage_table(text)
        sections = parse_excerpt_tables(text)
    except ValueError as error:
        return [f"{page}: {error}"]
    problems = [
        *row_label_problems(rulebook_labels(rulebook), rows),
        *bad_statuses(rows),
        *bad_modules(rows),
        *bad_test_paths(rows, repo_root),
    ]
    folder = excerpts_dir or rulebook.parent
    for name in EXCERPTS:
        excerpt = folder / name
        if not excerpt.is_file():
            continue
        if name not in sections:
            problems.append(f"missing section: <!-- excerpt: {name} -->")
            continue
        section = sections[name]
        problems += [f"{name}: {p}" for p in (*row_label_problems(excerpt_labels(excerpt), section),
                                               *bad_statuses(section), *bad_modules(section),
                                               *bad_test_paths(section, repo_root))]
    for name in sorted(set(sections) - set(EXCERPTS)):
        problems.append(f"section for an unknown excerpt {name!r}; expected one of: {', '.join(EXCERPTS)}")
    return problems


def find_repo_root(start: Path | None = None) -> Path:
    """Return the nearest directory at or above ``start`` (default: cwd) with ``pyproject.toml``
    and ``docs/``; fall back to the checkout this module lives in."""
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / "pyproject.toml").is_file() and (candidate / "docs").is_dir():
            return candidate
    return Path(__file__).resolve().parents[2]


def default_rulebook(repo_root: Path) -> Path:
    """The rulebook sits in ``shared/rules`` beside the repository checkout."""
    return repo_root.parent / "shared" / "rules" / "descent-1e-rulebook.md"


def default_page(repo_root: Path) -> Path:
    """The coverage page inside the repository."""
    return repo_root / "docs" / "rules-coverage.md"


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m delve.docs_coverage --check`` (or ``--labels``, ``--excerpt-labels FILE``)."""
    parser = argparse.ArgumentParser(
        prog="python -m delve.docs_coverage", description="Check docs/rules-coverage.md against the rulebook."
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument(
        "--check", action="store_true", help="print missing/extra/invalid rows; exit 1 if any"
    )
    action.add_argument("--labels", action="store_true", help="print the row labels the rulebook calls for")
    action.add_argument("--excerpt-labels", metavar="FILE",
                        help="print the row labels an excerpt (one of EXCERPTS) calls for")
    parser.add_argument(
        "--repo-root", type=Path, default=None, help="repository root (default: found from cwd)"
    )
    parser.add_argument("--rulebook", type=Path, default=None, help="rulebook Markdown file")
    parser.add_argument(
        "--page", type=Path, default=None, help="coverage page (default: docs/rules-coverage.md)"
    )
    args = parser.parse_args(argv)

    repo_root: Path = args.repo_root.resolve() if args.repo_root else find_repo_root()
    rulebook: Path = args.rulebook or default_rulebook(repo_root)
    page: Path = args.page or default_page(repo_root)
    if not rulebook.is_file():
        print(f"rulebook not found: {rulebook}", file=sys.stderr)
        return 2
    if args.labels:
        for label in rulebook_labels(rulebook):
            print(label)
        return 0
    if args.excerpt_labels:
        excerpt = rulebook.parent / args.excerpt_labels
        if not excerpt.is_file():
            print(f"excerpt not found: {excerpt}", file=sys.stderr)
            return 2
        for label in excerpt_labels(excerpt):
            print(label)
        return 0
    if not page.is_file():
        print(f"coverage page not found: {page}", file=sys.stderr)
        return 2
    problems = check(rulebook, page, repo_root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {page}", file=sys.stderr)
        return 1
    print(f"{page}: OK ({len(rulebook_labels(rulebook))} rows)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
