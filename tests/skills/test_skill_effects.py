"""Skill cards and hero abilities beyond what a scenario shows: every starter card is run by the
engine, lasting changes when a skill is gained (and undone by the trade-in), familiars granted,
attack limits, timed changes ending, and the checker that refuses effects nothing runs.

Rulebook: Skill Cards; Fighting; Subterfuge; Wizardry; 3. Deal Starting Skill Cards; Heroes Setup.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from types import MappingProxyType

import pytest

from delve.api import open_pack
from delve.content import loader
from delve.content.effects import Limits
from delve.content.schema import Skill
from delve.engine.game import Game
from delve.rules import skill_effects
from delve.rules.attack import hero_attack_context
from delve.rules.equipment import content
from delve.rules.familiars import granted
from delve.rules.skills import apply_lasting, gain_skill, hero_skills, lose_skill

PACK = open_pack("starter")
LASTING_STATS = ("speed", "armor", "max_wounds", "max_fatigue")

SkillGame = Callable[..., Game]


@pytest.fixture
def skill_game(scenario_game: Callable[..., Game]) -> SkillGame:
    """Factory: Ada (a plain hero, or the sheet ``hero``, with ``items``), Bo and a goblin in the
    hall (tests/conftest.py)."""
    def build(*, items: list[str] | None = None, hero: str | None = None) -> Game:
        ada: dict[str, object] = {"id": "ada", "at": [1, 0], "items": items or []}
        if hero:
            ada["hero"] = hero
        else:
            ada.update(name="Ada", speed=4, wounds=10, fatigue=3, traits={"melee": 1, "ranged": 1, "magic": 1})
        return scenario_game({
            "name": "skill unit test",
            "figures": [ada, {"id": "bo", "name": "Bo", "speed": 4, "wounds": 10, "at": [0, 0]},
                        {"id": "gob", "side": "overlord", "name": "Goblin", "speed": 5, "wounds": 4, "at": [2, 0]}],
        })
    return build


def test_the_engine_runs_every_effect_of_every_starter_skill_and_hero_ability() -> None:
    assert skill_effects.unsupported(PACK) == []


def test_every_starter_skill_does_something() -> None:
    assert [s.id for s in PACK.skills.values() if not s.effects and not s.familiar] == []
    assert sorted({s.deck for s in PACK.skills.values()}) == ["fighting", "subterfuge", "wizardry"]


def test_an_effect_nothing_runs_is_reported() -> None:
    card = Skill.model_validate({"id": "odd", "name": "Odd", "deck": "fighting", "text": "x", "flavour": "y",
                                 "when": "monster_killed",
                                 "effects": [{"effect": "gain_threat", "amount": 1}]})
    pack = dataclasses.replace(PACK, skills={**PACK.skills, "odd": card})
    assert skill_effects.unsupported(pack) == ["skill:odd: gain_threat (target -) when monster_killed"]


def test_gaining_a_skill_the_engine_cannot_run_says_so(monkeypatch: pytest.MonkeyPatch, skill_game: SkillGame) -> None:
    card = Skill.model_validate({"id": "odd", "name": "Odd", "deck": "fighting", "text": "x", "flavour": "y",
                                 "when": "monster_killed", "effects": [{"effect": "gain_threat", "amount": 1}]})
    game = skill_game()
    assert game.state.pack == "starter"
    odd_pack = dataclasses.replace(content(game), skills=MappingProxyType({**content(game).skills, "odd": card}))
    # the pack the game opens by name gains the card (not the rules' lookup function: the compiled
    # engine calls that directly)
    monkeypatch.setattr(loader, "load_starter_pack", lambda: odd_pack)
    gain_skill(game, game.figure("ada"), "odd")
    assert [e.data["effect"] for e in game.state.log if e.kind == "effect_not_implemented"] == ["gain_threat"]
    gain_skill(game, game.figure("ada"), "cleave")
    assert sum(e.kind == "effect_not_implemented" for e in game.state.log) == 1


def _lasting(card: Skill) -> bool:
    return any(e.effect == "modify_stat" and e.duration == "permanent" for e in card.effects)


@pytest.mark.parametrize("skill_id", sorted(s.id for s in PACK.skills.values() if _lasting(s)))
def test_a_lasting_skill_changes_the_hero_when_gained_and_the_trade_in_undoes_it(skill_id: str,
                                                                                 skill_game: SkillGame) -> None:
    game = skill_game()
    ada = game.figure("ada")
    before = copy.deepcopy(ada)
    gain_skill(game, ada, skill_id)
    expected = {name: getattr(before, name) for name in LASTING_STATS} | dict(before.traits)
    for effect in PACK.skills[skill_id].effects:
        expected[effect.stat] += effect.amount
    assert {name: getattr(ada, name) for name in LASTING_STATS} | dict(ada.traits) == expected
    assert hero_skills(game, "ada") == [skill_id]
    lose_skill(game, ada, skill_id)
    assert {name: getattr(ada, name) for name in LASTING_STATS} == {n: getattr(before, n) for n in LASTING_STATS}
    assert ada.traits == before.traits


def test_iron_hide_and_veterans_grit_by_name(skill_game: SkillGame) -> None:
    game = skill_game()
    ada = game.figure("ada")
    gain_skill(game, ada, "iron-hide")
    gain_skill(game, ada, "veterans-grit")
    assert (ada.armor, ada.max_wounds, ada.wounds) == (1, 13, 13)


@pytest.mark.parametrize("skill_id", sorted(s.id for s in PACK.skills.values() if s.familiar))
def test_a_familiar_skill_grants_its_familiar(skill_id: str, skill_game: SkillGame) -> None:
    game = skill_game()
    game.state.flags["skills"] = {"ada": [skill_id]}
    assert (PACK.skills[skill_id].familiar, f"skill:{skill_id}") in granted(game, game.figure("ada"))


@pytest.mark.parametrize(("hero", "familiar"), [("garrik", "burrow-ferret"), ("tamsin", "kestrel")])
def test_a_hero_ability_grants_its_familiar(hero: str, familiar: str, skill_game: SkillGame) -> None:
    game = skill_game(hero=hero)
    assert (familiar, "hero") in granted(game, game.figure("ada"))


def test_lasting_hero_abilities_apply_when_the_figure_is_made(skill_game: SkillGame) -> None:
    assert skill_game(hero="sela").figure("ada").speed == PACK.heroes["sela"].speed + 1
    assert [a.name for a in skill_game(hero="vaeryn").figure("ada").abilities] == ["Necromancy"]
    assert skill_game(hero="brannoc").figure("ada").abilities == []  # a triggered ability changes nothing now


def test_an_always_on_granted_ability_is_undone_by_the_trade_in(skill_game: SkillGame) -> None:
    game = skill_game()
    ada = game.figure("ada")
    effects = PACK.heroes["vaeryn"].ability.effects
    apply_lasting(ada, effects)
    assert [a.name for a in ada.abilities] == ["Necromancy"]
    apply_lasting(ada, effects, -1)
    assert ada.abilities == []


def test_attack_limits_keep_melee_skills_off_ranged_attacks(skill_game: SkillGame) -> None:
    game = skill_game(items=["notched-knife", "shepherds-sling"])
    game.state.flags["skills"] = {"ada": ["follow-through", "cleave", "weapon-master", "marked-quarry"]}
    ada = game.figure("ada")
    melee = hero_attack_context(game, ada, "notched-knife", (2, 0))
    ranged = hero_attack_context(game, ada, "shepherds-sling", (2, 0))
    assert (melee.power, "Sweep" in melee.abilities, melee.free_surges) == (2, True, 1)
    assert (ranged.power, "Sweep" in ranged.abilities, ranged.free_surges) == (1, False, 1)
    assert game.state.log == [] or all(e.kind != "skill_used" for e in game.state.log)  # building is pure


def test_an_unarmed_attack_gains_no_ability_from_a_skill(skill_game: SkillGame) -> None:
    game = skill_game()
    game.state.flags["skills"] = {"ada": ["cleave", "weapon-master"]}
    ctx = hero_attack_context(game, game.figure("ada"), "unarmed", (2, 0))
    assert "Sweep" not in ctx.abilities
    assert ctx.free_surges == 1


def test_a_war_cry_bonus_lasts_until_the_criers_next_turn(skill_game: SkillGame) -> None:
    game = skill_game(items=["notched-knife"])
    game.state.flags["skill_mods"] = [{"figure": "bo", "stat": "damage", "amount": 1, "source": "ada",
                                       "until": "until_your_next_turn", "name": "War Cry"}]
    bo = game.figure("bo")
    assert hero_attack_context(game, bo, "unarmed", (1, 0)).bonus_damage == 1
    skill_effects.expire(game, "bo", "until_your_next_turn")  # another hero's turn: no change
    assert hero_attack_context(game, bo, "unarmed", (1, 0)).bonus_damage == 1
    skill_effects._turn_starts(game, game.figure("ada"))
    assert hero_attack_context(game, bo, "unarmed", (1, 0)).bonus_damage == 0


def test_once_per_turn_is_counted_per_turn(skill_game: SkillGame) -> None:
    game = skill_game(hero="brannoc")
    brannoc = game.figure("ada")
    src = next(s for s in skill_effects.sources(game, brannoc) if s.key == "ability:brannoc")
    assert src.limits == Limits(once_per_turn=True)
    assert skill_effects.allowed(game, brannoc, src)
    skill_effects.used(game, brannoc, src, "used")
    assert not skill_effects.allowed(game, brannoc, src)
    game.state.round += 1
    assert skill_effects.allowed(game, brannoc, src)


def test_wounded_half_means_at_most_half_the_wounds_left(skill_game: SkillGame) -> None:
    game = skill_game(hero="rusk")
    rusk = game.figure("ada")
    src = next(s for s in skill_effects.sources(game, rusk) if s.key == "ability:rusk")
    rusk.wounds = rusk.max_wounds // 2 + 1
    assert not skill_effects.allowed(game, rusk, src, "melee")
    rusk.wounds = rusk.max_wounds // 2
    assert skill_effects.allowed(game, rusk, src, "melee")
    assert not skill_effects.allowed(game, rusk, src, "ranged")


def test_trapfinder_softens_trap_sections_only(skill_game: SkillGame) -> None:
    game = skill_game()
    game.state.flags["skills"] = {"ada": ["trapfinder"]}
    ada = game.figure("ada")
    assert skill_effects._soften_trap(game, ada, 3, "Dart Fields") == 1
    assert skill_effects._soften_trap(game, ada, 3, "Bleed") == 3


def test_the_prompt_that_asks_which_hero_says_what_the_effect_does() -> None:
    # The prompt named the pack's field ("War Cry (modify stat): which hero?"); a player reads
    # what the chosen hero gets.
    skills = open_pack("starter").skills
    words = {sid: skill_effects.effect_words(item) for sid in ("war-cry", "mending-touch")
             for item in skills[sid].effects if getattr(item, "target", "") == "chosen_hero"}
    assert words == {"war-cry": "+1 damage", "mending-touch": "heal 3 wounds"}
