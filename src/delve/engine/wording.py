"""Small helpers for the engine's own sentences (log texts, prompts, labels).

Why here: the log is read by people (the table, the terminal, saves), so its sentences should be
English a player would write; a helper keeps each rule module from spelling its own article.
"""

from __future__ import annotations


def a_or_an(phrase: str) -> str:
    """``phrase`` with its indefinite article: ``a guard order``, ``an aim order``, ``an Ember Hound``.

    By the first letter (a vowel takes "an"): enough for the engine's own words and the starter
    packs' names; a pack whose name wants otherwise ("a unicorn") reads slightly off, nothing more."""
    return f"{'an' if phrase[:1].lower() in 'aeiou' else 'a'} {phrase}"
