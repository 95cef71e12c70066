"""The workbench folder on the server: saved quests, exports, and the packs games are played from.

Why every path goes through ``inside``: names come from requests. A name is checked against a
strict pattern first, and the path it makes is resolved and must still lie inside the folder,
so neither ``..`` nor a symbolic link can make the server write anywhere else.

Layout: ``drafts/<name>/`` (a saved quest: a pack folder), ``exports/<quest-id>/``,
``play/<digest>/`` (the pack a "play now" game or a balance job reads: named by its content, so
it never changes under a stored game or a running job).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from delve.content.loader import INFO_FILE
from delve.safe_yaml import read_text_limited, safe_load
from delve.workbench.importer import PACK_RULESETS, import_saved
from delve.workbench.model import Draft
from delve.workbench.packs import write_pack
from delve.workbench.writer import write_files

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


class BadName(ValueError):
    """A name that is not 1 to 40 of a-z, 0-9 and '-', or a path that would leave the folder."""


def default_root(store_url: str) -> Path:
    """``DELVE_WORKBENCH_DIR``, else ``workbench/`` beside a SQLite database file, else ``./workbench``."""
    configured = os.environ.get("DELVE_WORKBENCH_DIR")
    if configured:
        return Path(configured)
    from sqlalchemy import make_url

    url = make_url(store_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        return Path(url.database).resolve().parent / "workbench"
    return Path("workbench").resolve()


class Workbench:
    """The folder and what is kept in it."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def inside(self, *parts: str) -> Path:
        """``root/parts...``, refused unless each part is a plain name and the result stays inside."""
        for part in parts:
            if not NAME.match(part):
                raise BadName(f"{part!r}: a name is 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit")
        path = self.root.joinpath(*parts).resolve()
        if not path.is_relative_to(self.root):
            raise BadName(f"{'/'.join(parts)!r} leads outside the workbench folder")
        return path

    # -- saved quests --

    def save(self, name: str, draft: Draft) -> list[str]:
        """Write the draft as the pack ``drafts/<name>/``; the files written, relative to it."""
        folder = self.inside("drafts", name)
        return write_pack(folder, draft, keep_original=True)

    def open(self, name: str) -> Draft:
        """A saved quest as a draft (``FileNotFoundError`` when there is none)."""
        folder = self.inside("drafts", name)
        if not folder.is_dir():
            raise FileNotFoundError(name)
        pack = self.base_pack(folder)
        return import_saved(folder, name, PACK_RULESETS[pack], pack)

    def delete(self, name: str) -> None:
        folder = self.inside("drafts", name)
        if not folder.is_dir():
            raise FileNotFoundError(name)
        shutil.rmtree(folder)

    def listing(self) -> list[dict[str, Any]]:
        """The saved quests, newest first."""
        drafts = self.root / "drafts"
        out = []
        for folder in sorted(drafts.iterdir()) if drafts.is_dir() else ():
            quests = sorted((folder / "quests").glob("*.yaml")) if NAME.match(folder.name) else []
            if not quests:
                continue
            try:
                raw = safe_load(read_text_limited(quests[0]))
            except Exception:  # an unreadable file is still listed, so it can be opened and fixed
                raw = {}
            raw = raw if isinstance(raw, dict) else {}
            modified = datetime.fromtimestamp(quests[0].stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            out.append({"name": folder.name, "quest_id": str(raw.get("id", quests[0].stem)),
                        "title": str(raw.get("name", "")), "modified": modified})
        return sorted(out, key=lambda d: d["modified"], reverse=True)

    @staticmethod
    def base_pack(folder: Path) -> str:
        """The shipped pack a saved pack requires (``starter`` when it says nothing usable)."""
        try:
            info = safe_load(read_text_limited(folder / INFO_FILE))
        except (OSError, ValueError):
            return "starter"
        requires = info.get("requires") if isinstance(info, dict) else None
        first = requires[0] if isinstance(requires, list) and requires else "starter"
        return first if first in PACK_RULESETS else "starter"

    # -- packs to export, play and balance --

    def export(self, draft: Draft) -> tuple[str, list[str]]:
        """Write the pack to ``exports/<quest-id>/``; its path relative to the folder, and its files."""
        stem = write_files(draft).stem
        folder = self.inside("exports", stem)
        return f"exports/{stem}", write_pack(folder, draft, keep_original=True)

    def play_pack(self, draft: Draft) -> Path:
        """The pack a game of the draft is played from, named by the draft's content."""
        digest = hashlib.sha256(json.dumps(draft.content(), sort_keys=True).encode()).hexdigest()[:20]
        folder = self.inside("play", digest)
        if not (folder / INFO_FILE).is_file():
            write_pack(folder, draft)
        return folder
