"""The seat-player protocol every automated player follows.

Why a protocol: the engine never calls players; whoever runs a game (terminal, simulation
runner, tests) asks the player of the pending decision's seat for a choice id and applies it
with ``game.apply`` exactly as a person's answer. A player may read what its seat may know of
``game`` (see ``delve.engine.views``) and may clone the game to look ahead, but it never
changes the game itself and never reads the chance state.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from delve.engine.decision import Decision
from delve.engine.game import Game


@runtime_checkable
class Player(Protocol):
    """Anything that answers a pending decision of a seat with one of its legal choice ids."""

    def choose(self, decision: Decision, game: Game) -> str:
        """The id of one of ``decision.choices``; must not mutate ``game``."""
        ...
