"""The overlord AI's 2nd-edition play: free overlord cards and the quest's own goals.

Why a module of its own: the 1st-edition overlord AI (``overlord_ai``) pays threat for cards
and wins by killing heroes, so it passes every event window and sends every monster at the
nearest hero. A 2e overlord pays nothing for a card (descent-2e excerpt b, "Overlord Cards")
and wins by time (``end_of_round`` goals): what he must stop is the heroes' goal (an area to
reach, a lieutenant to kill; excerpt a, "Quests"). So in a 2e game this module answers first
(``choose`` returns None for what it leaves to the 1st-edition rules, and never runs in a 1st-
edition game, whose play stays byte for byte the same):

- **event windows**: every offered event is valued from its effects in the pack: a bonus to
  the attack being made (more damage, a power die) by the exact 2e odds of that attack with and
  without it (2e attack and defense dice from the engine's dice tables), a heal by the damage
  it restores (twice for a monster the heroes must kill), a fatigue drain by the fatigue the
  hero loses. The best is played when it is worth ``PLAY_AT``; several names may follow.
- **trap windows**: the trap that hurts most (wounds, a kill, a condition), when worth it.
- **monster activations**, when the heroes have a goal to stop: each option is valued by how
  well it guards the goal after it (``guard_value``: how far the heroes must walk, with the
  monsters in the way, to an area they must reach or to a space from which they could strike
  a monster they must kill, and how many of them could strike it on their next turn), plus a
  smaller share of the attack it makes. The monster the heroes must kill keeps out of reach
  and strikes only from safety; the others stand in the way.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any

from delve.ai import overlord_common as oc
from delve.ai.explain import Values
from delve.api import player_rules
from delve.board.geometry import Footprint, Pos, neighbors8
from delve.board.los import footprint_line_of_sight
from delve.board.movement import Reach, SmallReaches, reachable
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules2e.encounters import quest_entry

RULESET = "2e"
PLAY_AT = 0.5  # a free card is played when it is worth at least this many wounds
KILL_WEIGHT = 6.0  # as the 1st-edition AI: a knock-out is worth this many wounds more
NAMED_HEAL = 2.0  # a heal on a monster the heroes must kill counts this much per point
EXPOSED = 4.0  # cost of each hero who could strike the protected monster on his next turn
WALK = 0.5  # value of each space the heroes must still walk (to strike it, or to their area)
WALK_CAP = 12  # spaces: farther, or walled off by monsters, counts as this far
ATTACK_SHARE = 0.5  # share of an attack's value while guarding a goal
POWER_DIE = "black"  # the power die an extra-die card adds (the engine's ``POWER`` die)
CONDITION_VALUE = 1.0  # a condition a trap lays, in wounds
AFTER_MOVE = 0.5  # share of ``ATTACK_SHARE`` for the attack a move makes possible (not made yet)
FATIGUE_VALUE = 0.5  # a fatigue a card drains, in wounds
DRAW_VALUE = 1.0  # a card a card draws, in wounds
MOVE_COST = 0.01  # per space a move costs: of two equal places, the nearer


@dataclass(frozen=True)
class Tuning2e:
    """The 2e overlord's weights, one frozen object a player carries (``tuning(ai)``).

    Why an object and not only the module's constants: the normal level plays the hand-tuned
    values (the default, equal to the constants above, so its games replay as before), and a
    level or a bench may play the same policy with other weights in the same process (the hard
    level's base policy, ``bench/tune_2e.py``'s candidates) without touching the module."""

    play_at: float = PLAY_AT
    kill_weight: float = KILL_WEIGHT
    named_heal: float = NAMED_HEAL
    exposed: float = EXPOSED
    walk: float = WALK
    walk_cap: int = WALK_CAP
    attack_share: float = ATTACK_SHARE
    after_move: float = AFTER_MOVE
    condition_value: float = CONDITION_VALUE
    fatigue_value: float = FATIGUE_VALUE
    draw_value: float = DRAW_VALUE
    move_cost: float = MOVE_COST
    # behaviour switches (their defaults play as the constants' policy always did)
    other_heal: float = 1.0  # a heal on any other monster, per point (0: healing is kept for the named)
    named_attack_share: float | None = None  # the named monster's share of its attack (None: ``attack_share``)
    threat_extra: int = 0  # spaces added to a hero's move when asking whether he could strike the named
    order: str = "nearest"  # activation order: "nearest" (the 1st-edition AI's), "named_last", "named_first"
    early: Tuning2e | None = None  # the weights while the encounter has a next one (None: these)

    # Why these three: compiled (mypyc), a frozen dataclass cannot be rebuilt by ``copy`` or
    # ``pickle``, which set its fields one by one; players carrying one are deep-copied
    # (``delve.ai.explain``) and pickled (the processes backend). Immutable, it is shared by a
    # copy, and a pickle rebuilds it through its constructor.
    def __copy__(self) -> Tuning2e:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Tuning2e:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tuning2e, tuple(getattr(self, f.name) for f in fields(self)))


DEFAULT = Tuning2e()
# The hard level's base policy (``delve.ai.search.SearchPlayer``; the normal level plays DEFAULT),
# tuned by whole games against the hero AI (bench/tune_2e.py; docs/simulation.md, "The 2e
# overlord's weights tuned"): Dark Healing kept for the named foe (a heal on another monster
# counts nothing), the named foe strikes at three times the guards' share of its attack, and
# while another encounter follows only cards worth 3 wounds are played (the hand carries over).
# Held out (root 9400, 400 games a quest) it beat DEFAULT by +10.2% and +10.0% of games won.
HARD = replace(DEFAULT, other_heal=0.0, named_attack_share=1.5,
               early=replace(DEFAULT, other_heal=0.0, named_attack_share=1.5, play_at=3.0))
ORDERS = ("nearest", "named_last", "named_first")


def tuning(ai: Any, game: Game | None = None) -> Tuning2e:
    """The weights a player plays by in ``game``: its ``tuning_2e`` when it has one, else the
    default; while the encounter has a next one, their ``early`` weights when set."""
    found = getattr(ai, "tuning_2e", None)
    weights = found if isinstance(found, Tuning2e) else DEFAULT
    if weights.early is not None and game is not None:
        quest = quest_entry(game)
        if quest is not None and quest.next_encounter is not None:
            return weights.early
    return weights


def active(game: Game) -> bool:
    """Whether the game follows the 2nd-edition rules."""
    return game.state.ruleset == RULESET


# -- exact 2e attack odds ----------------------------------------------------------------------
Dist = dict[tuple[bool, int, int, int], float]  # (missed, range, hearts, enhancements) -> probability


ATTACK_COLOURS = ("blue", "red", "yellow", "green")  # content colours a 2e game rolls as 2e dice
DEFENSE_COLOURS = ("brown", "gray", "black")


def _engine_die(colour: str, colours: tuple[str, ...]) -> str:
    """The die a 2e game rolls for a content colour of this kind (``delve.rules2e.dice``): the
    2e faces for those colours, the 1st-edition die (e.g. the black power die) otherwise."""
    return f"2e-{colour}" if colour in colours else colour


@cache
def _roll(dice: tuple[str, ...]) -> tuple[tuple[tuple[bool, int, int, int], float], ...]:
    """The exact distribution of (missed, range, hearts, enhancements) of these attack dice
    (enhancements: the 1st-edition power die's, one point of range or damage each)."""
    dist: Dist = {(False, 0, 0, 0): 1.0}
    for die in dice:
        faces = player_rules().die_spec(_engine_die(die, ATTACK_COLOURS)).faces
        out: Dist = {}
        for (missed, rng, hearts, enh), p in dist.items():
            for face in faces:
                key = (missed or face.miss, rng + face.range, hearts + face.hearts, enh + face.enhancement)
                out[key] = out.get(key, 0.0) + p / len(faces)
        dist = out
    return tuple(sorted(dist.items()))


@cache
def _shields(dice: tuple[str, ...]) -> tuple[tuple[int, float], ...]:
    """The exact distribution of the shields these defense dice roll."""
    dist = {0: 1.0}
    for die in dice:
        faces = player_rules().die_spec(_engine_die(die, DEFENSE_COLOURS)).faces
        out: dict[int, float] = {}
        for total, p in dist.items():
            for face in faces:
                out[total + face.shields] = out.get(total + face.shields, 0.0) + p / len(faces)
        dist = out
    return tuple(sorted(dist.items()))


def attack_outcome(dice: Iterable[str], defense: Iterable[str], *, armor: int, range_needed: int,
                   bonus_damage: int = 0, pierce: int = 0, wounds_left: int = 1) -> tuple[float, float]:
    """(expected damage, chance to deal at least ``wounds_left``) of a 2e attack: a miss face or
    too little range misses; enhancements make up missing range first, the rest is damage;
    damage is hearts plus bonus, less armor and shields (Pierce takes off that much of both)."""
    expected = kill = 0.0
    shields = _shields(tuple(defense))
    for (missed, rng, hearts, enh), p in _roll(tuple(dice)):
        short = max(0, range_needed - rng)
        if missed or short > enh:
            continue
        for shield, q in shields:
            damage = max(0, hearts + enh - short + bonus_damage - max(0, armor + shield - pierce))
            expected += p * q * damage
            if damage >= wounds_left:
                kill += p * q
    return expected, kill


def _attack_in_window(game: Game) -> tuple[FigureState, FigureState, dict[str, Any]] | None:
    """The monster attacking, the hero it attacks and the attack's context, in an event window."""
    step = oc.top_step(game, "attack")
    if step is None:
        return None
    ctx = step.data["ctx"]
    attacker = game.state.figures.get(ctx["attacker"])
    target = next((h for h in oc.heroes(game) if tuple(ctx["target"]) in h.footprint.cells()), None)
    if attacker is None or target is None:
        return None
    return attacker, target, ctx


def attack_value(game: Game, ctx: dict[str, Any], target: FigureState, *, damage: int = 0, power: int = 0,
                 kill_weight: float = KILL_WEIGHT) -> float:
    """Expected damage plus ``kill_weight`` times the knock-out chance of the attack in ``ctx``
    on ``target``, with ``damage`` more damage and ``power`` more power dice."""
    dice = [*ctx.get("dice", []), *[POWER_DIE] * (int(ctx.get("power", 0)) + power)]
    needed = 0 if ctx.get("ignore_range") or ctx.get("attack_type") == "melee" else int(ctx.get("range_needed", 0))
    expected, kill = attack_outcome(dice, target.defense_dice, armor=oc.hero_armor(game, target),
                                    range_needed=needed,
                                    bonus_damage=int(ctx.get("bonus_damage", 0)) + damage,
                                    pierce=int(ctx.get("abilities", {}).get("Pierce", 0)), wounds_left=target.wounds)
    return expected + kill_weight * kill


# -- the heroes' goals ------------------------------------------------------------------------
def protected(game: Game) -> list[FigureState]:
    """Monsters on the board the heroes must kill (``kill_named`` goals)."""
    names = {g["kill_named"] for g in game.state.flags.get("goals", {}).get("heroes", []) if g.get("kill_named")}
    return [m for m in oc.monsters(game) if m.content_id in names or m.id in names]


def goal_cells(game: Game) -> set[Pos]:
    """Spaces of the areas the heroes must reach (``reach_area`` goals)."""
    areas = {g["reach_area"] for g in game.state.flags.get("goals", {}).get("heroes", []) if g.get("reach_area")}
    return {p for p in game.board.spaces() if game.board.area_of(p) in areas} if areas else set()


def guarding(game: Game) -> bool:
    """Whether the heroes have a goal the monsters can stand in the way of."""
    return bool(protected(game) or goal_cells(game))


Walk = MutableMapping[Footprint, Reach]  # what ``reachable`` answers: a hero's walk


def _hero_walk(game: Game, hero: FigureState, monster_cells: set[Pos],
               cap: int = WALK_CAP) -> tuple[Walk, dict[Pos, int]]:
    """(the search, the movement cost for the hero to every space he could end on), monsters in
    the way, searched as far as twice ``cap``."""
    others = {c for h in oc.heroes(game) if h.id != hero.id for c in h.footprint.cells()}
    reach = reachable(game.board, hero.footprint, cap * 2, monster_cells, others | monster_cells)
    if isinstance(reach, SmallReaches):
        return reach, reach.space_costs()
    return reach, {(fp.x, fp.y): r.cost for fp, r in reach.items()}


def _hero_reach(game: Game, hero: FigureState, monster_cells: set[Pos], cap: int = WALK_CAP) -> dict[Pos, int]:
    """Movement cost for the hero to every space he could end on, monsters in the way."""
    return _hero_walk(game, hero, monster_cells, cap)[1]


class Walks:
    """The heroes' walks for the placements of one monster in one state (``guard_value``).

    Why: an activation's options differ only in where that monster stands, and most of them
    stand on the tips of a hero's walk, where no other space is reached from
    (``SmallReaches.unchanged_by``): there the walk is the one searched without the monster,
    less the monster's spaces. So each hero is searched once without the monster, and again
    only for the placements that stand in the walk's way: the same values as searching every
    placement, for a fraction of the searches (``tests/ai/test_overlord_2e.py``)."""

    def __init__(self, game: Game, moved: FigureState, cap: int = WALK_CAP) -> None:
        self.game = game
        self.moved = moved
        self.cap = cap  # ``Tuning2e.walk_cap``: how far the walks are searched
        self.rest = {c for m in oc.monsters(game) if m.id != moved.id for c in m.footprint.cells()}
        self.goal = goal_cells(game)
        self._without: dict[str, tuple[Walk, dict[Pos, int]]] = {}

    def of(self, hero: FigureState, monster_cells: set[Pos], placed: tuple[Pos, ...]) -> dict[Pos, int]:
        """The hero's walk with the monster on the spaces ``placed`` (``monster_cells``: every
        monster's spaces, the placed ones included)."""
        found = self._without.get(hero.id)
        if found is None:
            found = self._without[hero.id] = _hero_walk(self.game, hero, self.rest, self.cap)
        search, costs = found
        if isinstance(search, SmallReaches) and search.unchanged_by(placed):
            if any(p in costs for p in placed):
                return {p: cost for p, cost in costs.items() if p not in placed}
            return costs
        return _hero_reach(self.game, hero, monster_cells, self.cap)


def _shoots(game: Game, hero: FigureState) -> bool:
    """Whether the hero attacks from a distance (a ranged or magic weapon equipped)."""
    items = oc.pack(game).items
    return any(items[i].attack_type in ("ranged", "magic") for i in hero.equipped if i in items)


def guard_value(game: Game, moved: FigureState | None = None, to: Footprint | None = None,
                walks: Walks | None = None, weights: Tuning2e = DEFAULT) -> float:
    """How well the monsters guard the heroes' goals, with ``moved`` standing at ``to``
    (``walks``: the heroes' walks for placements of ``moved`` in this state, to share, searched
    as far as ``weights.walk_cap``; the constants named below are ``weights``' fields).

    For a monster the heroes must kill: minus ``EXPOSED`` for each hero who could strike it on
    his next turn (end a move of his speed plus fatigue beside it, or, with a ranged weapon, in
    sight of it), plus ``WALK`` for each space the nearest hero must walk to a space beside it.
    For an area to reach: ``WALK`` for each space the nearest hero must walk into it. Monsters
    block the heroes' way (heroes may not pass them), so standing in a doorway counts."""
    places = {m.id: (to if moved is not None and m.id == moved.id and to is not None else m.footprint)
              for m in oc.monsters(game)}
    monster_cells = {c for fp in places.values() for c in fp.cells()}
    heroes = oc.heroes(game)
    if not heroes:
        return 0.0
    if walks is not None and moved is not None and walks.moved.id == moved.id:
        placed = places[moved.id].cells()
        reaches = {h.id: walks.of(h, monster_cells, placed) for h in heroes}
        cells = walks.goal
    else:
        reaches = {h.id: _hero_reach(game, h, monster_cells, weights.walk_cap) for h in heroes}
        cells = goal_cells(game)
    cap, walk_value = weights.walk_cap, weights.walk
    value = 0.0
    for named in protected(game):
        fp = places[named.id]
        beside = {n for c in fp.cells() for n in neighbors8(c)} - set(fp.cells())
        blocked = monster_cells - set(fp.cells())
        nearest = cap
        for hero in heroes:
            reach = reaches[hero.id]
            walk = min((reach[c] for c in beside if c in reach), default=cap)
            nearest = min(nearest, walk)
            move = hero.speed + max(0, hero.fatigue) + weights.threat_extra
            threat = walk <= move
            if not threat and _shoots(game, hero):
                threat = any(cost <= move and footprint_line_of_sight(game.board, Footprint.single(cell),
                                                                      fp.cells()[0], blocked)
                             for cell, cost in reach.items())
            value -= weights.exposed * threat
        value += walk_value * min(nearest, cap)
    if cells:
        walk = min((reach[c] for reach in reaches.values() for c in cells if c in reach), default=cap)
        value += walk_value * min(walk, cap)
    return value


# -- choices ------------------------------------------------------------------------------------
def option_values(ai: Any, decision: Decision, game: Game) -> tuple[str, Values] | None:
    """What the 2e overlord weighs for this decision, or None when the 1st-edition rules answer."""
    if not active(game):
        return None
    kind = decision.kind
    weights = tuning(ai, game)
    if kind == "event_window":
        measure = "free card: wounds it adds (exact 2e odds), damage it heals, fatigue it drains"
        return measure, card_values(game, decision, weights)
    if kind == "trap_window":
        return "free trap: wounds (+6 x knock-out chance) or a condition", trap_values(game, decision, weights)
    if kind == "monster_activation" and guarding(game):
        return ("guarding the heroes' goal: spaces they must walk, minus 4 per hero who could strike the monster "
                "they must kill, plus half the attack's value"), activation_values(ai, decision, game)
    return None


def choose(ai: Any, decision: Decision, game: Game) -> str | None:
    """The 2e answer, or None for the 1st-edition rules to answer."""
    if active(game) and decision.kind == "overlord_turn":
        return activation_order(decision, game, tuning(ai, game).order)
    found = option_values(ai, decision, game)
    if found is None:
        return None
    kind = decision.kind
    values = found[1]
    if kind in ("event_window", "trap_window"):
        best = max(values.items(), key=lambda kv: (kv[1][0] or 0.0, kv[0]), default=None)
        play_at = tuning(ai, game).play_at
        return best[0] if best is not None and (best[1][0] or 0.0) >= play_at else oc.first_of(decision, "pass")
    if not values:
        return None
    return max(values, key=lambda c: (values[c][0] or 0.0, c == "end_activation", c))


def _effects(game: Game, choice: Choice) -> list[Any]:
    found = oc.card(game, choice.data.get("card", ""))
    return list(found.effects) if found is not None else []


def card_values(game: Game, decision: Decision, weights: Tuning2e = DEFAULT) -> Values:
    """Each offered event's worth, from its effects (``weights.play_at`` or more is played)."""
    values: Values = {}
    attack = _attack_in_window(game)
    step = oc.top_step(game, "event_window")
    context = step.data.get("context", {}) if step is not None else {}
    kill_weight = weights.kill_weight
    base = attack_value(game, attack[2], attack[1], kill_weight=kill_weight) if attack is not None else 0.0
    named = {m.id for m in protected(game)}
    for choice in oc.by_prefix(decision, "event:"):
        worth = 0.0
        details: dict[str, Any] = {}
        for effect in _effects(game, choice):
            kind = effect.effect
            if kind == "modify_stat" and getattr(effect, "stat", "") == "damage" and attack is not None:
                gain = attack_value(game, attack[2], attack[1], damage=int(effect.amount),
                                    kill_weight=kill_weight) - base
                worth += gain
                details["attack_gain"] = round(gain, 3)
            elif kind == "bonus_dice" and attack is not None:
                gain = attack_value(game, attack[2], attack[1], power=int(getattr(effect, "power_dice", 0)),
                                    kill_weight=kill_weight) - base
                worth += gain
                details["attack_gain"] = round(gain, 3)
            elif kind == "heal_wounds":
                source = game.state.figures.get(context.get("triggering_monster", ""))
                group = [m for m in oc.monsters(game) if source is not None and m.content_id == source.content_id]
                healed = sum(min(int(effect.amount), m.max_wounds - m.wounds)
                             * (weights.named_heal if m.id in named else weights.other_heal) for m in group)
                worth += healed
                details["healed"] = healed
            elif kind == "drain_fatigue":
                hero = game.state.figures.get(context.get("triggering_hero", ""))
                drained = min(int(effect.amount), hero.fatigue) if hero is not None else 0
                worth += weights.fatigue_value * drained
                details["fatigue_drained"] = drained
            elif kind == "draw_overlord_cards":
                worth += weights.draw_value
        values[choice.id] = (worth, details)
    values["pass"] = (0.0, {})
    return values


def trap_values(game: Game, decision: Decision, weights: Tuning2e = DEFAULT) -> Values:
    """Each offered trap's worth to the overlord (``weights.play_at`` or more is sprung)."""
    values: Values = {}
    step = oc.top_step(game, "trap_window")
    context = step.data.get("context", {}) if step is not None else {}
    hero = game.state.figures.get(context.get("triggering_hero", ""))
    for choice in oc.by_prefix(decision, "trap:"):
        worth = 0.0
        for effect in _effects(game, choice):
            if effect.effect == "deal_wounds" and hero is not None:
                amount = int(effect.amount)
                worth += amount + weights.kill_weight * (amount >= hero.wounds)
            elif effect.effect == "apply_condition":
                worth += weights.condition_value
        values[choice.id] = (worth, {})
    values["pass"] = (0.0, {})
    return values


def activation_values(ai: Any, decision: Decision, game: Game) -> Values:
    """Each option of a monster's activation: the guard after it, plus a share of its attack
    (the monster the heroes must kill strikes only where it stays out of their reach)."""
    monster = oc.monster_of_activation(game)
    values: Values = {}
    if monster is None:
        return values
    weights = tuning(ai, game)
    walks = Walks(game, monster, weights.walk_cap)
    here = guard_value(game, monster, monster.footprint, walks, weights)  # the monster where it stands
    share = weights.attack_share
    if weights.named_attack_share is not None and any(m.id == monster.id for m in protected(game)):
        share = weights.named_attack_share
    for choice in oc.by_prefix(decision, "attack:"):
        target = oc.attack_target(game, choice)
        if target is not None:
            hit = ai.attack_value(game, monster, monster.footprint, target)
            values[choice.id] = (here + share * hit, {"guard": round(here, 3), "attack": round(hit, 3)})
    attack_cell = oc.attack_cells(game, monster, oc.blockers(game, monster.id))
    step = oc.top_step(game, "monster_activation")
    attacks_left = step is not None and int(step.data.get("attacks", 0)) > 0
    for choice in oc.by_prefix(decision, "move:"):
        fp = oc.footprint_of(choice)
        guard = guard_value(game, monster, fp, walks, weights) - weights.move_cost * int(choice.data.get("cost", 0))
        hit = 0.0
        if attacks_left:
            hit = max((ai.attack_value(game, monster, fp, h) for h in oc.heroes(game)
                       if attack_cell(fp, h) is not None), default=0.0)
        values[choice.id] = (guard + share * weights.after_move * hit,
                             {"guard": round(guard, 3), "attack_after": round(hit, 3)})
    if decision.find("end_activation"):
        values["end_activation"] = (here, {"guard": round(here, 3)})
    return values


def activation_order(decision: Decision, game: Game, order: str) -> str | None:
    """Which monster to activate next by ``order`` (``Tuning2e.order``), or None for the
    1st-edition AI's order (nearest the heroes first): "named_last" activates the monster the
    heroes must kill after the others (they stand in the way first, and it sees where), and
    "named_first" before them; the others keep the 1st-edition order among themselves."""
    if order == "nearest":
        return None
    ready = [game.figure(c.data["figure"]) for c in oc.by_prefix(decision, "activate:")]
    if not ready:
        return None
    named = {m.id for m in protected(game)}
    first_named = order == "named_first"
    keys = [((m.id in named) != first_named, oc.nearest_hero_distance(game, m) - oc.short_range(m), m.id)
            for m in ready]
    return f"activate:{ready[keys.index(min(keys))].id}"
