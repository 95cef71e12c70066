"""What the lobby shows before a game exists: quest cards and hero sheets.

Why here and not in the catalogue: the catalogue belongs to one game (its pack, its quest, its
player count); the lobby picks among every quest of a ruleset and every hero of its pack, so it
needs the same public card data without a game. The difficulty figures are measurements
(``quest_difficulty.yaml``, from docs/simulation.md), shipped as data and labelled with what was
measured, never computed at request time.
"""

from __future__ import annotations

import functools
from importlib.resources import files
from typing import Any

import yaml

from delve.api import open_pack
from delve.web.present.catalog import hero_card, quest_list


@functools.cache
def difficulty() -> dict[str, Any]:
    """The measured win rates per quest and overlord level (``quest_difficulty.yaml``)."""
    text = (files("delve.web.present") / "quest_difficulty.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def quest_size(pack_name: str, quest_id: str) -> dict[str, int]:
    """How big a quest is: the map's width and height, its areas, and how many heroes it can
    start (its hero start spaces)."""
    from delve.board.mapfile import load_map

    pack = open_pack(pack_name)
    quest_map = load_map(pack.quest_map_path(quest_id))
    starts = sum(1 for p in quest_map.placements if p.kind == "hero_start")
    return {"width": quest_map.board.width, "height": quest_map.board.height,
            "areas": len(pack.quests[quest_id].areas), "max_heroes": starts}


@functools.cache
def quest_cards() -> tuple[dict[str, Any], ...]:
    """The quests a new game may start (``quest_list``) with what a person picks by: size, the
    party the measurements used (the pack's first two heroes, the table's default), and the
    measured difficulty per overlord level (``None`` where nothing was measured)."""
    measured = difficulty()
    out = []
    for entry in quest_list():
        pack = open_pack(entry["pack"])
        party = [{"id": h.id, "name": h.name} for h in list(pack.heroes.values())[:2]]
        rows = measured["quests"].get(entry["id"])
        out.append({**entry, "size": quest_size(entry["pack"], entry["id"]), "suggested_heroes": party,
                    "difficulty": {"measured": measured["measured"], "levels": rows} if rows else None})
    return tuple(out)


@functools.cache
def hero_sheets(pack_name: str) -> tuple[dict[str, Any], ...]:
    """Every hero of a pack as a sheet (``hero_card``), in the pack's order."""
    return tuple(hero_card(h) for h in open_pack(pack_name).heroes.values())
