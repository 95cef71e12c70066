"""Our readings of the 2nd-edition rules the excerpts leave out, loaded from ``data/rules2e.yaml``.

Why data: the excerpts name stand up, revive, attribute tests and Condition cards without
giving their rules; our reading (docs/rulesets.md, "Ruleset 2e") may need correcting, and a
correction should be one edited value, not a code change.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml
from pydantic import BaseModel, ConfigDict, Field


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StandUpRule(_Data):
    """Stand Up: the dice a knocked-out hero rolls (hearts: damage recovered, surges: fatigue)."""

    dice: tuple[str, ...] = Field(min_length=1)


class ReviveRule(_Data):
    """Revive a Hero: the dice rolled, and how far the reviver may be (spaces)."""

    dice: tuple[str, ...] = Field(min_length=1)
    reach: int = Field(ge=0)


class AttributeTestRule(_Data):
    """Attribute tests: the defense dice rolled and the attribute names that exist."""

    dice: tuple[str, ...] = Field(min_length=1)
    attributes: tuple[str, ...] = Field(min_length=1)


class OverlordDeckRule(_Data):
    """The 2nd-edition overlord deck: draws per turn and on a knock-out."""

    draws_per_turn: int = Field(ge=0)
    draw_when_hero_knocked_out: int = Field(ge=0)


class Rules2e(_Data):
    """Every reading in ``rules2e.yaml``."""

    stand_up: StandUpRule
    revive: ReviveRule
    attribute_test: AttributeTestRule
    conditions: dict[str, str]
    overlord_deck: OverlordDeckRule


@cache
def rules() -> Rules2e:
    """The readings, read once."""
    text = resources.files("delve").joinpath("data", "rules2e.yaml").read_text(encoding="utf-8")
    return Rules2e.model_validate(yaml.safe_load(text))
