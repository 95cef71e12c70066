"""Expansion packs: entries join the packs they require; revised cards replace old ones only
when the pack says so (Rulebook: Expansion cards; Replacement Skill/Item/Overlord/Monster Cards)."""

from __future__ import annotations

from pathlib import Path

import pytest

from delve.api import GameSetup, new_game
from delve.content.issues import ContentError
from delve.content.loader import check_pack, load_pack, load_starter_pack

HERO = """- id: wren
  name: Wren of the Fens
  speed: 5
  wounds: 10
  fatigue: 4
  armor: 1
  traits: {melee: 1, ranged: 2, magic: 0}
  conquest_value: 2
  skills: {subterfuge: 2}
  ability: {name: Marsh Sense, text: Wren pays 1 movement point for mud.}
  flavour: She grew up where the ground argues back.
"""

REVISED_SWORD = """- id: hunters-sword
  name: Hunter's Sword (revised)
  deck: shop
  kind: weapon
  attack_type: melee
  hands: 1
  dice: [red, white]
  surges:
    - {surges: 1, effect: {damage: 2}}
  cost: 200
  flavour: Reforged after the first one bent on a goblin's skull.
"""

SPAWN = """- id: goblin-patrol
  name: Goblin Patrol
  type: spawn
  threat_cost: 6
  threat_value: 1
  text: Place two goblins.
  spawn:
    - {monster: goblin, count: 2}
  flavour: They walk in pairs so one can blame the other.
"""


def expansion(tmp_path: Path, info: str, **files: str) -> Path:
    root = tmp_path / "exp"
    root.mkdir()
    (root / "pack.yaml").write_text(info)
    for name, text in files.items():
        (root / f"{name}.yaml").write_text(text)
    return root


def test_an_expansion_adds_to_the_starter_pack_and_replaces_what_it_lists(tmp_path: Path) -> None:
    root = expansion(tmp_path, "name: Fens\nrequires: [starter]\nreplaces: {items: [hunters-sword]}\n",
                     heroes=HERO, items=REVISED_SWORD, overlord=SPAWN)
    pack = load_pack(root)
    starter = load_starter_pack()
    assert "wren" in pack.heroes and set(starter.heroes) <= set(pack.heroes)
    assert pack.items["hunters-sword"].name == "Hunter's Sword (revised)"
    assert starter.items["hunters-sword"].name == "Hunter's Sword"  # the base pack is untouched
    assert "goblin-patrol" in pack.overlord  # refers to the starter's goblin: cross-checked across packs
    assert set(starter.quests) <= set(pack.quests)
    game = new_game(GameSetup(pack=str(root), heroes=["wren", "brannoc"], seed=3))
    assert [h.name for h in game.state.heroes()] == ["Wren of the Fens", "Brannoc Ironvow"]
    assert "goblin-patrol" in game.state.overlord.deck + game.state.overlord.hand


def test_same_id_without_replaces_and_bad_replaces_are_errors(tmp_path: Path) -> None:
    root = expansion(tmp_path, "name: Fens\nrequires: [starter]\nreplaces: {items: [no-such-item], spells: [x]}\n",
                     items=REVISED_SWORD)
    issues = check_pack(root)
    text = "\n".join(str(i) for i in issues)
    assert "hunters-sword" in text and "replaces" in text
    assert "'no-such-item' is not a items entry" in text
    assert "unknown kind 'spells'" in text
    with pytest.raises(ContentError):
        load_pack(root)


def test_a_missing_required_pack_is_reported(tmp_path: Path) -> None:
    root = expansion(tmp_path, "name: Lost\nrequires: [../nowhere]\n", heroes=HERO)
    issues = check_pack(root)
    assert any(i.field == "requires" and "nowhere" in i.message for i in issues)
