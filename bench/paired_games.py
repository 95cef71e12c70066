"""What the tuning benches share (``bench/tune_1e.py``, ``bench/tune_2e.py``; not a test): the
winners of a run of seeded games, cached, and the paired difference of two runs on the same games.

Why paired: both runs play the same seeds, so only the games whose winners differ carry
information (the Wald interval for matched pairs, as ``bench/levels_matrix.py``'s ``paired``)."""

from __future__ import annotations

import math
from collections.abc import Callable


def cached_winners(play_game: Callable[[int], str], games: int, cache: dict[str, str] | None = None,
                   key: str = "") -> str:
    """The winners (one letter a game, ``O`` for the overlord) of games 0..games-1, each played by
    ``play_game(i)``; the ones already in ``cache[key]`` are not played again."""
    done = cache.get(key, "") if cache is not None and key else ""
    out = done[:games]
    for i in range(len(out), games):
        out += play_game(i)
    if cache is not None and key and len(out) > len(done):
        cache[key] = out
    return out


def paired(base: str, tried: str) -> tuple[int, int, float, float, float]:
    """(games the try won the base lost, the reverse, difference, 95% low, 95% high)."""
    gained = sum(1 for a, b in zip(base, tried, strict=True) if b == "O" and a != "O")
    lost = sum(1 for a, b in zip(base, tried, strict=True) if a == "O" and b != "O")
    n = len(base)
    d = (gained - lost) / n
    half = 1.96 * math.sqrt(max(0.0, gained + lost - (gained - lost) ** 2 / n)) / n
    return gained, lost, d, d - half, d + half
