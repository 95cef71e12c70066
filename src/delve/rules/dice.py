"""The dice of the game, loaded from ``delve/data/dice.yaml``, and the one way to roll them.

Why data: the face tables are the commonly published ones and may need correcting; keeping
them in YAML means a correction changes the engine, the odds calculator and the tests at once.
Why one roll function: every die in Delve is rolled through the game's chance source
(``delve.engine.chance.Chance``) so that seeded games replay exactly and scripted tests can
name faces by label (``"red:1/3S"``).

Rulebook: Dice (Combat dice, Power Dice).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from delve.engine.chance import Chance
from delve.engine.wording import a_or_an

POWER = "black"
"""The name of the power die (Rulebook: Power Dice)."""

COMBAT_COLOURS: tuple[str, ...] = ("red", "blue", "white", "green", "yellow")
"""The combat dice, in the order the rulebook lists them (Rulebook: Combat dice)."""


class DieFace(BaseModel):
    """One face of one die: what it adds to an attack."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str
    range: int = 0
    hearts: int = 0
    surges: int = 0
    miss: bool = False
    enhancement: int = 0
    blank: bool = False
    shields: int = 0  # defense dice of another ruleset (delve.rules2e.dice); never on a 1e die

    @property
    def effect(self) -> tuple[int, int, int, int, int, int]:
        """``(miss, range, hearts, surges, enhancements, blanks)`` as integers: the face's
        contribution to an attack's totals, in a form that adds up component by component."""
        return (int(self.miss), self.range, self.hearts, self.surges, self.enhancement, int(self.blank))


class Die(BaseModel):
    """A die: a name, a kind and six faces."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    kind: Literal["combat", "power", "defense"]
    faces: tuple[DieFace, ...] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _same_label_same_face(self) -> Die:
        # A label names a face in scripts, so two faces with one label must be identical.
        seen: dict[str, DieFace] = {}
        for face in self.faces:
            if face.label in seen and seen[face.label] != face:
                raise ValueError(f"die {self.name}: label {face.label!r} names two different faces")
            seen[face.label] = face
        return self


@cache
def load_dice() -> dict[str, Die]:
    """Read ``dice.yaml`` once; the result is shared and must not be mutated."""
    text = resources.files("delve").joinpath("data", "dice.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text)["dice"]
    return {
        name: Die(name=name, kind=spec["kind"], faces=tuple(DieFace(**face) for face in spec["faces"]))
        for name, spec in raw.items()
    }


DICE: dict[str, Die] = load_dice()
"""Every die by name: the five combat colours and ``black`` (the power die)."""


EXTRA_DICE: dict[str, Die] = {}
"""Dice another ruleset adds under names of its own (``2e-blue``...; ``delve.rules2e.dice``).
Kept apart from ``DICE`` so the 1st-edition table stays exactly the rulebook's."""


def die_spec(die: str) -> Die:
    """The die of this name: a 1st-edition die, else one a ruleset added."""
    spec = DICE.get(die)
    return spec if spec is not None else EXTRA_DICE[die]


def face_labels(die: str | Die) -> list[str]:
    """The labels of a die's six faces, in table order (what ``Chance.roll`` needs)."""
    spec = die_spec(die) if isinstance(die, str) else die
    return [face.label for face in spec.faces]


def roll_die(chance: Chance, die: str) -> DieFace:
    """Roll one die of colour ``die`` through the game's chance source and return its face."""
    spec = die_spec(die)
    return spec.faces[chance.roll(die, face_labels(spec))]


def roll_dice(chance: Chance, dice: list[str]) -> list[DieFace]:
    """Roll several dice in order (one ``Chance.roll`` each, so scripts list them in order)."""
    return [roll_die(chance, die) for die in dice]


def face_of(die: str, label: str) -> DieFace:
    """The face of ``die`` that ``label`` names (labels name one face each: ``Die``)."""
    return next(face for face in die_spec(die).faces if face.label == label)


def _count(n: int, word: str) -> str:
    """``a surge``, ``an enhancement``, ``3 surges``."""
    return a_or_an(word) if n == 1 else f"{n} {word}s"


def _parts(rng: int, hearts: int, surges: int, enhancements: int, damage_first: bool = False) -> list[str]:
    """What a face or a roll adds, in words: ``range 1``, ``3 damage``, ``a surge``, ``2 enhancements``
    (a face reads as printed, range first; a roll's total leads with its damage)."""
    reach = [f"range {rng}"] if rng else []
    damage = [f"{hearts} damage"] if hearts else []
    parts = damage + reach if damage_first else reach + damage
    parts += [_count(surges, "surge")] if surges else []
    return parts + ([_count(enhancements, "enhancement")] if enhancements else [])


def face_words(face: DieFace) -> str:
    """One face as a player reads it: ``range 1 and 3 damage and a surge``, ``a miss``.

    Why: the labels (``0/3S``, ``enh``) are short names for scripts; a person choosing which
    die to re-roll should not need to know that ``0/3S`` means no range, 3 damage and a surge."""
    if face.miss:
        return "a miss"
    parts = _parts(face.range, face.hearts, face.surges, face.enhancement)
    return " and ".join(parts) if parts else "a blank" if face.blank else "nothing"


def roll_words(faces: list[DieFace]) -> str:
    """What a roll adds up to, as a player reads it: ``5 damage, range 3, 2 surges and an
    enhancement``; ``a miss (X)`` when a die missed (Rulebook: Combat dice: the X face)."""
    if any(face.miss for face in faces):
        return "a miss (X)"
    parts = _parts(sum(f.range for f in faces), sum(f.hearts for f in faces), sum(f.surges for f in faces),
                   sum(f.enhancement for f in faces), damage_first=True)
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
