"""The dice tables load and match the published 1st-edition faces (Rulebook: Dice)."""

from __future__ import annotations

import pytest

from delve.engine.chance import Chance, ChanceError, scripted, seeded
from delve.rules.dice import COMBAT_COLOURS, DICE, POWER, face_labels, roll_dice, roll_die

# range/hearts, S = surge, X = miss: the table given in the project brief.
EXPECTED = {
    "red": ["X", "0/4", "1/3", "1/3S", "2/2", "2/1S"],
    "blue": ["X", "1/2", "2/2", "3/1S", "3/1S", "4/0S"],
    "white": ["X", "1/3S", "1/3S", "2/2", "3/1S", "3/1S"],
    "green": ["0/3", "0/3", "0/2S", "0/2S", "1/1", "1/2"],
    "yellow": ["1/1", "2/1", "2/0S", "2/0S", "3/0", "3/0"],
    "black": ["blank", "surge", "surge", "enh", "enh", "enh"],
}


def test_all_six_dice_load() -> None:
    assert set(DICE) == {*COMBAT_COLOURS, POWER}
    assert DICE[POWER].kind == "power"
    assert all(DICE[c].kind == "combat" for c in COMBAT_COLOURS)


@pytest.mark.parametrize("colour", COMBAT_COLOURS)
def test_combat_faces_match_labels(colour: str) -> None:
    assert face_labels(colour) == EXPECTED[colour]
    for face in DICE[colour].faces:
        if face.label == "X":
            assert face.miss and face.range == 0 and face.hearts == 0 and face.surges == 0
            continue
        rng, _, rest = face.label.partition("/")
        assert face.range == int(rng)
        assert face.hearts == int(rest.rstrip("S"))
        assert face.surges == (1 if rest.endswith("S") else 0)
        assert not face.miss and face.enhancement == 0 and not face.blank


def test_power_die() -> None:
    faces = DICE[POWER].faces
    assert face_labels(POWER) == EXPECTED["black"]
    assert sum(f.blank for f in faces) == 1
    assert sum(f.surges for f in faces) == 2
    assert sum(f.enhancement for f in faces) == 3
    assert not any(f.miss or f.range or f.hearts for f in faces)


def test_only_red_blue_white_can_miss() -> None:
    assert {c for c in COMBAT_COLOURS if any(f.miss for f in DICE[c].faces)} == {"red", "blue", "white"}


def test_roll_die_goes_through_scripted_chance() -> None:
    chance = Chance(scripted(["red:1/3S", "black:enh", "yellow:5"]))
    faces = roll_dice(chance, ["red", "black", "yellow"])
    assert [f.label for f in faces] == ["1/3S", "enh", "3/0"]
    assert chance.state.rolls == 3
    with pytest.raises(ChanceError):
        roll_die(Chance(scripted(["blue:X"])), "red")


def test_seeded_rolls_replay_exactly() -> None:
    first = [roll_die(Chance(seeded(7)), "white").label for _ in range(1)]
    chance_a, chance_b = Chance(seeded(11)), Chance(seeded(11))
    assert [roll_die(chance_a, "blue") for _ in range(20)] == [roll_die(chance_b, "blue") for _ in range(20)]
    assert first[0] in EXPECTED["white"]
