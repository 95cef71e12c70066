"""Automated players by name: one factory for the terminal, the environments and the web table.

Why one place: each front end lets a seat be played by the solo overlord procedure, the overlord
AI, the hero AI or a random player, and a new kind (or a changed random end bias) should reach
all of them at once.
"""

from __future__ import annotations

from delve.ai.base import Player

RANDOM_END_BIAS = 0.3  # how readily a random player ends a turn or step when it may

# Levels for people (the lobby, ``delve play``, ``delve simulate``): name -> (player kind, words).
OVERLORD_LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("solo", "The solo overlord procedure: fixed priorities, no look-ahead."),
    "normal": ("ai", "The overlord AI: every monster makes the best attack it can reach, by exact odds."),
    "hard": ("search", "The overlord AI corrected by search: its best options are played out in sampled "
                       "worlds (fresh dice, hidden cards re-drawn) through the heroes' reply."),
}
HERO_LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("random", "Random legal moves (ends turns readily)."),
    "normal": ("ai", "The hero AI: exact attack odds, walks to the goal."),
    "hard": ("search", "The hero AI corrected by search over sampled worlds through the overlord's reply."),
}


def level_kind(level_or_kind: str, side: str = "overlord") -> str:
    """The player kind of a level name ("easy", "normal", "hard"); a kind is returned as it is."""
    levels = OVERLORD_LEVELS if side == "overlord" else HERO_LEVELS
    return levels[level_or_kind][0] if level_or_kind in levels else level_or_kind


def levels() -> dict[str, list[dict[str, str]]]:
    """The levels of each side as plain data (for GET /api/levels and the lobby)."""
    return {side: [{"name": name, "kind": kind, "description": words} for name, (kind, words) in table.items()]
            for side, table in (("overlord", OVERLORD_LEVELS), ("heroes", HERO_LEVELS))}


def make_bot(kind: str, seed: int) -> Player:
    """The automated player of ``kind``: "solo" (the solo overlord procedure), "ai" (the overlord
    AI), "hero" (the hero AI), "search" (the overlord AI corrected by search), "hero-search" (the
    hero AI corrected by search), or a level name ("easy", "normal", "hard": the overlord's);
    any other kind plays at random. The AI modules load only when asked for (a random table need
    not import them)."""
    kind = level_kind(kind)
    if kind in ("search", "hero-search"):
        from delve.ai.search import SearchPlayer

        return SearchPlayer(seed, side="overlord" if kind == "search" else "heroes")
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
