"""Check a draft with the checks of ``delve content check`` and point each problem at its element.

Why through files: the map parser and the content loader are the only judges of a quest, so the
draft is written as a pack (the base pack plus the draft's quest, ``delve.workbench.packs``) into a
scratch folder and checked exactly as an author's folder would be. The layout the writer kept
turns each reported place (a map line and column, a legend line, a quest field) back into the draft
element the editor shows the error on.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from delve.board.mapfile import MapError, parse_map
from delve.content.issues import ContentIssue
from delve.content.loader import check_pack
from delve.workbench.model import Draft
from delve.workbench.packs import write_pack
from delve.workbench.writer import DraftError, Layout, QuestFiles, Ref, write_files

_PLACED_MONSTER = re.compile(r"places monster '([^']+)'")


@dataclass(frozen=True)
class CheckResult:
    """The files a draft makes and every problem found in them."""

    files: QuestFiles
    errors: list[DraftError]

    @property
    def ok(self) -> bool:
        return not self.errors


def check_draft(draft: Draft) -> CheckResult:
    """Every problem of the draft, each pointed at its element (docs/workbench.md)."""
    files = write_files(draft)
    errors = list(files.layout.problems)
    map_file = f"quests/{files.map_name}"
    map_error: MapError | None = None
    try:
        parse_map(files.map_text, map_file)
    except MapError as exc:
        map_error = exc
    with tempfile.TemporaryDirectory(prefix="delve-workbench-") as scratch:
        write_pack(Path(scratch), draft, files)
        issues = check_pack(scratch)
    errors += [_point(issue, draft, files, map_error) for issue in issues]
    if map_error is not None and not any(e.file == map_file for e in errors):
        # The loader checks the map only once the quest file is right; the editor wants both at once.
        errors.append(DraftError(map_error.message, map_file, files.quest_id, "map", map_error.line,
                                 map_element(files.layout, map_error)))
    return CheckResult(files, errors)


def _point(issue: ContentIssue, draft: Draft, files: QuestFiles, map_error: MapError | None) -> DraftError:
    """The issue with the draft element it concerns."""
    if issue.field == "map" and map_error is not None and "does not load" in issue.message:
        return DraftError(map_error.message, map_error.source, issue.entry, "map", map_error.line,
                          map_element(files.layout, map_error))
    element: Ref | None = None
    placed = _PLACED_MONSTER.search(issue.message) if issue.field == "map" else None
    if placed:
        index = next((i for i, m in enumerate(draft.monsters) if m.monster == placed.group(1)), None)
        element = {"kind": "monster", "index": index} if index is not None else None
    elif issue.field.startswith("areas."):
        area_id = issue.field.split(".")[1]
        index = next((i for i, a in enumerate(draft.areas) if a.id == area_id), None)
        element = {"kind": "area", "index": index, "id": area_id} if index is not None else None
    elif issue.file.startswith("quests/") and issue.field and issue.field != "map":
        element = {"kind": "quest", "field": issue.field}
    elif issue.file.startswith("quests/") and issue.field == "":
        element = {"kind": "quest", "field": ""}
    return DraftError(issue.message, issue.file, issue.entry, issue.field, issue.line, element)


def map_element(layout: Layout, error: MapError) -> Ref:
    """The element at a map error's line and column: a space, an edge, a door, a figure, or the
    legend entry's first user; the whole map when nothing closer is known."""
    g = error.line - layout.grid_first_line
    c = error.col - 1
    if g >= 0:
        if "figure" in error.message and (g, c) in layout.figures:
            return layout.figures[(g, c)]
        if (g, c) in layout.cells:
            return layout.cells[(g, c)]
        return {"kind": "map"}
    return layout.front.get(error.line, {"kind": "map"})
