"""Treasure: chests, money, relic and potion markers, and rune keys.

Rulebook: Treasures (only heroes pick up markers, free, in their own space during their turn);
Treasure Chests markers (open for 2 movement points while alone in the chest's space; contents
from the quest's chest table by the marker's number; every hero gains them, even in town; an
empty treasure deck gives nothing more); Copper, Silver and Gold Treasure; Curses (threat per
hero, before the trap window of the opening); Money marker (100 coins to every hero); Relic
Markers; Potions (a potion marker may be equipped for free or packed); Rune-locked Doors (a rune
key unlocks its colour for the rest of the game); Overlord Setup, 2. Randomize the Chest Markers.

Rulings (docs/rulings.md): a hero picks up the markers of a space as he enters it during his
turn (he may drop what he does not want for free); one he stands on without having entered it
(after arriving from town, or one dropped there) is picked up with a free ``pickup:`` choice. A
chest's number is dealt at setup from the quest's numbers of its colour and hidden in the
marker's data; a marker may instead carry its ``contents`` (maps of scenarios and small quests).
A potion marker names its item in ``data.item``; without one it is a healing potion. A relic
marker names its relic in ``data.item``; without one the relic is drawn from the relics no one
holds.
"""

from __future__ import annotations

from collections.abc import Callable

from delve.board.geometry import Footprint
from delve.board.grid import Marker
from delve.content.quest import Chest
from delve.engine.decision import Choice
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.doors import rune_keys
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.items import carried, receive
from delve.rules.movement import movement_locked, on_board, on_enter_space
from delve.rules.overlord_cards import keeps_threat
from delve.rules.town import chests_opened, draw_treasure
from delve.rules.trap_cards import open_trap_window
from delve.rules.wounds import change_conquest

CHEST_COST = 2  # Rulebook: Movement Actions (open chest)
MONEY_MARKER_COINS = 100  # Rulebook: Money marker
DEFAULT_POTION = "healing-potion"
PICKUP_KINDS = ("money", "rune_key", "potion", "relic")
CHEST_SETUP = "chest_setup"
OPEN_CHEST = "open_chest"
# Called once a chest's treasure cards are drawn and their ``place_item`` steps pushed (the top
# ``len(draws)`` steps, the first draw on top), with the ``open_chest`` step and the draws, before
# any hero places his card: a rule may still change what a hero gets (Rulebook: Dark Relics).
ChestShareHook = Callable[[Game, Step, list[tuple[FigureState, str]]], None]
CHEST_SHARE_HOOKS: list[ChestShareHook] = []
# Called with the hero who opened a chest, as it is opened (e.g. a skill paying extra coins); a
# hook may push steps, resolved after the chest's trap window and before its contents.
ChestHook = Callable[[Game, FigureState], None]
CHEST_OPENED_HOOKS: list[ChestHook] = []


# -- setup: chest numbers --------------------------------------------------------------------
@register
class ChestSetup(StepHandler):
    """Rulebook: Overlord Setup, 2. Randomize the Chest Markers. Each chest marker of a colour is
    dealt one of the quest's chest numbers of that colour at random, kept hidden."""

    kind = CHEST_SETUP

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)
        quest = equipment.content(game).quests.get(game.state.quest)
        if quest is None:
            return
        for colour in ("copper", "silver", "gold"):
            markers = sorted((m for m in game.board.markers if m.kind == "chest" and m.data.get("colour") == colour
                              and "number" not in m.data), key=lambda m: m.id)
            numbers = sorted(n for n, chest in quest.chests.items() if chest.colour == colour)
            if not markers or not numbers:
                continue
            for marker, number in zip(markers, game.chance.shuffle(numbers, f"{colour} chest markers"),
                                      strict=False):
                marker.data["number"] = number


def chest_contents(game: Game, marker: Marker) -> Chest | None:
    """What the chest holds: its own ``contents``, or the quest's entry for its number."""
    if "contents" in marker.data:
        return Chest.model_validate({"colour": marker.data.get("colour", "copper"), **marker.data["contents"]})
    quest = equipment.content(game).quests.get(game.state.quest)
    if quest is None:
        return None
    if "number" not in marker.data:
        # Not dealt at setup (a game set up without the chest step): deal it now, at random
        # among the numbers of its colour no other marker holds.
        taken = {m.data.get("number") for m in game.board.markers if m.kind == "chest"}
        taken |= set(game.state.flags.get("chest_numbers_opened", []))
        free = sorted(n for n, chest in quest.chests.items()
                      if chest.colour == marker.data.get("colour") and n not in taken)
        if not free:
            return None
        marker.data["number"] = free[game.chance.pick(len(free), "chest number", free)]
    return quest.chests.get(int(marker.data["number"]))


# -- opening chests ----------------------------------------------------------------------------
def _alone_on(game: Game, hero: FigureState, pos: tuple[int, int]) -> bool:
    return not any(f.id != hero.id and on_board(f) and pos in f.footprint.cells()
                   for f in game.state.figures.values())


def chest_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Rulebook: Treasure Chests markers. A chest in the hero's space, no one else there, 2 points."""
    if not on_board(hero) or step.data.get("mp", 0) < CHEST_COST or movement_locked(game, hero):
        return []
    return [Choice(id=f"chest:{m.id}", label=f"Open the {m.data.get('colour', '')} chest ({CHEST_COST} movement)",
                   data={"marker": m.id})
            for m in game.board.markers_at(hero.pos) if m.kind == "chest" and _alone_on(game, hero, m.pos)]


def apply_chest(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Pay two movement points and open the chest."""
    if not choice.id.startswith("chest:"):
        return False
    step.data["mp"] -= CHEST_COST
    game.push(OPEN_CHEST, hero=hero.id, marker=choice.data["marker"], phase="curses")
    return True


@register
class OpenChest(StepHandler):
    """Turn the chest over, resolve its curses and the trap window, then share out the contents."""

    kind = OPEN_CHEST

    def run(self, game: Game, step: Step) -> None:
        hero = game.figure(step.data["hero"])
        marker = game.board.marker(step.data["marker"])
        chest = chest_contents(game, marker)
        if step.data["phase"] == "curses":
            colour = marker.data.get("colour", chest.colour if chest else "")
            game.emit("chest_opened", f"{hero.name} opens the {colour} chest.", ref="Treasure Chests markers",
                      hero=hero.id, marker=marker.id, colour=colour, number=marker.data.get("number"))
            step.data["phase"] = "share"
            for hook in CHEST_OPENED_HOOKS:
                hook(game, hero)
            if chest is not None and chest.curses and keeps_threat(game):
                # Rulebook: Curses. Threat per hero for each curse, before any trap is played.
                threat = chest.curses * len(game.state.heroes())
                game.state.overlord.threat += threat
                game.emit("curse_threat", f"The chest is cursed: the overlord gains {threat} threat.",
                          ref="Curses", amount=threat)
            open_trap_window(game, "hero_opens_chest", triggering_hero=hero.id, x=marker.pos[0], y=marker.pos[1])
            return
        game.pop(step)
        colour = str(marker.data.get("colour", chest.colour if chest else ""))
        game.board.remove_marker(marker.id)
        if "number" in marker.data:
            game.state.flags.setdefault("chest_numbers_opened", []).append(marker.data["number"])
        if colour and colour not in chests_opened(game):
            chests_opened(game).append(colour)
        if chest is None:
            game.emit("chest_empty", "The chest is empty.", ref="Treasure Chests markers")
            return
        heroes = game.state.heroes()
        if chest.coins:
            for other in heroes:
                other.coins += chest.coins
            game.emit("coins_gained", f"Every hero gains {chest.coins} coins.", ref="Treasure Chests markers",
                      amount=chest.coins)
        draws: list[tuple[FigureState, str]] = []
        for other in heroes:
            for deck in ("copper", "silver", "gold"):
                for _ in range(getattr(chest.treasure, deck)):
                    item_id = draw_treasure(game, deck)
                    if item_id is not None:
                        game.emit("treasure_drawn", f"{other.name} draws {equipment.item(game, item_id).name}.",
                                  ref=f"{deck.capitalize()} Treasure", hero=other.id, item=item_id, colour=deck)
                        draws.append((other, item_id))
        for other, item_id in reversed(draws):
            receive(game, other, item_id, source="from a chest")
        for share_hook in CHEST_SHARE_HOOKS:
            share_hook(game, step, draws)
        if chest.conquest:
            change_conquest(game, chest.conquest, "a chest was opened", ref="Treasure Chests markers")


# -- markers picked up -----------------------------------------------------------------------------
def _own_turn(game: Game, hero: FigureState) -> bool:
    """Is it this hero's turn (markers are picked up only then)?"""
    return any(s.kind == "hero_turn" and s.data.get("hero") == hero.id for s in game.state.stack)


def pickable(game: Game, hero: FigureState) -> list[Marker]:
    """Markers in the hero's space he can pick up."""
    if not on_board(hero):
        return []
    return [m for m in game.board.markers_at(hero.pos) if m.kind in PICKUP_KINDS]


def _relic_for(game: Game, marker: Marker) -> str | None:
    named = marker.data.get("item")
    if named:
        return str(named)
    held = {i for h in game.state.heroes() for i in carried(h)}
    named_elsewhere = {m.data.get("item") for m in game.board.markers if m.kind == "relic"}
    pile = game.state.flags.get("relic_pile")
    if pile is None:
        pile = sorted(it.id for it in equipment.content(game).items.values()
                      if it.deck == "relic" and it.id not in held and it.id not in named_elsewhere)
        game.state.flags["relic_pile"] = pile
    if not pile:
        return None
    return str(pile.pop(game.chance.pick(len(pile), "relic draw", pile)))


def pick_up(game: Game, hero: FigureState, marker: Marker) -> None:
    """Rulebook: Treasures; Money marker; Relic Markers; Potions; Rune-locked Doors."""
    game.board.remove_marker(marker.id)
    if marker.kind == "money":
        for other in game.state.heroes():
            other.coins += MONEY_MARKER_COINS
        game.emit("money_found", f"{hero.name} picks up a money marker: every hero gains {MONEY_MARKER_COINS} "
                  "coins.", ref="Money marker", hero=hero.id, amount=MONEY_MARKER_COINS)
    elif marker.kind == "rune_key":
        colour = str(marker.data.get("colour", ""))
        if colour not in rune_keys(game):
            rune_keys(game).append(colour)
        game.emit("rune_key_found", f"{hero.name} picks up the {colour} rune key: {colour} rune doors are "
                  "unlocked.", ref="Rune-locked Doors", hero=hero.id, colour=colour)
    elif marker.kind == "potion":
        item_id = str(marker.data.get("item", DEFAULT_POTION))
        game.emit("marker_picked_up", f"{hero.name} picks up a potion.", ref="Potions", hero=hero.id,
                  item=item_id, marker=marker.id)
        receive(game, hero, item_id, source="picked up")
    elif marker.kind == "relic":
        relic = _relic_for(game, marker)
        game.emit("marker_picked_up", f"{hero.name} picks up a relic marker.", ref="Relic Markers", hero=hero.id,
                  item=relic, marker=marker.id)
        if relic is not None:
            receive(game, hero, relic, source="a relic")
    else:
        raise EngineError(f"a {marker.kind} marker cannot be picked up")


@on_enter_space
def _pick_up_on_entering(game: Game, figure: FigureState, fp: Footprint) -> None:
    """A hero entering a space during his own turn picks up its markers (ruling above)."""
    if figure.kind != "hero" or not _own_turn(game, figure):
        return
    for marker in reversed(pickable(game, figure)):  # pushed last resolves first: reading order
        pick_up(game, figure, marker)


def pickup_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """A free choice for each marker in the hero's space he did not pick up by entering it."""
    return [Choice(id=f"pickup:{m.id}", label=f"Pick up the {m.kind.replace('_', ' ')} marker", data={"marker": m.id})
            for m in pickable(game, hero)]


def apply_pickup(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Pick up the chosen marker (no movement points)."""
    if not choice.id.startswith("pickup:"):
        return False
    pick_up(game, hero, game.board.marker(choice.data["marker"]))
    return True


turn_choice_provider(chest_choices, apply_chest)
turn_choice_provider(pickup_choices, apply_pickup)
