"""What a hero's equipped items give him in combat: weapons, armor, shields, off-hand bonus.

Rulebook: Equipping Items; Item Cards (Item Traits, Hand Icons, Combat Dice); Step 6: Inflict
Wounds (a hero's armor is his base armor plus his equipped items'); Unarmed Attacks; Off-hand
Bonus. Buying, carrying limits and re-equipping belong to the town and items rules.
"""

from __future__ import annotations

from delve.content.loader import open_pack
from delve.content.pack import Pack
from delve.content.schema import Item, OffHandBonus
from delve.engine.game import Game
from delve.engine.state import FigureState

UNARMED = "unarmed"


def _pack_named(name: str) -> Pack:
    return open_pack(name)  # cached by the loader


def content(game: Game) -> Pack:
    """The content pack this game was set up from."""
    return _pack_named(game.state.pack)


def item(game: Game, item_id: str) -> Item:
    """An item card of this game's pack."""
    return content(game).items[item_id]


def equipped_items(game: Game, figure: FigureState) -> list[Item]:
    """The items a hero has equipped (none for monsters)."""
    return [item(game, item_id) for item_id in figure.equipped]


def weapons(game: Game, hero: FigureState) -> list[Item]:
    """Equipped items the hero can attack with (weapons and runes with an attack type)."""
    return [it for it in equipped_items(game, hero) if it.kind in ("weapon", "rune") and it.attack_type]


def armor_value(game: Game, figure: FigureState) -> int:
    """Base armor plus equipped items' armor (Rulebook: Step 6: Inflict Wounds)."""
    if figure.kind != "hero":
        return figure.armor
    return figure.armor + sum(it.armor for it in equipped_items(game, figure) if it.kind != "shield")


def ready_shield(game: Game, hero: FigureState) -> Item | None:
    """An equipped shield that is not exhausted this turn, if any."""
    for it in equipped_items(game, hero):
        if it.kind == "shield" and it.shield_absorb > 0 and it.id not in hero.exhausted:
            return it
    return None


def off_hand_bonus(game: Game, hero: FigureState, weapon: Item) -> OffHandBonus | None:
    """Rulebook: Off-hand Bonus. With two one-handed melee weapons equipped, the one not used
    to attack lends its off-hand bonus."""
    if weapon.attack_type != "melee" or weapon.hands != 1:
        return None
    for other in equipped_items(game, hero):
        if (other.id != weapon.id and other.kind == "weapon" and other.attack_type == "melee"
                and other.hands == 1 and other.off_hand is not None):
            return other.off_hand
    return None
