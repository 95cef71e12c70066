"""Effects on a monster group (descent-2e excerpt A, Monsters): each member is affected in turn
in a 2e game; a 1st-edition game has no groups, so the triggering monster alone is.

The whole card is a scenario: tests/scenarios/rules2e/b/group-effect-each-member.yaml.
"""

from __future__ import annotations

import pytest
import yaml

from delve.content.effects import HealWounds
from delve.engine.game import Game
from delve.rules.overlord_cards import each_member
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

_MAP = """\
---
areas:
  room: {name: Room, revealed: true}
symbols:
  R: {area: room}
---
+-+-+-+-+
|R . . .|
+-+-+-+-+
"""


def _game(ruleset: str) -> Game:
    scenario = Scenario.model_validate(yaml.safe_load(yaml.safe_dump({
        "name": "group effect unit test", "map": _MAP, "ruleset": ruleset, "pack": "starter-2e",
        "figures": [{"id": "ada", "name": "Ada", "speed": 4, "wounds": 10, "at": [0, 0]},
                    {"id": "g1", "monster": "ragged-goblin", "at": [1, 0]},
                    {"id": "g2", "monster": "ragged-goblin", "at": [2, 0]},
                    {"id": "brute", "monster": "grave-archer", "at": [3, 0]}],
    })))
    return Game(build_state(scenario, "<test>"), handlers_for(ruleset))


@pytest.mark.parametrize(("ruleset", "affected"), [("2e", ["g1", "g2"]), ("1e", ["g1"])])
def test_a_group_target_runs_the_effect_once_per_member(ruleset: str, affected: list[str]) -> None:
    game = _game(ruleset)
    item = HealWounds(effect="heal_wounds", target="triggering_monster_group", amount=1)
    runs = each_member(game, item, {"triggering_monster": "g1", "attacker": "g1"})
    assert [ctx["triggering_monster"] for _, ctx in runs] == affected
    assert all(one.target == "triggering_monster" and ctx["attacker"] == "g1" for one, ctx in runs)


def test_other_targets_run_once_as_written() -> None:
    game = _game("2e")
    item = HealWounds(effect="heal_wounds", target="triggering_monster", amount=1)
    assert each_member(game, item, {"triggering_monster": "g1"}) == [(item, {"triggering_monster": "g1"})]
    group = HealWounds(effect="heal_wounds", target="triggering_monster_group", amount=1)
    assert each_member(game, group, {}) == []  # no triggering monster: nobody is affected
