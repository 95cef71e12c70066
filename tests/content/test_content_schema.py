"""Each model refuses what the rules forbid, and says which field and what was expected."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from delve.content.effects import TRIGGERS, effect_names
from delve.content.refs import AbilityRef, FieldProblems
from delve.content.schema import Item, MonsterType, OverlordCard, Quest, Size


def _problems(exc: pytest.ExceptionInfo[ValidationError]) -> list[tuple[str, str]]:
    """The (field, message) pairs of a model validator's FieldProblems."""
    found: list[tuple[str, str]] = []
    for error in exc.value.errors():
        inner = (error.get("ctx") or {}).get("error")
        if isinstance(inner, FieldProblems):
            found.extend(inner.problems)
    return found


def test_ability_short_forms() -> None:
    assert AbilityRef.model_validate("Pierce 2") == AbilityRef(name="Pierce", rank=2)
    assert AbilityRef.model_validate("Poison") == AbilityRef(name="Poison")
    assert AbilityRef.model_validate("Quick Shot").name == "Quick Shot"
    assert AbilityRef(name="Blast", rank=1).label() == "Blast 1"


def test_unknown_ability_is_refused_with_a_suggestion() -> None:
    with pytest.raises(ValidationError, match=r"unknown ability 'Posion'.*'Poison'"):
        AbilityRef.model_validate("Posion")


def test_rank_rules() -> None:
    with pytest.raises(ValidationError, match="needs a rank"):
        AbilityRef(name="Pierce")
    with pytest.raises(ValidationError, match="takes no rank"):
        AbilityRef(name="Poison", rank=1)


@pytest.mark.parametrize(("w", "h", "ok"), [(1, 1, True), (1, 2, True), (2, 2, True), (3, 2, True),
                                            (1, 3, False), (3, 3, False)])
def test_footprints(w: int, h: int, ok: bool) -> None:
    if ok:
        assert Size(w=w, h=h).spaces == w * h
    else:
        with pytest.raises(ValidationError, match="footprint"):
            Size(w=w, h=h)


def _monster(**changes: Any) -> dict[str, Any]:
    block = {"speed": 4, "armor": 0, "wounds": 4, "dice": ["red"]}
    data: dict[str, Any] = {
        "id": "rat", "name": "Rat", "size": {"w": 1, "h": 1}, "attack_type": "melee",
        "figures": {"normal": 2, "master": 1}, "flavour": "Squeak.",
        "stats": {n: {"normal": block, "master": block} for n in (2, 3, 4, 5)},
    }
    data.update(changes)
    return data


def test_monster_needs_every_player_count() -> None:
    data = _monster()
    del data["stats"][4]
    with pytest.raises(ValidationError, match=r"missing player counts \[4\]"):
        MonsterType.model_validate(data)


def test_morph_monster_uses_morph_dice() -> None:
    with pytest.raises(ValidationError) as exc:
        MonsterType.model_validate(_monster(attack_type="morph"))
    fields = [field for field, _ in _problems(exc)]
    assert "stats.2.normal" in fields and "stats.5.master" in fields
    block = {"speed": 4, "armor": 0, "wounds": 4, "morph_dice": 2}
    morph = _monster(attack_type="morph", stats={n: {"normal": block, "master": block} for n in (2, 3, 4, 5)})
    assert MonsterType.model_validate(morph).stats_for(3, master=True).morph_dice == 2


def test_item_fields_must_fit_the_kind() -> None:
    with pytest.raises(ValidationError) as exc:
        Item.model_validate({"id": "x", "name": "X", "deck": "relic", "kind": "shield", "flavour": "f",
                             "armor": 2, "cost": 100, "dice": ["red"]})
    fields = {field for field, _ in _problems(exc)}
    assert fields == {"armor", "cost", "dice", "shield_absorb", "hands"}


def test_rune_is_magic_and_off_hand_is_for_one_handed_melee() -> None:
    with pytest.raises(ValidationError) as exc:
        Item.model_validate({"id": "r", "name": "R", "deck": "shop", "kind": "rune", "attack_type": "ranged",
                             "hands": 2, "dice": ["blue"], "off_hand": {"damage": 1}, "cost": 25,
                             "flavour": "f"})
    fields = {field for field, _ in _problems(exc)}
    assert fields == {"attack_type", "off_hand"}


def test_surge_must_buy_something() -> None:
    with pytest.raises(ValidationError, match="expected at least one of damage"):
        Item.model_validate({"id": "w", "name": "W", "deck": "shop", "kind": "weapon", "attack_type": "melee",
                             "hands": 1, "dice": ["red"], "surges": [{"surges": 1, "effect": {}}],
                             "cost": 25, "flavour": "f"})


def test_cost_is_a_multiple_of_25() -> None:
    with pytest.raises(ValidationError, match="multiple of 25"):
        Item.model_validate({"id": "o", "name": "O", "deck": "shop", "kind": "other", "cost": 30,
                             "flavour": "f"})


def _card(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"id": "c", "name": "C", "type": "event", "threat_cost": 1, "threat_value": 1,
                            "trigger": "before_hero_turn", "text": "t", "flavour": "f",
                            "effects": [{"effect": "gain_threat", "amount": 1}]}
    data.update(changes)
    return data


def test_overlord_card_rules() -> None:
    assert OverlordCard.model_validate(_card()).trigger == "before_hero_turn"
    with pytest.raises(ValidationError) as exc:
        OverlordCard.model_validate(_card(type="spawn", treachery={"colour": "green", "cost": 1}))
    fields = {field for field, _ in _problems(exc)}
    assert fields == {"trigger", "spawn", "treachery.colour"}
    with pytest.raises(ValidationError, match="trap card needs a trigger"):
        OverlordCard.model_validate(_card(type="trap", trigger=None))


def test_unknown_effect_and_trigger_are_refused() -> None:
    with pytest.raises(ValidationError, match="does not match any of the expected tags"):
        OverlordCard.model_validate(_card(effects=[{"effect": "explode"}]))
    with pytest.raises(ValidationError, match="before_hero_turn"):
        OverlordCard.model_validate(_card(trigger="whenever"))
    assert "deal_wounds" in effect_names()
    assert "hero_moves_into_space" in TRIGGERS


def _quest(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "q", "name": "Q", "map": "q.map", "starting_conquest": 3, "flavour": "f",
        "areas": {"start": {"read_aloud": "Dark."}},
        "named_monsters": [{"id": "boss", "name": "Boss", "base": "ogre", "conquest": 2, "flavour": "f"}],
        "prolonged_actions": [{"id": "dig", "name": "Dig", "trait": "melee", "difficulty": "X", "text": "t"}],
        "goals": {"heroes": {"text": "win", "win_when": [{"kill_named": "boss"}]},
                  "overlord": {"text": "win", "win_when": [{"heroes_out_of_conquest": True}]}},
    }
    data.update(changes)
    return data


def test_quest_inner_references() -> None:
    assert Quest.model_validate(_quest()).prolonged_actions[0].difficulty == "X"
    goals = {"heroes": {"text": "w", "win_when": [{"kill_named": "nobody"}, {"reach_area": "moon"},
                                                  {"complete_action": "fly"}]},
             "overlord": {"text": "w", "win_when": [{"heroes_out_of_conquest": True}]}}
    with pytest.raises(ValidationError) as exc:
        Quest.model_validate(_quest(goals=goals))
    fields = {field for field, _ in _problems(exc)}
    assert fields == {"goals.heroes.win_when.0.kill_named", "goals.heroes.win_when.1.reach_area",
                      "goals.heroes.win_when.2.complete_action"}


def test_quest_difficulty_and_map_name() -> None:
    bad_action = [{"id": "dig", "name": "Dig", "trait": "melee", "difficulty": 0, "text": "t"}]
    with pytest.raises(ValidationError, match="expected a whole number of at least 1, or 'X'"):
        Quest.model_validate(_quest(prolonged_actions=bad_action))
    with pytest.raises(ValidationError, match=r"without '\.\.'"):
        Quest.model_validate(_quest(map="../elsewhere.map"))
    with pytest.raises(ValidationError, match=r"expected a mapping with one of the keys"):
        Quest.model_validate(_quest(goals={"heroes": {"text": "w", "win_when": [{"win": True}]},
                                           "overlord": {"text": "w", "win_when": [{"kill_named": "boss"}]}}))


def test_models_are_frozen_and_refuse_extra_fields() -> None:
    size = Size(w=1, h=1)
    with pytest.raises(ValidationError):
        size.w = 2
    with pytest.raises(ValidationError, match="Extra inputs"):
        Size.model_validate({"w": 1, "h": 1, "d": 1})


def test_quest_solo_settings() -> None:
    # The solo variant's scenario settings (docs/content.md, Quests): defaults follow the variant.
    solo = Quest.model_validate(_quest()).solo
    assert (solo.orders, solo.command_deck, solo.raise_dead_cards, solo.deck_loss, solo.rises) == (0, 20, 0, True, ())
    given = Quest.model_validate(_quest(solo={"orders": 1, "command_deck": 30, "raise_dead_cards": 3,
                                              "rises": ["ogre"]})).solo
    assert (given.orders, given.command_deck, given.raise_dead_cards, given.rises) == (1, 30, 3, ("ogre",))
    with pytest.raises(ValidationError, match=r"raise_dead_cards \(5\) cannot exceed command_deck \(4\)"):
        Quest.model_validate(_quest(solo={"command_deck": 4, "raise_dead_cards": 5}))
    with pytest.raises(ValidationError) as exc:
        Quest.model_validate(_quest(solo={"command_deck": 0, "order": 2}))
    assert {".".join(map(str, e["loc"])) for e in exc.value.errors()} == {"solo.command_deck", "solo.order"}
