"""Automated players by name: one factory for the terminal, the environments and the web table.

Why one place: each front end lets a seat be played by the solo overlord procedure, the overlord
AI, the hero AI or a random player, and a new kind (or a changed random end bias) should reach
all of them at once.
"""

from __future__ import annotations

from delve.ai.base import Player

RANDOM_END_BIAS = 0.3  # how readily a random player ends a turn or step when it may

# Levels for people (the lobby, ``delve play``, ``delve simulate``): name -> (player kind, words).
# The words are for players choosing an opponent, not for developers: what playing against the
# level feels like, and (hard) that its turns take a moment. How each player works is in
# docs/simulation.md.
OVERLORD_LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("solo", "Follows the solo rules' fixed routine: predictable, never plans ahead. For learning the quest."),
    "normal": ("ai", "Plays every monster well: each makes the best attack it can reach, by the exact odds."),
    "hard": ("search", "Plans ahead: tries its best moves against many possible dice and your likely reply before "
                       "it picks one, and saves its threat for more monsters rather than traps. It does not know the "
                       "coming dice or any hidden card. Its turns take a second or two."),
}
HERO_LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("random", "Plays random legal moves: an overlord's first practice."),
    "normal": ("ai", "Plays like a careful party: the best attacks by the exact odds, straight for the quest's goal."),
    "hard": ("search", "Plans ahead: tries its best moves against many possible dice and the overlord's likely reply. "
                       "It does not know the coming dice or the overlord's cards. Its turns take a moment."),
}
# The kind a hero seat is played by at each hero level (the overlord's kinds are the levels' own).
HERO_SEAT_KINDS = {"random": "random", "ai": "hero", "search": "hero-search"}


def level_kind(level_or_kind: str, side: str = "overlord") -> str:
    """The player kind of a level name ("easy", "normal", "hard"); a kind is returned as it is."""
    levels = OVERLORD_LEVELS if side == "overlord" else HERO_LEVELS
    return levels[level_or_kind][0] if level_or_kind in levels else level_or_kind


def level_of(kind: str, side: str = "overlord") -> str | None:
    """The level name ("easy", "normal", "hard") whose automated player is ``kind`` (a seat's kind
    as the web table keeps it: ``HERO_SEAT_KINDS`` for hero seats), or None for another kind."""
    for name, (level_kind_, _words) in (OVERLORD_LEVELS if side == "overlord" else HERO_LEVELS).items():
        if (level_kind_ if side == "overlord" else HERO_SEAT_KINDS[level_kind_]) == kind:
            return name
    return None


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
