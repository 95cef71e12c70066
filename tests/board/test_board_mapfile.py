"""Map files (docs/maps.md): parsing, errors with line and column, the starter map."""

from __future__ import annotations

from pathlib import Path

import pytest

from delve.board.geometry import Footprint
from delve.board.grid import Board
from delve.board.los import has_line_of_sight
from delve.board.mapfile import MapError, QuestMap, load_map, parse_map
from delve.board.movement import reachable
from delve.boundary import dump_json, load_json

STARTER = Path(__file__).resolve().parents[2] / "src/delve/content/packs/starter/quests/first-steps.map"

GOOD = """\
---
name: Test
areas:
  a: {name: Room A}
  b: {name: Room B}
  c: {name: Room C}
symbols:
  A: {area: a}
  B: {area: b}
  C: {area: c}
  h: {hero_start: true}
  g: {monster: goblin}
  O: {monster: ogre, size: 2x2}
  T: {monster: troll, size: 2x1, master: true, terrain: mud}
  c: {marker: chest, colour: gold}
  R: {door: rune, colour: blue}
---
+-+-+-+-+-+-+
|A h . .|B .|
+           +
|. . . .D. .|
+  -        +
|. ~ . .D. g|
+-+-+R R+-+-+
|O O . . T T|
+           +
|O O . c C .|
+-+-+-+-+-+-+
"""


def test_parse_good_map() -> None:
    q = parse_map(GOOD, "good.map")
    b = q.board
    assert (b.width, b.height) == (6, 5)
    assert b.terrain_at((1, 2)).id == "water"
    assert b.has_wall((1, 1), (1, 2))  # interior wall drawn with '-'
    assert not b.has_wall((0, 1), (0, 2))
    assert b.blocked_edge((3, 1), (4, 1))  # closed door
    door = b.door_between((3, 1), (4, 1))
    assert door is not None and door.rune is None and not door.open
    rune = b.door_between((2, 2), (2, 3))
    assert rune is not None and rune.rune == "blue" and len(rune.edges) == 2
    assert b.area_of((0, 0)) == "a" and b.area_of((5, 0)) == "b"
    assert b.area("a").revealed and not b.area("b").revealed  # hero starts reveal their area
    kinds = {(p.kind, p.monster, p.master, p.footprint) for p in q.placements}
    assert ("hero_start", None, False, Footprint(x=1, y=0)) in kinds
    assert ("monster", "goblin", False, Footprint(x=5, y=2)) in kinds
    assert ("monster", "ogre", False, Footprint(x=0, y=3, w=2, h=2)) in kinds
    assert ("monster", "troll", True, Footprint(x=4, y=3, w=2, h=1)) in kinds
    assert b.terrain_at((4, 3)).id == "mud"
    assert b.area_of((0, 4)) == "c" and not b.area("c").revealed
    assert [m.data for m in b.markers] == [{"colour": "gold"}]


def test_boundary_separates_areas_without_a_wall() -> None:
    text = "---\nareas:\n  a: {name: A}\n  b: {name: B, revealed: true}\n"
    text += "symbols:\n  A: {area: a}\n  B: {area: b}\n---\n+-+-+-+\n|A .:B|\n+-+-+-+\n"
    b = parse_map(text, "t.map").board
    assert b.area_of((1, 0)) == "a" and b.area_of((2, 0)) == "b"
    assert not b.blocked_edge((1, 0), (2, 0))
    assert b.area("b").revealed and not b.area("a").revealed


def test_board_round_trips_through_json() -> None:
    board = load_map(STARTER).board
    board.index()  # a built cache must not disturb the round trip
    again = load_json(Board, dump_json(board))
    assert again == board
    assert dump_json(again) == dump_json(board)
    q = load_map(STARTER)
    assert QuestMap.model_validate_json(q.model_dump_json()) == q


def test_starter_map_has_everything_the_quest_needs() -> None:
    q = load_map(STARTER)
    b = q.board
    kinds = [m.kind for m in b.markers]
    chest_colours = {m.data["colour"] for m in b.markers if m.kind == "chest"}
    assert chest_colours == {"copper", "silver", "gold"}
    glyphs = {m.data["active"] for m in b.markers if m.kind == "glyph"}
    assert glyphs == {True, False}
    assert kinds.count("staircase") == 2 and "encounter" in kinds and "rune_key" in kinds
    assert any(d.rune == "red" for d in b.doors) and any(d.rune is None for d in b.doors)
    heroes = [p for p in q.placements if p.kind == "hero_start"]
    assert 2 <= len(heroes) <= 4
    monsters = {p.monster for p in q.placements if p.kind == "monster"}
    assert {"goblin", "skeleton", "ogre"} <= monsters
    ogre = next(p for p in q.placements if p.monster == "ogre")
    assert ogre.footprint.size == 4
    terrains = {b.terrain_at(p).id for p in b.spaces()}
    assert {"mud", "water", "pit", "rubble", "lava"} <= terrains
    start_area = heroes[0].area
    assert [a.id for a in b.areas if a.revealed] == [start_area]


def test_starter_map_is_playable_through_its_doors() -> None:
    q = load_map(STARTER)
    b = q.board
    start = q.placements[0].footprint
    reach = reachable(b, start, 40, enemies=[], others=[])
    assert all(b.area_of(fp.anchor) == "entry" for fp in reach)
    for d in b.doors:
        b.set_door_open(d.id, True)
    reach = reachable(b, start, 60, enemies=[], others=[])
    assert {b.area_of(fp.anchor) for fp in reach} >= {"entry", "corridor", "hall", "vault"}
    stairs = [m.pos for m in b.markers if m.kind == "staircase"]
    assert has_line_of_sight(b, stairs[0], stairs[1])


def _error(text: str) -> MapError:
    with pytest.raises(MapError) as info:
        parse_map(text, "bad.map")
    return info.value


HEAD = "---\nareas:\n  a: {name: A}\nsymbols:\n  A: {area: a}\n---\n"


def test_error_unknown_space_symbol_has_line_and_column() -> None:
    err = _error(HEAD + "+-+-+\n|A ?|\n+-+-+\n")
    assert (err.line, err.col) == (8, 4)
    assert "bad.map:8:4" in str(err) and "unknown space symbol '?'" in str(err)


def test_error_misaligned_wall() -> None:
    err = _error(HEAD + "+-+-+\n|A.  |\n+-+-+\n")
    assert (err.line, err.col) == (8, 3) and "edge" in err.message


def test_error_half_door() -> None:
    err = _error(HEAD + "+-+-+\n|AD.|\n+-+-+\n")
    assert (err.line, err.col) == (8, 3) and "four spaces" in err.message


def test_error_region_without_label() -> None:
    err = _error(HEAD + "+-+-+\n|A|.|\n+-+-+\n")
    assert (err.line, err.col) == (8, 4) and "no area label" in err.message


def test_error_undeclared_area_and_bad_symbol_spec() -> None:
    err = _error("---\nsymbols:\n  A: {area: zz}\n---\n+-+\n|A|\n+-+\n")
    assert "not declared" in err.message and err.line == 6
    err = _error("---\nareas:\n  a: {name: A}\nsymbols:\n  A: {area: a}\n  c: {marker: chest}\n---\n|A|\n")
    assert err.line == 6 and "colour" in err.message


def test_error_yaml_and_missing_front_matter() -> None:
    err = _error("---\nareas: [\n---\n|A|\n")
    assert "YAML" in err.message and err.line >= 2
    err = _error("|A|\n")
    assert (err.line, err.col) == (1, 1)


def test_error_large_figure_shape() -> None:
    text = "---\nareas:\n  a: {name: A}\nsymbols:\n  A: {area: a}\n  O: {monster: ogre, size: 2x2}\n---\n"
    err = _error(text + "+-+-+-+\n|A O .|\n+     +\n|. O .|\n+-+-+-+\n")
    assert "2x2" in err.message


def test_the_example_in_docs_maps_parses() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs/maps.md").read_text(encoding="utf-8")
    section = doc.split("## A complete example", 1)[1]
    example = section.split("```\n", 2)[1]
    q = parse_map(example, "docs/maps.md")
    assert [a.id for a in q.board.areas if a.revealed] == ["a"]
    assert {d.rune for d in q.board.doors} == {None, "blue"}
