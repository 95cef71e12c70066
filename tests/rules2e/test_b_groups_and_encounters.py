"""Ruleset 2e, 2e-B part: monster groups, lieutenants, quests of encounters, the 2e pack.

Rules: descent-2e excerpt A, Monsters; Lieutenants; Quests; Familiars Treated as Figures.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from delve.api import new_game, open_pack
from delve.content.schema import Familiar, MonsterType
from delve.engine.game import Game
from delve.rules.setup import GameSetup
from delve.rules.wounds import suffer_wounds

PACK = "starter-2e"
QUEST = "first-steps-2e"
HEROES = ["hale", "wren", "osric", "maren"]


def _game(heroes: list[str], quest: str = QUEST, ruleset: str = "2e") -> Game:
    return new_game(GameSetup(ruleset=ruleset, pack=PACK, quest=quest, heroes=heroes))


def test_the_2e_pack_loads_with_its_parts() -> None:
    pack = open_pack(PACK)
    assert len(pack.heroes) >= 4
    assert sum(card.copies for card in pack.overlord.values()) == 15
    assert any(m.lieutenant for m in pack.monsters.values())
    assert all(m.group for m in pack.monsters.values() if not m.lieutenant)
    assert any(f.figure for f in pack.familiars.values())
    first, second = pack.quests[QUEST], pack.quests["first-steps-2e-2"]
    assert (first.encounter, first.next_encounter, second.encounter) == (1, second.id, 2)


@pytest.mark.parametrize(("heroes", "goblins", "brutes"), [(HEROES[:2], (1, 2), (0, 1)), (HEROES, (1, 4), (1, 1))])
def test_groups_are_sized_by_the_number_of_heroes(heroes: list[str], goblins: tuple[int, int],
                                                 brutes: tuple[int, int]) -> None:
    game = _game(heroes)
    def count(monster: str) -> tuple[int, int]:
        found = [m for m in game.state.monsters() if m.content_id == monster]
        return sum(m.master for m in found), sum(not m.master for m in found)
    assert count("ragged-goblin") == goblins
    assert count("mire-brute") == brutes
    assert all(game.board.area_of(m.pos) == "hall" for m in game.state.monsters())


def test_a_1e_game_of_the_same_quest_sets_up_no_groups() -> None:
    assert _game(HEROES[:2], ruleset="1e").state.monsters() == []


def test_group_sizes_must_fit_the_figures() -> None:
    base = open_pack(PACK).monsters["ragged-goblin"].model_dump()
    with pytest.raises(ValidationError, match="more figures"):
        MonsterType.model_validate({**base, "group": {2: {"minions": 9, "masters": 1}}})
    with pytest.raises(ValidationError, match="lieutenant"):
        MonsterType.model_validate({**base, "lieutenant": True})
    with pytest.raises(ValidationError, match="health"):
        Familiar.model_validate({"id": "x", "name": "X", "speed": 3, "figure": True, "text": "t", "flavour": "f"})


def test_the_overlord_finishes_a_group_before_the_next() -> None:
    game = _game(HEROES[:2])
    game.pending  # noqa: B018  (settle the setup)
    game.state.stack = game.state.stack[:1]
    game.push("overlord_turn", phase="activate", activated=[], spawned=False, powered=False)
    game.advance()
    decision = game.pending
    assert decision is not None
    goblins = [c.id for c in decision.choices if c.id.startswith("activate:")
               and game.figure(c.data["figure"]).content_id == "ragged-goblin"]
    assert len(goblins) == 3 and any(c.id.startswith("activate:") and c.id not in goblins for c in decision.choices)
    game.apply(goblins[0], "overlord")
    while game.pending is not None and game.pending.kind != "overlord_turn":
        game.apply("end_activation", "overlord")
    offered = [c.id for c in game.pending.choices if c.id.startswith("activate:")]
    assert sorted(offered) == sorted(goblins[1:])


def _win_encounter_one(game: Game) -> None:
    hero = game.figure("hero1")
    gate = next(p for p in game.board.spaces() if game.board.area_of(p) == "gate")
    hero.footprint = replace(hero.footprint, x=gate[0], y=gate[1])
    from delve.rules.quest_goals import check_goals

    check_goals(game)
    game.advance()


def test_meeting_a_goal_moves_on_to_the_next_encounter_with_the_transition_steps() -> None:
    game = _game(HEROES[:2])
    game.pending  # noqa: B018  (settle the setup)
    hero = game.figure("hero1")
    hero.wounds, hero.fatigue, hero.tokens = hero.wounds - 3, 0, {"poison": 1}
    hand = list(game.state.overlord.hand)
    _win_encounter_one(game)
    assert game.state.winner is None
    assert game.state.quest == "first-steps-2e-2"
    assert game.state.flags["encounters"]["won"] == [{"encounter": QUEST, "winner": "heroes"}]
    assert (hero.wounds, hero.fatigue, hero.tokens) == (hero.max_wounds - 3, hero.max_fatigue, {"poison": 1})
    assert game.state.overlord.hand == hand
    assert game.board.area_of(hero.pos) == "stair"
    names = sorted(m.content_id for m in game.state.monsters())
    assert names == ["captain-vask", "grave-archer", "grave-archer"]
    kinds = [e.kind for e in game.state.log]
    assert kinds.index("encounter_won") < kinds.index("encounter_transition") < kinds.index("encounter_started")
    assert game.pending is not None and game.state.round == 1


def test_the_last_encounter_ends_the_quest_when_the_lieutenant_falls() -> None:
    game = _game(HEROES[:2])
    game.pending  # noqa: B018
    _win_encounter_one(game)
    vask = next(m for m in game.state.monsters() if m.content_id == "captain-vask")
    assert vask.id in game.state.flags["lieutenants"]
    suffer_wounds(game, vask, vask.wounds, cause="test", killer=game.figure("hero1"))
    assert game.state.winner == "heroes"


def test_a_lieutenant_is_a_group_of_one() -> None:
    from delve.rules2e.monster_groups import members

    game = _game(HEROES[:2])
    game.pending  # noqa: B018
    _win_encounter_one(game)
    vask = next(m for m in game.state.monsters() if m.content_id == "captain-vask")
    archer = next(m for m in game.state.monsters() if m.content_id == "grave-archer")
    assert members(game, vask) == [vask]
    assert len(members(game, archer)) == 2


def test_a_knocked_out_hero_stands_up_for_free_between_encounters() -> None:
    from delve.rules2e.knocked_out import is_knocked_out, knock_out

    game = _game(HEROES[:2])
    game.pending  # noqa: B018
    fallen = game.figure("hero2")
    knock_out(game, fallen)
    game.advance()
    assert is_knocked_out(game, fallen) and fallen.wounds == 0
    _win_encounter_one(game)
    assert game.state.quest == "first-steps-2e-2"
    assert not is_knocked_out(game, fallen)
    assert 1 <= fallen.wounds <= fallen.max_wounds and fallen.fatigue == fallen.max_fatigue
    assert game.board.area_of(fallen.pos) == "stair"
    kinds = [e.kind for e in game.state.log]
    assert kinds.index("encounter_transition") < kinds.index("hero_stood_up")


def test_a_lieutenant_rolls_attribute_tests_and_defends_with_its_card_dice() -> None:
    from delve.rules2e.attributes import fails_automatically

    game = _game(HEROES[:2])
    game.pending  # noqa: B018
    _win_encounter_one(game)
    vask = next(m for m in game.state.monsters() if m.content_id == "captain-vask")
    archer = next(m for m in game.state.monsters() if m.content_id == "grave-archer")
    card = open_pack(PACK).monsters["captain-vask"]
    assert vask.attributes == dict(card.attributes) and vask.defense_dice
    assert not any(fails_automatically(game, vask, name) for name in vask.attributes)
    assert fails_automatically(game, archer, "might")  # a monster of a group fails without rolling
