"""The 2nd-edition ruleset (``2e``): rules that differ from the 1st edition, and nothing else.

Spec: ``shared/rules/descent-2e-rules-excerpt-a.txt`` and ``-b.txt``; our readings of what the
excerpts leave out are in ``docs/rulesets.md``. A 2e game runs the whole 1st-edition engine; this
package changes it in two ways only:

- step handlers registered with ``delve.engine.steps.register_in("2e")`` replace the 1st-edition
  handler of the same kind (``delve.rulesets.handlers_for``);
- hooks of 1st-edition modules ask :func:`active` and do the 2e thing for 2e games.

Why discovery instead of an import list: every module of this package registers itself on
import, and several people add modules at once; :func:`load` imports them all.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from delve.engine.game import Game

RULESET = "2e"


def active(game: Game) -> bool:
    """True when ``game`` plays the 2nd-edition rules."""
    return game.state.ruleset == RULESET


@functools.cache
def load() -> None:
    """Import every module of this package so its handlers and hooks register themselves.

    Once per process: a module added to the folder while a server runs must not be picked up
    half-written by the next new game.
    """
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
