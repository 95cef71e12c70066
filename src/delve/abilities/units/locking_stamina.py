"""Locking Stamina: a hero pays fatigue onto an item, and the item works while it stays there.

extra-game-effects.txt, Locking Stamina, mapped onto the 1st edition (docs/rulesets.md, "Extra
game effects"): stamina is fatigue. An equipped item (not a weapon or rune: their abilities
belong to attacks) that lists ``Locking Stamina`` is dormant until its bearer locks fatigue on
it: one fatigue per ``Locking Stamina`` the item lists (the ability takes no rank in content;
a written-stat figure's rank counts as that many). While locked, the item's other abilities are
the hero's own (Mirror, Evade, Jump, Fly...).

* Locking is a free choice during the hero's turn (``lock:ITEM``), allowed only with enough
  fatigue left; unlocking (``unlock:ITEM``) is free at any point of his turn.
* Locked fatigue counts as spent: it pays for nothing, and rest, potions and glyphs cannot
  recover it (the hero's ``max_fatigue`` is lowered by the locked amount while locked). Ending
  a lock gives no fatigue back: the chips become ordinary spent fatigue.
* Overflow: when the hero must lose fatigue he does not have (Leech), the shortfall is taken
  from his locked fatigue before it turns into wounds, most recently locked item first. An item
  left with less than it needs stops working; its remaining chips become spent fatigue.
* The lock also ends when the item is no longer equipped, and when the hero dies (death
  restores his fatigue in full).

Actions: 1st-edition actions (Run, Battle, Advance, Ready) last one turn and never stay in
effect, so there is no 1e action to lock fatigue on; only items use this effect.

The helper ``active_refs`` tells the other extra effects which abilities a figure bears now: its
own plus those of its equipped non-weapon items that need no lock.
"""

from __future__ import annotations

from typing import Any

from delve.abilities.base import AbilityUnit, register_ability
from delve.boundary import dump, load
from delve.content.schema import Item
from delve.engine.decision import Choice
from delve.engine.game import Game
from delve.engine.state import AbilityRef, FigureState, Step
from delve.rules import equipment, item_effects
from delve.rules.hero_turn import TURN_START_HOOKS, turn_choice_provider
from delve.rules.movement import on_board
from delve.rules.wounds import FATIGUE_OVERFLOW_HOOKS, HERO_DEATH_HOOKS

NAME = "Locking Stamina"
FLAG = "locked_fatigue"  # state.flags[FLAG][hero_id] = [{item, amount, granted, immunities}, ...]
REF = "Locking Stamina"


def _lock_count(refs: Any) -> int:
    return sum(max(1, ref.rank or 0) for ref in refs if ref.name == NAME)


def lock_cost(item: Item) -> int:
    """Fatigue to lock on ``item`` (0: it needs no lock)."""
    return _lock_count(item.abilities)


def _worn(game: Game, figure: FigureState) -> list[Item]:
    """Equipped items whose abilities belong to the bearer (weapons' go to their attacks)."""
    if figure.kind != "hero":
        return []
    return [it for it in equipment.equipped_items(game, figure) if it.kind not in ("weapon", "rune")]


def active_refs(game: Game, figure: FigureState) -> list[AbilityRef]:
    """The abilities a figure bears now: its own (locked items' included, they are added to it)
    and those of its equipped non-weapon items that need no lock (``rules.item_effects``, which
    also writes them onto the figure, counted once)."""
    return item_effects.borne_abilities(game, figure)


def points(game: Game, figure: FigureState, name: str) -> int:
    """How strong ``name`` is on ``figure``: one per source for an unranked effect, else ranks added."""
    return sum(max(1, ref.rank) for ref in active_refs(game, figure) if ref.name == name)


def locks(game: Game, hero: FigureState) -> list[dict[str, Any]]:
    """The hero's locks, oldest first."""
    found: list[dict[str, Any]] = game.state.flags.get(FLAG, {}).get(hero.id, [])
    return found


def locked_total(game: Game, hero: FigureState) -> int:
    """Fatigue the hero has locked on items."""
    return sum(int(lock["amount"]) for lock in locks(game, hero))


def lock(game: Game, hero: FigureState, item: Item) -> None:
    """Lock the item's cost in fatigue on it: its other abilities become the hero's."""
    cost = lock_cost(item)
    hero.fatigue -= cost
    hero.max_fatigue -= cost
    granted = [AbilityRef(name=a.name, rank=a.rank or 0) for a in item.abilities if a.name != NAME]
    hero.abilities += granted
    from delve.rules.setup import natural_immunities

    added = [i for i in natural_immunities(hero) if i not in hero.immunities]
    hero.immunities = sorted([*hero.immunities, *added])
    entry = {"item": item.id, "amount": cost, "granted": [dump(g) for g in granted],
             "immunities": added}
    game.state.flags.setdefault(FLAG, {}).setdefault(hero.id, []).append(entry)
    game.emit("fatigue_locked", f"{hero.name} locks {cost} fatigue on {item.name}.", ref=REF,
              hero=hero.id, item=item.id, amount=cost)


def end_lock(game: Game, hero: FigureState, item_id: str, why: str) -> None:
    """The item stops working; its locked chips become spent fatigue (none come back)."""
    table = game.state.flags.get(FLAG, {})
    entries = table.get(hero.id, [])
    entry = next((e for e in entries if e["item"] == item_id), None)
    if entry is None:
        return
    entries.remove(entry)
    if not entries:
        table.pop(hero.id, None)
    if not table:
        game.state.flags.pop(FLAG, None)
    hero.max_fatigue += int(entry["amount"])
    for raw in entry["granted"]:
        ref = load(AbilityRef, raw)
        if ref in hero.abilities:
            hero.abilities.remove(ref)
    hero.immunities = [i for i in hero.immunities if i not in entry["immunities"]]
    game.emit("lock_ended", f"{hero.name}'s {equipment.item(game, item_id).name} stops working ({why}).",
              ref=REF, hero=hero.id, item=item_id, reason=why)


def sync(game: Game, hero: FigureState) -> None:
    """A lock on an item the hero no longer has equipped ends."""
    for entry in list(locks(game, hero)):
        if entry["item"] not in hero.equipped:
            end_lock(game, hero, entry["item"], "no longer equipped")


def _overflow(game: Game, figure: FigureState, short: int) -> int:
    """The hero must lose fatigue he lacks: locked fatigue goes first, newest lock first."""
    entries: list[Any] = list(locks(game, figure))  # sliced, not reversed(): mypyc cannot compile that over Any
    for entry in entries[::-1]:
        if short <= 0:
            break
        taken = min(short, int(entry["amount"]))
        short -= taken
        game.emit("locked_fatigue_lost", f"{figure.name} loses {taken} locked fatigue from "
                  f"{equipment.item(game, entry['item']).name}.", ref=REF, hero=figure.id,
                  item=entry["item"], amount=taken)
        end_lock(game, figure, entry["item"], "not enough fatigue locked")
    return short


def _on_death(game: Game, hero: FigureState) -> None:
    """Death restores all fatigue: the locks end and their fatigue is back too."""
    for entry in list(locks(game, hero)):
        end_lock(game, hero, entry["item"], "the hero died")
    hero.fatigue = hero.max_fatigue


def lock_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """``lock:ITEM`` for each dormant lockable item he can pay for; ``unlock:ITEM`` for each lock."""
    if hero.kind != "hero" or not on_board(hero):
        return []
    sync(game, hero)
    held = {e["item"] for e in locks(game, hero)}
    choices = []
    for it in _worn(game, hero):
        cost = lock_cost(it)
        if not cost:
            continue
        if it.id in held:
            choices.append(Choice(id=f"unlock:{it.id}", label=f"Stop using {it.name} (its locked fatigue "
                                  "stays spent)", data={"item": it.id}))
        elif hero.fatigue >= cost:
            choices.append(Choice(id=f"lock:{it.id}", label=f"Lock {cost} fatigue on {it.name} to use it",
                                  data={"item": it.id}))
    return choices


def apply_lock(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Lock or unlock the chosen item."""
    kind = choice.id.split(":", 1)[0]
    if kind == "lock":
        lock(game, hero, equipment.item(game, choice.data["item"]))
        return True
    if kind == "unlock":
        end_lock(game, hero, choice.data["item"], "ended by choice")
        return True
    return False


@register_ability
class LockingStamina(AbilityUnit):
    """A cost written on items; it works through turn choices and the fatigue-overflow hook."""

    name = NAME


turn_choice_provider(lock_choices, apply_lock)
FATIGUE_OVERFLOW_HOOKS.append(_overflow)
HERO_DEATH_HOOKS.append(_on_death)
TURN_START_HOOKS.append(sync)
