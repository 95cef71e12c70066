"""Small shared value types for content: ids, dice colours, attack types and ability references.

Why a module of its own: heroes, monsters, items, skills, overlord cards and quests all use
these, and keeping them in one place means one spelling of each closed list.
"""

from __future__ import annotations

import difflib
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from delve.abilities import catalog

# An id is a lower-case slug: it is used in file names, on the command line and in references.
ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
ContentId = Annotated[str, StringConstraints(pattern=ID_PATTERN, min_length=1, max_length=64)]

# Text fields must say something: an empty name or flavour line is an authoring slip.
Text = Annotated[str, StringConstraints(min_length=1, strip_whitespace=True)]

# Rulebook: Dice (Combat dice). Red, blue and white are the base combat dice; green and
# yellow are the extra combat dice that stronger items and monsters add.
DieColour = Literal["red", "blue", "white", "green", "yellow"]
DICE_COLOURS: tuple[str, ...] = ("red", "blue", "white", "green", "yellow")

# Rulebook: Types of Attacks. Morph is monster-only (Morph ability).
HeroAttackType = Literal["melee", "ranged", "magic"]
MonsterAttackType = Literal["melee", "ranged", "magic", "morph"]

# Rulebook: Skill Cards (the three decks).
SkillDeck = Literal["fighting", "subterfuge", "wizardry"]

# Rulebook: Treasures (chest colours and treasure decks).
TreasureColour = Literal["copper", "silver", "gold"]

NonNegative = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]

_RANKED_TEXT = re.compile(r"^(?P<name>.*?)\s+(?P<rank>\d+)$")


class Model(BaseModel):
    """Base for every content model: unknown fields are refused and values never change.

    Why: a misspelt field name in a pack must be an error, not silently ignored, and loaded
    content is shared by every game, so nothing may edit it in place.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)


class AbilityRef(Model):
    """A named special ability with its rank, checked against ``delve.abilities.catalog``.

    Rulebook: Special Abilities. Some abilities carry a rank (the number after the name);
    a rank on an unranked ability, or none on a ranked one, is refused.
    Authors may write the short form ``"Pierce 2"`` or ``"Poison"`` instead of a mapping.
    """

    name: Text
    rank: Positive | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_short_form(cls, data: Any) -> Any:
        """Accept ``"Name"`` and ``"Name N"`` as shorthands for the mapping form."""
        if isinstance(data, str):
            match = _RANKED_TEXT.match(data.strip())
            if match and catalog.is_known(match.group("name")):
                return {"name": match.group("name"), "rank": int(match.group("rank"))}
            return {"name": data.strip()}
        return data

    @model_validator(mode="after")
    def _check_catalog(self) -> AbilityRef:
        """Refuse names the engine does not know and ranks that do not fit the ability."""
        if not catalog.is_known(self.name):
            close = difflib.get_close_matches(self.name, list(catalog.KNOWN_ABILITIES), n=3)
            hint = f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""
            raise ValueError(
                f"unknown ability {self.name!r}; {hint}expected a name from delve.abilities.catalog "
                "(listed in docs/content.md)"
            )
        if catalog.is_ranked(self.name) and self.rank is None:
            raise ValueError(f"ability {self.name!r} needs a rank, e.g. {{name: {self.name}, rank: 1}}")
        if not catalog.is_ranked(self.name) and self.rank is not None:
            raise ValueError(f"ability {self.name!r} takes no rank; remove 'rank: {self.rank}'")
        return self

    def label(self) -> str:
        """The ability as printed on a card: ``Pierce 2`` or ``Poison``."""
        return self.name if self.rank is None else f"{self.name} {self.rank}"


class FieldProblems(ValueError):
    """Several rule breaks found by one model validator, each tied to a field path.

    Why: a check that looks at several fields (a shop item needs a cost) runs on the whole
    entry, so pydantic would report it against the entry. Raising this instead keeps the
    field each problem is about; the loader unpacks it into one issue per problem.
    """

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(f"{field}: {message}" for field, message in self.problems))


def check_problems(problems: list[tuple[str, str]]) -> None:
    """Raise :class:`FieldProblems` if ``problems`` (field path, message) is not empty."""
    if problems:
        raise FieldProblems(problems)
