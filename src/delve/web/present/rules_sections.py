"""What Delve does with each rulebook section an event cites: the coverage page, shipped.

Why a shipped copy: a log line cites the rulebook section its rule comes from ("Step 3: Activate
Monsters"); a player who opens that reference should learn, in the project's own words, what
the section is about in Delve and how completely Delve implements it. ``docs/rules-coverage.md``
knows (status, module, tests) but is not in the installed package, so this module turns it into
``rules_sections.json`` beside it (``python -m delve.web.present.rules_sections`` rewrites it;
``tests/web/test_rules_sections.py`` fails when the two drift apart). The description of a
section is the first line of its implementing module's docstring, never rulebook text.
"""

from __future__ import annotations

import ast
import functools
import json
import re
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

from delve.docs_coverage import CoverageRow, default_page, find_repo_root, parse_coverage_table, parse_excerpt_tables

SHIPPED = "rules_sections.json"
RULEBOOK_1E = "descent-1e-rulebook.md"
SOURCES_2E = ("descent-2e-rules-excerpt-a.txt", "descent-2e-rules-excerpt-b.txt")
PARENT = re.compile(r" \((.+)\)$")  # a repeated heading's label names its parent: "Move (4. Ready)"


def module_summary(module: str, src: Path) -> str:
    """The first line of a module's docstring (``""`` when it has none or is not found)."""
    if not module or module == "-":
        return ""
    path = src.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    if not path.is_file():
        return ""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return doc.strip().split("\n\n", 1)[0].replace("\n", " ").strip()


def _row(row: CoverageRow, source: str, src: Path) -> dict[str, Any]:
    tests = [t.strip() for t in row.tests.split(",") if t.strip() and t.strip() != "-"]
    return {"section": row.heading, "source": source, "status": row.status,
            "module": "" if row.module == "-" else row.module, "about": module_summary(row.module, src),
            "tests": len(tests)}


def build(markdown: str, src: Path) -> dict[str, list[dict[str, Any]]]:
    """Every coverage row by ruleset: ``1e`` the rulebook's, ``2e`` the excerpts' (the extra
    game effects serve both)."""
    excerpts = parse_excerpt_tables(markdown)
    out: dict[str, list[dict[str, Any]]] = {"1e": [_row(r, RULEBOOK_1E, src) for r in parse_coverage_table(markdown)],
                                             "2e": []}
    for name, rows in excerpts.items():
        for key in ("2e",) if name in SOURCES_2E else ("1e", "2e"):
            out[key].extend(_row(r, name, src) for r in rows)
    return out


@functools.cache
def shipped() -> dict[str, list[dict[str, Any]]]:
    """The rows shipped in the package."""
    data: dict[str, list[dict[str, Any]]] = json.loads((files("delve.web.present") / SHIPPED).read_text("utf-8"))
    return data


def section_for(ref: str, ruleset: str = "1e") -> dict[str, Any] | None:
    """The coverage of the section an event cites: by its exact label, else by a repeated
    heading's bare name (the first in book order), case-insensitively; the ruleset's own
    sources first, then the other's."""
    from delve.web.present.glossary import glossary_for_ref

    wanted = ref.strip().casefold()
    if not wanted:
        return None
    data = shipped()
    order = [ruleset, *(k for k in data if k != ruleset)] if ruleset in data else list(data)
    for exact in (True, False):
        for key in order:
            for row in data[key]:
                label = row["section"].casefold()
                if label == wanted if exact else PARENT.sub("", label) == wanted:
                    return {**row, "ref": ref, "ruleset": key, "glossary": glossary_for_ref(row["section"])
                            or glossary_for_ref(ref)}
    return None


def render(data: dict[str, list[dict[str, Any]]]) -> str:
    """The shipped file's text: one row a line, so that a change to the page is a readable diff."""
    parts = []
    for key, rows in data.items():
        lines = ",\n".join(json.dumps(row, ensure_ascii=False, sort_keys=True) for row in rows)
        parts.append(f"{json.dumps(key)}: [\n{lines}\n]")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def write(repo: Path | None = None) -> Path:
    """Rewrite the shipped file from the repository's coverage page."""
    root = repo or find_repo_root()
    data = build(default_page(root).read_text(encoding="utf-8"), root / "src")
    target = root / "src" / "delve" / "web" / "present" / SHIPPED
    target.write_text(render(data), encoding="utf-8")
    return target


if __name__ == "__main__":
    print(f"wrote {write(Path(sys.argv[1]) if len(sys.argv) > 1 else None)}")
