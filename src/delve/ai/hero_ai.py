"""A hero player that plays to win: it fights what it can kill, explores, and chases the goal.

Why rules of thumb rather than search: the heroes' decisions are many and small (where to step,
which die to re-roll), and most of their value is in a few simple priorities; exact attack odds
(``delve.odds``) make the one hard judgement, which attack to make, precise. A turn goes:

1. **Turn order** (Rulebook: Hero Turn Order): the hero who can attack now goes first, then the
   one nearest an enemy, so fighters strike before monsters close in.
2. **Action** (Rulebook: Step 3: Take an Action): Battle when an enemy is in reach, Advance when
   one can be reached within the hero's speed, Ready (move + guard order) when enemies are near
   but out of reach, Run otherwise (Ready + rest when out of fatigue and nobody is near).
3. **Acting**: attack the best target (kill chance first, then expected wounds, weighted by how
   much the quest needs that kill); move to the space with the best attack; open doors that lead
   on; else walk toward the objective: the quest's named foe or goal area, enemies, inactive
   glyphs (conquest), markers not yet visited, and the edges of the explored map.
4. **Attack steps**: aim and dodge re-rolls, fatigue power dice while the kill is not yet made,
   and the spend that deals the most wounds (``player_rules().resolve``: the table's arithmetic).

Hidden information: the AI reads only what a hero seat may see (``delve.ai.hero_common``):
revealed areas, figures standing there, public markers and the dice on the table. It never
reads the overlord's hand, chest contents or the chance state, and it never changes the game;
it answers with one legal choice id. Unknown decisions (rules added later) get a safe default,
and a turn that runs too long is ended, so the AI can neither crash a game nor loop forever.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from mypy_extensions import mypyc_attr

from delve.ai.explain import Explanation, Values, build
from delve.ai.hero_common import (
    INF,
    attack_options,
    best_attack_from,
    distance_field,
    field_at,
    field_at_xy,
    frontier_spaces,
    on_board,
    query_for,
    rules,
    seen,
    seen_test,
    unexplored_stairs,
    value_attack,
    visible_enemies,
    worth_making,
)
from delve.board.geometry import Footprint, Pos, distance
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step

# Where the AI walks, as start biases of the distance field (smaller = more urgent).
BIAS_GOAL = 0
BIAS_GLYPH = 1
BIAS_ENEMY = 3
BIAS_MARKER = 3
BIAS_FRONTIER = 4
MARKERS_WORTH_A_VISIT = ("rune_key", "chest", "potion", "money", "relic")
POTIONS_TO_CARRY = 2
SAFE_WORDS = ("end", "done", "pass", "keep", "continue", "skip", "decline", "no", "stop", "leave")
MAX_CHOICES_PER_TURN = 80


WalkTarget = tuple[str, str, int, list[Pos]]
"""What the hero AI walks toward (``walk_targets``): (kind, the goal's id or "", bias, its spaces)."""


def walk_targets(game: Game, hero: FigureState, visited: Collection[str] = ()) -> list[WalkTarget]:
    """Everything the hero AI walks toward, grouped as a player names it: the quest's goals
    (``goal``, with the id of the monster the heroes must kill or of the area they must reach,
    once revealed), then ``glyph``, ``foe``, ``treasure`` (not among ``visited`` markers) and
    ``frontier`` (unexplored ground and stairs), each with its start bias and its spaces.

    Why one function: the AI's walk (``HeroAI._objective_field``) and the hint that names what a
    move walks to (``delve.web.advice.with_nearest``) read the same list, so they cannot
    disagree about what is worth reaching."""
    board = game.board
    goals = game.state.flags.get("goals", {}).get("heroes", [])
    named = {g["kill_named"] for g in goals if g.get("kill_named")}
    out: list[WalkTarget] = []
    foes: list[Pos] = []
    for enemy in visible_enemies(game, hero):
        if enemy.content_id in named or enemy.id in named:
            out.append(("goal", enemy.id, BIAS_GOAL, list(enemy.footprint.cells())))
        else:
            foes += enemy.footprint.cells()
    for area in dict.fromkeys(str(g["reach_area"]) for g in goals if g.get("reach_area")):
        if any(a.id == area and a.revealed for a in board.areas):
            out.append(("goal", area, BIAS_GOAL, [p for p in board.spaces() if board.area_of(p) == area]))
    seen = seen_test(game)
    glyphs: list[Pos] = []
    treasure: list[Pos] = []
    for marker in board.markers:
        if not seen(marker.pos):
            continue
        if marker.kind == "glyph" and not marker.data.get("active"):
            glyphs.append(marker.pos)
        elif marker.kind in MARKERS_WORTH_A_VISIT and marker.id not in visited:
            treasure.append(marker.pos)
    out += [("glyph", "", BIAS_GLYPH, glyphs), ("foe", "", BIAS_ENEMY, foes), ("treasure", "", BIAS_MARKER, treasure),
            ("frontier", "", BIAS_FRONTIER, frontier_spaces(game) + unexplored_stairs(game))]
    return [target for target in out if target[3]]


def _face_effect(label: str) -> tuple[bool, int, int, int]:
    """(miss, range, hearts, surges) of a combat face label such as ``1/3S`` (public dice)."""
    if label == "X":
        return True, 0, 0, 0
    if "/" not in label:
        return False, 0, 0, 1 if label == "surge" else 0
    rng, rest = label.split("/", 1)
    surges = rest.count("S")
    hearts = int(rest.rstrip("S") or 0)
    return False, int(rng), hearts, surges


def _surge(option: Any) -> Any:
    """A content surge ability as the odds calculator's ``SurgeAbility``."""
    from delve.odds.query import SurgeAbility  # the query's own field type

    effect = option.effect
    return SurgeAbility(cost=option.surges, damage=effect.damage, range=effect.range, pierce=effect.pierce)


def _cheapest_then_top_left(item: tuple[Footprint, Any]) -> tuple[int, int, int]:
    """Sort key of ``(footprint, reach)`` pairs: the cheapest walk, then the top-left footprint."""
    return (item[1].cost, item[0].y, item[0].x)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled; people subclass, deep-copy and pickle players
class HeroAI:
    """Answers every decision of the hero seats it is given (one instance may serve them all).

    ``strict``: re-raise internal errors instead of falling back to a safe choice (tests).
    """

    def __init__(self, seed: int = 0, *, strict: bool = False) -> None:
        self.seed = seed
        self.strict = strict
        self.errors = 0
        self.visited: set[str] = set()  # marker ids the heroes have stood on or next to
        self._turn_key: tuple[int, str] = (-1, "")
        self._turn_count = 0
        # (hero id, space) where a hero with no room dropped a relic it was given: picking the
        # marker up again would only drop it again (Relic Markers), so it is left for the others.
        self.refused: set[tuple[str, Pos]] = set()

    # -- the protocol ---------------------------------------------------------------------------
    def choose(self, decision: Decision, game: Game) -> str:
        """One legal choice id for ``decision`` (never raises unless ``strict``)."""
        handler: Callable[[Decision, Game], str | None] | None = getattr(self, f"_on_{decision.kind}", None)
        pick: str | None = None
        if handler is not None:
            try:
                pick = handler(decision, game)
            except Exception:
                self.errors += 1
                if self.strict:
                    raise
                pick = None
        if pick is None or decision.find(pick) is None:
            pick = self.fallback(decision)
        return pick

    @staticmethod
    def fallback(decision: Decision) -> str:
        """A safe answer to a decision the AI does not understand: end, pass or keep; else the first."""
        for word in SAFE_WORDS:
            for choice in decision.choices:
                parts = choice.id.replace("_", ":").split(":")
                if word in parts:
                    return choice.id
        return decision.choices[0].id

    # -- explanations ---------------------------------------------------------------------------
    def option_values(self, decision: Decision, game: Game) -> tuple[str, Values]:
        """What this AI weighs, per choice, where it values options: attacks by their exact odds
        (the score ranks kill chance first, then expected wounds, by how much the target
        matters), moves by the walking distance to the objective from where they end, the
        order of turns by the best attack each hero has now, spends by the wounds they deal."""
        values: Values = {}
        if decision.kind in ("hero_turn", "guard_interrupt"):
            hero_id = (game.state.stack[-1].data.get("hero") if decision.kind == "hero_turn" else
                       next((c.data.get("hero") for c in decision.choices if c.id == "guard:pass"), None))
            hero = game.state.figures.get(str(hero_id)) if hero_id else None
            if hero is None:
                return "", values
            enemies = {c: f for f in visible_enemies(game, hero) for c in f.footprint.cells()}
            field = self._objective_field(game, hero) if decision.kind == "hero_turn" else None
            for choice in decision.choices:
                if choice.id.startswith("attack:"):
                    target = enemies.get((int(choice.data["x"]), int(choice.data["y"])))
                    if target is None:
                        continue
                    value = value_attack(game, hero, choice.data["weapon"], (int(choice.data["x"]),
                                         int(choice.data["y"])), target, aimed=bool(choice.data.get("aimed")))
                    values[choice.id] = (value.score, {"target": target.id, "kill": round(value.kill, 3),
                                                       "expected_wounds": round(value.expected, 3),
                                                       "hit": round(value.hit, 3)})
                elif choice.id.startswith("move:") and field is not None and "w" in choice.data:
                    fp = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
                    gap = field_at(game, field, fp)
                    if gap < INF:
                        values[choice.id] = (-float(gap), {"distance_to_goal": gap})
            return ("attacks: 4 x kill chance + expected wounds (weighted by how much the target matters); "
                    "moves: minus the walking distance to the objective"), values
        if decision.kind == "choose_hero_turn":
            for choice in decision.choices:
                hero = game.figure(choice.data["hero"])
                now = best_attack_from(game, hero, hero.footprint) if on_board(hero) else None
                values[choice.id] = (now[0] if now else 0.0, {"best_attack_now": round(now[0], 3) if now else None})
            return "the best attack the hero can make now (the one who can strike goes first)", values
        if decision.kind == "attack_spend":
            _step, ctx = self._attack_state(game)
            table = self._spend_table(game, ctx)
            for choice in decision.choices:
                score, hits = self._spend_value(table, int(choice.data["to_range"]), list(choice.data["buys"]))
                values[choice.id] = (score, {"targets_hit": hits})
            return "wounds dealt (+10 for a kill, negative on friends)", values
        return "", values

    def explain(self, decision: Decision, game: Game) -> Explanation:
        """The options this AI weighs for ``decision``, its choice and the ties (``delve.ai.explain``).
        Asked of a copy of the player, so explaining never changes what it remembers."""
        import copy

        measure, values = copy.deepcopy(self).option_values(decision, game)
        winner = copy.deepcopy(self).choose(decision, game)
        return build(decision, "hero AI", winner, measure or "no values: answered by a fixed rule", values)

    # -- helpers -------------------------------------------------------------------------------
    @staticmethod
    def _turn_step(game: Game) -> Step | None:
        for step in reversed(game.state.stack):
            if step.kind == "hero_turn":
                return step
        return None

    def _seat_heroes(self, game: Game, seat: str) -> list[FigureState]:
        return [f for f in game.state.figures.values() if f.kind == "hero" and f.seat == seat]

    def _objective_field(self, game: Game, hero: FigureState) -> list[int]:
        """Path cost from every seen space to the nearest thing worth walking to (``walk_targets``)."""
        sources = [(p, bias) for _kind, _goal, bias, spaces in walk_targets(game, hero, self.visited) for p in spaces]
        # The field depends on the view, the seen spaces and the sources alone: it is remembered
        # under a key of those (``distance_field``), not on the player, so a game resumed from a
        # save, or played by another instance, walks exactly the same way.
        return distance_field(game, sources)

    def _note_visits(self, game: Game, hero: FigureState, step: Step, decision: Decision) -> None:
        """A marker the hero stands on with points to spare but no way to use is done with."""
        if step.data.get("mp", 0) < 2:
            return
        for marker in game.board.markers:
            if marker.kind in MARKERS_WORTH_A_VISIT and marker.pos in hero.footprint.cells() and not any(
                    c.data.get("marker") == marker.id for c in decision.choices):
                self.visited.add(marker.id)

    def _count_turn(self, game: Game, hero: FigureState) -> int:
        key = (game.state.round, hero.id)
        if key != self._turn_key:
            self._turn_key, self._turn_count = key, 0
        self._turn_count += 1
        return self._turn_count

    def _best_attack_choice(self, game: Game, hero: FigureState, choices: list[Choice]) -> tuple[float, str] | None:
        best: tuple[float, str] | None = None
        enemies = {c: f for f in visible_enemies(game, hero) for c in f.footprint.cells()}
        for choice in choices:
            if not choice.id.startswith("attack:"):
                continue
            pos = (int(choice.data["x"]), int(choice.data["y"]))
            target = enemies.get(pos)
            if target is None:
                continue  # an empty space (Blast): not worth it for this AI
            value = value_attack(game, hero, choice.data["weapon"], pos, target, aimed=bool(choice.data.get("aimed")))
            if value.expected <= 0 or not worth_making(value):
                continue
            if best is None or value.score > best[0]:
                best = (value.score, choice.id)
        return best

    def _enemy_near(self, game: Game, hero: FigureState, within: int) -> bool:
        return any(distance(c, e) <= within for f in visible_enemies(game, hero) for e in f.footprint.cells()
                   for c in hero.footprint.cells())

    # -- decisions ------------------------------------------------------------------------------
    def _on_choose_hero_turn(self, decision: Decision, game: Game) -> str | None:
        """Rulebook: Hero Turn Order. Who can hit now goes first, then who is nearest a foe."""
        ranked: list[tuple[tuple[int, float, str], str]] = []
        for choice in decision.choices:
            hero = game.figure(choice.data["hero"])
            if not on_board(hero):
                ranked.append(((2, 0.0, hero.id), choice.id))
                continue
            now = best_attack_from(game, hero, hero.footprint)
            enemies = visible_enemies(game, hero)
            near = min((distance(c, e) for f in enemies for e in f.footprint.cells() for c in hero.footprint.cells()),
                       default=99)
            ranked.append(((0 if now else 1, -now[0] if now else float(near), hero.id), choice.id))
        return min(ranked)[1] if ranked else None

    def _on_choose_action(self, decision: Decision, game: Game) -> str | None:
        if len(decision.choices) == 1:
            return decision.choices[0].id
        step = self._turn_step(game)
        if step is None:
            return None
        hero = game.figure(step.data["hero"])
        if not on_board(hero):
            return "action:run"  # from town: movement points to come back through a glyph
        if best_attack_from(game, hero, hero.footprint) is not None:
            return "action:battle"
        for fp in self._attack_spots(game, hero, hero.speed):
            if best_attack_from(game, hero, fp) is not None:
                return "action:advance"
        if self._enemy_near(game, hero, 2 * hero.speed + 3):
            return "action:ready"  # move up to speed, then guard: strike when they come
        if hero.fatigue == 0 and hero.max_fatigue > 0:
            return "action:ready"  # move, then rest
        return "action:run"

    def _attack_spots(self, game: Game, hero: FigureState, budget: int) -> list[Footprint]:
        """Reachable footprints from which an attack could be possible (cheap filter first)."""
        enemies = [e for f in visible_enemies(game, hero) for e in f.footprint.cells()]
        if not enemies:
            return []  # no walk to work out: nothing to attack from anywhere
        found = rules().destinations(game, hero, budget)
        melee_only = all(kind == "melee" for _w, kind, _r, _b in attack_options(game, hero))
        reach = 2 if any(r for _w, _k, r, _b in attack_options(game, hero)) else 1
        spots = []
        for fp, _res in sorted(found.items(), key=_cheapest_then_top_left):
            if melee_only and not any(distance(c, e) <= reach for c in fp.cells() for e in enemies):
                continue
            spots.append(fp)
        return spots

    def _on_hero_turn(self, decision: Decision, game: Game) -> str | None:
        step = game.state.stack[-1]
        hero = game.figure(step.data["hero"])
        ids = {c.id: c for c in decision.choices}
        if self._count_turn(game, hero) > MAX_CHOICES_PER_TURN:
            return "end_turn"
        self._note_visits(game, hero, step, decision)
        # potions when they matter
        for choice in decision.choices:
            if choice.id.startswith("drink:"):
                label = choice.label.lower()
                if ("heal" in label and hero.wounds * 2 <= hero.max_wounds) or (
                        ("vital" in label or "fatigue" in label) and hero.fatigue == 0):
                    return choice.id
        # 1. the best attack
        best = self._best_attack_choice(game, hero, decision.choices)
        if best is not None:
            return best[1]
        # 2. things to pick up or open where the hero stands
        for choice in decision.choices:
            head = choice.id.split(":", 1)[0]
            if head == "pickup" and (hero.id, hero.pos) in self.refused:
                self.visited.add(str(choice.data.get("marker", "")))
                continue
            if head in ("chest", "open_chest", "pickup", "take", "loot", "search", "key", "treasure"):
                return choice.id
        if not on_board(hero):
            return self._leave_town(game, hero, decision.choices)
        action = step.data.get("action")
        halves = step.data.get("halves", [])
        moves = [c for c in decision.choices if c.id.startswith("move:")]
        # 3. a Ready half attack when a target is in reach
        if "half:attack" in ids and best_attack_from(game, hero, hero.footprint) is not None:
            return "half:attack"
        # 4. move to the best attack spot while an attack is left
        if step.data.get("attacks", 0) > 0 and moves:
            spot = self._best_spot(game, hero, moves)
            if spot is not None:
                return spot
        # 5. doors that lead on
        for choice in decision.choices:
            if choice.id.startswith("door:"):
                door = game.board.door(choice.data["door"])
                if not door.open:
                    return choice.id
        # 6. walk toward the objective (a Ready hero first takes his move half action)
        field = self._objective_field(game, hero)
        here = field_at(game, field, hero.footprint)
        stairs = self._stairs(game, field, here, decision.choices)
        if stairs is not None:
            return stairs
        if "half:move" in ids and "move" not in halves:
            return "half:move"  # movement points also open doors and chests and climb stairs
        best_move: tuple[tuple[int, int], str] | None = None
        ix = game.board.index()
        for choice in moves:
            data = choice.data
            value = field_at_xy(ix, field, data["x"], data["y"], data["w"], data["h"])
            if value >= here or value >= INF:
                continue
            key = (value, int(choice.data.get("cost", 0)))
            if best_move is None or key < best_move[0]:
                best_move = (key, choice.id)
        if best_move is not None:
            return best_move[1]
        # 7. a Ready hero's order
        if action == "ready":
            order = self._order(game, hero, ids)
            if order is not None:
                return order
        return "end_turn"

    def _stairs(self, game: Game, field: list[int], here: int, choices: list[Choice]) -> str | None:
        """Take a staircase that leads somewhere unexplored, or closer to the objective."""
        ix = game.board.index()
        best: tuple[int, str] | None = None
        for choice in choices:
            if not choice.id.startswith("stairs:"):
                continue
            marker = game.board.marker(choice.data["marker"])
            value = field[ix.idx(marker.pos)] if seen(game, marker.pos) else BIAS_FRONTIER - 1
            if value < here and (best is None or value < best[0]):
                best = (value, choice.id)
        return best[1] if best else None

    def _best_spot(self, game: Game, hero: FigureState, moves: list[Choice]) -> str | None:
        """The move after which the best attack can be made (cheapest on ties)."""
        enemies = [e for f in visible_enemies(game, hero) for e in f.footprint.cells()]
        if not enemies:
            return None
        melee_only = all(kind == "melee" for _w, kind, _r, _b in attack_options(game, hero))
        reach = 2 if any(r for _w, _k, r, _b in attack_options(game, hero)) else 1
        best: tuple[tuple[float, int], str] | None = None
        for choice in moves:
            fp = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
            if melee_only and not any(distance(c, e) <= reach for c in fp.cells() for e in enemies):
                continue
            found = best_attack_from(game, hero, fp)
            if found is None:
                continue
            key = (found[0], -int(choice.data.get("cost", 0)))
            if best is None or key > best[0]:
                best = (key, choice.id)
        return best[1] if best else None

    def _order(self, game: Game, hero: FigureState, ids: dict[str, Choice]) -> str | None:
        """Rulebook: Hero Orders. Guard when foes are near, rest when tired, else dodge."""
        near = self._enemy_near(game, hero, 2 * hero.speed + 3)
        wanted = ["order:guard", "order:dodge"] if near else ["order:rest", "order:guard"]
        if not near and hero.fatigue >= hero.max_fatigue:
            wanted = ["order:guard", "order:rest"]
        if near and hero.wounds * 3 <= hero.max_wounds:
            wanted = ["order:dodge", "order:guard"]
        for order in wanted:
            if order in ids:
                return order
        return None

    def _leave_town(self, game: Game, hero: FigureState, choices: list[Choice]) -> str | None:
        leaving = [c for c in choices if c.id.startswith("glyph:leave:")]
        if not leaving:
            return "end_turn"
        field = self._objective_field(game, hero)
        ix = game.board.index()
        keys = [(field[ix.idx(game.board.marker(c.data["glyph"]).pos)], c.id) for c in leaving]
        return leaving[keys.index(min(keys))].id

    # -- attack steps ---------------------------------------------------------------------------
    def _attack_state(self, game: Game) -> tuple[Any, Any]:
        step = rules().current_attack(game)
        return step, rules().load_attack(step)

    @staticmethod
    def _spend_table(game: Game, ctx: Any) -> tuple[Any, Any, list[tuple[FigureState, Any, float]]]:
        """What every spend of one attack is valued against, worked out once per decision: the
        roll's totals, the attack's profile and each affected figure with its defense and sign
        (-1 for the attacker's friends)."""
        r = rules()
        attacker = game.state.figures.get(ctx.attacker)
        targets = []
        for figure_id in ctx.affected:
            target = game.state.figures.get(figure_id)
            if target is not None:
                sign = -1.0 if attacker is not None and target.side == attacker.side else 1.0
                targets.append((target, r.defense_of(game, target), sign))
        return r.attack_totals(ctx), ctx.profile(), targets

    def _spend_value(self, table: tuple[Any, Any, list[tuple[FigureState, Any, float]]], to_range: int,
                     buys: list[int]) -> tuple[float, int]:
        r = rules()
        totals, profile, targets = table
        spend = r.Spend(to_range, tuple(buys))
        score = 0.0
        hits = 0
        for target, defense, sign in targets:
            try:
                outcome = r.resolve(totals, profile, spend, defense)
            except ValueError:
                return -1e9, 0
            wounds = min(outcome.wounds, target.wounds)
            score += sign * (wounds + (10.0 if outcome.wounds >= target.wounds else 0.0))
            hits += int(outcome.hit)
        return score, hits

    def _on_attack_spend(self, decision: Decision, game: Game) -> str | None:
        _step, ctx = self._attack_state(game)
        table = self._spend_table(game, ctx)
        best: tuple[tuple[float, int, int], str] | None = None
        for choice in decision.choices:
            score, hits = self._spend_value(table, int(choice.data["to_range"]), list(choice.data["buys"]))
            key = (score, hits, -sum(choice.data["buys"]))
            if best is None or key > best[0]:
                best = (key, choice.id)
        return best[1] if best else None

    def _on_attack_fatigue(self, decision: Decision, game: Game) -> str | None:
        """Roll more power dice while the roll can still improve: not an X, the kill not yet made."""
        _step, ctx = self._attack_state(game)
        if any(f == "X" for f in ctx.faces):
            return "fatigue:done"
        target = next((game.state.figures[f] for f in ctx.affected
                       if f in game.state.figures and game.state.figures[f].side != ctx.side), None)
        if target is None:
            return "fatigue:done"
        r = rules()
        _spend, outcome = r.best_play(r.attack_totals(ctx), ctx.profile(), r.defense_of(game, target))
        return "fatigue:done" if outcome.wounds >= target.wounds else "fatigue:power"

    def _reroll_pick(self, decision: Decision, game: Game, keep_good: bool) -> str | None:
        """Pick dice one at a time, then ``reroll:done``. Attacker (aim): re-roll X faces and blank
        power dice. Target (dodge): re-roll dice that may still miss and the strongest faces."""
        _step, ctx = self._attack_state(game)
        dice = list(ctx.all_dice)
        faces = list(ctx.faces)
        wanted: list[int] = []
        any_miss = any(f == "X" for f in faces)
        for i, (die, face) in enumerate(zip(dice, faces, strict=False)):
            miss, _rng, hearts, surges = _face_effect(face)
            if keep_good:
                if miss or (not any_miss and face == "blank"):
                    wanted.append(i)
            else:
                if any_miss:
                    break
                if die in ("red", "blue", "white") or hearts >= 2 or face in ("surge", "enh") or surges:
                    wanted.append(i)
        if not keep_good and any_miss:
            wanted = []
        for i in wanted:
            if decision.find(f"reroll:{i}") is not None:
                return f"reroll:{i}"
        return "reroll:done"

    def _on_aim_reroll(self, decision: Decision, game: Game) -> str | None:
        return self._reroll_pick(decision, game, keep_good=True)

    def _on_dodge_reroll(self, decision: Decision, game: Game) -> str | None:
        return self._reroll_pick(decision, game, keep_good=False)

    def _on_bash_power(self, decision: Decision, game: Game) -> str | None:
        from delve.odds import attack_odds

        _step, ctx = self._attack_state(game)
        target = next((game.state.figures[f] for f in ctx.affected if f in game.state.figures), None)
        if target is None:
            return "bash:0"
        odds = attack_odds(query_for(game, ctx, target))
        return f"bash:{odds.power_dice}"

    def _on_guard_interrupt(self, decision: Decision, game: Game) -> str | None:
        """Rulebook: Guard. Strike now when the attack is worth it; else keep the order."""
        passing = next((c for c in decision.choices if c.id == "guard:pass"), None)
        hero_id = passing.data.get("hero") if passing else None
        hero = game.state.figures.get(hero_id) if hero_id else None
        if hero is None:
            return None
        best: tuple[float, str] | None = None
        enemies = {c: f for f in visible_enemies(game, hero) for c in f.footprint.cells()}
        for choice in decision.choices:
            if not choice.id.startswith("attack:"):
                continue
            pos = (int(choice.data["x"]), int(choice.data["y"]))
            target = enemies.get(pos)
            if target is None:
                continue
            value = value_attack(game, hero, choice.data["weapon"], pos, target)
            if (value.expected >= 0.75 or value.kill >= 0.25) and (best is None or value.score > best[0]):
                best = (value.score, choice.id)
        return best[1] if best else "guard:pass"

    # -- town ---------------------------------------------------------------------------------------
    def _on_shop(self, decision: Decision, game: Game) -> str | None:
        """Rulebook: Shopping. A weapon for the hero's best trait first, then armor, a shield for a
        free hand, then healing potions; never sell."""
        step = game.state.stack[-1]
        hero = game.figure(step.data["hero"])
        r = rules()
        owned = [r.item(game, i) for i in [*hero.equipped, *hero.pack]]
        buys = [c for c in decision.choices if c.id.startswith("buy:") and "item" in c.data]
        items = [(c, r.item(game, c.data["item"])) for c in buys]
        weapons = [w for w in owned if w.kind in ("weapon", "rune") and w.attack_type]
        if not weapons:
            best: tuple[float, str] | None = None
            for choice, it in items:
                if it.kind not in ("weapon", "rune") or not it.attack_type:
                    continue
                value = self._weapon_value(hero, it)
                if best is None or value > best[0]:
                    best = (value, choice.id)
            if best is not None:
                return best[1]
        if not any(w.kind == "armor" for w in owned):
            armor = [(it.armor, -it.cost if it.cost else 0, c.id) for c, it in items if it.kind == "armor"]
            if armor:
                return max(armor)[2]
        hands = sum(w.hands for w in owned if w.kind in ("weapon", "rune", "shield"))
        if hands <= 1 and not any(w.kind == "shield" for w in owned):
            shields = [c.id for c, it in items if it.kind == "shield" and it.hands + hands <= 2]
            if shields:
                return shields[0]
        potions = sum(1 for w in owned if w.kind == "potion")
        if potions < POTIONS_TO_CARRY:
            for choice, it in items:
                if it.id == "healing-potion":
                    return choice.id
        return "end_shopping"

    @staticmethod
    def _weapon_value(hero: FigureState, it: Any) -> float:
        """Expected wounds of the weapon against armor 1 (range 3 for ranged and magic)."""
        from delve.odds import AttackQuery, attack_odds

        kind = it.attack_type or "melee"
        try:
            query = AttackQuery(dice=tuple(it.dice), power=min(5, hero.traits.get(kind, 0)),
                                attack_type=kind,  # type: ignore[arg-type]
                                range=0 if kind == "melee" else 3, armor=1,
                                surge_abilities=tuple(_surge(s) for s in it.surges))
            return float(attack_odds(query).expected_wounds)
        except ValueError:
            return 0.0

    # -- other rules' decisions -----------------------------------------------------------------
    def _on_necromancy(self, decision: Decision, game: Game) -> str | None:
        return "necromancy:animate"

    def _on_skill_target(self, decision: Decision, game: Game) -> str | None:
        """A skill or hero ability picks a hero: heal the one missing most wounds; any other
        effect (a damage bonus) goes to the deciding seat's own hero, who acts now."""
        figures = [(c, game.state.figures.get(str(c.data.get("figure", "")))) for c in decision.choices]
        known = [(c, f) for c, f in figures if f is not None]
        if not known:
            return None
        if known[0][0].data.get("effect") in ("heal_wounds", "recover_fatigue"):
            missing = [f.max_wounds - f.wounds for _c, f in known]
            return known[missing.index(max(missing))][0].id
        own = [c for c, f in known if f.seat == decision.seat]
        return (own or [known[0][0]])[0].id

    def _on_stun_master(self, decision: Decision, game: Game) -> str | None:
        return "stun:attack"

    def _on_monster_activation(self, decision: Decision, game: Game) -> str | None:
        """A monster a hero controls (Necromancy): attack if it can, else stay."""
        for choice in decision.choices:
            if choice.id.startswith("attack:"):
                return choice.id
        return "end_activation"

    def _on_invulnerability(self, decision: Decision, game: Game) -> str | None:
        heroes = [h for h in game.state.heroes() if h.seat == decision.seat]
        low = any(h.wounds * 3 <= h.max_wounds for h in heroes)
        return "invulnerability:use" if low else "invulnerability:keep"

    def _on_place_item(self, decision: Decision, game: Game) -> str | None:
        for prefer in ("place:equip", "place:pack"):
            if decision.find(prefer) is not None:
                return prefer
        if decision.find("place:drop") is None:
            return None
        step = game.state.stack[-1]
        hero = game.state.figures.get(str(step.data.get("hero", "")))
        if hero is not None and on_board(hero):
            self.refused.add((hero.id, hero.pos))
        return "place:drop"

    def _on_equip_items(self, decision: Decision, game: Game) -> str | None:
        heroes = self._seat_heroes(game, decision.seat)
        armed = any(rules().weapons(game, h) for h in heroes)
        if not armed:
            for choice in decision.choices:
                if choice.id.startswith("equip:"):
                    return choice.id
        return "end_equip"

    def _on_cursed_item(self, decision: Decision, game: Game) -> str | None:
        return next((c.id for c in decision.choices if c.id.startswith("cursed:discard")), None)

    def _on_prolonged_fatigue(self, decision: Decision, game: Game) -> str | None:
        return "prolonged:complete" if decision.find("prolonged:complete") else "fatigue:done"


__all__ = ["HeroAI"]
