"""Checks that look across entries: every id one entry names must exist in the pack.

Why a separate pass: each entry is checked on its own first, so that a broken entry does
not hide problems in the others. Only then can references be followed. A reference to an
entry that was written but failed its own check is not reported again: that entry already
has its issue, and a second "unknown" message would mislead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from delve.content.refs import Model
from delve.content.schema import Familiar, Hero, Item, MonsterType, OverlordCard, Quest, Skill

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class Reference:
    """A broken reference: which entry of which kind, which field, and what is wrong."""

    kind: str
    entry: str
    field: str
    message: str


def cross_reference(
    entries: Mapping[str, Mapping[str, Model]],
    written: Mapping[str, set[str]],
) -> list[Reference]:
    """Every broken reference between the valid entries of a pack.

    ``entries`` maps a kind (``heroes``, ``monsters``...) to its valid entries by id;
    ``written`` maps a kind to every id that appears in its file, valid or not.
    """
    found: list[Reference] = []
    familiars = _typed(entries, "familiars", Familiar)
    monsters = _typed(entries, "monsters", MonsterType)

    def missing(kind: str, known: Mapping[str, object], ref: str) -> bool:
        return ref not in known and ref not in written.get(kind, set())

    granting: list[tuple[str, Skill | Item]] = [
        *(("skills", skill) for skill in _typed(entries, "skills", Skill).values()),
        *(("items", item) for item in _typed(entries, "items", Item).values()),
    ]
    for kind, entry in granting:
        if entry.familiar is not None and missing("familiars", familiars, entry.familiar):
            found.append(Reference(kind, entry.id, "familiar",
                                   _unknown("familiar", entry.familiar, familiars)))
    for hero in _typed(entries, "heroes", Hero).values():
        if hero.ability.familiar is not None and missing("familiars", familiars, hero.ability.familiar):
            found.append(Reference("heroes", hero.id, "ability.familiar",
                                   _unknown("familiar", hero.ability.familiar, familiars)))

    for card in _typed(entries, "overlord", OverlordCard).values():
        found.extend(_check_spawn(card, monsters, written))

    for quest in _typed(entries, "quests", Quest).values():
        for index, named in enumerate(quest.named_monsters):
            if missing("monsters", monsters, named.base):
                found.append(Reference("quests", quest.id, f"named_monsters.{index}.base",
                                       _unknown("monster", named.base, monsters)))
        for index, kind in enumerate(quest.solo.rises):
            if missing("monsters", monsters, kind):
                found.append(Reference("quests", quest.id, f"solo.rises.{index}", _unknown("monster", kind, monsters)))
        # Ruleset 2e: monster groups and the next encounter of the quest.
        for index, group in enumerate(quest.monster_groups):
            if missing("monsters", monsters, group.monster):
                found.append(Reference("quests", quest.id, f"monster_groups.{index}.monster",
                                       _unknown("monster", group.monster, monsters)))
        quests = _typed(entries, "quests", Quest)
        if quest.next_encounter is not None and missing("quests", quests, quest.next_encounter):
            found.append(Reference("quests", quest.id, "next_encounter",
                                   _unknown("quest", quest.next_encounter, quests)))
    return found


def _check_spawn(card: OverlordCard, monsters: Mapping[str, MonsterType],
                 written: Mapping[str, set[str]]) -> list[Reference]:
    """A spawn card names monsters that exist and asks for no more figures than there are.

    Rulebook: Spawn Cards; Plastic figures (the figures in the box limit what can be placed).
    """
    found: list[Reference] = []
    wanted: Counter[tuple[str, bool]] = Counter()
    for index, line in enumerate(card.spawn):
        monster = monsters.get(line.monster)
        if monster is None:
            if line.monster not in written.get("monsters", set()):
                found.append(Reference("overlord", card.id, f"spawn.{index}.monster",
                                       _unknown("monster", line.monster, monsters)))
            continue
        wanted[(line.monster, line.master)] += line.count
        have = monster.figures.master if line.master else monster.figures.normal
        if wanted[(line.monster, line.master)] > have:
            rank = "master" if line.master else "normal"
            found.append(Reference(
                "overlord", card.id, f"spawn.{index}.count",
                f"the card spawns {wanted[(line.monster, line.master)]} {rank} {line.monster} but the "
                f"pack has only {have} {rank} figure(s) (monsters.yaml: figures.{rank})"))
    return found


def _typed(entries: Mapping[str, Mapping[str, Model]], kind: str, model: type[M]) -> dict[str, M]:
    """The entries of ``kind`` (the loader stores each kind under its own model)."""
    return {key: value for key, value in entries.get(kind, {}).items() if isinstance(value, model)}


def _unknown(kind: str, ref: str, known: Mapping[str, object]) -> str:
    """Name the missing id and list the ids that exist."""
    listed = ", ".join(sorted(known)) or "none"
    return f"unknown {kind} {ref!r}; this pack has: {listed}"
