"""docs/content.md lists every closed-list name pack authors may use, and its example runs."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from delve.abilities.catalog import KNOWN_ABILITIES
from delve.content.effects import TARGETS, TRIGGERS, Condition, Duration, Stat, effect_names
from delve.content.quest import Disruption

DOC = Path(__file__).resolve().parents[2] / "docs" / "content.md"


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def test_every_effect_trigger_and_target_is_documented(doc: str) -> None:
    names = [*effect_names(), *TRIGGERS, *TARGETS, *get_args(Stat), *get_args(Duration),
             *get_args(Condition), *get_args(Disruption)]
    missing = [name for name in names if f"`{name}`" not in doc]
    assert missing == []


def test_every_ability_is_documented_with_its_rank_mark(doc: str) -> None:
    for name, ranked in KNOWN_ABILITIES.items():
        assert (f"{name} **N**" in doc) == ranked, name
        assert name in doc, name


def test_public_api_in_the_doc_exists() -> None:
    from delve.content import ContentError, check_pack, load_pack, load_starter_pack

    assert all(callable(f) for f in (check_pack, load_pack, load_starter_pack))
    assert issubclass(ContentError, Exception)
