"""Automated players by name: one factory for the terminal, the environments and the web table.

Why one place: each front end lets a seat be played by the solo overlord procedure, the overlord
AI, the hero AI or a random player, and a new kind (or a changed random end bias) should reach
all of them at once.
"""

from __future__ import annotations

from delve.ai.base import Player

RANDOM_END_BIAS = 0.3  # how readily a random player ends a turn or step when it may


def make_bot(kind: str, seed: int) -> Player:
    """The automated player of ``kind``: "solo" (the solo overlord procedure), "ai" (the overlord
    AI), "hero" (the hero AI); any other kind plays at random. The AI modules load only when
    asked for (a random table need not import them)."""
    if kind == "solo":
        from delve.ai.solo_overlord import SoloOverlord

        return SoloOverlord(seed)
    if kind == "ai":
        from delve.ai.overlord_ai import OverlordAI

        return OverlordAI(seed)
    if kind == "hero":
        from delve.ai.hero_ai import HeroAI

        return HeroAI(seed)
    from delve.ai.random_player import RandomPlayer

    return RandomPlayer(seed, end_bias=RANDOM_END_BIAS)
