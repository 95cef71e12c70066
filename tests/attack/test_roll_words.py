"""Rolled dice in words for the people choosing (Rulebook: Dice): a face as "3 damage and a
surge" rather than its script label "0/3S", and a roll by its totals, in the attack's prompts
(words only, naming who attacks whom) and the re-roll labels (there the label stays beside the
words: scripts and the log use it)."""

from __future__ import annotations

from collections.abc import Callable

from delve.engine.game import Game
from delve.rules.dice import POWER, die_spec, face_of, face_words, roll_words


def test_each_face_in_words() -> None:
    assert face_words(face_of("red", "X")) == "a miss"
    assert face_words(face_of("red", "1/3S")) == "range 1 and 3 damage and a surge"
    assert face_words(face_of("red", "0/4")) == "4 damage"
    assert face_words(face_of(POWER, "enh")) == "an enhancement"
    assert face_words(face_of(POWER, "surge")) == "a surge"
    assert face_words(face_of(POWER, "blank")) == "a blank"
    for die in ("red", "blue", "white", "green", "yellow", POWER):
        for face in die_spec(die).faces:
            words = face_words(face)
            assert words and "/" not in words, (die, face.label)


def test_a_roll_by_its_totals() -> None:
    faces = [face_of("red", "1/3S"), face_of("blue", "2/2"), face_of(POWER, "enh"), face_of(POWER, "surge")]
    assert roll_words(faces) == "5 damage, range 3, 2 surges and an enhancement"
    assert roll_words([face_of("red", "X"), face_of("blue", "2/2")]) == "a miss (X)"
    assert roll_words([face_of(POWER, "blank")]) == "nothing"
    assert roll_words([face_of(POWER, "enh")]) == "an enhancement"


ROOM_MAP = """---
areas:
  room: {name: Room, revealed: true}
symbols:
  R: {area: room}
---
+-+-+-+
|R . .|
+     +
|. . .|
+-+-+-+
"""


def test_the_attack_prompts_name_both_figures_in_words(scenario_game: Callable[..., Game]) -> None:
    # From a browser play-test: "rolled 1 damage ...: 2/1S, enh" read as shorthand, and neither the
    # dodge nor the power-dice prompt said who attacks whom.
    game = scenario_game({
        "name": "prompts", "map": ROOM_MAP, "start": {"overlord_turn": True}, "dice": ["red:0/4", "red:1/3"],
        "figures": [{"id": "jaes", "name": "Jaes", "speed": 4, "wounds": 10, "armor": 0, "order": "dodge",
                     "at": [0, 0]},
                    {"id": "b1", "name": "Brute", "side": "overlord", "speed": 4, "wounds": 5, "dice": ["red"],
                     "attack_type": "melee", "at": [1, 0]}]})
    for choice, seat in (("activate:b1", "overlord"), ("attack:0,0", "overlord")):
        assert game.apply(choice, seat).accepted
    dodge = game.pending
    assert dodge is not None and dodge.kind == "dodge_reroll"
    assert dodge.prompt.startswith("Jaes dodges Brute's attack: pick dice to re-roll")
    assert game.apply("reroll:done", dodge.seat).accepted


def test_a_heros_attack_prompts_say_whom_he_attacks_and_the_roll_in_words(
        scenario_game: Callable[..., Game]) -> None:
    game = scenario_game({
        "name": "prompts", "map": ROOM_MAP,
        "start": {"hero_turn": "hero"}, "dice": ["red:X", "yellow:1/1", "black:enh", "black:surge", "red:0/4"],
        "figures": [{"id": "hero", "name": "Hero", "speed": 4, "wounds": 10, "fatigue": 2,
                     "traits": {"melee": 2, "ranged": 0, "magic": 0}, "items": ["iron-mace"], "order": "aim",
                     "at": [0, 0]},
                    {"id": "ogre", "name": "Ogre", "side": "overlord", "speed": 3, "wounds": 20, "armor": 1,
                     "at": [1, 0]}]})
    seen: dict[str, str] = {}
    for choice in ("action:battle", "attack:iron-mace:1,0:aimed", "reroll:0", "reroll:done", "fatigue:done"):
        decision = game.pending
        assert decision is not None
        seen[decision.kind] = decision.prompt
        assert game.apply(choice, decision.seat).accepted, (choice, decision.kind)
    assert game.pending is not None
    seen[game.pending.kind] = game.pending.prompt
    assert seen["aim_reroll"].startswith("Hero aims at Ogre: pick dice to re-roll")
    assert seen["attack_fatigue"].startswith("Hero attacks Ogre: rolled ") and "/" not in seen["attack_fatigue"]
    assert seen["attack_spend"].startswith("Hero attacks Ogre: spend enhancements and surges (rolled ")
    assert "/" not in seen["attack_spend"]
