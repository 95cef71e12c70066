"""The names of every special ability and extra game effect content may refer to.

Why a closed list: a content file that names an ability the engine does not know is a
mistake, and it should be refused when the pack is loaded, not discovered mid-game
(Rulebook: Special Abilities; extra-game-effects.txt). The combat work registers one unit
per name; this catalogue is what content validation checks against until then.
"""

from __future__ import annotations

# Rulebook: Special Abilities (Aura to Web). True when the ability carries a rank (e.g. Blast 1).
RULEBOOK_ABILITIES: dict[str, bool] = {
    "Aura": False,
    "Bash": False,
    "Berserk": False,
    "Black Curse": False,
    "Blast": True,
    "Bleed": False,
    "Bolt": False,
    "Breath": False,
    "Burn": False,
    "Command": False,
    "Dark Prayer": False,
    "Daze": False,
    "Fear": True,
    "Fly": False,
    "Frost": False,
    "Grapple": False,
    "Ironskin": False,
    "Knockback": False,
    "Leap": False,
    "Leech": False,
    "Morph": False,
    "Necromancy": False,
    "Pierce": True,
    "Poison": False,
    "Reach": False,
    "Quick Shot": False,
    "Shadowcloak": False,
    "Sorcery": True,
    "Stun": False,
    "Swarm": False,
    "Sweep": False,
    "Trickster": False,
    "Undying": False,
    "Unstoppable": False,
    "Web": False,
}

# extra-game-effects.txt: effects from another crawler's glossary that content may use.
EXTRA_EFFECTS: dict[str, bool] = {
    "Drain": True,
    "Evade": False,
    "Jump": False,
    "Locking Stamina": False,
    "Mirror": False,
    "Overkill": False,
}

KNOWN_ABILITIES: dict[str, bool] = {**RULEBOOK_ABILITIES, **EXTRA_EFFECTS}


def is_known(name: str) -> bool:
    """True if ``name`` is an ability or effect the engine knows."""
    return name in KNOWN_ABILITIES


def is_ranked(name: str) -> bool:
    """True if the ability takes a rank; unknown names are not ranked."""
    return KNOWN_ABILITIES.get(name, False)
