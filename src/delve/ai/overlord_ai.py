"""The overlord AI: plays the full 1st-edition overlord to win.

Why greedy with exact odds rather than a search: a monster's best move is mostly "stand where
the best attack is and make it", and the exact odds calculator values every attack in well under
a millisecond, so each activation scores every reachable space against every hero it could
attack from there (expected wounds, plus a large bonus for the chance to kill: a dead hero
costs the heroes conquest). Every monster is activated, nearest to the heroes first. Cards are
played whenever affordable (free draws first, then spawns, then powers); traps are sprung when
affordable; spawned monsters go as close to the heroes as the out-of-sight rule allows. Small
decisions (spending power, morph dice, Bash) are shared with the solo overlord
(``overlord_common.common_choice``); spending is checked on a copy of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from mypy_extensions import mypyc_attr

from delve.ai import overlord_2e
from delve.ai import overlord_common as oc
from delve.ai.explain import Explanation, Values, build
from delve.api import player_rules
from delve.board.geometry import Footprint
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.odds import AttackQuery, attack_odds

KILL_WEIGHT = 6.0  # a kill is worth this many wounds on top of the wounds themselves
USEFUL = {"spawn": 3, "trap": 2, "power": 2, "event": 1}
BETTER_BY = 0.05  # a move is made for an attack only when it beats the attack from here by this
MOVE_COST = 0.01  # per movement point a move costs: of two equal places, the nearer
CARD_ORDER = ("event:", "spawn:", "power:")  # the turn's card window: the first kind offered is played


@dataclass(frozen=True)
class Tuning1e:
    """The 1st-edition overlord AI's weights and switches, one frozen object a player carries.

    Why an object and not only the module's constants: the normal level plays the hand-set
    values (``DEFAULT``, equal to the constants above, so its games replay byte for byte), and
    the hard level's base policy (``delve.ai.search.SearchPlayer``) or a bench
    (``bench/tune_1e.py``) may play the same policy with other weights in the same process, as
    ``overlord_2e.Tuning2e`` does for the 2e play. The switches' defaults play as the AI always
    did: no treachery spent, no event played in a window, every affordable trap sprung."""

    kill_weight: float = KILL_WEIGHT
    better_by: float = BETTER_BY
    move_cost: float = MOVE_COST
    card_order: tuple[str, ...] = CARD_ORDER
    # Rulebook "Treachery Cards": what to buy at setup, in order, each bought while affordable
    # (a choice id of the treachery decision: ``add:CARD`` or ``dark_glyph:KIND``); empty: keep it
    # all (two unspent points draw one more starting card).
    treachery: tuple[str, ...] = ()
    # For each card bought, one card of the base deck is taken out: the first of these offered
    # (``remove:CARD``); empty: the first offered, as the fixed rules answer.
    remove: tuple[str, ...] = ()
    # Rulebook "Event Cards": an event offered as a monster attacks is played when it adds at
    # least this much to the attack's value (expected wounds plus ``kill_weight`` times the kill
    # chance); None: never (the windows pass).
    event_at: float | None = None
    # Rulebook "Trap Cards": a trap is sprung only when it leaves at least this much threat
    # (kept for a spawn); 0: every affordable trap, as before.
    trap_keep: int = 0
    order: str = "nearest"  # activation order: "nearest" the heroes first, or "farthest" first

    # Why these three: compiled (mypyc), a frozen dataclass cannot be rebuilt by ``copy`` or
    # ``pickle``, which set its fields one by one (as ``overlord_2e.Tuning2e``).
    def __copy__(self) -> Tuning1e:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Tuning1e:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tuning1e, tuple(getattr(self, f.name) for f in fields(self)))


NEVER = 1_000_000  # ``trap_keep`` above any threat the overlord holds: no trap is sprung

DEFAULT = Tuning1e()
# The hard level's base policy (``delve.ai.search.SearchPlayer``; the normal level plays DEFAULT),
# tuned by whole games against the hero AI (bench/tune_1e.py; docs/simulation.md, "The 1st-edition
# overlord's weights tuned"): no trap is sprung, so the threat goes to spawn cards. A trap deals a
# few wounds once (Loose Flagstone: 3 for 5 threat, 8 of the deck's cards); the same threat buys
# most of a spawn (Goblin Warband: four goblins for 12), whose monsters strike every turn. On the
# training root it won +25.0% of bridge-of-teeth's games over DEFAULT, +18% to +41% on the others.
HARD = replace(DEFAULT, trap_keep=NEVER)


class _Valuer:
    """``OverlordAI.attack_value`` for one monster in the current state, remembering the odds
    part per (hero, range) for as long as the caller keeps it: an activation asks about dozens
    of spaces, most at a range already valued."""

    def __init__(self, game: Game, monster: FigureState, kill_weight: float = KILL_WEIGHT) -> None:
        self.game = game
        self.monster = monster
        self.kill_weight = kill_weight
        self.by_range: dict[tuple[str, int], float] = {}
        self.immune_from = player_rules().immune_from

    def known(self, hero: FigureState, rng: int) -> bool:
        """Whether the value at range ``rng`` of the hero is a lookup (its odds worked out)."""
        return (hero.id, rng) in self.by_range

    def __call__(self, at: Footprint, hero: FigureState, rng: int | None = None) -> float:
        """The value from ``at`` (``rng``: the range from there to the hero, when known)."""
        if self.immune_from(self.game, at, hero):
            return 0.0
        key = (hero.id, oc.fp_distance(at, hero.footprint) if rng is None else rng)
        found = self.by_range.get(key)
        if found is None:
            result = oc.odds(self.game, self.monster, hero, key[1])
            found = self.by_range[key] = result.expected_wounds + self.kill_weight * result.at_least(hero.wounds)
        return found


def _gap(gaps: list[tuple[Callable[[Footprint], int], int]], fp: Footprint) -> tuple[int, int]:
    """(walk to the nearest hero from ``fp``, that hero's wounds): the smallest over the heroes."""
    return min([(to(fp), wounds) for to, wounds in gaps])


def _discard_key(game: Game, choice: Choice) -> tuple[int, int, str]:
    """Discard order: the least useful card, the most threat on a tie (``discard_choice``)."""
    found = oc.card(game, choice.data["card"])
    if found is None:
        return (0, 0, choice.id)
    return (USEFUL.get(found.type, 1), -found.threat_value, choice.id)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled; people subclass, deep-copy and pickle players
class OverlordAI:
    """A greedy overlord that activates every useful monster for the best attack it can make."""

    def __init__(self, seed: int = 0, tuning_2e: overlord_2e.Tuning2e | None = None,
                 tuning_1e: Tuning1e | None = None) -> None:
        self.seed = seed
        # the weights of its 2e play (``overlord_2e.Tuning2e``): the default for the normal level
        self.tuning_2e = tuning_2e or overlord_2e.DEFAULT
        # the weights of its 1st-edition play (``Tuning1e``): the default for the normal level
        self.tuning_1e = tuning_1e or DEFAULT

    def choose(self, decision: Decision, game: Game) -> str:
        """Answer one overlord decision."""
        if overlord_2e.active(game):  # 2e: free cards and the heroes' goals (overlord_2e); else 1e
            found = overlord_2e.choose(self, decision, game)
            if found is not None:
                return found
        kind = decision.kind
        if kind == "overlord_turn":
            return self.next_activation(game, decision)
        if kind in ("monster_activation",):
            return self.activation_step(game, decision)
        if kind == "solo_interrupt":
            return decision.choices[0].id
        if kind == "spawn_place":
            return self.spawn_place(game, decision)
        if kind == "overlord_cards":
            return self.play_cards(game, decision)
        if kind == "overlord_discard":
            return self.discard(game, decision)
        tuning = self.tuning_1e
        if kind == "treachery" and tuning.treachery:
            return oc.first_of(decision, *tuning.treachery, "done")
        if kind == "treachery_remove" and tuning.remove and any(decision.find(c) for c in tuning.remove):
            return oc.first_of(decision, *tuning.remove)
        if kind == "event_window" and tuning.event_at is not None:
            return self.event(game, decision, tuning.event_at)
        if kind == "trap_window" and tuning.trap_keep > 0:
            return self.trap(game, decision, tuning.trap_keep)
        return oc.common_choice(game, decision)

    # -- the turn ------------------------------------------------------------------------------
    def next_activation(self, game: Game, decision: Decision) -> str:
        """Activate every monster, the ones nearest the heroes first (they strike before the
        others block their way); Raise Dead when the solo rules offer it; then end the turn."""
        ready = [game.figure(c.data["figure"]) for c in oc.by_prefix(decision, "activate:")]
        if ready:
            keys = [(oc.nearest_hero_distance(game, m) - oc.short_range(m), m.id) for m in ready]
            if self.tuning_1e.order == "farthest":
                keys = [(-gap, mid) for gap, mid in keys]
            first = ready[keys.index(min(keys))]
            return f"activate:{first.id}"
        return oc.first_of(decision, "raise_dead", "end_turn")

    def attack_value(self, game: Game, monster: FigureState, at: Footprint, hero: FigureState) -> float:
        """Expected wounds of the monster's attack from ``at`` on the hero, plus the kill bonus
        (none when the hero would shrug the attack off from there, e.g. Shadowcloak)."""
        return self._valuer(game, monster)(at, hero)

    def _valuer(self, game: Game, monster: FigureState) -> _Valuer:
        """``attack_value`` for one monster in the current state (``_Valuer``)."""
        return _Valuer(game, monster, self.tuning_1e.kill_weight)

    def activation_step(self, game: Game, decision: Decision) -> str:
        """Stand where the best attack is, make it; with no attack anywhere, close in."""
        monster = oc.monster_of_activation(game)
        hero_list = oc.heroes(game)
        if monster is None or not hero_list:
            return oc.first_of(decision, "end_activation")
        attacks: list[tuple[Choice, FigureState]] = []
        for choice in oc.by_prefix(decision, "attack:"):
            target = oc.attack_target(game, choice)
            if target is not None:
                attacks.append((choice, target))
        moves = oc.by_prefix(decision, "move:")
        attack_cell = oc.attack_cells(game, monster, oc.blockers(game, monster.id))
        attack_value = self._valuer(game, monster)
        best_here = max((attack_value(monster.footprint, h) for _, h in attacks), default=0.0)
        best_move: tuple[float, str] | None = None
        better_by, move_cost = self.tuning_1e.better_by, self.tuning_1e.move_cost
        if attacks or not any(c.id.startswith("attack:") for c in decision.choices):
            for choice in moves:
                fp = oc.footprint_of(choice)
                for hero in hero_list:
                    in_reach = attack_cell.in_reach(fp, hero)
                    if not in_reach:
                        continue
                    # Whichever is cheap first: a value already worked out decides before any
                    # sight line is traced, new odds wait until the space is known to see the hero.
                    rng = oc.fp_distance(fp, hero.footprint)
                    valued = attack_value.known(hero, rng)
                    if not valued and attack_cell.sees(fp, hero, in_reach) is None:
                        continue
                    value = attack_value(fp, hero, rng) - move_cost * int(choice.data.get("cost", 0))
                    if attacks and value <= best_here + better_by:
                        continue
                    if (best_move is None or value > best_move[0]) and (
                            not valued or attack_cell.sees(fp, hero, in_reach) is not None):
                        best_move = (value, choice.id)
        if best_move is not None and best_move[0] > best_here:
            return best_move[1]
        if attacks:
            values = [(attack_value(monster.footprint, hero), choice.id) for choice, hero in attacks]
            return attacks[values.index(max(values))][0].id
        return self.approach(game, monster, moves) or oc.first_of(decision, "end_activation")

    def approach(self, game: Game, monster: FigureState, moves: list[Choice]) -> str | None:
        """Close in on the nearest hero by walking distance (the most wounded one on a tie)."""
        hero_list = oc.heroes(game)
        if not moves or not hero_list:
            return None

        gaps = [(oc.path_distance_to(game, h), h.wounds) for h in hero_list]
        here = _gap(gaps, monster.footprint)
        keys = [(_gap(gaps, oc.footprint_of(c)), int(c.data.get("cost", 0)), c.id) for c in moves]
        best = keys.index(min(keys))
        return moves[best].id if keys[best][0] < here else None

    # -- explanations ---------------------------------------------------------------------------
    def option_values(self, game: Game, decision: Decision) -> tuple[str, Values]:
        """What this AI weighs for a decision, per choice: (what the values measure, values).

        The values follow the rules of ``choose``: an activation values each attack by expected
        wounds plus ``KILL_WEIGHT`` times the kill chance, each move by the best attack from where
        it ends, and, with no attack anywhere, each move by minus its walking distance to the
        nearest hero. Kinds this AI answers by fixed rules get no values. A 2e game's card windows
        and guarded activations are valued by ``overlord_2e``."""
        if overlord_2e.active(game):
            found = overlord_2e.option_values(self, decision, game)
            if found is not None:
                return found
        values: Values = {}
        kind = decision.kind
        if kind == "monster_activation":
            monster = oc.monster_of_activation(game)
            hero_list = oc.heroes(game)
            if monster is None or not hero_list:
                return "", values
            for choice in oc.by_prefix(decision, "attack:"):
                target = oc.attack_target(game, choice)
                if target is not None:
                    result = oc.odds(game, monster, target, oc.fp_distance(monster.footprint, target.footprint))
                    values[choice.id] = (self.attack_value(game, monster, monster.footprint, target),
                                         {"target": target.id, "expected_wounds": round(result.expected_wounds, 3),
                                          "kill": round(result.at_least(target.wounds), 3)})
            attack_cell = oc.attack_cells(game, monster, oc.blockers(game, monster.id))
            walking: Values = {}
            for choice in oc.by_prefix(decision, "move:"):
                fp = oc.footprint_of(choice)
                best: tuple[float, str] | None = None
                for hero in hero_list:
                    if attack_cell(fp, hero) is None:
                        continue
                    value = (self.attack_value(game, monster, fp, hero)
                             - self.tuning_1e.move_cost * int(choice.data.get("cost", 0)))
                    if best is None or value > best[0]:
                        best = (value, hero.id)
                if best is not None:
                    values[choice.id] = (best[0], {"attack_from_here": best[1]})
                else:
                    gap = min(oc.path_distance(game, fp, h) for h in hero_list)
                    walking[choice.id] = (-float(gap), {"distance_to_nearest_hero": gap})
            if not values:
                values = walking
            return ("attacks: expected wounds + 6 x kill chance; moves: the best attack from there (or, with "
                    "no attack anywhere, minus the walking distance to the nearest hero)"), values
        if kind == "overlord_turn":
            for choice in oc.by_prefix(decision, "activate:"):
                monster = game.figure(choice.data["figure"])
                gap = oc.nearest_hero_distance(game, monster) - oc.short_range(monster)
                values[choice.id] = (-float(gap), {"spaces_beyond_reach": gap})
            return "activation order: nearest the heroes first (minus spaces beyond its reach)", values
        if kind == "spawn_place":
            hero_list = oc.heroes(game)
            for choice in decision.choices:
                if hero_list:
                    gap = min(oc.path_distance(game, oc.footprint_of(choice), h) for h in hero_list)
                    values[choice.id] = (-float(gap), {"distance_to_nearest_hero": gap})
            return "minus the walking distance to the nearest hero", values
        if kind == "overlord_cards":
            for rank, prefix in ((3.0, "event:"), (2.0, "spawn:"), (1.0, "power:")):
                for choice in oc.by_prefix(decision, prefix):
                    values[choice.id] = (rank, {})
            if decision.find("continue"):
                values["continue"] = (0.0, {})
            return "card preference: events 3, spawns 2, powers 1, keep the hand 0", values
        return "", values

    def explain(self, decision: Decision, game: Game) -> Explanation:
        """The options this AI weighs for ``decision``, its choice and the ties (``delve.ai.explain``)."""
        measure, values = self.option_values(game, decision)
        winner = self.choose(decision, game)
        return build(decision, "overlord AI", winner, measure or "no values: answered by a fixed rule", values)

    # -- cards -------------------------------------------------------------------------------
    def play_cards(self, game: Game, decision: Decision) -> str:
        """Free and cheap card draws first, then spawns, then powers; then activate."""
        for prefix in self.tuning_1e.card_order:
            found = oc.by_prefix(decision, prefix)
            if found:
                return found[0].id
        return oc.first_of(decision, "continue")

    def event(self, game: Game, decision: Decision, play_at: float) -> str:
        """An event window: the offered event that adds most to the attack being declared (its
        extra damage and range by the exact odds, a kill at ``kill_weight``), played when it adds
        ``play_at`` or more; otherwise let it pass (Rulebook: Event Cards)."""
        values = self.event_values(game, decision)
        best = max(values, key=lambda c: (values[c], c), default=None)
        if best is None or values[best] < play_at:
            return oc.first_of(decision, "pass")
        return best

    def event_values(self, game: Game, decision: Decision) -> dict[str, float]:
        """What each offered ``event:`` adds to the declared monster attack (0 for an event that
        does not change the attack, or in a window that is not a monster's attack)."""
        step = oc.top_step(game, "attack")
        window = oc.top_step(game, "event_window")
        if step is None or window is None or window.data.get("trigger") != "monster_attacks":
            return {}
        ctx = step.data["ctx"]
        attacker = game.state.figures.get(ctx["attacker"])
        target = next((h for h in oc.heroes(game) if tuple(ctx["target"]) in h.footprint.cells()), None)
        if attacker is None or target is None:
            return {}
        weight = self.tuning_1e.kill_weight

        def value(damage: int, reach: int) -> float:
            dice = oc.monster_dice(attacker) or ("red",)
            kind = oc.attack_type_of(attacker)
            rng = 0 if kind == "melee" else oc.fp_distance(attacker.footprint, target.footprint)
            query = AttackQuery(dice=dice, attack_type=kind,  # type: ignore[arg-type]
                                range=rng, armor=oc.hero_armor(game, target), shield=oc.hero_shield(game, target),
                                pierce=oc.rank(attacker, "Pierce"), overlord=True, dodge=target.order == "dodge",
                                bash=bool(oc.rank(attacker, "Bash")), ironskin="Pierce" in target.immunities,
                                bonus_damage=damage, bonus_range=reach)
            result = attack_odds(query)
            return result.expected_wounds + weight * result.at_least(target.wounds)

        base = value(0, 0)
        values: dict[str, float] = {}
        for choice in oc.by_prefix(decision, "event:"):
            found = oc.card(game, choice.data["card"])
            damage = reach = 0
            for effect in found.effects if found is not None else ():
                if effect.effect == "modify_stat" and getattr(effect, "stat", "") == "damage":
                    damage += int(effect.amount)
                elif effect.effect == "modify_stat" and getattr(effect, "stat", "") == "range":
                    reach += int(effect.amount)
            values[choice.id] = value(damage, reach) - base if damage or reach else 0.0
        return values

    def trap(self, game: Game, decision: Decision, keep: int) -> str:
        """A trap window: the first offered trap, when it leaves ``keep`` threat for a spawn."""
        threat = game.state.overlord.threat
        for choice in oc.by_prefix(decision, "trap:"):
            found = oc.card(game, choice.data["card"])
            if found is not None and threat - found.threat_cost >= keep:
                return choice.id
        return oc.first_of(decision, "pass")

    def discard(self, game: Game, decision: Decision) -> str:
        """Keep the hand when allowed; over the limit, drop the least useful card (most threat
        on a tie)."""
        if decision.find("done"):
            return "done"

        cards = oc.by_prefix(decision, "discard:")
        keys = [_discard_key(game, choice) for choice in cards]
        return cards[keys.index(min(keys))].id

    def spawn_place(self, game: Game, decision: Decision) -> str:
        """As close to the heroes as the out-of-sight rule allows, by walking distance."""
        hero_list = oc.heroes(game)
        if not hero_list:
            return decision.choices[0].id

        gaps = [oc.path_distance_to(game, h) for h in hero_list]
        spots = [oc.footprint_of(choice) for choice in decision.choices]
        keys = [(min([to(spots[i]) for to in gaps]), choice.id) for i, choice in enumerate(decision.choices)]
        return decision.choices[keys.index(min(keys))].id
