"""The loader reports every problem of a pack at once, each with file, entry, field and line,
and never hands back a half-loaded pack."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from delve.content import maps
from delve.content.issues import ContentError, ContentIssue
from delve.content.loader import check_pack, load_pack

WritePack = Callable[[dict[str, str]], Path]

MONSTER = """\
- id: rat
  name: Giant Rat
  size: {w: 1, h: 1}
  attack_type: melee
  figures: {normal: 3, master: 1}
  stats:
    2: &side
      normal: {speed: 5, armor: 0, wounds: 3, dice: [red]}
      master: {speed: 5, armor: 1, wounds: 5, dice: [red], abilities: [Bleed]}
    3: *side
    4: *side
    5: *side
  flavour: It has heard about you.
"""

QUEST = """\
id: rat-hole
name: The Rat Hole
map: rat-hole.map
starting_conquest: 3
areas:
  start: {read_aloud: It smells.}
named_monsters:
  - {id: king, name: Rat King, base: rat, conquest: 2, flavour: Many tails.}
goals:
  heroes: {text: Kill the king., win_when: [{kill_named: king}]}
  overlord: {text: Outlast them., win_when: [{heroes_out_of_conquest: true}]}
flavour: Down the drain.
"""


@pytest.fixture(autouse=True)
def _no_board_map_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    """These packs use placeholder maps; the board's map parser is tested elsewhere."""
    monkeypatch.setattr(maps, "_board_loader", lambda: None)


def _find(issues: list[ContentIssue], file: str, entry: str, field: str) -> ContentIssue:
    for issue in issues:
        if (issue.file, issue.entry, issue.field) == (file, entry, field):
            return issue
    raise AssertionError(f"no issue at {file}: {entry}: {field}; got:\n" + "\n".join(map(str, issues)))


def test_a_good_small_pack_loads(write_pack: WritePack) -> None:
    root = write_pack({"monsters.yaml": MONSTER, "quests/rat-hole.yaml": QUEST, "quests/rat-hole.map": "x"})
    pack = load_pack(root)
    assert pack.name == "pack"
    assert set(pack.monsters) == {"rat"}
    assert pack.monsters["rat"].stats_for(5, master=True).abilities[0].name == "Bleed"
    assert pack.quest_map_path("rat-hole") == root.resolve() / "quests" / "rat-hole.map"


def test_many_errors_are_reported_at_once(write_pack: WritePack) -> None:
    heroes = """\
- id: tom
  name: Tom
  speed: 4
  wounds: 10
  fatigue: 4
  armor: 0
  traits: {melee: 7, ranged: 1, magic: 1}
  conquest_value: 2
  skills: {fighting: 3}
  ability: {name: Luck, text: Tom is lucky.}
  flavour: Hm.
- id: Bad Id
  name: Ann
  sped: 4
  wounds: 10
  fatigue: 4
  armor: 0
  traits: {melee: 1, ranged: 1, magic: 1}
  conquest_value: 2
  skills: {fighting: 3}
  ability: {name: Luck, text: Ann is lucky.}
  flavour: Hm.
"""
    items = """\
- id: club
  name: Club
  deck: shop
  kind: weapon
  attack_type: melee
  hands: 1
  dice: [red, purple]
  surges: [{surges: 1, effect: {damage: 1, ability: Posion}}]
  flavour: Thud.
"""
    root = write_pack({"heroes.yaml": heroes, "items.yaml": items})
    issues = check_pack(root)
    melee = _find(issues, "heroes.yaml", "tom", "traits.melee")
    assert "less than or equal to 5" in melee.message and "7" in melee.message
    assert melee.line == 7
    bad_id = _find(issues, "heroes.yaml", "Bad Id", "id")
    assert "lower-case" in bad_id.message and bad_id.line == 12
    typo = _find(issues, "heroes.yaml", "Bad Id", "sped")
    assert "did you mean 'speed'" in typo.message and typo.line == 14
    assert _find(issues, "heroes.yaml", "Bad Id", "speed").message == "missing required field"
    purple = _find(issues, "items.yaml", "club", "dice.1")
    assert "'red'" in purple.message and "'purple'" in purple.message
    ability = _find(issues, "items.yaml", "club", "surges.0.effect.ability")
    assert "unknown ability 'Posion'" in ability.message and "'Poison'" in ability.message
    assert len(issues) == 6
    assert str(melee).startswith("heroes.yaml:7: tom: traits.melee: expected")
    # Rules across fields (a shop item needs a cost) are checked once the fields themselves pass.
    fixed = items.replace("purple", "white").replace("Posion", "Poison")
    issues = check_pack(write_pack({"items.yaml": fixed}))
    assert [str(i) for i in issues if i.file == "items.yaml"] == [
        "items.yaml:1: club: cost: a shop item needs a cost (a multiple of 25)"]


def test_unknown_ability_and_wrong_ranks_in_monsters(write_pack: WritePack) -> None:
    text = MONSTER.replace("abilities: [Bleed]", "abilities: [Bleeding, Pierce, {name: Stun, rank: 2}]")
    issues = check_pack(write_pack({"monsters.yaml": text}))
    fields = {i.field: i.message for i in issues}
    assert "unknown ability 'Bleeding'" in fields["stats.2.master.abilities.0"]
    assert "needs a rank" in fields["stats.2.master.abilities.1"]
    assert "takes no rank" in fields["stats.2.master.abilities.2"]
    # The anchor repeats the block for 3, 4 and 5 players: each side is reported.
    assert {"stats.5.master.abilities.0", "stats.3.master.abilities.2"} <= set(fields)


def test_duplicate_ids(write_pack: WritePack) -> None:
    second = MONSTER.replace("Giant Rat", "Other Rat").replace("side", "side2")
    issues = check_pack(write_pack({"monsters.yaml": MONSTER + second}))
    assert len(issues) == 1
    issue = issues[0]
    assert (issue.file, issue.entry, issue.field, issue.line) == ("monsters.yaml", "rat", "id", 14)
    assert "duplicate id 'rat'" in issue.message and "entry #0 (line 1)" in issue.message


def test_duplicate_keys_in_one_entry(write_pack: WritePack) -> None:
    text = MONSTER.replace("  flavour: It has heard about you.\n", "  flavour: One.\n  flavour: Two.\n")
    issues = check_pack(write_pack({"monsters.yaml": text}))
    assert [(i.entry, i.field, i.line) for i in issues] == [("rat", "flavour", 14)]
    assert "duplicate key 'flavour' (first at line 13)" in issues[0].message


def test_yaml_syntax_error_has_a_line_number(write_pack: WritePack) -> None:
    broken = MONSTER.replace("  figures: {normal: 3, master: 1}", "  figures: {normal: 3, master: 1")
    root = write_pack({"monsters.yaml": broken, "skills.yaml": "- id: x\n  name: [unclosed\n"})
    issues = check_pack(root)
    by_file = {i.file: i for i in issues}
    assert set(by_file) == {"monsters.yaml", "skills.yaml"}
    assert by_file["monsters.yaml"].message.startswith("YAML syntax error")
    assert by_file["monsters.yaml"].line is not None and by_file["monsters.yaml"].line >= 5
    assert "line" in by_file["monsters.yaml"].message
    assert by_file["skills.yaml"].line is not None


def test_file_shapes(write_pack: WritePack) -> None:
    root = write_pack({
        "heroes.yaml": "tom: {name: Tom}\n",
        "items.yaml": "- just a string\n",
        "monster.yaml": "[]\n",
        "skills.yml": "[]\n",
        "quests/other-name.yaml": QUEST,
        "quests/list.yaml": "- 1\n",
    })
    issues = check_pack(root)
    messages = {(i.file, i.entry, i.field): i.message for i in issues}
    assert messages[("heroes.yaml", "", "")].startswith("expected a list of entries")
    assert messages[("items.yaml", "#0", "")].startswith("expected a mapping of fields")
    assert messages[("monster.yaml", "", "")].startswith("unexpected file")
    assert messages[("skills.yml", "", "")].startswith("rename to skills.yaml")
    assert "match its file name 'other-name'" in messages[("quests/other-name.yaml", "rat-hole", "id")]
    assert messages[("quests/list.yaml", "list", "")].startswith("expected a mapping of quest fields")


def test_empty_and_missing_packs(tmp_path: Path, write_pack: WritePack) -> None:
    missing = check_pack(tmp_path / "nowhere")
    assert len(missing) == 1 and "expected a pack folder" in missing[0].message
    empty = check_pack(write_pack({"README.txt": "hello"}))
    assert len(empty) == 1 and "the pack is empty" in empty[0].message
    # Empty files are allowed: a pack may add only monsters.
    assert load_pack(write_pack({"heroes.yaml": "", "monsters.yaml": MONSTER})).heroes == {}


def test_cross_references(write_pack: WritePack) -> None:
    skills = """\
- {id: call, name: Call, deck: wizardry, text: A friend comes., familiar: ghost, flavour: Hi.}
"""
    overlord = """\
- id: swarm
  name: Swarm
  type: spawn
  threat_cost: 5
  threat_value: 1
  text: Rats and bats.
  spawn:
    - {monster: rat, count: 2}
    - {monster: rat, count: 2}
    - {monster: bat}
  flavour: Squeak.
"""
    quest = (QUEST.replace("base: rat", "base: wolf").replace("map: rat-hole.map", "map: maps/missing.map")
             + "solo: {rises: [rat, zombie]}\n")
    root = write_pack({"monsters.yaml": MONSTER, "skills.yaml": skills, "overlord.yaml": overlord,
                       "quests/rat-hole.yaml": quest})
    issues = check_pack(root)
    familiar = _find(issues, "skills.yaml", "call", "familiar")
    assert "unknown familiar 'ghost'" in familiar.message and familiar.line == 1
    bat = _find(issues, "overlord.yaml", "swarm", "spawn.2.monster")
    assert "unknown monster 'bat'; this pack has: rat" in bat.message and bat.line == 10
    too_many = _find(issues, "overlord.yaml", "swarm", "spawn.1.count")
    assert "spawns 4 normal rat but the pack has only 3" in too_many.message
    wolf = _find(issues, "quests/rat-hole.yaml", "rat-hole", "named_monsters.0.base")
    assert "unknown monster 'wolf'" in wolf.message and wolf.line == 8
    map_issue = _find(issues, "quests/rat-hole.yaml", "rat-hole", "map")
    assert "map file not found" in map_issue.message and map_issue.line == 3
    zombie = _find(issues, "quests/rat-hole.yaml", "rat-hole", "solo.rises.1")
    assert "unknown monster 'zombie'" in zombie.message
    assert len(issues) == 6


def test_broken_entries_do_not_cause_false_unknown_references(write_pack: WritePack) -> None:
    broken_monster = MONSTER.replace("attack_type: melee", "attack_type: bite")
    root = write_pack({"monsters.yaml": broken_monster, "quests/rat-hole.yaml": QUEST,
                       "quests/rat-hole.map": "x"})
    issues = check_pack(root)
    assert [(i.file, i.field) for i in issues] == [("monsters.yaml", "attack_type")]
    assert "expected 'melee', 'ranged', 'magic' or 'morph', got 'bite'" in issues[0].message


def test_effect_errors_name_the_effect_field(write_pack: WritePack) -> None:
    overlord = """\
- id: zap
  name: Zap
  type: trap
  threat_cost: 2
  threat_value: 1
  trigger: hero_opens_door
  text: Zap.
  effects:
    - {effect: deal_wounds, target: triggering_hero, amout: 2}
    - {effect: explode, target: triggering_hero}
    - {target: triggering_hero}
  flavour: Bzzt.
"""
    issues = check_pack(write_pack({"overlord.yaml": overlord}))
    fields = {i.field: i for i in issues}
    assert "did you mean 'amount'" in fields["effects.0.amout"].message
    assert fields["effects.0.amount"].message == "missing required field"
    assert "unknown effect 'explode'; expected one of:" in fields["effects.1"].message
    assert "missing key" in fields["effects.2"].message
    assert fields["effects.1"].line == 10


def test_nothing_half_loaded(write_pack: WritePack) -> None:
    root = write_pack({"monsters.yaml": MONSTER, "heroes.yaml": "- {id: tom}\n"})
    with pytest.raises(ContentError) as exc:
        load_pack(root)
    assert exc.value.issues and all(i.file == "heroes.yaml" for i in exc.value.issues)
    assert "heroes.yaml:1: tom: name: missing required field" in str(exc.value)
    assert not hasattr(exc.value, "pack_data")


def test_map_cross_check_uses_the_board_loader(
    write_pack: WritePack, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = write_pack({"monsters.yaml": MONSTER, "quests/rat-hole.yaml": QUEST, "quests/rat-hole.map": "x"})

    def good_map(_: Path) -> Any:
        area = SimpleNamespace(id="den")
        placements = [SimpleNamespace(monster="rat"), SimpleNamespace(monster="king"),
                      SimpleNamespace(monster="troll"), SimpleNamespace(monster=None)]
        return SimpleNamespace(board=SimpleNamespace(areas=[area]), placements=placements)

    monkeypatch.setattr(maps, "_board_loader", lambda: good_map)
    issues = check_pack(root)
    by_field = {i.field: i.message for i in issues}
    assert len(issues) == 2
    assert by_field["areas.start"] == "the map has no area 'start'; its areas are: den"
    assert "places monster 'troll'" in by_field["map"]

    def bad_map(_: Path) -> Any:
        raise ValueError("rat-hole.map:3:4: expected a wall")

    monkeypatch.setattr(maps, "_board_loader", lambda: bad_map)
    issues = check_pack(root)
    assert [(i.field, i.message) for i in issues] == [
        ("map", "map file rat-hole.map does not load: rat-hole.map:3:4: expected a wall")]


def test_pack_info(write_pack: WritePack) -> None:
    root = write_pack({"pack.yaml": "name: Rats\ndescription: All rats.\n", "monsters.yaml": MONSTER})
    pack = load_pack(root)
    assert (pack.name, pack.description) == ("Rats", "All rats.")
    bad = check_pack(write_pack({"pack.yaml": "title: Rats\n"}))
    assert {(i.file, i.field) for i in bad} >= {("pack.yaml", "title"), ("pack.yaml", "name")}
