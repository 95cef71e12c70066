"""Extra game effects: the parts a scenario cannot show (docs/rulesets.md, "Extra game effects").

Evade's points coming back each turn, locked fatigue being out of reach of recovery, a lock
ending when its item is unequipped or its bearer dies, and the overkill value that
``wounds.suffer_wounds`` hands to effects.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import yaml

from delve.abilities.units import evade, locking_stamina
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules import equipment
from delve.rules.wounds import KILL_HOOKS, suffer_wounds, zone_wounds
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

PACK = str(Path(__file__).resolve().parents[1] / "packs" / "extra-effects")

SCENARIO = f"""
name: Extra effects unit tests
pack: {PACK}
map: |
  ---
  areas:
    room: {{name: Room, revealed: true}}
  symbols:
    R: {{area: room}}
  ---
  +-+-+-+-+-+
  |R . . . .|
  +-+-+-+-+-+
figures:
  - {{id: ada, name: Ada, speed: 4, wounds: 10, fatigue: 4, items: [heavy-ward], abilities: ["Evade"], at: [0, 0]}}
  - {{id: wraith, name: Wraith, side: overlord, speed: 4, wounds: 3, abilities: ["Aura"], at: [1, 0]}}
start: {{hero_turn: ada}}
"""


def game() -> Game:
    scenario = Scenario.model_validate(yaml.safe_load(SCENARIO))
    return Game(build_state(scenario, "test"), handlers_for("1e"))


def test_evade_points_come_back_at_a_new_turn() -> None:
    g = game()
    ada, wraith = g.figure("ada"), g.figure("wraith")
    assert zone_wounds(g, ada, wraith, 1, "Aura") == 0
    assert zone_wounds(g, ada, wraith, 1, "Aura") == 1
    evade._hero_turn(g, ada)
    assert zone_wounds(g, ada, wraith, 1, "Aura") == 0


def test_two_evade_points_prevent_one_wound_of_one_enemy_only() -> None:
    # extra-game-effects.txt, Evade: a point prevents 1 damage from 1 enemy each turn.
    g = game()
    ada, wraith = g.figure("ada"), g.figure("wraith")
    locking_stamina.lock(g, ada, equipment.item(g, "heavy-ward"))  # the ward's point joins hers
    assert locking_stamina.points(g, ada, "Evade") == 2
    assert zone_wounds(g, ada, wraith, 2, "Aura") == 1  # one effect of 2 from one enemy
    assert zone_wounds(g, ada, wraith, 1, "Aura") == 1  # the same enemy again this turn
    other = replace(wraith, id="ghoul", name="Ghoul")
    assert zone_wounds(g, ada, other, 2, "Aura") == 1  # the second point goes to another enemy
    assert zone_wounds(g, ada, replace(other, id="third"), 1, "Aura") == 1  # none left
    evade._hero_turn(g, ada)
    assert zone_wounds(g, ada, wraith, 2, "Aura") == 1


def test_locked_fatigue_counts_as_spent_and_cannot_be_recovered() -> None:
    g = game()
    ada = g.figure("ada")
    locking_stamina.lock(g, ada, equipment.item(g, "heavy-ward"))
    assert (ada.fatigue, ada.max_fatigue) == (2, 2)
    assert locking_stamina.points(g, ada, "Evade") == 2  # her own Evade and the ward's
    assert "Evade" in [a.name for a in ada.abilities]
    locking_stamina.end_lock(g, ada, "heavy-ward", "test")
    assert (ada.fatigue, ada.max_fatigue) == (2, 4)  # the chips are spent, not returned
    assert [a.name for a in ada.abilities] == ["Evade"]


def test_a_lock_ends_when_the_item_is_unequipped() -> None:
    g = game()
    ada = g.figure("ada")
    locking_stamina.lock(g, ada, equipment.item(g, "heavy-ward"))
    ada.equipped.remove("heavy-ward")
    locking_stamina.sync(g, ada)
    assert locking_stamina.locks(g, ada) == []
    assert ada.max_fatigue == 4


def test_death_ends_locks_and_restores_all_fatigue() -> None:
    g = game()
    ada = g.figure("ada")
    locking_stamina.lock(g, ada, equipment.item(g, "heavy-ward"))
    suffer_wounds(g, ada, 10, cause="test")
    assert ada.in_town
    assert (ada.fatigue, ada.max_fatigue) == (4, 4)
    assert locking_stamina.locks(g, ada) == []


def test_overkill_is_returned_and_given_to_kill_hooks() -> None:
    g = game()
    seen: list[tuple[str, int]] = []

    def hook(_g: Game, victim: FigureState, _killer: FigureState | None, overkill: int) -> None:
        seen.append((victim.id, overkill))

    KILL_HOOKS.append(hook)
    try:
        wraith = g.figure("wraith")
        assert suffer_wounds(g, wraith, 2, cause="test") == 0  # not killed: no overkill
        assert suffer_wounds(g, wraith, 4, cause="test") == 3
    finally:
        KILL_HOOKS.remove(hook)
    assert seen == [("wraith", 3)]


RANDOM_SCENARIO = f"""
name: Every extra effect on one board, played at random
pack: {PACK}
seed: 0
map: |
  ---
  areas:
    room: {{name: Room, revealed: true}}
  symbols:
    R: {{area: room}}
  ---
  +-+-+-+-+-+-+-+
  |R . ^ . _ . .|
  +  -          +
  |. . . . . . .|
  +          -  +
  |. _ . % . . .|
  +-+-+-+-+-+-+-+
figures:
  - {{id: ada, name: Ada, speed: 4, wounds: 12, fatigue: 5, traits: {{melee: 1}},
     items: [thirsting-knife, warding-locket, heavy-ward], abilities: ["Jump"], at: [0, 0]}}
  - {{id: bob, name: Bob, speed: 4, wounds: 12, fatigue: 3, traits: {{melee: 1}},
     items: [butchers-cleaver, glass-charm, dodging-ring], at: [0, 2]}}
  - {{id: m1, name: Ghoul, side: overlord, speed: 4, wounds: 8, dice: [red, yellow], attack_type: melee,
     abilities: ["Drain 2", "Leech", "Jump"], at: [6, 0]}}
  - {{id: m2, name: Wraith, side: overlord, speed: 3, wounds: 8, dice: [red], attack_type: melee,
     abilities: ["Aura", "Mirror", "Overkill", "Evade"], at: [6, 2]}}
  - {{id: m3, name: Imp, side: overlord, speed: 5, wounds: 3, dice: [red], attack_type: melee,
     abilities: ["Overkill", "Bleed"], at: [5, 1]}}
"""


def test_random_play_with_every_extra_effect_never_crashes() -> None:
    from delve.ai.random_player import RandomPlayer

    for seed in range(12):
        data = yaml.safe_load(RANDOM_SCENARIO)
        data["seed"] = seed
        scenario = Scenario.model_validate(data)
        g = Game(build_state(scenario, "test"), handlers_for("1e"))
        player = RandomPlayer(seed, end_bias=0.2)
        for _ in range(600):
            decision = g.pending
            if decision is None:
                break
            result = g.apply(player.choose(decision), decision.seat)
            assert result.accepted, result.reason
