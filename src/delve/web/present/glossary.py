"""The glossary: abilities, conditions, orders and game terms in the project's own words.

Why data: the texts are written once (``glossary.yaml``) and the page links every mention of
an ability or condition to its entry by id; the catalogue, the event texts and the tests read
the same entries.
"""

from __future__ import annotations

import functools
from importlib.resources import files
from typing import Any

import yaml

KINDS = {"abilities": "ability", "conditions": "condition", "orders": "order", "terms": "term"}
SUFFIX = {"condition": "-token", "order": "-order"}  # so the Bleed ability and the bleed token differ


def glossary_id(name: str) -> str:
    """The entry id of a name: lower case, spaces as hyphens (``Black Curse`` -> ``black-curse``)."""
    return name.strip().lower().replace(" ", "-").replace("_", "-")


@functools.cache
def _raw() -> dict[str, Any]:
    # Our own shipped file, so libyaml's fast safe loader (a tenth of the pure-Python one's time).
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data: dict[str, Any] = yaml.load((files("delve.web.present") / "glossary.yaml").read_text(encoding="utf-8"),
                                     Loader=loader)
    return data


def board_texts() -> dict[str, dict[str, str]]:
    """What each terrain and marker kind does, by kind id (``terrain`` and ``markers``)."""
    raw = _raw()
    return {"terrain": dict(raw.get("terrain", {})), "markers": dict(raw.get("markers", {}))}


@functools.cache
def glossary() -> dict[str, dict[str, Any]]:
    """Every entry by id: ``{id, name, kind, ref, text}`` (abilities also ``ranked``). Ids: an
    ability's name (``black-curse``), a condition token ``bleed-token``, an order ``aim-order``,
    a term its key (``conquest``)."""
    from delve.abilities import catalog

    raw = _raw()
    out: dict[str, dict[str, Any]] = {}
    for section, kind in KINDS.items():
        for key, entry in raw[section].items():
            name = entry.get("name", key)
            ident = glossary_id(key) + SUFFIX.get(kind, "")
            item = {"id": ident, "name": name, "kind": kind, "ref": entry["ref"], "text": entry["text"]}
            if kind == "ability":
                item["ranked"] = catalog.is_ranked(name)
            out[ident] = item
    return out


def ability_link(name: str, rank: int | None = None) -> dict[str, Any]:
    """An ability reference as the catalogue sends it: name, rank, label and glossary id."""
    label = f"{name} {rank}" if rank is not None else name
    return {"name": name, "rank": rank, "label": label, "glossary": glossary_id(name)}


@functools.cache
def _by_ref() -> dict[str, str]:
    """Glossary ids by the rulebook section they explain (abilities first: ``Bleed`` is the ability)."""
    out: dict[str, str] = {}
    for ident, entry in glossary().items():
        out.setdefault(entry["ref"], ident)
    return out


def glossary_for_ref(ref: str) -> str | None:
    """The glossary entry explaining a rulebook section an event cites (``Bleed`` -> ``bleed``), if any."""
    return _by_ref().get(ref) if ref else None
