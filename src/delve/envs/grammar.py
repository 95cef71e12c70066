"""The choice-id templates of every decision kind, in the order their index blocks are laid out.

Generated from random games of every shipped quest (both rulesets, seeded and physical dice, the
solo overlord and the table setup) read by ``delve.envs.actions.ActionCodec.parse``, then kept by
hand: append new templates at the end of a kind's tuple, and new kinds at the end, so the indices
of the ones before stay put. ``docs/api.md`` ("Choice ids") prints the same list.
"""

from __future__ import annotations

from itertools import product

_FACINGS = ("north", "east", "south", "west")
_MORPH_COLOURS = ("red", "blue", "white", "green", "yellow")  # delve.rules.dice.COMBAT_COLOURS


def _morph3() -> tuple[str, ...]:
    """The three-dice morph choices (``delve.rules.attack``), like the two-dice ones above: every
    ordered colour triple as every attack type, so a change of the engine's order or of which
    types a combination allows keeps every index."""
    return tuple(f"morph:{'+'.join(combo)}:{kind}" for combo in product(_MORPH_COLOURS, repeat=3)
                 for kind in ("magic", "melee", "ranged"))


GRAMMAR: dict[str, tuple[str, ...]] = {
    "skill_trade": (
        "keep", "trade:{skill}",
    ),
    "shop": (
        "buy:{item}", "end_shopping", "sell:{item}",
    ),
    "place_item": (
        "place:drop", "place:equip", "place:pack", "place:swap:{item}",
    ),
    "equip_items": (
        "end_equip", "equip:{item}", "unequip:{item}", "swap:{item}:{item}",
    ),
    "place_hero": (
        "place:{S}",
    ),
    "treachery": (
        "add:{card}", "dark_glyph:power", "dark_glyph:summoning", "dark_glyph:sundered", "done",
    ),
    "treachery_remove": (
        "remove:{card}",
    ),
    "choose_hero_turn": (
        "turn:{H}",
    ),
    "choose_action": (
        "action:advance", "action:battle", "action:ready", "action:run", "action:stunned",
    ),
    "hero_turn": (
        "altar:{P}", "attack:{weapon}:{S}", "attack:{weapon}:{S}:aimed", "chest:{P}", "door:{P}", "drink:{item}",
        "drop:{item}", "end_turn", "familiar:hand:{familiar}:{item}", "fatigue:move", "give:{item}:{H}",
        "give_potion:{H}:{item}", "glyph:leave:{P}", "glyph:town", "half:attack", "half:concentrate", "half:move",
        "jump:{S}", "move:{S}", "order:aim", "order:dodge", "order:guard", "order:prolonged:{quest_action}",
        "order:rest", "pickup:{P}", "reequip", "revive:{H}", "shop", "stairs:{P}",
        *(f"{verb}:{{weapon}}:{facing}:{{S}}" for verb in ("breath", "bolt") for facing in _FACINGS),
    ),
    "familiar_turn": (
        "familiar:done", "familiar:give:{H}", "familiar:give:{familiar}", "familiar:move:{S}", "familiar:pickup:{P}",
    ),
    "guard_interrupt": (
        "attack:{weapon}:{S}", "guard:pass",
    ),
    "aim_reroll": (
        "reroll:done", "reroll:{I}",
    ),
    "dodge_reroll": (
        "reroll:done", "reroll:{I}",
    ),
    "attack_fatigue": (
        "fatigue:done", "fatigue:power",
    ),
    "attack_spend": (
        "spend:{I}:{B}",
    ),
    "morph_dice": (
        "morph:blue+blue:magic", "morph:blue+blue:melee", "morph:blue+blue:ranged", "morph:blue+green:magic",
        "morph:blue+green:melee", "morph:blue+green:ranged", "morph:blue+red:magic", "morph:blue+red:melee",
        "morph:blue+red:ranged", "morph:blue+white:magic", "morph:blue+white:melee", "morph:blue+white:ranged",
        "morph:blue+yellow:magic", "morph:blue+yellow:melee", "morph:blue+yellow:ranged", "morph:green+blue:magic",
        "morph:green+blue:melee", "morph:green+blue:ranged", "morph:green+green:magic", "morph:green+green:melee",
        "morph:green+green:ranged", "morph:green+red:magic", "morph:green+red:melee", "morph:green+red:ranged",
        "morph:green+white:magic", "morph:green+white:melee", "morph:green+white:ranged", "morph:green+yellow:magic",
        "morph:green+yellow:melee", "morph:green+yellow:ranged", "morph:red+blue:magic", "morph:red+blue:melee",
        "morph:red+blue:ranged", "morph:red+green:magic", "morph:red+green:melee", "morph:red+green:ranged",
        "morph:red+red:magic", "morph:red+red:melee", "morph:red+red:ranged", "morph:red+white:magic",
        "morph:red+white:melee", "morph:red+white:ranged", "morph:red+yellow:magic", "morph:red+yellow:melee",
        "morph:red+yellow:ranged", "morph:white+blue:magic", "morph:white+blue:melee", "morph:white+blue:ranged",
        "morph:white+green:magic", "morph:white+green:melee", "morph:white+green:ranged", "morph:white+red:magic",
        "morph:white+red:melee", "morph:white+red:ranged", "morph:white+white:magic", "morph:white+white:melee",
        "morph:white+white:ranged", "morph:white+yellow:magic", "morph:white+yellow:melee",
        "morph:white+yellow:ranged", "morph:yellow+blue:magic", "morph:yellow+blue:melee", "morph:yellow+blue:ranged",
        "morph:yellow+green:magic", "morph:yellow+green:melee", "morph:yellow+green:ranged", "morph:yellow+red:magic",
        "morph:yellow+red:melee", "morph:yellow+red:ranged", "morph:yellow+white:magic", "morph:yellow+white:melee",
        "morph:yellow+white:ranged", "morph:yellow+yellow:magic", "morph:yellow+yellow:melee",
        "morph:yellow+yellow:ranged", *_morph3(),
    ),
    "prolonged_fatigue": (
        "fatigue:done", "fatigue:power",
    ),
    "enter_die": (
        "face:0/0S", "face:0/1", "face:0/1S", "face:0/2", "face:0/2S", "face:0/3", "face:0/3S", "face:0/4",
        "face:1/0S", "face:1/1", "face:1/1S", "face:1/2", "face:1/3", "face:1/3S", "face:2/0S", "face:2/1",
        "face:2/1S", "face:2/2", "face:2/2S", "face:3/0", "face:3/1S", "face:3/2", "face:4/0S", "face:4/2",
        "face:5/1", "face:6/1S", "face:X", "face:blank", "face:enh", "face:surge", "face:{I}",
    ),
    "knocked_out_draw": (
        "draw", "no_draw",
    ),
    "knocked_out_turn": (
        "stand_up", "stay_down",
    ),
    "skill_target": (
        "skill_target:{H}", "skill_target:{P}",
    ),
    "overlord_turn": (
        "activate:{P}", "end_turn", "raise_dead",
    ),
    "overlord_cards": (
        "continue", "discard:{card}", "event:{card}", "power:{card}", "spawn:{card}",
    ),
    "overlord_discard": (
        "discard:{card}", "done",
    ),
    "event_window": (
        "discard:{card}", "event:{card}", "pass",
    ),
    "trap_window": (
        "discard:{card}", "pass", "trap:{card}",
    ),
    "monster_activation": (
        "altar:{P}", "attack:{S}", "chest:{P}", "door:{P}", "end_activation", "jump:{S}", "jumpto:{S}", "move:{F}",
        "move:{S}", "stairs:{P}",
        *(f"{verb}:{facing}:{{S}}" for verb in ("breath", "bolt") for facing in _FACINGS),
    ),
    "spawn_place": (
        "place:{F}", "place:{S}",
    ),
    "spawn_remove": (
        "remove:{P}", "skip",
    ),
    "place_glyph": (
        "lay:plain", "lay:sundered", "lay:power", "lay:summoning",
    ),
    "solo_interrupt": (
        "activate:{P}",
    ),
    "solo_raise_dead": (
        "raise:{P}",
    ),
    # Found by the 200-game count (bench/env_cuts.py); appended so earlier indices stay put.
    "reveal_placement": (  # delve.rules.revealing: where a short-placed monster of a revealed area goes
        "place:{S}",
    ),
    "bash_power": (  # delve.abilities.units.bash: how many power dice a Bash attack rolls
        "bash:{I}",
    ),
    "invulnerability": (  # delve.rules.potions: drink the potion against this attack, or keep it
        "invulnerability:keep", "invulnerability:use",
    ),
}
