"""What held skill cards and hero abilities do in play: each effect kind is a small function, run
when its card's trigger is met and its ``limits`` allow.

Rulebook: Skill Cards (a hero uses his skills as often as they allow; they are never discarded or
exhausted); Fighting; Subterfuge; Wizardry; Heroes Setup (the ability on the hero's sheet).

A hero's *sources* are the skill cards he holds and his sheet's ability. Each has a trigger
(``when``), ``limits`` (attack type, once per turn, badly wounded, whom a ``chosen_hero`` may be)
and effects (``delve.content.effects``). Where each trigger is met:

- always on, or ``hero_attacks``: while the hero's attack is built (``attack.HERO_ATTACK_HOOKS``):
  ``bonus_dice``, ``extra_surges``, ``grant_ability`` for this attack, ``modify_stat`` of damage
  or range for this attack; once the attack is over (``attack.FINISH_HOOKS``): ``extra_action``;
- ``hero_attacked`` (by an enemy): ``reduce_damage`` of a hit's wounds (``attack.WOUND_HOOKS``),
  ``reroll_attack`` as if he had a dodge order (``attack.DODGE_HOOKS``), ``deal_wounds`` to the
  attacker once the attack that hit him is over;
- ``start_of_hero_turn``, ``hero_rests`` (his rest order is used), ``hero_opens_chest``: a
  ``held_effects`` step runs ``heal_wounds``, ``recover_fatigue``, ``gain_coins`` and timed
  ``modify_stat`` (damage or range ``this_turn`` / ``until_your_next_turn``), asking the hero's
  seat which hero a ``chosen_hero`` effect picks when more than one may be picked;
- ``hero_trapped``: ``reduce_damage`` of the wounds a trap deals him (``TRAP_REFS``).

Lasting effects (``modify_stat`` permanent on ``self``, always-on ``grant_ability``) change the
figure when the skill is gained or the hero is made (``delve.rules.skills.apply_lasting``).
``unsupported`` lists every effect of a pack that nothing here runs, so a pack cannot promise
what the engine does not do (the tests hold the starter pack to none).

State: ``flags["skill_uses"][hero][source]`` the turn a once-per-turn source was last used;
``flags["skill_mods"]`` the timed changes in force (``figure``, ``stat``, ``amount``, ``source``
hero, ``until``). Rulings: docs/rulings.md, "Skills and hero abilities".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from delve.board.geometry import footprint_distance
from delve.board.los import footprint_line_of_sight
from delve.content.effects import Limits
from delve.content.pack import Pack
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import attack, equipment, hero_turn, orders, treasure, wounds
from delve.rules.attack_context import AttackContext
from delve.rules.movement import figure_spaces, on_board
from delve.rules.skills import hero_skills

HELD_EFFECTS = "held_effects"
# Triggers whose effects a ``held_effects`` step runs.
EVENT_TRIGGERS = ("start_of_hero_turn", "hero_rests", "hero_opens_chest")
# The rulebook sections whose wounds count as a trap's (Trap Cards; Traps: Crushing Walls, Dart
# Fields, Scything Blades). Boulders kill outright and pits deal no wounds of their own.
TRAP_REFS = frozenset({"Trap Cards", "Crushing Walls", "Crushing Wall Movement", "Crushing Walls and Pits",
                       "Dart Fields", "Scything Blades"})
ATTACK_STATS = {"damage": "bonus_damage", "range": "bonus_range"}
TIMED = ("this_turn", "until_your_next_turn")


@dataclass(frozen=True)
class Source:
    """One skill card a hero holds, or his sheet's ability."""

    key: str  # "skill:<id>" or "ability:<hero id>"
    name: str
    when: str | None
    limits: Limits
    effects: tuple[Any, ...]

    @property
    def ref(self) -> str:
        """The rulebook section an event about this source cites."""
        return "Skill Cards" if self.key.startswith("skill:") else "Heroes Setup"


def pack_sources(pack: Pack) -> list[Source]:
    """Every skill card and hero ability of a pack, as sources."""
    found = [Source(f"skill:{s.id}", s.name, s.when, s.limits, tuple(s.effects)) for s in pack.skills.values()]
    found += [Source(f"ability:{h.id}", h.ability.name, h.ability.when, h.ability.limits, tuple(h.ability.effects))
              for h in pack.heroes.values()]
    return found


def sources(game: Game, hero: FigureState) -> list[Source]:
    """The skill cards the hero holds, then his sheet's ability (none for a figure of no sheet)."""
    if hero.kind != "hero":
        return []
    pack = equipment.content(game)
    found = []
    for skill_id in hero_skills(game, hero.id):
        card = pack.skills.get(skill_id)
        if card is not None:
            found.append(Source(f"skill:{card.id}", card.name, card.when, card.limits, tuple(card.effects)))
    sheet = pack.heroes.get(hero.content_id)
    if sheet is not None:
        ability = sheet.ability
        found.append(Source(f"ability:{sheet.id}", ability.name, ability.when, ability.limits,
                            tuple(ability.effects)))
    return found


# -- limits -----------------------------------------------------------------------------------
def turn_key(game: Game) -> str:
    """Which turn is being played: the round and whose turn it is (a hero's, else the overlord's)."""
    for step in reversed(game.state.stack):
        if step.kind == "hero_turn":
            return f"{game.state.round}:{step.data.get('hero', '')}"
        if step.kind == "overlord_turn":
            return f"{game.state.round}:overlord"
    return f"{game.state.round}:-"


def _uses(game: Game, hero: FigureState) -> dict[str, str]:
    uses: dict[str, str] = game.state.flags.setdefault("skill_uses", {}).setdefault(hero.id, {})
    return uses


def allowed(game: Game, hero: FigureState, src: Source, attack_type: str | None = None) -> bool:
    """Whether the source's limits let it act now (``attack_type``: of the attack concerned)."""
    limits = src.limits
    if attack_type is not None and limits.attack_type not in ("any", attack_type):
        return False
    if limits.wounded_half and hero.wounds * 2 > hero.max_wounds:
        return False
    return not (limits.once_per_turn and game.state.flags.get("skill_uses", {}).get(hero.id, {}).get(src.key)
                == turn_key(game))


def used(game: Game, hero: FigureState, src: Source, text: str, **data: Any) -> None:
    """Record a use (for once-per-turn limits) and tell the table."""
    if src.limits.once_per_turn:
        _uses(game, hero)[src.key] = turn_key(game)
    game.emit("skill_used", text, ref=src.ref, hero=hero.id, source=src.key, **data)


# -- attacks ----------------------------------------------------------------------------------
def _shape(ctx: AttackContext, item: Any, when: str | None) -> bool:
    """Apply one effect to an attack being built; False if it has nothing to do with attacks."""
    if getattr(item, "target", "self") != "self":
        return False
    if item.effect == "bonus_dice":
        if item.attack_type not in ("any", ctx.attack_type):
            return False
        ctx.dice = [*ctx.dice, *item.dice]
        ctx.power += item.power_dice
        return True
    if item.effect == "extra_surges":
        ctx.free_surges += item.amount
        return True
    if item.effect == "grant_ability" and (when == "hero_attacks" or item.duration == "this_attack"):
        if ctx.weapon == equipment.UNARMED:
            return False  # Rulebook: Unarmed Attacks have no abilities of any kind
        name = item.ability.name
        ctx.abilities[name] = ctx.abilities.get(name, 0) + (item.ability.rank or 0)
        return True
    if item.effect == "modify_stat" and item.stat in ATTACK_STATS and item.duration == "this_attack":
        field = ATTACK_STATS[item.stat]
        setattr(ctx, field, getattr(ctx, field) + item.amount)
        return True
    return False


def _shape_attack(game: Game, hero: FigureState, ctx: AttackContext) -> None:
    """Rulebook: Skill Cards. The hero's always-on and ``hero_attacks`` effects join his attack;
    so do timed damage or range changes on him. Pure: only the context changes."""
    for src in sources(game, hero):
        if src.when not in (None, "hero_attacks") or not allowed(game, hero, src, ctx.attack_type):
            continue
        shaped = [_shape(ctx, item, src.when) for item in src.effects]
        if any(shaped):
            ctx.notes.append(src.key)
    for mod in game.state.flags.get("skill_mods", []):
        if mod["figure"] == hero.id and mod["stat"] in ATTACK_STATS:
            field = ATTACK_STATS[mod["stat"]]
            setattr(ctx, field, getattr(ctx, field) + int(mod["amount"]))


def _announce(game: Game, ctx: AttackContext) -> None:
    """Tell the table which held sources shaped the declared attack."""
    hero = game.state.figures.get(ctx.attacker)
    if hero is None or hero.kind != "hero":
        return
    for src in sources(game, hero):
        if src.key in ctx.notes:
            used(game, hero, src, f"{hero.name}'s attack gains {src.name}.")


def _soften_hit(game: Game, ctx: AttackContext, target: FigureState, wounds_left: int) -> int:
    """``hero_attacked``: ``reduce_damage`` takes wounds off an enemy's hit on the holder."""
    if target.kind != "hero" or ctx.side == target.side:
        return wounds_left
    for src in sources(game, target):
        if wounds_left <= 0:
            break
        if src.when != "hero_attacked" or not allowed(game, target, src, ctx.attack_type):
            continue
        cut = sum(item.amount for item in src.effects if item.effect == "reduce_damage" and item.target == "self")
        if cut:
            wounds_left = max(0, wounds_left - cut)
            used(game, target, src, f"{src.name}: {target.name} suffers {cut} wound(s) fewer.", amount=cut)
    return wounds_left


def _may_dodge(game: Game, ctx: AttackContext, hero: FigureState) -> bool:
    """``hero_attacked``: ``reroll_attack`` lets the holder re-roll an enemy's attack as a dodge."""
    if ctx.side == hero.side:
        return False
    for src in sources(game, hero):
        if src.when == "hero_attacked" and allowed(game, hero, src, ctx.attack_type) and any(
                item.effect == "reroll_attack" for item in src.effects):
            used(game, hero, src, f"{src.name}: {hero.name} may make the attacker re-roll, as with a dodge.")
            return True
    return False


def _own_turn(game: Game, hero: FigureState) -> Step | None:
    """The hero's turn step while he is acting in it (not an attack made in another's turn)."""
    for step in reversed(game.state.stack):
        if step.kind == "hero_turn":
            return step if step.data.get("hero") == hero.id and step.data.get("phase") == "acting" else None
    return None


def _after_attack(game: Game, ctx: AttackContext) -> None:
    """``hero_attacked``: ``deal_wounds`` to an attacker that hit the holder; ``hero_attacks``:
    ``extra_action`` once the holder's attack is over."""
    for result in ctx.results:
        target = game.state.figures.get(result.figure)
        if not result.hit or target is None or target.kind != "hero" or target.side == ctx.side:
            continue
        for src in sources(game, target):
            if src.when != "hero_attacked" or not allowed(game, target, src, ctx.attack_type):
                continue
            for item in src.effects:
                enemy = game.state.figures.get(ctx.attacker)
                if item.effect != "deal_wounds" or item.target != "attacker" or enemy is None or not on_board(enemy):
                    continue
                hurt = item.amount if item.ignore_armor else max(0, item.amount - equipment.armor_value(game, enemy))
                used(game, target, src, f"{src.name}: {enemy.name} suffers {hurt} wound(s).", figure=enemy.id)
                wounds.suffer_wounds(game, enemy, hurt, cause=src.name, killer=target, ref=src.ref)
    hero = game.state.figures.get(ctx.attacker)
    turn = _own_turn(game, hero) if hero is not None and hero.kind == "hero" and on_board(hero) else None
    if hero is None or turn is None:
        return
    for src in sources(game, hero):
        if src.when != "hero_attacks" or not allowed(game, hero, src, ctx.attack_type):
            continue
        for item in src.effects:
            if item.effect != "extra_action" or item.target != "self":
                continue
            if item.action == "move":
                turn.data["mp"] = turn.data.get("mp", 0) + hero.speed
                used(game, hero, src, f"{src.name}: {hero.name} may move up to {hero.speed} more spaces.",
                     action="move", amount=hero.speed)
            else:
                turn.data["attacks"] = turn.data.get("attacks", 0) + 1
                used(game, hero, src, f"{src.name}: {hero.name} may attack once more.", action="attack")


def _soften_trap(game: Game, figure: FigureState, wounds_left: int, ref: str) -> int:
    """``hero_trapped``: ``reduce_damage`` takes wounds off what a trap deals the holder."""
    if ref not in TRAP_REFS or figure.kind != "hero":
        return wounds_left
    for src in sources(game, figure):
        if wounds_left <= 0:
            break
        if src.when != "hero_trapped" or not allowed(game, figure, src):
            continue
        cut = sum(item.amount for item in src.effects if item.effect == "reduce_damage" and item.target == "self")
        if cut:
            wounds_left = max(0, wounds_left - cut)
            used(game, figure, src, f"{src.name}: {figure.name} suffers {cut} wound(s) fewer from the trap.",
                 amount=cut)
    return wounds_left


# -- triggered effects run by a step ------------------------------------------------------------
def push_triggered(game: Game, hero: FigureState, trigger: str) -> None:
    """Queue the hero's effects for ``trigger`` (one of ``EVENT_TRIGGERS``) in a step."""
    if not on_board(hero):
        return
    queue = [[src.key, index] for src in sources(game, hero) if src.when == trigger and allowed(game, hero, src)
             for index, item in enumerate(src.effects) if item.effect in STEP_EFFECTS]
    if queue:
        game.push(HELD_EFFECTS, hero=hero.id, trigger=trigger, queue=queue)


def in_sight(game: Game, hero: FigureState, other: FigureState) -> bool:
    """Line of sight from the hero to another figure's space (Rulebook: Line of Sight)."""
    if other.id == hero.id:
        return True
    blockers = figure_spaces(game, exclude=hero.id) - set(other.footprint.cells())
    return footprint_line_of_sight(game.board, hero.footprint, other.pos, blockers)


# Heroes off the board whom a healing effect may still pick (ruleset 2e: a knocked-out hero recovers
# damage from other heroes' skills); each rule says yes or no.
HEALABLE_RULES: list[Callable[[Game, FigureState], bool]] = []


def candidates(game: Game, hero: FigureState, choose: str, *, healing: bool = False) -> list[FigureState]:
    """The heroes a ``chosen_hero`` effect of this hero may pick (``limits.choose``): next to him
    (in sight), himself or one next to him, or any hero he sees (himself included)."""
    found = []
    for other in game.state.heroes():
        reachable = on_board(other) or (healing and any(rule(game, other) for rule in HEALABLE_RULES))
        if not reachable or not in_sight(game, hero, other):
            continue
        near = other.id != hero.id and footprint_distance(hero.footprint, other.pos) == 1
        if choose == "in_sight" or near or (choose == "self_or_adjacent" and other.id == hero.id):
            found.append(other)
    return found


def _targets(game: Game, hero: FigureState, src: Source, item: Any) -> list[FigureState]:
    target = getattr(item, "target", "self")
    if target == "chosen_hero":
        return candidates(game, hero, src.limits.choose, healing=item.effect == "heal_wounds")
    return [hero]


StepEffect = Callable[[Game, FigureState, Source, Any, list[FigureState]], None]
STEP_EFFECTS: dict[str, StepEffect] = {}


def step_effect(name: str) -> Callable[[StepEffect], StepEffect]:
    """Decorator: the function a ``held_effects`` step runs for an effect named ``name``."""

    def wrap(fn: StepEffect) -> StepEffect:
        STEP_EFFECTS[name] = fn
        return fn

    return wrap


@step_effect("heal_wounds")
def _heal(game: Game, hero: FigureState, src: Source, item: Any, targets: list[FigureState]) -> None:
    for figure in targets:
        used(game, hero, src, f"{hero.name} uses {src.name} on {figure.name}.", figure=figure.id)
        wounds.heal(game, figure, item.amount, cause=src.name)


@step_effect("recover_fatigue")
def _recover(game: Game, hero: FigureState, src: Source, item: Any, targets: list[FigureState]) -> None:
    for figure in targets:
        used(game, hero, src, f"{hero.name} uses {src.name} on {figure.name}.", figure=figure.id)
        gained = max(0, min(item.amount, figure.max_fatigue - figure.fatigue))
        if gained:
            figure.fatigue += gained
            game.emit("fatigue_recovered", f"{figure.name} recovers {gained} fatigue ({src.name}).", ref=src.ref,
                      figure=figure.id, amount=gained)


@step_effect("gain_coins")
def _coins(game: Game, hero: FigureState, src: Source, item: Any, targets: list[FigureState]) -> None:
    used(game, hero, src, f"{hero.name} uses {src.name}.")
    for other in game.state.heroes():
        other.coins += item.amount
    game.emit("coins_gained", f"Every hero gains {item.amount} coins ({src.name}).", ref=src.ref, amount=item.amount)


@step_effect("modify_stat")
def _timed_change(game: Game, hero: FigureState, src: Source, item: Any, targets: list[FigureState]) -> None:
    if item.stat not in ATTACK_STATS or item.duration not in TIMED:
        return
    mods = game.state.flags.setdefault("skill_mods", [])
    for figure in targets:
        mods.append({"figure": figure.id, "stat": item.stat, "amount": item.amount, "source": hero.id,
                     "until": item.duration, "name": src.name})
        until = "this turn" if item.duration == "this_turn" else f"until {hero.name}'s next turn"
        used(game, hero, src, f"{src.name}: {figure.name}'s attacks deal {item.amount:+d} {item.stat} {until}.",
             figure=figure.id, stat=item.stat, amount=item.amount)


def effect_words(item: Any) -> str:
    """What an effect does to the hero it picks, in a player's words (``+1 damage``, ``heal 2
    wounds``), for the prompt that asks which hero: the effect's kind is a pack's field name."""
    amount = getattr(item, "amount", None)
    if item.effect == "modify_stat" and isinstance(amount, int):
        return f"{amount:+d} {str(getattr(item, 'stat', '')).replace('_', ' ')}".rstrip()
    if item.effect == "heal_wounds" and isinstance(amount, int):
        return f"heal {amount} wound{'s' if amount != 1 else ''}"
    if item.effect == "recover_fatigue" and isinstance(amount, int):
        return f"recover {amount} fatigue"
    return str(item.effect).replace("_", " ")


def expire(game: Game, hero_id: str, until: str) -> None:
    """Timed changes a hero made that last ``until`` now ends."""
    mods = game.state.flags.get("skill_mods")
    if mods:
        game.state.flags["skill_mods"] = [m for m in mods if not (m["source"] == hero_id and m["until"] == until)]


@register
class HeldEffects(StepHandler):
    """Runs a hero's triggered skill and ability effects one by one; asks his seat which hero a
    ``chosen_hero`` effect picks when several may be picked.

    Data: ``hero``, ``trigger``, ``queue`` of ``[source key, effect index]``."""

    kind = HELD_EFFECTS

    def _head(self, game: Game, step: Step) -> tuple[FigureState, Source, Any] | None:
        hero = game.state.figures.get(step.data["hero"])
        while step.data["queue"] and hero is not None and on_board(hero):
            key, index = step.data["queue"][0]
            src = next((s for s in sources(game, hero) if s.key == key), None)
            if src is not None and index < len(src.effects):
                return hero, src, src.effects[index]
            step.data["queue"] = step.data["queue"][1:]
        return None

    def decide(self, game: Game, step: Step) -> Decision | None:
        head = self._head(game, step)
        if head is None:
            return None
        hero, src, item = head
        if getattr(item, "target", "") != "chosen_hero":
            return None
        options = candidates(game, hero, src.limits.choose, healing=item.effect == "heal_wounds")
        if len(options) <= 1:
            return None
        what = effect_words(item)
        choices = [Choice(id=f"skill_target:{f.id}",
                          label=f"{src.name} on {f.name} ({f.wounds}/{f.max_wounds} wounds)",
                          data={"figure": f.id, "effect": item.effect})
                   for f in options]
        return Decision(seat=hero.seat, kind="skill_target", prompt=f"{hero.name}'s {src.name} ({what}): which hero?",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        head = self._head(game, step)
        if head is None:
            game.pop(step)
            return
        hero, src, item = head
        step.data["queue"] = step.data["queue"][1:]
        STEP_EFFECTS[item.effect](game, hero, src, item, _targets(game, hero, src, item))

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        head = self._head(game, step)
        if head is None:
            return
        hero, src, item = head
        step.data["queue"] = step.data["queue"][1:]
        STEP_EFFECTS[item.effect](game, hero, src, item, [game.figure(choice.data["figure"])])


def _turn_starts(game: Game, hero: FigureState) -> None:
    expire(game, hero.id, "until_your_next_turn")
    push_triggered(game, hero, "start_of_hero_turn")


def _turn_ends(game: Game, hero: FigureState) -> None:
    expire(game, hero.id, "this_turn")


def _rested(game: Game, hero: FigureState) -> None:
    push_triggered(game, hero, "hero_rests")


def _chest_opened(game: Game, hero: FigureState) -> None:
    push_triggered(game, hero, "hero_opens_chest")


# -- what a pack may ask of this module ----------------------------------------------------------
def runs(when: str | None, item: Any) -> bool:
    """Whether an effect of a skill or hero ability with this trigger is carried out by the engine."""
    kind, target = item.effect, getattr(item, "target", None)
    if when is None:
        if kind in ("modify_stat", "grant_ability"):
            return target == "self" and item.duration == "permanent"
        return kind == "bonus_dice" and target == "self"
    if when == "hero_attacks":
        if kind in ("bonus_dice", "extra_surges", "extra_action"):
            return target == "self"
        if kind == "grant_ability":
            return target == "self" and item.duration in ("this_attack", "permanent")
        return kind == "modify_stat" and target == "self" and item.stat in ATTACK_STATS \
            and item.duration == "this_attack"
    if when == "hero_attacked":
        return (kind == "reduce_damage" and target == "self") or (kind in ("deal_wounds", "reroll_attack")
                                                                  and target == "attacker")
    if when == "hero_trapped":
        return kind == "reduce_damage" and target == "self"
    if when in EVENT_TRIGGERS:
        if kind in ("heal_wounds", "recover_fatigue"):
            return target in ("self", "chosen_hero")
        if kind == "modify_stat":
            return target in ("self", "chosen_hero") and item.stat in ATTACK_STATS and item.duration in TIMED
        return kind == "gain_coins"
    return False


def unsupported(pack: Pack) -> list[str]:
    """Every skill or hero-ability effect of the pack that the engine would not carry out."""
    problems = []
    for src in pack_sources(pack):
        for item in src.effects:
            if not runs(src.when, item):
                problems.append(f"{src.key}: {item.effect} (target {getattr(item, 'target', '-')}) "
                                f"when {src.when or 'always'}")
    return problems


attack.HERO_ATTACK_HOOKS.append(_shape_attack)
attack.DECLARE_HOOKS.append(_announce)
attack.WOUND_HOOKS.append(_soften_hit)
attack.DODGE_HOOKS.append(_may_dodge)
attack.FINISH_HOOKS.append(_after_attack)
wounds.WOUND_PREVENTION_HOOKS.append(_soften_trap)
hero_turn.TURN_START_HOOKS.append(_turn_starts)
hero_turn.TURN_END_HOOKS.append(_turn_ends)
orders.REST_HOOKS.append(_rested)
treasure.CHEST_OPENED_HOOKS.append(_chest_opened)
