"""The 2nd-edition dice: the appendix faces as data, rolled in 2e games only."""

from __future__ import annotations

from delve.rules.dice import DICE, die_spec
from delve.rules2e.dice import DICE_2E, attack_die


def _faces(name: str) -> list[tuple[int, int, int, bool]]:
    return [(f.range, f.hearts, f.surges, f.miss) for f in die_spec(name).faces]


def test_attack_and_power_faces_match_the_appendix() -> None:
    assert _faces("2e-blue") == [(0, 0, 0, True), (2, 2, 1, False), (3, 2, 0, False), (4, 2, 0, False),
                                 (5, 1, 0, False), (6, 1, 1, False)]
    assert [f.hearts for f in die_spec("2e-red").faces] == [1, 2, 2, 2, 3, 3]
    assert sum(f.surges for f in die_spec("2e-yellow").faces) == 3
    assert sum(f.surges for f in die_spec("2e-green").faces) == 4


def test_defense_faces_match_the_appendix() -> None:
    assert [f.shields for f in die_spec("2e-brown").faces] == [0, 0, 0, 1, 1, 2]
    assert [f.shields for f in die_spec("2e-gray").faces] == [0, 1, 1, 1, 2, 3]
    assert [f.shields for f in die_spec("2e-black").faces] == [0, 2, 2, 2, 3, 4]


def test_the_1st_edition_table_is_untouched() -> None:
    assert not set(DICE) & set(DICE_2E)
    assert attack_die("white") == "white" and attack_die("blue") == "2e-blue"
