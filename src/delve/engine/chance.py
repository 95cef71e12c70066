"""The one source of chance in a game: seeded, scripted, or entered by hand.

Why this shape: the whole chance state is a small plain dataclass that lives inside the game
state, so saving, cloning and replaying a game copies the dice with it and nothing else in
the core ever touches a global random generator (ruff bans the `random` module in `src/`).

- ``seeded``: a counter-based generator (BLAKE2b of seed and counter). Its state is two
  integers, so clones are cheap and a replay from the seed is exact.
- ``scripted``: a queue of exact results, used by tests and scenarios. Each entry is a string:
  ``"red:2/1S"`` (die ``red`` shows the face labelled ``2/1S``), ``"red:3"`` (face index 3),
  ``"2/1S"`` (the next die of any kind shows that label), ``"shuffle:2,0,1"`` (the next
  shuffle of three items takes that order) or ``"pick:4"`` (the next uniform pick is 4).
  Shuffles with no scripted entry keep their order, so tests need only script what matters.
- ``manual``: physical-dice mode. Roll steps (``delve.rules.rolling``) ask the ``table`` seat for
  each face instead of rolling; the few rolls made inside an effect's hook come from the seed.
- ``table``: manual dice, and every card drawn with ``pick`` (overlord, treasure, relic, skill
  and Command decks, chest numbers) is named by the ``table`` seat too: the pick raises
  ``DrawNeeded`` and ``Game.apply`` undoes the choice under way, asks the table which card
  came (``awaiting``; the choices are the cards left) and runs the choice again with the
  answer queued in ``script`` as ``pick:N``. Shuffles still come from the seed. This is how
  programs (OpenSpiel's chance player) see card draws as chance outcomes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Literal, TypeVar

from pydantic import Field

from delve.native import restore_fields

T = TypeVar("T")

ChanceMode = Literal["seeded", "scripted", "manual", "table"]
DRAW_KIND = "enter_draw"  # the kind of the table's decision "which card was drawn?"


class ChanceError(Exception):
    """A scripted result does not fit the roll asked for, or the script ran out."""


class DrawNeeded(ChanceError):
    """In ``table`` mode a rule drew a card the table has not named yet."""

    def __init__(self, purpose: str, labels: list[str]) -> None:
        super().__init__(f"the table must name the card of this {purpose}")
        self.purpose, self.labels = purpose, labels


@dataclass(slots=True, kw_only=True)
class DrawRequest:
    """A card draw the table is asked for, and the choice whose run drew it (run again once
    the table answers)."""

    purpose: str
    labels: list[str]  # one entry per card left, copies included: the pick is uniform over them
    seat: str
    choice: str


@dataclass(slots=True, kw_only=True)
class ChanceState:
    """Everything chance needs, stored inside the game state."""

    mode: ChanceMode = "seeded"
    seed: int = 0
    counter: int = 0
    script: list[str] = field(default_factory=list)
    rolls: int = 0  # how many results were drawn, in any mode; a cheap progress figure
    # ``table`` mode only, and left out of saves when empty so other games' JSON is unchanged.
    # (``Field`` tells the save writer, ``delve.boundary``, to leave it out.)
    awaiting: Annotated[DrawRequest | None, Field(exclude_if=lambda value: value is None)] = None


class Chance:
    """Draws results from a ``ChanceState``, advancing it in place."""

    def __init__(self, state: ChanceState) -> None:
        self.state = state

    # -- primitives -------------------------------------------------------------------------
    def _next_u64(self) -> int:
        digest = hashlib.blake2b(
            self.state.counter.to_bytes(8, "little", signed=False),
            digest_size=8,
            key=self.state.seed.to_bytes(16, "little", signed=True),
        ).digest()
        self.state.counter += 1
        return int.from_bytes(digest, "little")

    def _uniform(self, n: int) -> int:
        """A uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self._next_u64()
            if value < limit:
                return value % n

    def _pop_script(self, what: str) -> str:
        if not self.state.script:
            raise ChanceError(f"the dice script ran out: a result was needed for {what}")
        return self.state.script.pop(0)

    # -- public API -------------------------------------------------------------------------
    @property
    def manual(self) -> bool:
        """True in physical-dice mode: rolls become decisions for a seat."""
        return self.state.mode in ("manual", "table")

    def roll(self, die: str, face_labels: Sequence[str]) -> int:
        """Roll one die of kind ``die`` whose faces carry ``face_labels``; returns the face index."""
        self.state.rolls += 1
        if self.state.mode != "scripted":
            # In physical-dice mode the table enters every roll made through a roll step; a roll an
            # effect makes inside a rule (e.g. Undying) comes from the seed.
            return self._uniform(len(face_labels))
        entry = self._pop_script(f"a {die} die")
        kind, _, value = entry.rpartition(":")
        if kind and kind != die:
            raise ChanceError(f"the dice script says {entry!r} but a {die} die was rolled")
        return _face_index(value, die, face_labels)

    def pick(self, n: int, purpose: str = "pick", labels: Sequence[object] | None = None) -> int:
        """A uniform choice among ``n`` things (a card drawn from an unordered deck, say);
        ``labels`` name them (the cards of the deck) for the table in ``table`` mode."""
        self.state.rolls += 1
        if self.state.mode == "table":
            if not self.state.script:
                named = [str(label) for label in labels] if labels is not None else [str(i) for i in range(n)]
                raise DrawNeeded(purpose, named)
        elif self.state.mode != "scripted":
            return self._uniform(n)
        entry = self._pop_script(purpose)
        kind, _, value = entry.partition(":")
        if kind != "pick" or not value.isdigit() or not 0 <= int(value) < n:
            raise ChanceError(f"the dice script says {entry!r} but a pick among {n} was needed ({purpose})")
        return int(value)

    def shuffle(self, items: Sequence[T], purpose: str = "shuffle") -> list[T]:
        """A new list holding ``items`` in a random order (Fisher-Yates over ``_uniform``)."""
        result = list(items)
        if self.state.mode == "scripted":
            if self.state.script and self.state.script[0].startswith("shuffle:"):
                order = [int(part) for part in self.state.script.pop(0)[len("shuffle:") :].split(",")]
                if sorted(order) != list(range(len(result))):
                    raise ChanceError(f"scripted shuffle {order} is not an order of {len(result)} items")
                return [result[i] for i in order]
            return result
        for i in range(len(result) - 1, 0, -1):
            j = self._uniform(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


def _face_index(value: str, die: str, face_labels: Sequence[str]) -> int:
    if value in face_labels:
        return list(face_labels).index(value)
    if value.isdigit() and int(value) < len(face_labels):
        return int(value)
    raise ChanceError(f"{value!r} is not a face of the {die} die (faces: {', '.join(face_labels)})")


def seeded(seed: int) -> ChanceState:
    """A fresh seeded chance state."""
    return ChanceState(mode="seeded", seed=seed)


def scripted(results: Sequence[str]) -> ChanceState:
    """A chance state that plays back ``results`` in order."""
    return ChanceState(mode="scripted", script=list(results))


restore_fields(__name__)  # compiled: the fields' annotations as written above (delve.native)
