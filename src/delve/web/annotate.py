"""Extra help drawn next to a seat's pending choices: exact attack odds and area templates.

Why here and not in the engine: these are display aids, computed with the same public
functions the hero AI and the overlord AI use (``delve.api.player_rules``, ``delve.odds``,
``delve.ai.overlord_common``, the board's template geometry), only for the seat that decides,
and clipped to the spaces that seat can see, so they add nothing the seat could not work out
at a real table. Heroes get the odds of their attacks; the overlord those of the activated
monster's attacks (Rulebook: Attacker is a Monster).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from delve.api import player_rules
from delve.board.geometry import distance, footprint_distance
from delve.board.los import has_line_of_sight
from delve.board.templates import covered, placements
from delve.engine.decision import OVERLORD, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState

TEMPLATE_PREFIXES = ("breath:", "bolt:")
ANNOTATED_PREFIXES = ("attack:", *TEMPLATE_PREFIXES)  # the hero's choices ``annotate`` adds help to
POWER_DICE_CAP = 5  # Rulebook: Power Dice (never more than five rolled)


def acting_hero(game: Game, decision: Decision) -> FigureState | None:
    """The hero whose turn or interrupt asks ``decision``: the nearest step naming one of the
    deciding seat's heroes."""
    for step in reversed(game.state.stack):
        for key in ("hero", "figure", "attacker"):
            fid = step.data.get(key)
            if isinstance(fid, str) and fid in game.state.figures:
                figure = game.state.figures[fid]
                if figure.kind == "hero" and figure.seat == decision.seat:
                    return figure
    return None


def figure_on(game: Game, pos: tuple[int, int]) -> FigureState | None:
    """The living figure on a space, if any."""
    for figure in game.state.figures.values():
        if figure.alive and not figure.in_town and pos in figure.footprint.cells():
            return figure
    return None


def _blast_rank(game: Game, hero: FigureState, weapon: str) -> int:
    rules = player_rules()
    rank = sum(a.rank or 0 for a in hero.abilities if a.name == "Blast")
    if weapon and weapon != rules.UNARMED:
        rank += sum((a.rank or 0) for a in rules.item(game, weapon).abilities if a.name == "Blast")
    return rank


def _blast_spaces(game: Game, target: tuple[int, int], rank: int) -> list[tuple[int, int]]:
    board = game.board
    return [(x, y) for y in range(target[1] - rank, target[1] + rank + 1)
            for x in range(target[0] - rank, target[0] + rank + 1)
            if (x, y) != target and board.is_space((x, y)) and distance((x, y), target) <= rank
            and has_line_of_sight(board, target, (x, y))]


def attack_odds(game: Game, hero: FigureState, weapon: str, target: tuple[int, int], aimed: bool) -> dict[str, Any]:
    """The exact odds of a hero attack on the figure on ``target`` (delve.odds)."""
    from delve.ai.hero_common import query_for
    from delve.odds import attack_odds as exact

    victim = figure_on(game, target)
    if victim is None:
        return {}
    ctx = player_rules().hero_attack_context(game, hero, weapon, target)
    try:
        query = query_for(game, ctx, victim, aimed=aimed)
        odds = exact(query)
        with_fatigue = [(n, exact(replace(query, fatigue=n)))
                        for n in range(1, min(hero.fatigue, POWER_DICE_CAP - query.power) + 1)]
    except ValueError:
        return {}
    return {"target": victim.name, "hit": round(odds.hit, 4), "expected": round(odds.expected_wounds, 3),
            "kill": round(float(odds.kill or 0.0), 4), "wounds": [round(p, 4) for p in odds.wounds],
            "armor": int(player_rules().armor_value(game, victim)), "target_wounds": victim.wounds,
            "fatigue_odds": [{"fatigue": n, "hit": round(o.hit, 4), "expected": round(o.expected_wounds, 3),
                              "kill": round(float(o.kill or 0.0), 4)} for n, o in with_fatigue]}


def acting_monster(game: Game, decision: Decision) -> FigureState | None:
    """The monster whose activation asks ``decision`` (Step 3: Activate Monsters)."""
    if decision.kind != "monster_activation":
        return None
    for step in reversed(game.state.stack):
        if step.kind == "monster_activation":
            figure = game.state.figures.get(str(step.data.get("figure", "")))
            return figure if figure is not None and figure.kind == "monster" else None
    return None


def monster_attack_odds(game: Game, monster: FigureState, target: tuple[int, int]) -> dict[str, Any]:
    """The exact odds of the monster's attack on the figure on ``target``, as the overlord AI
    values it (morph dice counted as red): the monster's dice and Pierce, Sorcery and Bash; the
    target's armor, a ready shield, a dodge order and Ironskin; unspent surges become threat."""
    from delve.ai import overlord_common as oc
    from delve.odds import AttackQuery
    from delve.odds import attack_odds as exact

    victim = figure_on(game, target)
    if victim is None:
        return {}
    kind = oc.attack_type_of(monster)
    hero = victim.kind == "hero"
    query = AttackQuery(
        dice=oc.monster_dice(monster) or ("red",), attack_type=kind,  # type: ignore[arg-type]
        range=0 if kind == "melee" else footprint_distance(monster.footprint, target),
        armor=int(player_rules().armor_value(game, victim)), shield=oc.hero_shield(game, victim) if hero else 0,
        pierce=oc.rank(monster, "Pierce"), sorcery=oc.rank(monster, "Sorcery"), bash=bool(oc.rank(monster, "Bash")),
        overlord=True, dodge=hero and victim.order == "dodge", ironskin="Pierce" in victim.immunities,
        kill=max(1, victim.wounds))
    odds = exact(query)
    return {"target": victim.name, "hit": round(odds.hit, 4), "expected": round(odds.expected_wounds, 3),
            "kill": round(float(odds.kill or 0.0), 4), "wounds": [round(p, 4) for p in odds.wounds],
            "armor": query.armor, "target_wounds": victim.wounds, "attacker": monster.name}


def annotate_monster(game: Game, decision: Decision, seen: set[tuple[int, int]]) -> dict[str, dict[str, Any]]:
    """Per attack choice of the activated monster: ``odds`` and, for Blast, ``template``."""
    monster = acting_monster(game, decision)
    if monster is None:
        return {}
    blast = sum(a.rank or 0 for a in monster.abilities if a.name == "Blast")
    out: dict[str, dict[str, Any]] = {}
    for choice in decision.choices:
        data = choice.data
        if not choice.id.startswith("attack:") or "x" not in data or "y" not in data:
            continue
        target = (int(data["x"]), int(data["y"]))
        try:
            info: dict[str, Any] = {"odds": monster_attack_odds(game, monster, target)}
        except (KeyError, ValueError):
            continue
        if blast:
            info["template"] = [list(p) for p in _blast_spaces(game, target, blast) if p in seen]
        out[choice.id] = info
    return out


def spend_previews(game: Game, decision: Decision, seen: set[tuple[int, int]]) -> dict[str, dict[str, Any]]:
    """Per way of spending surges and enhancements after the roll (``attack_spend``): the damage,
    range and Pierce it gives, whether the attack then reaches, and per figure it strikes the
    wounds after armor, shield and the target's wound-reducing abilities (public: hero sheets,
    skills, items) and whether they kill. Only rolled faces and public stats go in (the same
    arithmetic and wound hooks the engine resolves with)."""
    rules = player_rules()
    try:
        step = rules.current_attack(game)
        ctx = rules.load_attack(step)
        bonus = step.data.get("armor_bonus", {})  # shields rolled on defense dice (2e), as the engine adds them
        totals = rules.attack_totals(ctx)
        profile = ctx.profile()
    except Exception:  # no attack in progress: nothing to preview
        return {}
    targets = [f for fid in ctx.affected if (f := game.state.figures.get(fid)) is not None and f.alive
               and not f.in_town and any(c in seen for c in f.footprint.cells())]
    out: dict[str, dict[str, Any]] = {}
    softened: dict[tuple[str, int], int] = {}  # (target, wounds after armor) -> after abilities

    def after_abilities(target: FigureState, result: Any) -> Any:
        if not result.hit or result.damage <= 0 or result.wounds <= 0:
            return result
        key = (target.id, result.wounds)
        if key not in softened:
            softened[key] = rules.wounds_after_hooks(game, target.id, result.wounds)
        return replace(result, wounds=softened[key])

    for choice in decision.choices:
        data = choice.data
        if "to_range" not in data or "buys" not in data:
            continue
        spend = rules.Spend(int(data["to_range"]), tuple(int(b) for b in data["buys"]))
        struck = []
        for target in targets:
            defense = rules.defense_of(game, target)
            defense = replace(defense, armor=defense.armor + int(bonus.get(target.id, 0)))
            try:
                result = after_abilities(target, rules.resolve(totals, profile, spend, defense))
            except ValueError:
                continue
            struck.append((target, result))
        if not struck:
            continue
        first, result = struck[0]
        out[choice.id] = {"preview": {
            "damage": result.damage, "range": result.range, "pierce": result.pierce,
            "needed_range": 0 if ctx.ignore_range else int(ctx.range_needed),
            "reaches": result.miss_reason != "range", "hit": result.hit, "threat": result.threat,
            "target": first.name, "target_wounds": first.wounds, "wounds": result.wounds,
            "kill": 1.0 if result.hit and result.wounds >= first.wounds else 0.0,
            "targets": [{"figure": t.id, "name": t.name, "wounds": r.wounds, "target_wounds": t.wounds,
                         "kill": 1.0 if r.hit and r.wounds >= t.wounds else 0.0} for t, r in struck]}}
    return out


def annotate(game: Game, decision: Decision, seen: set[tuple[int, int]]) -> dict[str, dict[str, Any]]:
    """Per choice id: ``odds`` for attacks (heroes' and, for the overlord, monsters'), with the
    odds when buying power dice with fatigue; ``template`` (spaces) for area attacks; and
    ``preview`` for each way of spending a rolled attack's surges."""
    if decision.kind == "attack_spend":
        return spend_previews(game, decision, seen)
    if decision.kind == "monster_activation":
        return annotate_monster(game, decision, seen)
    if decision.seat == OVERLORD:
        return {}
    hero = acting_hero(game, decision)
    if hero is None:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for choice in decision.choices:
        if not choice.id.startswith(ANNOTATED_PREFIXES):  # most choices (moves, actions): nothing to add
            continue
        data = choice.data
        if "x" not in data or "y" not in data:
            continue
        target = (int(data["x"]), int(data["y"]))
        if choice.id.startswith("attack:") and "weapon" in data:
            weapon = str(data["weapon"])
            try:
                odds = attack_odds(game, hero, weapon, target, bool(data.get("aimed")))
                info: dict[str, Any] = {"odds": odds, "fatigue_odds": odds.pop("fatigue_odds", [])}
                rank = _blast_rank(game, hero, weapon)
            except (KeyError, ValueError):
                continue
            if rank:
                info["template"] = [list(p) for p in _blast_spaces(game, target, rank) if p in seen]
            out[choice.id] = info
        elif choice.id.startswith(TEMPLATE_PREFIXES) and "facing" in data:
            template = choice.id.split(":", 1)[0]
            base = choice.id.removesuffix(":aimed")
            for placement in placements(template, hero.footprint):
                if base.endswith(":" + placement.key):
                    spaces = covered(game.board, hero.footprint, placement)
                    out[choice.id] = {"template": [list(p) for p in spaces if p in seen]}
                    break
    return out


def sight(game: Game, figure_id: str, seen: set[tuple[int, int]],
          visible_figures: list[FigureState]) -> list[list[int]]:
    """Spaces the figure can see, among the spaces the asking seat can see; only the figures
    that seat can see block (so nothing hidden shapes the answer beyond the board's walls)."""
    from delve.board.los import visible_spaces

    figure = game.state.figures.get(figure_id)
    if figure is None or figure_id not in {f.id for f in visible_figures} or figure.in_town:
        return []
    own = set(figure.footprint.cells())
    blockers = [c for f in visible_figures if f.alive and not f.in_town and f.id != figure.id
                for c in f.footprint.cells() if c not in own]
    found: set[tuple[int, int]] = set()
    for cell in own:
        found |= visible_spaces(game.board, cell, blockers)
    return sorted([list(p) for p in found if p in seen])
