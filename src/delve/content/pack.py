"""A loaded pack: every entry of every kind, by id, and where the pack lives.

Why a frozen object of read-only mappings: a pack is loaded once and shared by every game
and tool; nothing may change it after the checks have passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from delve.content.maps import map_path
from delve.content.refs import Model, Text
from delve.content.schema import Familiar, Hero, Item, MonsterType, OverlordCard, Quest, Skill

# The kinds of entry a pack holds, in the order they are listed and documented.
KINDS: tuple[str, ...] = ("heroes", "familiars", "monsters", "items", "skills", "overlord", "quests")


class PackInfo(Model):
    """The optional ``pack.yaml``: a display name, a line about the pack, and for an expansion
    the packs it builds on and the entries of theirs it replaces.

    Rulebook: Expansion cards; New Expansion heroes / Overlord cards / Monster Cards;
    Replacement Skill / Item / Overlord / Monster Cards. An expansion's entries join those of the
    packs it ``requires`` (``starter`` or a folder path relative to this pack); an entry whose id
    another pack already uses is an error unless listed under ``replaces`` (by kind), in which
    case it takes the old entry's place, as a revised card replaces the old one.
    """

    name: Text
    description: str = ""
    requires: tuple[str, ...] = ()
    replaces: dict[str, tuple[str, ...]] = {}


@dataclass(frozen=True)
class Pack:
    """Everything in one pack folder, checked and cross-referenced."""

    name: str
    path: Path
    description: str
    heroes: Mapping[str, Hero]
    familiars: Mapping[str, Familiar]
    monsters: Mapping[str, MonsterType]
    items: Mapping[str, Item]
    skills: Mapping[str, Skill]
    overlord: Mapping[str, OverlordCard]
    quests: Mapping[str, Quest]
    quest_files: Mapping[str, Path]

    def entries(self, kind: str) -> Mapping[str, Model]:
        """The entries of one kind by id; ``kind`` is one of :data:`KINDS`."""
        if kind not in KINDS:
            raise KeyError(f"unknown kind {kind!r}; expected one of: {', '.join(KINDS)}")
        found: Mapping[str, Model] = getattr(self, kind)
        return found

    def quest_map_path(self, quest_id: str) -> Path:
        """The map file of a quest (its ``map`` field, relative to the quest file)."""
        quest = self.quests.get(quest_id)
        if quest is None:
            raise KeyError(f"no quest {quest_id!r} in pack {self.name!r}; it has: {', '.join(self.quests)}")
        return map_path(quest, self.quest_files[quest_id])
