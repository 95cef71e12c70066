"""The overlord's card window says when a spawn card could place none of its monsters (Rulebook:
Step 2: Spawn Monsters lets him play it all the same: the monsters without a legal space are not
placed), so a person playing the overlord does not pay for nothing unawares."""

from __future__ import annotations

from pathlib import Path

from delve.scenario.runner import load_scenario, run_scenario

ROOM = """name: {name}
rule: "Step 2: Spawn Monsters"
map: |
  ---
  areas:
    west: {{name: West, revealed: true}}
    east: {{name: East, revealed: true}}
  symbols:
    W: {{area: west}}
    E: {{area: east}}
  ---
  +-+-+-+-+-+-+
  |W . .{wall}E . .|
  +     +     +
  |. . .{wall}. . .|
  +-+-+-+-+-+-+
figures:
  - {{id: ada, name: Ada, speed: 2, wounds: 10, at: [0, 0]}}
threat: 12
overlord_hand: [goblin-warband]
overlord_deck: [dark-bargain, dark-bargain, dark-bargain]
start: {{overlord_turn: true}}
dice: ["pick:0", "pick:0"]
steps:
  - choose: done
"""


def _spawn_label(tmp_path: Path, wall: str) -> str:
    path = tmp_path / "spawn.yaml"
    path.write_text(ROOM.format(name="spawn window", wall=wall))
    result = run_scenario(load_scenario(path), str(path))
    assert not result.failures, result.failures
    assert result.game is not None and result.game.pending is not None
    assert result.game.pending.kind == "overlord_cards"
    return next(c.label for c in result.game.pending.choices if c.id == "spawn:goblin-warband")


def test_a_spawn_card_with_no_legal_space_says_so(tmp_path: Path) -> None:
    # an open boundary between the rooms (":"): Ada sees every free space
    assert _spawn_label(tmp_path, ":") == ("Spawn: Goblin Warband (12 threat): no legal space for its monsters now "
                                           "(they would not be placed)")


def test_a_spawn_card_with_a_hidden_room_reads_as_before(tmp_path: Path) -> None:
    # a wall hides the east room from Ada: the goblins can be placed there
    assert _spawn_label(tmp_path, "|") == "Spawn: Goblin Warband (12 threat)"
