"""A map's front matter is read once per text and kept (``mapfile._FRONT_CACHE``): parsing the
same map again gives an equal, independent result, and errors still name their line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from delve.board.mapfile import _FRONT_CACHE, MapError, parse_map

STARTER = Path(__file__).resolve().parents[2] / "src/delve/content/packs/starter/quests/the-sunken-forge.map"


def test_second_parse_equals_the_first_and_shares_nothing() -> None:
    text = STARTER.read_text(encoding="utf-8")
    _FRONT_CACHE.clear()
    first = parse_map(text)
    second = parse_map(text)  # from the cache
    assert second.model_dump() == first.model_dump() and second.board == first.board
    second.board.add_marker(replace(second.board.markers[0], id="extra"))
    second.board.markers[0].data["touched"] = True
    third = parse_map(text)
    assert third.model_dump() == first.model_dump()


def test_error_lines_are_the_same_from_the_cache() -> None:
    bad = "---\nareas:\n  a: {name: A}\nsymbols:\n  A: {area: a}\n  c: {marker: chest}\n---\n|A|\n"
    lines = []
    for _ in range(2):
        with pytest.raises(MapError) as info:
            parse_map(bad)
        lines.append((info.value.line, info.value.message))
    assert lines[0] == lines[1] and lines[0][0] == 6
