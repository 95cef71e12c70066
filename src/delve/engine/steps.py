"""The step registry: the behaviour behind each kind of step on the resolution stack.

Why a registry of handlers keyed by a string: the state holds only step kinds and data, and
the behaviour is looked up here. Rules modules register their steps with ``@register``; a
ruleset can replace a handler by registering another one under the same kind in its own
registry (see ``delve.engine.game.Game.handlers``).

A handler answers three questions about the step on top of the stack:
- ``decide``: does this step need a seat to decide something now? (pure: no state change)
- ``run``: if not, do the automatic work (which must pop this step or change it, or push others);
- ``choose``: apply the choice a seat made to the decision ``decide`` returned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from delve.engine.decision import Choice, Decision
from delve.engine.state import Step

if TYPE_CHECKING:
    from delve.engine.game import Game


@mypyc_attr(native_class=False)  # compiled as a plain class: @register makes every handler one (delve.native)
class StepHandler:
    """Base class for a kind of step. Subclasses set ``kind`` and override what they need."""

    kind: ClassVar[str] = ""

    def decide(self, game: Game, step: Step) -> Decision | None:
        """The decision this step needs now, or None if it can run on its own."""
        return None

    def run(self, game: Game, step: Step) -> None:
        """Do this step's automatic work."""
        raise NotImplementedError(f"step {self.kind!r} has no automatic work")

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        """Apply ``choice`` (already checked to be legal)."""
        raise NotImplementedError(f"step {self.kind!r} takes no choices")


STEP_HANDLERS: dict[str, StepHandler] = {}


def register(cls: type[StepHandler]) -> type[StepHandler]:
    """Class decorator: add a handler to the default (1st edition) registry."""
    if not cls.kind:
        raise ValueError(f"{cls.__name__} has no kind")
    if cls.kind in STEP_HANDLERS:
        raise ValueError(f"step kind {cls.kind!r} registered twice")
    STEP_HANDLERS[cls.kind] = cls()
    return cls


RULESET_STEP_HANDLERS: dict[str, dict[str, StepHandler]] = {}
"""Per ruleset, the handlers that replace (or add to) the 1st-edition ones."""


def register_in(ruleset: str) -> Callable[[type[StepHandler]], type[StepHandler]]:
    """Class decorator: add a handler to ``ruleset``'s own table, overriding the 1st edition's.

    Why a separate table: a 2nd-edition step of the same kind must not replace the 1st-edition
    handler for 1st-edition games running in the same process.
    """

    def decorate(cls: type[StepHandler]) -> type[StepHandler]:
        if not cls.kind:
            raise ValueError(f"{cls.__name__} has no kind")
        table = RULESET_STEP_HANDLERS.setdefault(ruleset, {})
        if cls.kind in table:
            raise ValueError(f"step kind {cls.kind!r} registered twice in ruleset {ruleset!r}")
        table[cls.kind] = cls()
        return cls

    return decorate
