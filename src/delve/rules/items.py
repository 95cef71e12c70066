"""Carrying items: what a hero may equip, his pack, re-equipping, dropping and giving items,
heavy armor's speed cap, cursed items and dark relics.

Rulebook: Equipping Items; Limits on Equipped Items; The heros Pack; Item Cards (Hand Icons,
Item Restrictions); Movement (heavy armor caps speed); Movement Actions (drop an item 0, give
an item to an adjacent hero 1, re-equip 2); Hero Player's Turn (Step 1: Refresh Cards, Step 2:
Equip Items); Treasures (a hero receiving an item may equip it, pack it or drop it); Relic
Markers (a dropped relic goes back on the board); Cursed items; Dark Relics; Hero Death.

Why one ``place_item`` step for every item a hero gains (bought, given, found, picked up): the
rulebook gives the same three options each time, so shops, chests and markers share it.

Rulings (docs/rulings.md): potions are items of kind ``potion`` and fill the potion slots; a
two-for-one swap is done by first unequipping into the pack; the speed cap is applied whenever a
hero's equipment changes and at the start of each of his turns.
"""

from __future__ import annotations

from collections import Counter

from delve.board.geometry import neighbors8
from delve.board.grid import Marker
from delve.content.schema import Item
from delve.engine.decision import Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment, item_effects, orders
from delve.rules.hero_turn import TURN_PREPARE_STEPS, turn_choice_provider
from delve.rules.movement import movement_locked
from delve.rules.wounds import HERO_DEATH_HOOKS

# Rulebook: Limits on Equipped Items.
MAX_HANDS = 2
MAX_ARMOR = 1
MAX_POTIONS = 3
MAX_OTHER = 2
PACK_SIZE = 3  # Rulebook: The heros Pack (potions count)
# Rulebook: Movement Actions.
GIVE_COST = 1
REEQUIP_COST = 2

PLACE_ITEM = "place_item"
EQUIP_ITEMS = "equip_items"


def item_of(game: Game, item_id: str) -> Item:
    """The item card with this id."""
    return equipment.item(game, item_id)


def limits_reason(game: Game, equipped: list[str]) -> str | None:
    """Why this set of equipped items breaks the limits, or None when it is allowed.

    Rulebook: Limits on Equipped Items (hand icons, one armor, three potions, two others);
    Item Restrictions (some armor forbids runes)."""
    items = [item_of(game, item_id) for item_id in equipped]
    kinds = Counter(it.kind for it in items)
    if sum(it.hands for it in items) > MAX_HANDS:
        return f"more than {MAX_HANDS} hand icons"
    if kinds["armor"] > MAX_ARMOR:
        return "more than one armor"
    if kinds["potion"] > MAX_POTIONS:
        return f"more than {MAX_POTIONS} potions"
    if kinds["other"] > MAX_OTHER:
        return f"more than {MAX_OTHER} other items"
    if kinds["rune"] and any(it.kind == "armor" and it.forbids_runes for it in items):
        return "the armor forbids runes"
    return None


def fits(game: Game, hero: FigureState, item_id: str, without: str | None = None) -> bool:
    """Could the hero equip ``item_id`` now (after setting ``without`` aside)?"""
    equipped = list(hero.equipped)
    if without is not None:
        equipped.remove(without)
    return limits_reason(game, [*equipped, item_id]) is None


def pack_room(hero: FigureState) -> int:
    """Free places in the hero's pack."""
    return max(0, PACK_SIZE - len(hero.pack))


def is_relic(game: Game, item_id: str) -> bool:
    """Relics are never lost and never sold (Rulebook: Relic Markers)."""
    return item_of(game, item_id).deck == "relic"


def is_dark_relic(game: Game, item_id: str) -> bool:
    """Dark relics a hero received in place of a treasure (Rulebook: Dark Relics): the cards of
    the ``dark_relic`` deck (``rules.dark_relics``), and any id kept in ``state.flags["dark_relics"]``."""
    return item_id in game.state.flags.get("dark_relics", []) or item_of(game, item_id).deck == "dark_relic"


def removable(game: Game, item_id: str) -> bool:
    """A dark relic cannot be unequipped, dropped, given or sold."""
    return not is_dark_relic(game, item_id)


# -- speed and the items' lasting gifts -------------------------------------------------------
def speed_cap(game: Game, hero: FigureState) -> int | None:
    """The lowest speed cap of the hero's equipped armor, if any (Rulebook: Movement)."""
    return item_effects.speed_cap(game, hero)


def refresh_speed(game: Game, hero: FigureState) -> None:
    """Apply what the hero's equipment does all the time: heavy armor's speed cap, the items'
    stat changes and always-on abilities (``rules.item_effects``). Called whenever his equipment
    changes and at the start of his turn."""
    item_effects.refresh(game, hero)
    orders.check_aim_equipment(game, hero)  # Rulebook: Aim (changing equipped items removes it)


# -- moving items between equipped, pack and the discard ------------------------------------
def equip(game: Game, hero: FigureState, item_id: str, *, ref: str = "Equipping Items") -> None:
    """Put an item into use. A cursed item gives a curse token each time (Rulebook: Cursed items)."""
    it = item_of(game, item_id)
    if item_id in hero.pack:
        hero.pack.remove(item_id)
    hero.equipped.append(item_id)
    game.emit("item_equipped", f"{hero.name} equips {it.name}.", ref=ref, hero=hero.id, item=item_id,
              equipped=list(hero.equipped), pack=list(hero.pack))
    if it.cursed:
        hero.tokens["curse"] = hero.token("curse") + 1
        game.emit("curse_gained", f"{hero.name} gains a curse token for equipping {it.name}.",
                  ref="Cursed items", hero=hero.id, curses=hero.token("curse"))
    refresh_speed(game, hero)


def to_pack(game: Game, hero: FigureState, item_id: str, *, new: bool = False) -> None:
    """Put an item into the pack: an equipped one, or (``new``) one the hero just gained."""
    if not new:
        hero.equipped.remove(item_id)
        if item_id in hero.exhausted:
            hero.exhausted.remove(item_id)
    hero.pack.append(item_id)
    game.emit("item_packed", f"{hero.name} puts {item_of(game, item_id).name} in his pack.",
              ref="The heros Pack", hero=hero.id, item=item_id, equipped=list(hero.equipped),
              pack=list(hero.pack))
    refresh_speed(game, hero)


def take_away(hero: FigureState, item_id: str) -> None:
    """Remove one copy of an item from the hero (equipped first, then the pack)."""
    if item_id in hero.equipped:
        hero.equipped.remove(item_id)
        if item_id in hero.exhausted and item_id not in hero.equipped:
            hero.exhausted.remove(item_id)
    elif item_id in hero.pack:
        hero.pack.remove(item_id)
    else:
        raise EngineError(f"{hero.name} does not carry {item_id}")


def drop(game: Game, hero: FigureState, item_id: str, *, held: bool = True) -> None:
    """Rulebook: Equipping Items; Relic Markers. A dropped item is discarded for good, except a
    relic, whose marker goes back on the board where the hero stands. ``held``: the hero carried
    it (False for an item he refuses as he receives it)."""
    if held:
        take_away(hero, item_id)
    it = item_of(game, item_id)
    if it.deck == "relic" and not hero.in_town:
        marker_id = game.state.new_id("dropped-relic-")
        game.board.add_marker(Marker(id=marker_id, kind="relic", pos=hero.pos, data={"item": item_id}))
        game.emit("relic_dropped", f"{hero.name} drops {it.name}; its marker lies at ({hero.pos[0]},"
                  f"{hero.pos[1]}).", ref="Relic Markers", hero=hero.id, item=item_id, marker=marker_id)
    else:
        game.emit("item_dropped", f"{hero.name} drops {it.name}; it is discarded.", ref="Equipping Items",
                  hero=hero.id, item=item_id)
    pile = game.state.flags.get("relic_pile")
    if it.deck == "relic" and hero.in_town and pile is not None:
        pile.append(item_id)  # back to the relic cards (a pile not yet made will include it)
    refresh_speed(game, hero)


def discard(game: Game, hero: FigureState, item_id: str, *, why: str, ref: str) -> None:
    """An item leaves the game (a cursed item given up at death, a dark relic at death)."""
    take_away(hero, item_id)
    game.emit("item_discarded", f"{hero.name} discards {item_of(game, item_id).name} ({why}).", ref=ref,
              hero=hero.id, item=item_id)
    refresh_speed(game, hero)


def receive(game: Game, hero: FigureState, item_id: str, *, source: str) -> None:
    """The hero gains an item: he equips it, packs it or drops it (a ``place_item`` decision)."""
    game.push(PLACE_ITEM, hero=hero.id, item=item_id, source=source)


@register
class PlaceItem(StepHandler):
    """Rulebook: Treasures; Potions; Dark Relics. A hero who gains an item may equip it (putting
    an equipped item into his pack to make room), place it in his pack, or drop it. A dark relic
    must be equipped: he sets aside what is in its way."""

    kind = PLACE_ITEM

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.figure(step.data["hero"])
        item_id = step.data["item"]
        it = item_of(game, item_id)
        if is_dark_relic(game, item_id):
            if fits(game, hero, item_id):
                return None
            aside = [Choice(id=f"place:aside:{out}", label=f"Set {item_of(game, out).name} aside "
                              f"({'to the pack' if pack_room(hero) else 'dropped'}) for {it.name}",
                              data={"out": out})
                       for out in sorted(set(hero.equipped)) if removable(game, out)]
            return Decision(seat=hero.seat, kind="place_item", prompt=f"{hero.name} must equip {it.name}",
                            choices=aside)
        choices: list[Choice] = []
        if fits(game, hero, item_id):
            choices.append(Choice(id="place:equip", label=f"Equip {it.name}"))
        if pack_room(hero):
            for out in sorted(set(hero.equipped)):
                if removable(game, out) and not fits(game, hero, item_id) and fits(game, hero, item_id, out):
                    choices.append(Choice(id=f"place:swap:{out}", label=f"Equip {it.name}, putting "
                                          f"{item_of(game, out).name} in the pack", data={"out": out}))
            choices.append(Choice(id="place:pack", label=f"Put {it.name} in the pack"))
        choices.append(Choice(id="place:drop", label=f"Drop {it.name}"))
        return Decision(seat=hero.seat, kind="place_item",
                        prompt=f"{hero.name} gains {it.name} ({step.data['source']})", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        # Only a dark relic that fits gets here: it is equipped at once.
        hero = game.figure(step.data["hero"])
        game.pop(step)
        hero.pack.append(step.data["item"])  # ``equip`` takes it from the pack
        equip(game, hero, step.data["item"], ref="Dark Relics")

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["hero"])
        item_id = step.data["item"]
        if choice.id.startswith("place:aside:"):
            out = choice.data["out"]
            if pack_room(hero):
                to_pack(game, hero, out)
            else:
                drop(game, hero, out)
            return  # asked again until the dark relic fits
        game.pop(step)
        if choice.id == "place:drop":
            drop(game, hero, item_id, held=False)
            return
        if choice.id.startswith("place:swap:"):
            to_pack(game, hero, choice.data["out"])
        if choice.id == "place:pack":
            to_pack(game, hero, item_id, new=True)
            return
        hero.pack.append(item_id)
        equip(game, hero, item_id)


# -- Step 1 and Step 2 of the hero's turn, and re-equipping as a movement action -------------
def equip_choices(game: Game, hero: FigureState) -> list[Choice]:
    """Equipping from the pack, swapping with an equipped item, or unequipping into the pack."""
    choices: list[Choice] = []
    for in_id in sorted(set(hero.pack)):
        name = item_of(game, in_id).name
        if fits(game, hero, in_id):
            choices.append(Choice(id=f"equip:{in_id}", label=f"Equip {name} from the pack",
                                  data={"item": in_id}))
            continue
        for out in sorted(set(hero.equipped)):
            if removable(game, out) and fits(game, hero, in_id, out):
                choices.append(Choice(id=f"swap:{in_id}:{out}", label=f"Equip {name}, packing "
                                      f"{item_of(game, out).name}", data={"item": in_id, "out": out}))
    if hero.pack and pack_room(hero):
        for out in sorted(set(hero.equipped)):
            if removable(game, out):
                choices.append(Choice(id=f"unequip:{out}", label=f"Put {item_of(game, out).name} in the pack",
                                      data={"item": out}))
    return choices


@register
class EquipItems(StepHandler):
    """Rulebook: Step 1: Refresh Cards; Step 2: Equip Items; Movement Actions (re-equip).

    At the start of the turn exhausted items are refreshed and the hero may rearrange what he
    carries; the same step, paid with two movement points, is a re-equip during the turn."""

    kind = EQUIP_ITEMS

    def _turn_over(self, game: Game, step: Step) -> bool:
        hero = game.state.figures.get(step.data["hero"])
        if hero is None or not hero.alive:
            return True
        turn = step.data.get("turn")
        stack = game.state.stack
        return turn is not None and (turn >= len(stack) or stack[turn].kind != "hero_turn"
                                     or stack[turn].data.get("phase") == "done")

    def decide(self, game: Game, step: Step) -> Decision | None:
        if not step.data.get("refreshed") or self._turn_over(game, step):
            return None
        hero = game.figure(step.data["hero"])
        choices = equip_choices(game, hero)
        if not choices:
            return None
        choices.append(Choice(id="end_equip", label="Done equipping"))
        return Decision(seat=hero.seat, kind="equip_items", prompt=f"{hero.name}: choose the items to use",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        if step.data.get("refreshed") or self._turn_over(game, step):
            game.pop(step)
            return
        hero = game.figure(step.data["hero"])
        step.data["refreshed"] = True
        if not step.data.get("movement"):
            if hero.exhausted:
                hero.exhausted.clear()
                game.emit("items_refreshed", f"{hero.name} refreshes his exhausted items.",
                          ref="Step 1: Refresh Cards", hero=hero.id)
            refresh_speed(game, hero)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["hero"])
        ref = "Movement Actions" if step.data.get("movement") else "Step 2: Equip Items"
        kind = choice.id.split(":", 1)[0]
        if kind == "end_equip":
            game.pop(step)
        elif kind == "equip":
            equip(game, hero, choice.data["item"], ref=ref)
        elif kind == "swap":
            to_pack(game, hero, choice.data["out"])
            equip(game, hero, choice.data["item"], ref=ref)
        elif kind == "unequip":
            to_pack(game, hero, choice.data["item"])
        else:
            raise EngineError(f"unknown equip choice {choice.id!r}")


TURN_PREPARE_STEPS.append(EQUIP_ITEMS)


# -- movement actions during the turn --------------------------------------------------------
def adjacent_heroes(game: Game, hero: FigureState) -> list[FigureState]:
    """Other heroes next to this one; in town every hero is next to every other (Rulebook: The
    Town). Adjacent means touching, walls ignored (docs/rulings.md)."""
    found = []
    for other in game.state.heroes():
        if other.id == hero.id or not other.alive:
            continue
        if hero.in_town or other.in_town:
            if hero.in_town and other.in_town:
                found.append(other)
            continue
        if other.pos in neighbors8(hero.pos):
            found.append(other)
    return found


def carried(hero: FigureState) -> list[str]:
    """Each distinct item the hero carries, equipped or packed."""
    return sorted(set(hero.equipped) | set(hero.pack))


def item_action_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Re-equip (2 movement points), drop (free) and give (1 movement point to an adjacent hero)."""
    choices: list[Choice] = []
    mp = step.data.get("mp", 0)
    locked = movement_locked(game, hero) is not None
    if hero.pack and mp >= REEQUIP_COST and not locked and equip_choices(game, hero):
        choices.append(Choice(id="reequip", label=f"Re-equip ({REEQUIP_COST} movement)"))
    for item_id in carried(hero):
        if not removable(game, item_id):
            continue
        name = item_of(game, item_id).name
        if not (hero.in_town and is_relic(game, item_id)):
            choices.append(Choice(id=f"drop:{item_id}", label=f"Drop {name}", data={"item": item_id}))
        if mp >= GIVE_COST and not locked:
            for other in adjacent_heroes(game, hero):
                choices.append(Choice(id=f"give:{item_id}:{other.id}", label=f"Give {name} to {other.name} "
                                      f"({GIVE_COST} movement)", data={"item": item_id, "to": other.id}))
    return choices


def apply_item_action(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Carry out a re-equip, drop or give."""
    kind = choice.id.split(":", 1)[0]
    if kind == "reequip":
        step.data["mp"] -= REEQUIP_COST
        game.emit("reequip", f"{hero.name} re-equips.", ref="Movement Actions", hero=hero.id)
        game.push(EQUIP_ITEMS, hero=hero.id, movement=True)
        return True
    if kind == "drop":
        drop(game, hero, choice.data["item"])
        return True
    if kind == "give":
        other = game.figure(choice.data["to"])
        step.data["mp"] -= GIVE_COST
        take_away(hero, choice.data["item"])
        refresh_speed(game, hero)
        game.emit("item_given", f"{hero.name} gives {item_of(game, choice.data['item']).name} to {other.name}.",
                  ref="Treasures", hero=hero.id, to=other.id, item=choice.data["item"])
        receive(game, other, choice.data["item"], source=f"from {hero.name}")
        return True
    return False


turn_choice_provider(item_action_choices, apply_item_action)


# -- death: cursed items and dark relics -------------------------------------------------------
CURSED_ON_DEATH = "cursed_items_on_death"


def _on_hero_death(game: Game, hero: FigureState) -> None:
    """Rulebook: Dark Relics (discarded at death); Cursed items (discard or re-equip each)."""
    for item_id in list(hero.equipped) + list(hero.pack):
        if is_dark_relic(game, item_id):
            discard(game, hero, item_id, why="a dark relic leaves its bearer at death", ref="Dark Relics")
    cursed = [i for i in hero.equipped if item_of(game, i).cursed]
    if cursed:
        game.push(CURSED_ON_DEATH, hero=hero.id, items=cursed)


@register
class CursedItemsOnDeath(StepHandler):
    """Rulebook: Cursed items. A killed hero discards or re-equips each cursed item he had
    equipped; each re-equipped one gives a new curse token (his old tokens went at death)."""

    kind = CURSED_ON_DEATH

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.figure(step.data["hero"])
        items = [i for i in step.data["items"] if i in hero.equipped]
        if not items:
            return None
        first = items[0]
        name = item_of(game, first).name
        return Decision(seat=hero.seat, kind="cursed_item", prompt=f"{hero.name} died carrying {name}",
                        choices=[Choice(id=f"cursed:keep:{first}", label=f"Re-equip {name} (a curse token)",
                                        data={"item": first}),
                                 Choice(id=f"cursed:discard:{first}", label=f"Discard {name}",
                                        data={"item": first})])

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["hero"])
        item_id = choice.data["item"]
        step.data["items"].remove(item_id)
        if choice.id.startswith("cursed:discard:"):
            discard(game, hero, item_id, why="a cursed item given up at death", ref="Cursed items")
            return
        hero.tokens["curse"] = hero.token("curse") + 1
        game.emit("curse_gained", f"{hero.name} re-equips {item_of(game, item_id).name} and gains a curse "
                  "token.", ref="Cursed items", hero=hero.id, curses=hero.token("curse"))


HERO_DEATH_HOOKS.append(_on_hero_death)

__all__ = ["adjacent_heroes", "drop", "equip", "fits", "limits_reason", "receive", "to_pack"]
