"""The optional 2nd-edition content fields: attributes and defense dice load, 1e content is unchanged."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from delve.api import open_pack
from delve.board.geometry import Footprint
from delve.content.schema import Hero, MonsterStats
from delve.rules.setup import hero_figure, monster_figure


def _hero(**extra: object) -> Hero:
    data: dict[str, object] = {
        "id": "ana", "name": "Ana", "speed": 4, "wounds": 12, "fatigue": 4, "armor": 0,
        "traits": {"melee": 0, "ranged": 0, "magic": 0}, "conquest_value": 2,
        "skills": {"fighting": 1}, "ability": {"name": "Grit", "text": "Stubborn."}, "flavour": "Tall.",
    }
    data.update(extra)
    return Hero.model_validate(data)


def test_2e_hero_fields_load_and_reach_the_figure() -> None:
    hero = _hero(attributes={"might": 4, "knowledge": 2, "willpower": 3, "awareness": 1},
                 defense_dice=["gray", "brown"])
    figure = hero_figure(hero, "ana", "h1", Footprint(x=0, y=0, w=1, h=1))
    assert figure.attributes == {"might": 4, "knowledge": 2, "willpower": 3, "awareness": 1}
    assert figure.defense_dice == ["gray", "brown"]


def test_2e_fields_are_checked() -> None:
    with pytest.raises(ValidationError, match="defense_dice"):
        _hero(defense_dice=["white"])
    with pytest.raises(ValidationError, match="awareness"):
        _hero(attributes={"might": 4, "knowledge": 2, "willpower": 3})
    with pytest.raises(ValidationError):
        MonsterStats.model_validate({"speed": 4, "armor": 0, "wounds": 3, "dice": ["blue"],
                                     "defense_dice": ["red"]})


def test_1e_content_has_no_2e_stats() -> None:
    pack = open_pack("starter")
    assert all(h.attributes is None and h.defense_dice == () for h in pack.heroes.values())
    monster = next(iter(pack.monsters.values()))
    figure = monster_figure(monster, "m1", Footprint(x=0, y=0, w=monster.size.w, h=monster.size.h),
                            master=False, players=3)
    assert figure.defense_dice == [] and figure.attributes == {}
