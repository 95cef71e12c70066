"""A shipped quest goes into the workbench and comes out the same quest (docs/workbench.md,
"What round-trips")."""

from __future__ import annotations

import pytest

from delve.board.mapfile import parse_map
from delve.boundary import dump
from delve.content.loader import open_pack
from delve.content.schema import Quest
from delve.safe_yaml import safe_load
from delve.workbench.importer import import_shipped, shipped_pack_path, shipped_quest_files
from delve.workbench.model import Draft
from delve.workbench.packs import pack_files
from delve.workbench.writer import write_files

SHIPPED = [(pack, path.stem) for pack in ("starter", "starter-2e")
           for path in sorted((shipped_pack_path(pack) / "quests").glob("*.yaml"))]


@pytest.mark.parametrize(("pack", "quest"), SHIPPED)
def test_every_shipped_quest_round_trips(pack: str, quest: str) -> None:
    """import -> draft (through JSON, as the editor holds it) -> files -> parse: the same board,
    placements and quest."""
    map_text = shipped_quest_files(pack, quest)[0]
    draft = Draft.model_validate_json(import_shipped(pack, quest).model_dump_json())
    files = write_files(draft)
    assert files.layout.problems == []
    before, after = parse_map(map_text), parse_map(files.map_text)
    assert dump(after.board) == dump(before.board)
    assert after.placements == before.placements
    assert after.name == before.name
    assert Quest.model_validate(safe_load(files.quest_text)) == open_pack(pack).quests[quest]


@pytest.mark.parametrize(("pack", "quest"), SHIPPED)
def test_the_written_files_import_to_the_same_draft(pack: str, quest: str) -> None:
    """files -> draft -> files -> draft is stable: the second draft equals the first."""
    from delve.workbench.importer import draft_from_texts

    first = import_shipped(pack, quest)
    files = write_files(first)
    second = draft_from_texts(files.map_text, files.quest_text, ruleset=first.ruleset, pack=first.pack)
    again = write_files(second)
    assert (again.map_text, again.quest_text) == (files.map_text, files.quest_text)


@pytest.mark.parametrize(("pack", "quest"), SHIPPED[:2])
def test_an_unchanged_import_saves_the_original_bytes(pack: str, quest: str) -> None:
    draft = import_shipped(pack, quest)
    saved = pack_files(draft, keep_original=True)
    assert (saved[f"quests/{quest}.map"], saved[f"quests/{quest}.yaml"]) == shipped_quest_files(pack, quest)
    draft.quest["starting_conquest"] = 7
    changed = pack_files(draft, keep_original=True)
    assert changed[f"quests/{quest}.yaml"] != shipped_quest_files(pack, quest)[1]
    assert "starting_conquest: 7" in changed[f"quests/{quest}.yaml"]
