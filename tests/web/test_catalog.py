"""The catalogue: every card of the game's pack with names and texts, the glossary in our own
words covering every ability, and nothing secret (chests, area notes, the overlord's hand)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from delve.abilities.catalog import KNOWN_ABILITIES
from delve.api import open_pack
from delve.web.present.glossary import glossary, glossary_id


def _ability_links(value: object) -> list[dict]:  # type: ignore[type-arg]
    if isinstance(value, dict):
        found = [value] if "glossary" in value and "name" in value else []
        return found + [x for v in value.values() for x in _ability_links(v)]
    if isinstance(value, list):
        return [x for v in value for x in _ability_links(v)]
    return []


def test_glossary_explains_every_ability_and_the_quest_terms() -> None:
    entries = glossary()
    for name in KNOWN_ABILITIES:
        entry = entries[glossary_id(name)]
        assert entry["kind"] == "ability" and len(entry["text"]) > 20, name
    for term in ("conquest", "threat", "fatigue", "surge", "bleed-token", "aim-order"):
        assert entries[term]["text"]
    book = Path("/work/shared/rules/descent-1e-rulebook.md")
    rulebook = book.read_text(encoding="utf-8") if book.exists() else ""
    for entry in entries.values():  # our own words: no sentence of the rulebook is copied
        for sentence in entry["text"].split(". "):
            if len(sentence) > 30:
                assert sentence not in rulebook, entry["id"]


@pytest.mark.parametrize("ruleset", ["1e", "2e"])
def test_catalogue_has_every_card_with_texts_and_links(table, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    gid, tokens = table.new(mode="network", ruleset=ruleset, overlord="human")
    hero, overlord = tokens[0], tokens[-1]
    cat = table.get(gid, hero, "catalog")
    assert cat == table.get(gid, overlord, "catalog")  # the same for every seat: nothing per seat in it
    pack = open_pack(cat["pack"])
    assert set(cat["heroes"]) == set(pack.heroes) and set(cat["items"]) == set(pack.items)
    assert set(cat["monsters"]) == set(pack.monsters) and set(cat["overlord_cards"]) == set(pack.overlord)
    assert set(cat["familiars"]) == set(pack.familiars) and set(cat["skills"]) == set(pack.skills)
    assert cat["players"] == len(table.hub.get(gid).game.state.heroes()) + 1
    for hero_card in cat["heroes"].values():
        assert hero_card["name"] and hero_card["ability"]["text"] and hero_card["wounds"] > 0
    for monster in cat["monsters"].values():
        side = monster["stats"].get(str(cat["players"]))
        assert side is None or {"normal", "master"} <= set(side)
    for card in cat["overlord_cards"].values():
        assert card["name"] and card["text"] and card["cost"] >= 0
        assert card["timing"] is None or "_" not in card["timing"]  # words, not trigger ids
    for item in cat["items"].values():
        for surge in item["surges"]:
            assert surge["text"].startswith(f"{surge['surges']} surge")
    for link in _ability_links(cat):
        assert link["glossary"] in cat["glossary"], link
    for kind in (*cat["terrain"].values(), *cat["markers"].values()):
        assert kind["name"] and len(kind["text"]) > 10, kind
    quest = cat["quest"]
    assert quest["name"] and quest["story"] and quest["goals"]["heroes"] and quest["goals"]["overlord"]
    # the briefing explains the meters this game shows: a 2nd-edition quest has neither
    expected = {"fatigue"} if ruleset == "2e" else {"conquest", "threat", "fatigue"}
    assert {r["term"] for r in quest["rules"]} == expected
    # nothing secret: no chest contents, area texts, overlord notes or encounters
    text = json.dumps(cat)
    for key in ('"chests"', '"overlord_notes"', '"read_aloud"', '"encounters"', '"hand"', '"deck_order"'):
        assert key not in text


def test_catalogue_needs_a_seat_token(table) -> None:  # type: ignore[no-untyped-def]
    gid, _tokens = table.new()
    assert table.client.get(f"/api/games/{gid}/catalog", headers={"X-Seat-Token": "nope"}).status_code == 403
    assert table.client.get("/api/glossary").json()["pierce"]["name"] == "Pierce"


def test_quest_list_for_the_lobby(table) -> None:  # type: ignore[no-untyped-def]
    quests = table.client.get("/api/quests").json()
    ids = {(q["ruleset"], q["id"]) for q in quests}
    assert {("1e", "first-steps"), ("1e", "bridge-of-teeth"), ("2e", "first-steps-2e")} <= ids
    assert ("2e", "first-steps-2e-2") not in ids  # a second encounter is not started on its own
    assert sum(q["default"] for q in quests) == len({q["ruleset"] for q in quests})
    for quest in quests:
        assert quest["name"] and quest["story"] and quest["goals"]["heroes"]
        gid, tokens = table.new(ruleset=quest["ruleset"], quest=quest["id"], quick=True)
        assert table.get(gid, tokens[0])["quest"] == quest["id"]
