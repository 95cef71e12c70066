"""Helpers shared by the content tests: copies of the starter pack and tiny packs on disk."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from delve.content import maps
from delve.content.loader import starter_pack_path

# A placeholder map, used only when the real starter map has not been written yet or when
# the board module that parses maps is absent (the content layer only checks the file exists).
_MAP_NAME = "first-steps.map"


@pytest.fixture
def starter_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the starter pack whose quest map exists.

    If the real map is not there yet, a placeholder stands in and map parsing is switched
    off for the test, so these tests check content, not the map.
    """
    target = tmp_path / "starter"
    shutil.copytree(starter_pack_path(), target)
    map_file = target / "quests" / _MAP_NAME
    if not map_file.exists():
        map_file.write_text("placeholder map for content tests\n", encoding="utf-8")
        monkeypatch.setattr(maps, "_board_loader", lambda: None)
    return target


@pytest.fixture
def write_pack(tmp_path: Path) -> Callable[[dict[str, str]], Path]:
    """Write files (relative path -> text) into a fresh pack folder and return it."""

    def write(files: dict[str, str]) -> Path:
        root = tmp_path / "pack"
        root.mkdir(exist_ok=True)
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return root

    return write
