"""What a hero's equipped items do for him all the time: always-on abilities, lasting stat
changes and heavy armor's speed cap.

Rulebook: Equipping Items (only equipped items work); Item Cards; Movement (heavy armor caps
speed); Special Abilities (a figure with an ability uses it). docs/rulesets.md, "Which abilities a
figure bears"; docs/rulings.md, "Items that change a hero's values".

Why the item's gifts are written onto the figure (and remembered here) instead of being looked
up at each use: every rule already reads ``figure.abilities``, ``speed``, ``armor``... (Aura,
Shadowcloak, Necromancy, Fly, the attack's own abilities, the AIs, the views), so one sync point
makes all of them see the items, with no rule naming an item.

* Abilities: an equipped item that is not a weapon or rune (their abilities belong to their
  attacks) and not a potion gives its bearer its abilities, and the immunities they bring
  (Ironskin...). An item that lists ``Locking Stamina`` gives nothing until fatigue is locked
  on it: that lock adds its abilities itself (``abilities.units.locking_stamina``).
* Stats: ``modify_stat`` effects on ``self``, ``permanent``, of any equipped item except potions
  (speed, armor, max_wounds, max_fatigue, melee, ranged, magic) change the hero's values while
  the item stays equipped. A raised maximum raises the current value with it; a lowered one
  lowers it as far as it can (wounds not below 1, fatigue not below 0) and what could not be
  taken is owed: it is kept back from the next raise, so unequipping and re-equipping never
  refills anything.
* Speed: the hero's own speed plus his items' bonuses, capped by the lowest ``speed_cap`` of his
  equipped armor.

``refresh`` puts the figure right; it runs whenever equipment changes (``items.refresh_speed``)
and at the start of every hero's and overlord's turn, for every hero (scenarios and cards may
set equipment directly).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from delve.boundary import dump, load
from delve.content.effects import ModifyStat
from delve.content.schema import Item
from delve.engine.game import Game
from delve.engine.state import AbilityRef, FigureState, Step
from delve.rules import equipment

FLAG = "item_gifts"  # state.flags[FLAG][hero id] = {"abilities", "immunities", "stats", "owed", "speed"}
REF = "Equipping Items"
LOCK = "Locking Stamina"
STATS = ("speed", "armor", "max_wounds", "max_fatigue", "melee", "ranged", "magic")
TRAITS = ("melee", "ranged", "magic")
FLOOR = {"max_wounds": 1, "max_fatigue": 0}  # the current value never drops below this
CURRENT = {"max_wounds": "wounds", "max_fatigue": "fatigue"}


def bears_abilities(it: Item) -> bool:
    """Does this item, while equipped, give its bearer its abilities (weapons' go to attacks)?"""
    return it.kind not in ("weapon", "rune", "potion") and not needs_lock(it)


def needs_lock(it: Item) -> bool:
    """An item listing Locking Stamina works only while fatigue is locked on it."""
    return any(a.name == LOCK for a in it.abilities)


def stat_effects(it: Item) -> list[tuple[str, int]]:
    """The lasting (stat, amount) changes an equipped item makes to its bearer."""
    if it.kind == "potion" or needs_lock(it):
        return []
    return [(e.stat, e.amount) for e in it.effects if isinstance(e, ModifyStat) and runs_effect(it, e)]


def runs_effect(it: Item, effect: Any) -> bool:
    """True when the engine carries out this effect of the item (for content checks and docs):
    its lasting stat changes here, a healing potion's heal in ``rules.potions``."""
    if effect.effect == "heal_wounds":
        return it.kind == "potion"
    if isinstance(effect, ModifyStat):
        return (it.kind != "potion" and not needs_lock(it) and effect.target == "self"
                and effect.duration == "permanent" and effect.stat in STATS)
    return False


def gifts(game: Game, hero: FigureState) -> tuple[list[AbilityRef], Counter[str]]:
    """The abilities and stat changes the hero's equipped items give him now."""
    refs: list[AbilityRef] = []
    stats: Counter[str] = Counter()
    for it in equipment.equipped_items(game, hero):
        if bears_abilities(it):
            refs += [AbilityRef(name=a.name, rank=a.rank or 0) for a in it.abilities]
        for stat, amount in stat_effects(it):
            stats[stat] += amount
    return refs, stats


def record(game: Game, hero: FigureState) -> dict[str, Any]:
    """What the items gave this hero last time (empty for a hero never refreshed)."""
    found: dict[str, Any] = game.state.flags.get(FLAG, {}).get(hero.id, {})
    return found


def own_abilities(game: Game, figure: FigureState) -> list[AbilityRef]:
    """The figure's abilities without those its items gave it."""
    refs = list(figure.abilities)
    for raw in record(game, figure).get("abilities", []):
        ref = load(AbilityRef, raw)
        if ref in refs:
            refs.remove(ref)
    return refs


def borne_abilities(game: Game, figure: FigureState) -> list[AbilityRef]:
    """The abilities a figure bears now: its own (a locked item's included: the lock adds them)
    and those of its equipped items, whether or not ``refresh`` has run since they changed."""
    if figure.kind != "hero":
        return list(figure.abilities)
    return own_abilities(game, figure) + gifts(game, figure)[0]


def speed_cap(game: Game, hero: FigureState) -> int | None:
    """The lowest speed cap of the hero's equipped armor, if any (Rulebook: Movement)."""
    caps = [it.speed_cap for it in equipment.equipped_items(game, hero) if it.speed_cap]
    return min(caps) if caps else None


def _sync_abilities(game: Game, hero: FigureState, old: dict[str, Any], new: dict[str, Any],
                    refs: list[AbilityRef]) -> None:
    before = [load(AbilityRef, raw) for raw in old.get("abilities", [])]
    if before == refs:
        new["abilities"], new["immunities"] = old.get("abilities", []), old.get("immunities", [])
        return
    for ref in before:
        if ref in hero.abilities:
            hero.abilities.remove(ref)
    hero.immunities = [i for i in hero.immunities if i not in old.get("immunities", [])]
    hero.abilities += refs
    from delve.rules.setup import natural_immunities

    added = [i for i in natural_immunities(hero) if i not in hero.immunities]
    hero.immunities = sorted([*hero.immunities, *added])
    new["abilities"] = [dump(r) for r in refs]
    new["immunities"] = added
    names = ", ".join(r.name + (f" {r.rank}" if r.rank else "") for r in refs) or "none"
    game.emit("item_abilities", f"{hero.name} now bears from his items: {names}.", ref=REF, hero=hero.id,
              abilities=[r.name for r in refs])


def _change(hero: FigureState, stat: str, delta: int, owed: int) -> int:
    """Apply ``delta`` to one stat (a maximum drags its current value along); return what is owed."""
    if stat in TRAITS:
        hero.traits[stat] = hero.traits.get(stat, 0) + delta
        return 0
    setattr(hero, stat, getattr(hero, stat) + delta)
    current = CURRENT.get(stat)
    if current is None:
        return 0
    value = getattr(hero, current)
    if delta > 0:
        paid = min(owed, delta)
        setattr(hero, current, min(getattr(hero, stat), value + delta - paid))
        return owed - paid
    lowered = max(FLOOR[stat], value + delta)
    taken = value - lowered
    setattr(hero, current, min(lowered, getattr(hero, stat)))
    return owed + (-delta - taken)


def _sync_stats(game: Game, hero: FigureState, old: dict[str, Any], new: dict[str, Any],
                stats: Counter[str]) -> None:
    before: dict[str, int] = dict(old.get("stats", {}))
    owed: dict[str, int] = dict(old.get("owed", {}))
    for stat in STATS:
        if stat == "speed":
            continue
        delta = stats.get(stat, 0) - before.get(stat, 0)
        if delta:
            owed[stat] = _change(hero, stat, delta, owed.get(stat, 0))
            game.emit("item_stat", f"{hero.name}'s {stat.replace('_', ' ')} changes by {delta:+d} "
                      "(equipped items).", ref=REF, hero=hero.id, stat=stat, amount=delta)
    new["stats"] = {s: a for s, a in stats.items() if a and s != "speed"}
    new["owed"] = {s: a for s, a in owed.items() if a}
    # Speed: own speed plus the items' bonus, then the armor's cap.
    applied = int(old.get("speed", 0))
    own = hero.speed - applied
    cap = speed_cap(game, hero)
    speed = own + stats.get("speed", 0)
    if cap is not None:
        speed = min(speed, cap)
    new["speed"] = speed - own
    if speed != hero.speed:
        hero.speed = speed
        game.emit("speed_changed", f"{hero.name}'s speed is now {speed}.", ref="Movement", hero=hero.id,
                  speed=speed)


def refresh(game: Game, hero: FigureState) -> None:
    """Bring the hero's abilities and values in line with what he has equipped now."""
    if hero.kind != "hero":
        return
    old = record(game, hero)
    refs, stats = gifts(game, hero)
    new: dict[str, Any] = {}
    _sync_abilities(game, hero, old, new, refs)
    _sync_stats(game, hero, old, new, stats)
    table = game.state.flags.setdefault(FLAG, {})
    if any(new.get(k) for k in ("abilities", "immunities", "stats", "owed", "speed")):
        table[hero.id] = new
    else:
        table.pop(hero.id, None)
    if not table:
        game.state.flags.pop(FLAG, None)


def refresh_all(game: Game) -> None:
    """Every hero in the game (start of each turn)."""
    for hero in game.state.heroes():
        refresh(game, hero)


def _hero_turn_start(game: Game, hero: FigureState) -> None:
    refresh_all(game)


def _overlord_turn_start(game: Game, step: Step) -> None:
    refresh_all(game)


def install() -> None:
    """Register the turn-start refreshes (once)."""
    from delve.rules import hero_turn, overlord_turn

    if _hero_turn_start not in hero_turn.TURN_START_HOOKS:
        hero_turn.TURN_START_HOOKS.insert(0, _hero_turn_start)
    if _overlord_turn_start not in overlord_turn.TURN_START_HOOKS:
        overlord_turn.TURN_START_HOOKS.insert(0, _overlord_turn_start)


install()
