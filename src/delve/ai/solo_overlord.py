"""The solo overlord: the dice-roller solo procedure as the overlord seat's player.

Why a player and rule steps: the procedure's dice (interrupts, the number of orders, which kind
a bone pile raises) change the turn flow, so they are rules (``delve.rules.solo``, chance nodes
like any roll). What is left is a fixed way of answering the overlord's decisions, which is what
this player does: it reads the order count the rules rolled (``flags["solo"]["orders"]``),
activates that many monsters in the procedure's order, and moves and attacks each one by the
procedure's activation sequence and target priority. The mapping onto Descent 1st edition is
written down in docs/solo-overlord.md.

The player never changes the game: it answers with legal choice ids. Its only randomness (the
procedure's "determine randomly") comes from its own seeded generator, never from the game's.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from mypy_extensions import mypyc_attr

from delve.ai import overlord_common as oc
from delve.board.geometry import Footprint
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState

PILE_SHORT_RANGE = 4  # spaces: a bone pile "within short range" of a hero
PILE_LONG_RANGE = 9


def is_boss(game: Game, monster: FigureState) -> bool:
    """A boss of the variant: a named monster (a quest's unique foe) or a lieutenant. A master
    is the stronger figure of an ordinary kind, not a boss (docs/rulings.md, Solo overlord)."""
    return monster.named or monster.id in game.state.flags.get("lieutenants", {})


def initiative(game: Game, monster: FigureState) -> int:
    """Combat dice, +2 for a boss (a named monster or a lieutenant), +1 when the monster stands in
    a hero's rear arc while that hero is in the monster's front arc (+0 for spells: Delve
    monsters cast none)."""
    value = len(monster.dice) + (2 if is_boss(game, monster) else 0)
    if any(oc.in_rear_arc(h, monster.footprint) and oc.in_front_arc(monster, h.footprint) for h in oc.heroes(game)):
        value += 1
    return value


def walking_distance_to_heroes(game: Game, at: Footprint) -> tuple[int, int]:
    """How near ``at`` is to the nearest hero: the walking distance (the procedure's "closest":
    the path a figure would take, walls and doors counted), then the range."""
    return min(((oc.path_distance(game, at, h), oc.fp_distance(at, h.footprint)) for h in oc.heroes(game)),
               default=(oc.INF, oc.INF))


def initiative_order(game: Game, candidates: list[FigureState]) -> list[FigureState]:
    """Highest initiative first; ties go to the monster closest to the heroes (by walking
    distance), then by id."""
    return sorted(candidates, key=lambda m: (-initiative(game, m), walking_distance_to_heroes(game, m.footprint),
                                             m.id))


def _pile_distance(game: Game, marker_id: str) -> int:
    pos = game.board.marker(marker_id).pos
    return min((oc.fp_distance(Footprint.single(pos), h.footprint) for h in oc.heroes(game)), default=oc.INF)


def _pile_in_front_arc(game: Game, marker_id: str) -> bool:
    pos = game.board.marker(marker_id).pos
    return any(oc.in_front_arc(h, Footprint.single(pos)) for h in oc.heroes(game))


def _bone_piles(game: Game) -> list[str]:
    """Bone piles on the table: those in revealed areas (the rules offer no other)."""
    board = game.board
    return [m.id for m in board.markers if m.kind == "bone_pile"
            and ((area := board.area_of(m.pos)) is None or board.area(area).revealed)]


def _pile_key(game: Game, anchors: list[FigureState], choice: Choice) -> tuple[int, tuple[int, int], str]:
    """Raise Dead's pile order: out of a hero's front arc, then nearest an anchor hero."""
    at = Footprint.single((choice.data["x"], choice.data["y"]))
    near = min([(oc.path_distance(game, at, h), oc.fp_distance(at, h.footprint)) for h in anchors], default=(0, 0))
    return (1 if _pile_in_front_arc(game, choice.data["marker"]) else 0, near, choice.id)


def _summon_key(weakest: FigureState, gap: Callable[[Footprint], int], choice: Choice) -> tuple[int, int, int, str]:
    """Summoning order: out of the weakest hero's front arc, then nearest him."""
    fp = oc.footprint_of(choice)
    return (1 if oc.in_front_arc(weakest, fp) else 0, gap(fp), oc.fp_distance(fp, weakest.footprint), choice.id)


def _threat_of(game: Game, choice: Choice) -> int:
    """The threat a discard choice's card is worth (0 for a card the pack does not know)."""
    found = oc.card(game, choice.data["card"])
    return found.threat_value if found else 0


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled; people subclass, deep-copy and pickle players
class SoloOverlord:
    """The overlord seat played by the solo procedure (docs/solo-overlord.md)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    # -- the protocol ---------------------------------------------------------------------------
    def choose(self, decision: Decision, game: Game) -> str:
        """Answer one overlord decision by the procedure."""
        kind = decision.kind
        if kind == "overlord_turn":
            return self.next_order(game, decision)
        if kind == "monster_activation":
            return self.activation_step(game, decision)
        if kind == "solo_interrupt":
            return self.interrupt_monster(game, decision)
        if kind == "solo_raise_dead":
            return self.raise_dead_pile(game, decision)
        if kind == "spawn_place":
            return self.summon_place(game, decision)
        if kind == "overlord_cards":
            return self.play_cards(game, decision)
        if kind == "overlord_discard":
            return self.discard(game, decision)
        return oc.common_choice(game, decision)

    # -- the overlord's turn: orders ---------------------------------------------------------
    def next_order(self, game: Game, decision: Decision) -> str:
        """The next order of the turn, or the end of the turn once the rolled orders are used.

        Order of use: monsters within short range of a hero by initiative; Raise Dead on a bone
        pile within short range (not in a hero's front arc); monsters within long range by
        initiative; Raise Dead within long range; then a random remaining monster or pile."""
        turn = oc.top_step(game, "overlord_turn")
        flags = game.state.flags.get("solo") or {}
        orders = int(flags.get("orders", 1)) if isinstance(flags, dict) else 1
        used = len(turn.data.get("activated", [])) + int(turn.data.get("raised", 0)) if turn else 0
        if used >= orders:
            return "end_turn"
        ready = [game.figure(c.data["figure"]) for c in oc.by_prefix(decision, "activate:")]
        can_raise = decision.find("raise_dead") is not None
        piles = _bone_piles(game) if can_raise else []
        short = [m for m in ready if oc.nearest_hero_distance(game, m) <= oc.short_range(m)]
        if short:
            return f"activate:{initiative_order(game, short)[0].id}"
        if any(_pile_distance(game, p) <= PILE_SHORT_RANGE and not _pile_in_front_arc(game, p) for p in piles):
            return "raise_dead"
        far = [m for m in ready if oc.nearest_hero_distance(game, m) <= oc.long_range(m)]
        if far:
            return f"activate:{initiative_order(game, far)[0].id}"
        if any(_pile_distance(game, p) <= PILE_LONG_RANGE for p in piles):
            return "raise_dead"
        options = [f"activate:{m.id}" for m in ready] + (["raise_dead"] if can_raise else [])
        if not options:
            return "end_turn"
        return options[int(self.rng.integers(len(options)))]

    def interrupt_monster(self, game: Game, decision: Decision) -> str:
        """Among the monsters tied for closest to the last hero, the one with most initiative."""
        tied = [game.figure(c.data["figure"]) for c in decision.choices]
        return f"activate:{initiative_order(game, tied)[0].id}"

    def raise_dead_pile(self, game: Game, decision: Decision) -> str:
        """The bone pile closest to the last activated hero by walking distance, avoiding piles in a
        hero's front arc."""
        flags = game.state.flags.get("solo") or {}
        last = game.state.figures.get(str(flags.get("last_hero", ""))) if isinstance(flags, dict) else None
        anchors = [last] if last is not None and oc.on_board(last) else oc.heroes(game)
        keys = [_pile_key(game, anchors, choice) for choice in decision.choices]
        return decision.choices[keys.index(min(keys))].id

    # -- one monster's activation -------------------------------------------------------------
    def activation_step(self, game: Game, decision: Decision) -> str:
        """The activation sequence: engaged, attack; a shooter moves to its maximum range and
        shoots; a melee monster joins a fight (a hero's rear arc if it can) and attacks;
        otherwise it moves toward the priority hero."""
        monster = oc.monster_of_activation(game)
        hero_list = oc.heroes(game)
        if monster is None or not hero_list:
            return oc.first_of(decision, "end_activation")
        attacks: list[tuple[Choice, FigureState]] = []
        for choice in oc.by_prefix(decision, "attack:"):
            target = oc.attack_target(game, choice)
            if target is not None:
                attacks.append((choice, target))
        engaged = any(oc.fp_distance(monster.footprint, h.footprint) == 1 for h in hero_list)
        if attacks and engaged:
            return self._pick_attack(game, monster, attacks)
        moves = oc.by_prefix(decision, "move:")
        spots: list[tuple[Footprint, int, str]] = [(monster.footprint, 0, "")]
        spots += [(oc.footprint_of(c), int(c.data.get("cost", 0)), c.id) for c in moves]
        shooter = oc.attack_type_of(monster) != "melee"
        plan = self._shoot_spot(game, monster, spots) if shooter else self._join_spot(game, monster, spots)
        if plan is not None:
            if plan == "":
                return self._pick_attack(game, monster, attacks) if attacks else oc.first_of(decision, "end_activation")
            return plan
        if attacks:
            return self._pick_attack(game, monster, attacks)
        return self._approach(game, monster, moves) or oc.first_of(decision, "end_activation")

    def _pick_attack(self, game: Game, monster: FigureState, attacks: list[tuple[Choice, FigureState]]) -> str:
        keys = [(*oc.target_priority(game, monster, monster.footprint, hero), choice.id) for choice, hero in attacks]
        return attacks[keys.index(min(keys))][0].id

    def _shoot_spot(self, game: Game, monster: FigureState, spots: list[tuple[Footprint, int, str]]) -> str | None:
        """Where a shooter stands to shoot the priority hero from as far as its range allows:
        the move id, "" to shoot from here, or None when no spot sees a hero in range."""
        best: tuple[tuple[int, ...], str] | None = None
        reach = oc.max_range(monster)
        attack_cell = oc.attack_cells(game, monster, oc.blockers(game, monster.id))
        for fp, cost, choice_id in spots:
            for hero in oc.heroes(game):
                rng = oc.fp_distance(fp, hero.footprint)
                if rng > reach or attack_cell(fp, hero) is None:
                    continue
                key = (*oc.target_priority(game, monster, fp, hero)[:4], -min(rng, reach),
                       -oc.nearest_hero_distance(game, monster, fp), cost)
                if best is None or key < best[0]:
                    best = (key, choice_id)
        return None if best is None else best[1]

    def _join_spot(self, game: Game, monster: FigureState, spots: list[tuple[Footprint, int, str]]) -> str | None:
        """Where a melee monster joins a fight: a space it can strike the priority hero from,
        behind him if possible; the move id, "" to strike from here, or None."""
        best: tuple[tuple[int, ...], str] | None = None
        attack_cell = oc.attack_cells(game, monster, oc.blockers(game, monster.id))
        for fp, cost, choice_id in spots:
            for hero in oc.heroes(game):
                if attack_cell(fp, hero) is None:
                    continue
                key = (*oc.target_priority(game, monster, fp, hero)[:4], cost)
                if best is None or key < best[0]:
                    best = (key, choice_id)
        return None if best is None else best[1]

    def _approach(self, game: Game, monster: FigureState, moves: list[Choice]) -> str | None:
        """Move toward the priority hero: the reachable space with the shortest path to him."""
        hero = oc.priority_hero(game, monster)
        if hero is None or not moves:
            return None
        gap = oc.path_distance_to(game, hero)
        here = gap(monster.footprint)
        keys = [(gap(oc.footprint_of(c)), c.data.get("cost", 0)) for c in moves]
        best = keys.index(min(keys))
        if keys[best][0] >= here:
            return None
        return moves[best].id

    # -- summoning, cards -----------------------------------------------------------------------
    def summon_place(self, game: Game, decision: Decision) -> str:
        """Summoning: as close as possible to the weakest hero (lowest armor, then fewest attack
        dice), never in his front arc when another space will do."""
        hero_list = oc.heroes(game)
        if not hero_list:
            return decision.choices[0].id
        weakness = [(oc.hero_armor(game, h), oc.hero_attack_dice(game, h), h.id) for h in hero_list]
        weakest = hero_list[weakness.index(min(weakness))]
        gap = oc.path_distance_to(game, weakest)
        keys = [_summon_key(weakest, gap, choice) for choice in decision.choices]
        return decision.choices[keys.index(min(keys))].id

    def play_cards(self, game: Game, decision: Decision) -> str:
        """Spawn whenever affordable; otherwise go on to the orders (the solo overlord keeps its
        threat for traps)."""
        spawns = oc.by_prefix(decision, "spawn:")
        return spawns[0].id if spawns else oc.first_of(decision, "continue")

    def discard(self, game: Game, decision: Decision) -> str:
        """Keep the hand when allowed; over the limit, discard the card worth most threat."""
        if decision.find("done"):
            return "done"
        cards = oc.by_prefix(decision, "discard:")
        keys = [(_threat_of(game, c), c.id) for c in cards]
        return cards[keys.index(max(keys))].id
