"""Plain-text descriptions of content entries for listings and card views.

Why here and not in the CLI: the command line, the terminal game and any later front end
all show cards; they share one way to summarise an entry and to flatten its fields into
readable rows, and each only adds its own styling.
"""

from __future__ import annotations

from typing import Any

from delve.content.refs import AbilityRef, Model
from delve.content.schema import (
    Familiar,
    Hero,
    Item,
    MonsterType,
    OverlordCard,
    Quest,
    Skill,
    SurgeAbility,
    SurgeEffect,
)

# Fields shown apart from the rows (as the title, the footer) or as their own table.
_SHOWN_APART = {"id", "name", "flavour", "stats"}


def summary(entry: Model) -> str:
    """One short line saying what the entry is, e.g. ``shop weapon, melee, 50 coins``."""
    if isinstance(entry, Hero):
        t = entry.traits
        return f"speed {entry.speed}, wounds {entry.wounds}, traits {t.melee}/{t.ranged}/{t.magic}"
    if isinstance(entry, MonsterType):
        return f"{entry.size.w}x{entry.size.h} {entry.attack_type}" + (", named" if entry.named else "")
    if isinstance(entry, Item):
        parts: list[str] = [entry.deck, entry.kind]
        if entry.attack_type:
            parts.append(entry.attack_type)
        if entry.cost is not None:
            parts.append(f"{entry.cost} coins")
        if entry.cursed:
            parts.append("cursed")
        return ", ".join(parts)
    if isinstance(entry, Skill):
        return entry.deck + (", familiar" if entry.familiar else "")
    if isinstance(entry, OverlordCard):
        extra = f", treachery {entry.treachery.cost} {entry.treachery.colour}" if entry.treachery else ""
        return f"{entry.type}, cost {entry.threat_cost}, value {entry.threat_value}{extra}"
    if isinstance(entry, Quest):
        return ("tutorial, " if entry.tutorial else "") + f"map {entry.map}"
    if isinstance(entry, Familiar):
        return f"familiar, speed {entry.speed}"
    return ""


def rows(entry: Model) -> list[tuple[str, str]]:
    """The entry's fields as (label, text) rows, nested fields as dotted labels.

    Fields left at their defaults are left out, so a card shows what its author wrote.
    """
    data = entry.model_dump(exclude_defaults=True, exclude=_SHOWN_APART)
    out: list[tuple[str, str]] = []
    for key, value in data.items():
        _flatten(key, _plain(value), getattr(entry, key), out)
    return out


def surge_text(surge: SurgeAbility) -> str:
    """``2 surges: +1 damage, Pierce 2`` (Rulebook: Item Cards, Special Abilities)."""
    count = f"{surge.surges} surge{'s' if surge.surges != 1 else ''}"
    return f"{count}: {_surge_effect_text(surge.effect)}"


def _surge_effect_text(effect: SurgeEffect) -> str:
    parts = [f"+{value} {name}" for name, value in
             (("damage", effect.damage), ("range", effect.range), ("pierce", effect.pierce)) if value]
    if effect.ability is not None:
        parts.append(effect.ability.label())
    return ", ".join(parts)


def _plain(value: Any) -> Any:
    """Tuples as lists, and ability mappings as their printed label (``Pierce 2``)."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        if "name" in value and set(value) <= {"name", "rank"}:
            rank = value.get("rank")
            return f"{value['name']} {rank}" if rank is not None else str(value["name"])
        return {k: _plain(v) for k, v in value.items()}
    return value


def _flatten(label: str, value: Any, original: Any, out: list[tuple[str, str]]) -> None:
    """Add rows for one field, going into mappings and lists of mappings."""
    if isinstance(original, AbilityRef):
        out.append((label, original.label()))
        return
    if isinstance(original, SurgeAbility):
        out.append((label, surge_text(original)))
        return
    if isinstance(value, dict):
        if _is_short(value):
            out.append((label, _inline(value)))
            return
        for key, inner in value.items():
            _flatten(f"{label}.{key}", inner, _child(original, key), out)
        return
    if isinstance(value, list | tuple):
        originals = list(original) if isinstance(original, list | tuple) else [None] * len(value)
        refs = [o for o in originals if isinstance(o, AbilityRef)]
        surges = [o for o in originals if isinstance(o, SurgeAbility)]
        if refs and len(refs) == len(originals):
            out.append((label, ", ".join(ref.label() for ref in refs)))
        elif surges and len(surges) == len(originals):
            out.append((label, "; ".join(surge_text(s) for s in surges)))
        elif all(not isinstance(v, dict | list) for v in value):
            out.append((label, ", ".join(str(v) for v in value)))
        else:
            for index, (inner, orig) in enumerate(zip(value, originals, strict=True)):
                text = _inline(inner) if isinstance(inner, dict) and _is_short(inner) else None
                if text is not None:
                    out.append((f"{label}[{index + 1}]", text))
                else:
                    _flatten(f"{label}[{index + 1}]", inner, orig, out)
        return
    out.append((label, _scalar(value)))


def _child(original: Any, key: Any) -> Any:
    """The model or value under ``key`` of ``original`` (a model or a mapping)."""
    if isinstance(original, dict):
        return original.get(key)
    return getattr(original, str(key), None)


def _is_short(value: dict[str, Any]) -> bool:
    """A mapping of plain values that reads well on one line."""
    return all(not isinstance(v, dict | list) or _is_plain_list(v) for v in value.values()) and \
        len(_inline(value)) <= 70


def _is_plain_list(value: Any) -> bool:
    """A list of plain values (no mappings)."""
    return isinstance(value, list) and all(not isinstance(v, dict | list) for v in value)


def _inline(value: dict[str, Any]) -> str:
    """``{a: 1, b: [x, y]}`` as ``a 1, b x+y``."""
    parts = []
    for key, inner in value.items():
        if isinstance(inner, dict):
            parts.append(f"{key} ({_inline(inner)})")
        elif isinstance(inner, list):
            parts.append(f"{key} {'+'.join(str(v) for v in inner)}")
        else:
            parts.append(f"{key} {_scalar(inner)}")
    return ", ".join(parts)


def _scalar(value: Any) -> str:
    """Booleans as yes/no, everything else as written."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
