"""Read a pack folder, check all of it in one pass, and build a :class:`Pack`.

Why one pass that collects everything: an author fixing a pack wants the whole list of
problems at once. The order is: each file's YAML syntax, each entry against its model,
duplicate ids, then references across entries and to map files. ``load_pack`` returns a
pack only if that list is empty; otherwise it raises :class:`ContentError` and nothing
half-loaded escapes.

Layout (see docs/content.md): ``pack.yaml`` (optional), ``heroes.yaml``,
``familiars.yaml``, ``monsters.yaml``, ``items.yaml``, ``skills.yaml``, ``overlord.yaml``
(each optional, each a YAML list of entries with an ``id``), and ``quests/<id>.yaml`` (one
quest per file, named after its id).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from pydantic import ValidationError

from delve.content.crossref import cross_reference
from delve.content.errors import validation_issues
from delve.content.issues import ContentError, ContentIssue
from delve.content.maps import check_quest_map
from delve.content.pack import KINDS, Pack, PackInfo
from delve.content.refs import Model
from delve.content.schema import Familiar, Hero, Item, MonsterType, OverlordCard, Quest, Skill
from delve.content.yaml_io import YamlDoc, read_yaml

# The list files of a pack and the model of their entries.
ENTRY_FILES: dict[str, type[Model]] = {
    "heroes": Hero,
    "familiars": Familiar,
    "monsters": MonsterType,
    "items": Item,
    "skills": Skill,
    "overlord": OverlordCard,
}
QUESTS_DIR = "quests"
M = TypeVar("M", bound=Model)
INFO_FILE = "pack.yaml"


@dataclass
class _Reading:
    """What one pass over a pack folder found: valid entries, every id written, issues."""

    root: Path
    entries: dict[str, dict[str, Model]] = field(default_factory=lambda: {kind: {} for kind in KINDS})
    written: dict[str, set[str]] = field(default_factory=lambda: {kind: set() for kind in KINDS})
    docs: dict[str, YamlDoc] = field(default_factory=dict)
    positions: dict[str, dict[str, int]] = field(default_factory=lambda: {kind: {} for kind in KINDS})
    quest_files: dict[str, Path] = field(default_factory=dict)
    info: PackInfo | None = None
    issues: list[ContentIssue] = field(default_factory=list)
    bases: list[Pack] = field(default_factory=list)  # the packs this one requires, loaded


def check_pack(path: str | Path) -> list[ContentIssue]:
    """Every problem in the pack at ``path``; an empty list means it loads."""
    return _read(Path(path)).issues


def load_pack(path: str | Path) -> Pack:
    """Load and check the pack at ``path``; raise :class:`ContentError` listing every problem."""
    reading = _read(Path(path))
    if reading.issues:
        raise ContentError(str(path), reading.issues)
    root = reading.root
    name = reading.info.name if reading.info else root.name
    quest_files: dict[str, Path] = {}
    for base in reading.bases:
        quest_files.update(base.quest_files)
    quest_files.update(reading.quest_files)
    return Pack(
        name=name,
        path=root,
        description=reading.info.description if reading.info else "",
        heroes=_frozen(reading, "heroes", Hero),
        familiars=_frozen(reading, "familiars", Familiar),
        monsters=_frozen(reading, "monsters", MonsterType),
        items=_frozen(reading, "items", Item),
        skills=_frozen(reading, "skills", Skill),
        overlord=_frozen(reading, "overlord", OverlordCard),
        quests=_frozen(reading, "quests", Quest),
        quest_files=MappingProxyType(quest_files),
    )


def _combined(reading: _Reading, kind: str) -> dict[str, Model]:
    """One kind's entries of the required packs (in order), then this pack's, which replace."""
    merged: dict[str, Model] = {}
    for base in reading.bases:
        merged.update(base.entries(kind))
    merged.update(reading.entries[kind])
    return merged


def _frozen(reading: _Reading, kind: str, model: type[M]) -> Mapping[str, M]:
    """A read-only view of one kind's entries (with those of required packs), typed by its model."""
    return MappingProxyType({k: v for k, v in _combined(reading, kind).items() if isinstance(v, model)})


def open_pack(spec: str, relative_to: Path | None = None) -> Pack:
    """A pack by name: ``starter`` is the shipped pack and ``starter-2e`` the shipped pack for
    the 2nd-edition ruleset; anything else is a folder path (relative to ``relative_to`` when
    given and the folder exists there)."""
    if spec == "starter":
        return load_starter_pack()
    if spec in SHIPPED_PACKS:
        return _load_cached(SHIPPED_PACKS[spec])
    path = _base_path(spec, relative_to)
    assert path is not None
    return _load_cached(path)


@functools.lru_cache(maxsize=32)
def _load_cached(path: Path) -> Pack:
    return load_pack(path)


# Packs shipped with Delve besides ``starter``, by name (``open_pack``).
SHIPPED_PACKS: dict[str, Path] = {"starter-2e": Path(__file__).parent / "packs" / "starter-2e"}


def starter_pack_path() -> Path:
    """The folder of the starter pack shipped with Delve."""
    return Path(__file__).parent / "packs" / "starter"


@functools.cache
def load_starter_pack() -> Pack:
    """The starter pack, loaded once per process (it never changes while running)."""
    return load_pack(starter_pack_path())


# --- the pass -----------------------------------------------------------------------------


def _read(root: Path) -> _Reading:
    """Run every check on the folder ``root``, collecting all issues."""
    reading = _Reading(root.resolve() if root.exists() else root)
    if not root.is_dir():
        reading.issues.append(ContentIssue(str(root), "", "", "expected a pack folder; none found here"))
        return reading
    _read_info(reading)
    _read_bases(reading)
    _check_stray_files(reading)
    for kind, model in ENTRY_FILES.items():
        _read_list_file(reading, kind, model)
    _read_quests(reading)
    if not any(reading.written.values()) and not reading.issues:
        expected = ", ".join(f"{kind}.yaml" for kind in ENTRY_FILES)
        reading.issues.append(ContentIssue(
            ".", "", "", f"the pack is empty: expected some of {expected} or {QUESTS_DIR}/*.yaml"))
    _cross_reference(reading)
    return reading


def _read_info(reading: _Reading) -> None:
    """Read the optional ``pack.yaml``."""
    path = reading.root / INFO_FILE
    if _not_a_file(reading, path, INFO_FILE):
        return
    doc, issues = read_yaml(path, INFO_FILE)
    reading.issues.extend(issues)
    if doc is None or doc.data is None:
        return
    try:
        reading.info = PackInfo.model_validate(doc.data)
    except ValidationError as exc:
        reading.issues.extend(validation_issues(exc, PackInfo, INFO_FILE, "", doc))


def _check_stray_files(reading: _Reading) -> None:
    """YAML files the loader would not read are probably misnamed: say so."""
    known = {f"{kind}.yaml" for kind in ENTRY_FILES} | {INFO_FILE}
    for path in sorted(reading.root.iterdir()):
        if not path.is_file() or path.suffix not in (".yaml", ".yml") or path.name in known:
            continue
        if path.suffix == ".yml" and f"{path.stem}.yaml" in known:
            message = f"rename to {path.stem}.yaml: pack files end in .yaml"
        else:
            message = f"unexpected file (not read); expected one of: {', '.join(sorted(known))}"
        reading.issues.append(ContentIssue(path.name, "", "", message))


def _read_list_file(reading: _Reading, kind: str, model: type[Model]) -> None:
    """Read one ``<kind>.yaml`` file: a list of entries, each with an ``id``."""
    shown = f"{kind}.yaml"
    path = reading.root / shown
    if _not_a_file(reading, path, shown):
        return
    doc, syntax = read_yaml(path, shown)
    if doc is None:
        reading.issues.extend(syntax)
        return
    reading.docs[shown] = doc
    data = doc.data
    if data is None:
        return
    if not isinstance(data, list):
        reading.issues.append(ContentIssue(
            shown, "", "", f"expected a list of entries (each starting with '- id: ...'), "
            f"got a {type(data).__name__}", doc.line_for(())))
        return
    reading.issues.extend(_relabel_list_issue(issue, data) for issue in syntax)
    first_at: dict[str, int] = {}
    for index, raw in enumerate(data):
        label = _label(raw, index)
        if not isinstance(raw, dict):
            reading.issues.append(ContentIssue(
                shown, label, "", f"expected a mapping of fields, got {raw!r}", doc.line_for((index,))))
            continue
        raw_id = raw.get("id")
        duplicate = isinstance(raw_id, str) and raw_id in first_at
        if isinstance(raw_id, str):
            reading.written[kind].add(raw_id)
            if duplicate:
                first = first_at[raw_id]
                reading.issues.append(ContentIssue(
                    shown, label, "id",
                    f"duplicate id {raw_id!r}; already used by entry #{first} "
                    f"(line {doc.line_for((first,))}); ids must be unique within {shown}",
                    doc.line_for((index, "id"))))
            else:
                first_at[raw_id] = index
        try:
            entry = model.model_validate(raw)
        except ValidationError as exc:
            reading.issues.extend(validation_issues(exc, model, shown, label, doc, (index,)))
            continue
        if not duplicate:
            entry_id = str(getattr(entry, "id"))  # noqa: B009 - every list model has an id
            reading.entries[kind][entry_id] = entry
            reading.positions[kind][entry_id] = index


def _read_quests(reading: _Reading) -> None:
    """Read ``quests/*.yaml``: one quest per file, its id equal to the file name."""
    folder = reading.root / QUESTS_DIR
    if not folder.is_dir():
        return
    for path in sorted(folder.iterdir()):
        shown = f"{QUESTS_DIR}/{path.name}"
        if path.suffix == ".yml":
            reading.issues.append(
                ContentIssue(shown, "", "", f"rename to {path.stem}.yaml: quest files end in .yaml"))
        if path.suffix != ".yaml" or _not_a_file(reading, path, shown):
            continue
        doc, syntax = read_yaml(path, shown)
        if doc is None:
            reading.issues.extend(syntax)
            continue
        reading.docs[shown] = doc
        raw = doc.data
        label = raw["id"] if isinstance(raw, dict) and isinstance(raw.get("id"), str) else path.stem
        reading.issues.extend(
            ContentIssue(i.file, label, i.field, i.message, i.line) for i in syntax)
        if not isinstance(raw, dict):
            reading.issues.append(ContentIssue(
                shown, path.stem, "", "expected a mapping of quest fields (id, name, map, ...)",
                doc.line_for(())))
            continue
        reading.written["quests"].add(label)
        try:
            quest = Quest.model_validate(raw)
        except ValidationError as exc:
            reading.issues.extend(validation_issues(exc, Quest, shown, label, doc))
            continue
        if quest.id != path.stem:
            reading.issues.append(ContentIssue(
                shown, quest.id, "id", f"expected the quest id to match its file name {path.stem!r}",
                doc.line_for(("id",))))
            continue
        reading.entries["quests"][quest.id] = quest
        reading.quest_files[quest.id] = path
        # An expansion's quest may place the monsters of the packs it requires.
        monsters = set(_combined(reading, "monsters")) | reading.written["monsters"]
        for field_path, message in check_quest_map(quest, path, monsters):
            reading.issues.append(ContentIssue(
                shown, quest.id, field_path, message, doc.line_for(field_path.split("."))))


_LOADING = threading.local()  # the pack folders whose ``requires`` are being loaded, in order


def _read_bases(reading: _Reading) -> None:
    """Load the packs this one requires (an expansion); a broken base is one issue here, and a
    pack that requires itself, directly or through others, is refused (no endless recursion)."""
    if reading.info is None:
        return
    chain: list[Path] = getattr(_LOADING, "chain", [])
    _LOADING.chain = [*chain, reading.root]
    try:
        for spec in reading.info.requires:
            _read_base(reading, spec, _LOADING.chain)
    finally:
        _LOADING.chain = chain


def _base_path(spec: str, relative_to: Path | None) -> Path | None:
    """The folder a pack name or ``requires`` entry names (None for a shipped pack)."""
    if spec == "starter" or spec in SHIPPED_PACKS:
        return None
    path = Path(spec)
    if relative_to is not None and not path.is_absolute() and (relative_to / path).is_dir():
        path = relative_to / path
    return path.resolve()


def _read_base(reading: _Reading, spec: str, chain: list[Path]) -> None:
    path = _base_path(spec, reading.root)
    if path is not None and path in chain:
        cycle = " -> ".join(p.name for p in [*chain[chain.index(path):], path])
        reading.issues.append(ContentIssue(INFO_FILE, "", "requires",
                                           f"the packs require each other in a cycle: {cycle}"))
        return
    try:
        reading.bases.append(open_pack(spec, relative_to=reading.root))
    except ContentError as exc:
        reading.issues.append(ContentIssue(INFO_FILE, "", "requires", f"the required pack {spec!r} does "
                                           f"not load: {len(exc.issues)} problem(s), first: {exc.issues[0]}"))


def _check_replacements(reading: _Reading) -> None:
    """An id already used by a required pack must be listed under ``replaces``, and only such ids."""
    if not reading.bases:
        return
    replaces = reading.info.replaces if reading.info else {}
    for kind in KINDS:
        inherited = {entry_id for base in reading.bases for entry_id in base.entries(kind)}
        listed = set(replaces.get(kind, ()))
        for entry_id in sorted(set(reading.entries[kind]) & inherited - listed):
            reading.issues.append(ContentIssue(
                f"{kind}.yaml" if kind != "quests" else QUESTS_DIR, entry_id, "id",
                f"a required pack already has {kind} {entry_id!r}: list it under 'replaces: {{{kind}: "
                f"[{entry_id}]}}' in {INFO_FILE} to replace it, or choose another id"))
        for entry_id in sorted(listed - inherited):
            reading.issues.append(ContentIssue(INFO_FILE, "", f"replaces.{kind}",
                                               f"{entry_id!r} is not a {kind} entry of any required pack"))
    for kind in replaces:
        if kind not in KINDS:
            reading.issues.append(ContentIssue(INFO_FILE, "", f"replaces.{kind}",
                                               f"unknown kind {kind!r}; expected one of: {', '.join(KINDS)}"))


def _cross_reference(reading: _Reading) -> None:
    """Report references to ids that do not exist, at the line of the referring field."""
    _check_replacements(reading)
    if reading.bases:
        combined = {kind: _combined(reading, kind) for kind in KINDS}
        written = {kind: reading.written[kind] | set(combined[kind]) for kind in KINDS}
        refs = [r for r in cross_reference(combined, written) if r.entry in reading.entries[r.kind]]
    else:
        refs = cross_reference(reading.entries, reading.written)
    for ref in refs:
        if ref.kind == "quests":
            shown = f"{QUESTS_DIR}/{reading.quest_files[ref.entry].name}"
            base: tuple[str | int, ...] = ()
        else:
            shown = f"{ref.kind}.yaml"
            base = (reading.positions[ref.kind][ref.entry],)
        doc = reading.docs.get(shown)
        line = doc.line_for((*base, *ref.field.split("."))) if doc else None
        reading.issues.append(ContentIssue(shown, ref.entry, ref.field, ref.message, line))


def _not_a_file(reading: _Reading, path: Path, shown: str) -> bool:
    """True if there is no readable file at ``path``; a folder (or other non-file) there is an issue."""
    if path.is_file():
        return False
    if path.exists() or path.is_symlink():
        reading.issues.append(ContentIssue(shown, "", "", "expected a file, found a folder or something else"))
    return True


def _label(raw: Any, index: int) -> str:
    """How an entry is named in issues: its id if it has a usable one, else ``#index``."""
    if isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"]:
        return str(raw["id"])
    return f"#{index}"


def _relabel_list_issue(issue: ContentIssue, data: list[Any]) -> ContentIssue:
    """Move the entry index out of a duplicate-key issue's field path into its entry."""
    head, _, rest = issue.field.partition(".")
    if head.isdigit() and int(head) < len(data):
        return ContentIssue(issue.file, _label(data[int(head)], int(head)), rest, issue.message, issue.line)
    return issue
