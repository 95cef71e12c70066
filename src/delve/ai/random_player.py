"""A player that picks a uniformly random legal choice.

Why it exists: it is the simplest opponent for `delve play` until the automated overlord
lands, and the workhorse of property tests (random games must never crash the engine, and
must replay exactly).
"""

from __future__ import annotations

import numpy as np

from delve.engine.decision import Decision
from delve.engine.game import Game


class RandomPlayer:
    """Chooses uniformly among legal choices, from its own seeded generator (not the game's)."""

    def __init__(self, seed: int = 0, *, end_bias: float = 0.0) -> None:
        self.rng = np.random.default_rng(seed)
        self.end_bias = end_bias

    def choose(self, decision: Decision, game: Game | None = None) -> str:
        """The id of the chosen choice. With ``end_bias``, turn-ending choices are favoured.

        ``game`` is accepted (and ignored) so the random player fits the ``Player`` protocol.
        """
        ids = [c.id for c in decision.choices]
        if self.end_bias and self.rng.random() < self.end_bias:
            for choice_id in ids:
                if choice_id.startswith("end_"):
                    return choice_id
        return ids[int(self.rng.integers(len(ids)))]
