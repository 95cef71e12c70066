"""Counted words as a person reads them: "1 wound", "2 wounds", never "1 wound(s)".

Why here and not in the engine: the engine's event texts are the game log, hashed by the
outcome bench and read by tests and replays, and its prompts are parsed by the learning
environment ("6 movement points left"); so the engine keeps its "(s)" and the presenters
turn it into the right number when a person reads it (the web table, the terminal seat).
"""

from __future__ import annotations

import re

SINGULAR_COUNTS = frozenset({"1", "a", "an", "one"})
# A count, up to two plain words between it and the counted word ("2 extra starting card(s)",
# "1 Raise Dead card(s)"), then the word with its "(s)". The words in between are letters
# only, so the count is always the nearest number before the word.
COUNTED = re.compile(r"\b(\d+|[Aa]n?|[Oo]ne)((?: [A-Za-z]+){0,2}) ([A-Za-z]+)\(s\)")
# Texts that count without "(s)" and read wrong for one: "1 movement points left", "1 extra
# power dice" (the quick test in ``readable_plurals`` names each).
ONE_OF = re.compile(r"\b1 (movement points|extra power dice)\b")
SINGULAR_OF = {"movement points": "movement point", "extra power dice": "extra power die"}


def _counted(found: re.Match[str]) -> str:
    """One counted word in the number its count asks for."""
    count, between, word = found.group(1), found.group(2), found.group(3)
    return f"{count}{between} {word if count.lower() in SINGULAR_COUNTS else word + 's'}"


def readable_plurals(text: str) -> str:
    """``text`` with "N word(s)" read as "1 word" or "N words" (also after "a"/"one" and with a
    word or two between: "2 extra starting cards"), "1 movement points" as "1 movement point"
    and "1 extra power dice" as "1 extra power die"; any other text comes back as it is.

    Why the quick test first: this runs on every label, prompt and log text a message
    presents, and almost none of them holds either pattern."""
    if "(s)" in text:
        text = COUNTED.sub(_counted, text)
    if "1 movement points" in text or "1 extra power dice" in text:
        text = ONE_OF.sub(lambda found: f"1 {SINGULAR_OF[found.group(1)]}", text)
    return text
