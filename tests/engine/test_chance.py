"""The chance source: seeded results are reproducible, scripts are exact, manual refuses."""

import pytest

from delve.boundary import dump_json, load_json
from delve.engine.chance import Chance, ChanceError, ChanceState, scripted, seeded

FACES = ["X", "0/4", "1/3", "1/3S", "2/2", "2/1S"]


def test_seeded_is_reproducible_and_uniform_enough() -> None:
    a, b = Chance(seeded(42)), Chance(seeded(42))
    rolls_a = [a.roll("red", FACES) for _ in range(6000)]
    rolls_b = [b.roll("red", FACES) for _ in range(6000)]
    assert rolls_a == rolls_b
    counts = [rolls_a.count(i) for i in range(6)]
    assert all(850 < c < 1150 for c in counts), counts


def test_different_seeds_differ() -> None:
    a, b = Chance(seeded(1)), Chance(seeded(2))
    assert [a.roll("red", FACES) for _ in range(20)] != [b.roll("red", FACES) for _ in range(20)]


def test_state_round_trips_mid_stream() -> None:
    chance = Chance(seeded(7))
    for _ in range(5):
        chance.roll("red", FACES)
    copy = Chance(load_json(ChanceState, dump_json(chance.state)))
    assert [chance.roll("red", FACES) for _ in range(10)] == [copy.roll("red", FACES) for _ in range(10)]


def test_script_by_label_index_and_any_die() -> None:
    chance = Chance(scripted(["red:1/3S", "red:4", "2/2"]))
    assert chance.roll("red", FACES) == 3
    assert chance.roll("red", FACES) == 4
    assert chance.roll("red", FACES) == 4


def test_script_mismatch_and_exhaustion_are_errors() -> None:
    with pytest.raises(ChanceError, match="blue"):
        Chance(scripted(["blue:1/2"])).roll("red", FACES)
    with pytest.raises(ChanceError, match="not a face"):
        Chance(scripted(["red:7/7"])).roll("red", FACES)
    with pytest.raises(ChanceError, match="ran out"):
        Chance(scripted([])).roll("red", FACES)


def test_shuffles_and_picks() -> None:
    items = ["a", "b", "c"]
    assert Chance(scripted([])).shuffle(items) == items
    assert Chance(scripted(["shuffle:2,0,1"])).shuffle(items) == ["c", "a", "b"]
    with pytest.raises(ChanceError):
        Chance(scripted(["shuffle:0,0,1"])).shuffle(items)
    assert Chance(scripted(["pick:2"])).pick(3) == 2
    seeded_shuffle = Chance(seeded(3)).shuffle(list(range(10)))
    assert sorted(seeded_shuffle) == list(range(10))
    assert seeded_shuffle == Chance(seeded(3)).shuffle(list(range(10)))


def test_manual_mode_rolls_from_the_seed_when_a_rule_rolls_directly() -> None:
    assert Chance(ChanceState(mode="manual", seed=5)).roll("red", FACES) == Chance(seeded(5)).roll("red", FACES)
