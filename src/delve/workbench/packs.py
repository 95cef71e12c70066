"""A draft as a pack folder: ``pack.yaml`` requiring the base pack, and the quest's two files.

Why a pack of its own: ``delve content check``, ``delve simulate`` and the table all read quests
from packs. A pack that requires the shipped base pack and holds only the draft's quest is what
an author would export, and what the checks, the balance runs and "play now" use.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import yaml

from delve.content.loader import INFO_FILE, QUESTS_DIR, open_pack
from delve.workbench.importer import PACK_RULESETS, shipped_quest_files
from delve.workbench.model import Draft, PackSource
from delve.workbench.writer import QuestFiles, write_files


def pack_info(draft: Draft, files: QuestFiles) -> str:
    """The ``pack.yaml`` text: requires the base pack; replaces its quest of the same id."""
    info: dict[str, object] = {"name": str(draft.quest.get("name") or files.quest_id),
                               "description": "A quest made in the Delve workbench.",
                               "requires": [draft.pack]}
    if files.quest_id in open_pack(draft.pack).quests:
        info["replaces"] = {"quests": [files.quest_id]}
    header = "# A workbench quest (docs/workbench.md): the base pack plus this quest.\n"
    return header + yaml.safe_dump(info, sort_keys=False, allow_unicode=True)


def original_texts(draft: Draft, files: QuestFiles) -> tuple[str, str]:
    """The (map, quest) text to save: a shipped quest's own files while the draft still equals
    what was imported (byte for byte round trip), else what the writer made."""
    source = draft.source
    if isinstance(source, PackSource) and source.pack in PACK_RULESETS:
        from delve.workbench.importer import import_shipped

        try:
            if import_shipped(source.pack, source.quest).content() == draft.content():
                return shipped_quest_files(source.pack, source.quest)
        except (KeyError, ValueError):
            pass
    return files.map_text, files.quest_text


def pack_files(draft: Draft, files: QuestFiles | None = None, *, keep_original: bool = False) -> dict[str, str]:
    """The pack's files by path inside the pack folder."""
    files = files or write_files(draft)
    map_text, quest_text = original_texts(draft, files) if keep_original else (files.map_text, files.quest_text)
    return {INFO_FILE: pack_info(draft, files), f"{QUESTS_DIR}/{files.map_name}": map_text,
            f"{QUESTS_DIR}/{files.quest_name}": quest_text}


def write_pack(folder: Path, draft: Draft, files: QuestFiles | None = None, *,
               keep_original: bool = False) -> list[str]:
    """Write the pack into ``folder`` (created; an old quest folder inside is replaced)."""
    contents = pack_files(draft, files, keep_original=keep_original)
    quests = folder / QUESTS_DIR
    quests.mkdir(parents=True, exist_ok=True)
    for old in quests.iterdir():
        if old.is_file() and old.suffix in (".map", ".yaml"):
            old.unlink()
    for name, text in contents.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(contents)


def pack_zip(draft: Draft, top: str) -> bytes:
    """The pack as a zip holding one folder ``top/``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in pack_files(draft, keep_original=True).items():
            archive.writestr(f"{top}/{name}", text)
    return buffer.getvalue()
