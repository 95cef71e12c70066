"""Rolled dice in words for the people choosing (Rulebook: Dice): a face as "3 damage and a
surge" rather than its script label "0/3S", and a roll by its totals, in the attack's prompts
and the re-roll labels (the labels stay beside the words: scripts and the log use them)."""

from __future__ import annotations

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
