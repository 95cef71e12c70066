"""The 2nd-edition dice (ruleset 2e), loaded from ``data/dice-2e.yaml``.

Our reading (docs/rulesets.md, "Ruleset 2e: Dice"): the excerpts say lieutenants and monsters
list "the dice used when they attack or defend" but give no faces; the faces are the appendix of
issue 9, kept as data. The attack sequence stays the 1st edition's (a miss on X, range, hearts
less armor, surges); a 2e game only rolls different faces. In a 2e game every attack die named
after a 2e die (blue, red, yellow, green) rolls its 2e table under the engine name
``2e-<colour>``; white and the 1st edition's black power die keep their faces. Defense dice are
``delve.rules2e.defense``.

Why engine names of their own: the 1st-edition table (``delve.rules.dice.DICE``) must stay the
rulebook's, scripts must say which die they mean, and a 1st-edition game never sees these.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

from delve.engine.game import Game
from delve.rules import dice as dice_1e
from delve.rules.attack import DECLARE_HOOKS
from delve.rules.attack_context import AttackContext
from delve.rules.dice import Die, DieFace
from delve.rules2e import active

PREFIX = "2e-"
ATTACK_COLOURS = ("blue", "red", "yellow", "green")
DEFENSE_COLOURS = ("brown", "gray", "black")


def engine_name(colour: str) -> str:
    """The engine's name for a 2e die of this colour (``blue`` -> ``2e-blue``)."""
    return colour if colour.startswith(PREFIX) else PREFIX + colour


@cache
def load_dice_2e() -> dict[str, Die]:
    """Every 2e die by engine name; read once and registered with the 1st-edition dice lookup."""
    text = resources.files("delve").joinpath("data", "dice-2e.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    table: dict[str, Die] = {}
    for colour, spec in raw["attack"].items():
        kind = "combat" if spec["kind"] == "attack" else "power"
        table[engine_name(colour)] = Die(name=engine_name(colour), kind=kind,
                                         faces=tuple(DieFace(**face) for face in spec["faces"]))
    for colour, shields in raw["defense"].items():
        faces = tuple(DieFace(label=str(n), shields=n) for n in shields)
        table[engine_name(colour)] = Die(name=engine_name(colour), kind="defense", faces=faces)
    return table


DICE_2E = load_dice_2e()
dice_1e.EXTRA_DICE.update(DICE_2E)


def attack_die(colour: str) -> str:
    """The die a 2e game rolls for an attack die named ``colour`` in content."""
    return engine_name(colour) if colour in ATTACK_COLOURS else colour


def _roll_2e_attack_dice(game: Game, ctx: AttackContext) -> None:
    """Ruleset 2e: an attack's dice are the 2e dice of the same colours (our reading)."""
    if active(game):
        ctx.dice = [attack_die(colour) for colour in ctx.dice]


DECLARE_HOOKS.append(_roll_2e_attack_dice)
