"""The attack sequence: declare, line of sight, roll, re-rolls, fatigue, spending, wounds.

Rulebook: Attacking; Types of Attacks (Melee, Unarmed, Off-hand Bonus, Ranged, Magic, Morph);
Attack Sequence (Steps 1-6); Attack Re-rolls; Attacking Large Monsters; Using Fatigue.

One ``attack`` step carries an ``AttackContext`` through phases:
``declare -> (morph) -> roll -> reroll window -> fatigue -> spend -> damage -> done``.
Abilities act only through the hook points of ``delve.abilities.base``; the arithmetic is
``delve.rules.attack_math``, shared with the odds calculator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import Any

from delve.abilities.base import ABILITY_UNITS, merge_ranks
from delve.board.geometry import Footprint, Pos, distance
from delve.board.los import cells_see, flat_indices
from delve.board.stair_range import attack_distance
from delve.engine.decision import OVERLORD, Choice, Decision, dump_choice
from delve.engine.game import EngineError, Game
from delve.engine.state import AbilityRef, FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.attack_context import AttackContext, SurgeOption, TargetResult
from delve.rules.attack_math import POWER_DICE_CAP, Defense, RollTotals, legal_spends, resolve
from delve.rules.dice import COMBAT_COLOURS, POWER, DieFace, face_of, face_words, roll_words
from delve.rules.hero_turn import turn_choice_provider
from delve.rules.movement import on_board
from delve.rules.overlord_cards import keeps_threat
from delve.rules.overlord_turn import ACTIVATION_CHOICE_PROVIDERS
from delve.rules.rolling import request_roll
from delve.rules.wounds import fatigue_spent, suffer_wounds

REACH_RANGE = 2  # Rulebook: Reach

# Rules that act on every attack whatever abilities it carries (e.g. condition tokens on the
# attacker or on a target). Hooks may push steps; those resolve before the attack goes on.
AttackHook = Callable[[Game, AttackContext], None]
TargetHook = Callable[[Game, AttackContext, FigureState, TargetResult], None]
DECLARE_HOOKS: list[AttackHook] = []  # after the abilities' declare hooks, before the roll
TARGET_HIT_HOOKS: list[TargetHook] = []  # after a hit target's wounds and on-hit effects
FINISH_HOOKS: list[AttackHook] = []  # once the attack is over, hit or miss
# Called once the dice are final and spent, just before damage. A hook may push decision steps
# (e.g. a target discarding an invulnerability potion); damage waits until they resolve. Armor
# added to ``step.data["armor_bonus"][figure_id]`` counts against this attack only.
StepHook = Callable[[Game, Step, AttackContext], None]
PRE_DAMAGE_HOOKS: list[StepHook] = []
# Held effects (skills, hero abilities) that shape a hero's attack as it is built; pure: the AI
# and the web table call ``hero_attack_context`` to predict attacks, so no state may change.
HeroContextHook = Callable[[Game, FigureState, AttackContext], None]
HERO_ATTACK_HOOKS: list[HeroContextHook] = []
# The wounds a hit target is about to suffer (after armor and shields): each hook returns what is
# left (e.g. a skill that makes its holder suffer one wound fewer).
WoundHook = Callable[[Game, AttackContext, FigureState, int], int]
WOUND_HOOKS: list[WoundHook] = []
# Whether an affected hero may re-roll the attack as if he had a dodge order (Rulebook: Dodge).
DodgeHook = Callable[[Game, AttackContext, FigureState], bool]
DODGE_HOOKS: list[DodgeHook] = []


def wounds_after_hooks(game: Game, target_id: str, wounds: int) -> int:
    """The wounds a hit of ``wounds`` after armor would leave on ``target_id`` once the wound
    hooks (abilities such as a hero's one-wound-fewer) have had their say, worked out on a copy
    of the game so that no limit is used up and nothing is told: what a preview shows equals what
    the attack then deals (Step 5: Inflict Damage)."""
    copy = game.clone()
    ctx = load(current_attack(copy))
    target = copy.state.figures[target_id]
    for wound_hook in WOUND_HOOKS:
        wounds = max(0, wound_hook(copy, ctx, target, wounds))
    return wounds


# -- Step 1 and 2: which spaces may be attacked --------------------------------------------
def figure_at(game: Game, pos: Pos) -> FigureState | None:
    """The figure standing on a space, if any."""
    for figure in game.state.figures.values():
        if on_board(figure) and pos in figure.footprint.cells():
            return figure
    return None


def attack_range(game: Game, attacker: FigureState, target: Pos) -> int:
    """Rulebook: Step 3; Staircases. Spaces counted from the attacker (its nearest space, if
    large), the two ends of a staircase counting as adjacent."""
    return attack_distance(game.board, attacker.footprint, target)


class _Targeting:
    """What ``can_target`` reads about the board for one attacker, worked out once for all the
    spaces it asks about: who stands on each space (``figure_at``'s answer) and the flat indices
    of the figures that may block (every other figure; a large attacker's own spaces never block
    its lines). Why: an attack's targets, and the AIs weighing where to attack from, ask about
    every space of every enemy; building these sets per space cost more than the sight lines."""

    __slots__ = ("attacker_id", "blocking", "board", "cells", "figures", "footprint", "occupants")

    def __init__(self, game: Game, attacker: FigureState) -> None:
        self.board = game.board
        self.footprint = attacker.footprint
        self.cells = self.footprint.cells()
        self.figures = game.state.figures
        self.attacker_id = attacker.id
        # Filled on the first space in range (``_fill``): a melee attacker's targets are mostly
        # out of range, and then who stands where is never read.
        self.occupants: dict[Pos, FigureState] | None = None
        self.blocking: set[int] = set()

    def _fill(self) -> dict[Pos, FigureState]:
        occupants: dict[Pos, FigureState] = {}
        others: list[Pos] = []
        for figure in self.figures.values():
            if on_board(figure):
                for cell in figure.footprint.cells():
                    occupants.setdefault(cell, figure)  # the first, as ``figure_at`` finds
                    if figure.id != self.attacker_id:
                        others.append(cell)
        self.blocking = flat_indices(self.board, others)
        if self.footprint.size > 1:
            self.blocking -= flat_indices(self.board, self.cells)
        self.occupants = occupants
        return occupants

    def range_to(self, target: Pos) -> int:
        """``attack_range`` from the attacker's footprint."""
        return attack_distance(self.board, self.footprint, target)

    def can(self, target: Pos, attack_type: str, reach: bool, rng: int | None = None) -> bool:
        """``can_target`` (``rng``: the range to ``target``, when the caller has it already)."""
        if rng is None:
            rng = self.range_to(target)
        if rng == 0:
            return False
        if attack_type == "melee" and rng > (REACH_RANGE if reach else 1):
            return False
        occupants = self.occupants if self.occupants is not None else self._fill()
        occupant = occupants.get(target)
        figures = self.blocking
        if occupant is not None:  # the target's own figure never blocks the line to it
            figures = figures - flat_indices(self.board, occupant.footprint.cells())
        return cells_see(self.board, self.cells, target, figures)


def can_target(game: Game, attacker: FigureState, target: Pos, attack_type: str, reach: bool) -> bool:
    """Rulebook: Melee Attacks (adjacent only; Reach: range 2), Step 2: Confirm Line of Sight."""
    return _Targeting(game, attacker).can(target, attack_type, reach)


def immune_from(game: Game, attacker: Footprint, target: FigureState) -> bool:
    """Whether any ability of ``target`` makes it shrug off an attack made from ``attacker``
    (Rulebook: Special Abilities, Shadowcloak). The attack is still legal; players ask this so
    they do not spend actions on attacks that cannot affect the target."""
    for ref in target.abilities:
        ability = ABILITY_UNITS.get(ref.name)
        if ability is not None and ability.immune_from(game, attacker, target, ref.rank):
            return True
    return False


def target_spaces(game: Game, attacker: FigureState, attack_type: str, reach: bool, blast: int = 0) -> list[Pos]:
    """One space per enemy figure the attacker may attack (the nearest visible space of a large one).

    Rulebook: Step 1: Declare Attack. A space is attacked, not a figure: with Blast, an empty
    space (or a friend's) within the blast's reach of an enemy may be the target too."""
    spaces: set[Pos] = set()
    enemies = [f for f in game.state.figures.values() if f.side != attacker.side and on_board(f)]
    if not enemies:
        return []
    targeting = _Targeting(game, attacker)
    for enemy in enemies:
        cells = sorted((targeting.range_to(c), c[1], c[0]) for c in enemy.footprint.cells())
        for rng, y, x in cells:
            if targeting.can((x, y), attack_type, reach, rng):
                spaces.add((x, y))
                break
    if blast > 0:
        mine = set(attacker.footprint.cells())
        near = {(cx + dx, cy + dy) for enemy in enemies for cx, cy in enemy.footprint.cells()
                for dx in range(-blast, blast + 1) for dy in range(-blast, blast + 1)}
        for pos in near - spaces - mine:
            if game.board.is_space(pos) and targeting.can(pos, attack_type, reach):
                spaces.add(pos)
    return sorted(spaces, key=lambda p: (p[1], p[0]))


# -- building the attack context (Step 1 and Step 3: which dice) ---------------------------
def hero_attack_context(game: Game, hero: FigureState, weapon_id: str, target: Pos) -> AttackContext:
    """Rulebook: Attacker is a hero. The weapon's dice and abilities, power dice from the trait."""
    if weapon_id == equipment.UNARMED:
        # Rulebook: Unarmed Attacks: one red die, melee, no abilities of any kind.
        unarmed = AttackContext(attacker=hero.id, side=hero.side, target=target, weapon=weapon_id,
                                attack_type="melee", dice=["red"],
                                power=min(POWER_DICE_CAP, hero.traits.get("melee", 0)),
                                range_needed=attack_range(game, hero, target))
        for hook in HERO_ATTACK_HOOKS:
            hook(game, hero, unarmed)
        return unarmed
    weapon = equipment.item(game, weapon_id)
    attack_type = weapon.attack_type or "melee"
    abilities = merge_ranks([hero.abilities, [AbilityRef(name=a.name, rank=a.rank or 0) for a in weapon.abilities]])
    options = [
        SurgeOption(cost=s.surges, damage=s.effect.damage, range=s.effect.range, pierce=s.effect.pierce,
                    ability=s.effect.ability.name if s.effect.ability else "",
                    ability_rank=(s.effect.ability.rank or 0) if s.effect.ability else 0)
        for s in weapon.surges
    ]
    ctx = AttackContext(attacker=hero.id, side=hero.side, target=target, weapon=weapon_id,
                        attack_type=attack_type, dice=list(weapon.dice),
                        power=min(POWER_DICE_CAP, hero.traits.get(attack_type, 0)),
                        abilities=abilities, surge_options=options, range_needed=attack_range(game, hero, target))
    bonus = equipment.off_hand_bonus(game, hero, weapon)
    if bonus is not None:
        ctx.free_surges += bonus.free_surges
        ctx.bonus_damage += bonus.damage
        if bonus.pierce:
            ctx.abilities["Pierce"] = ctx.abilities.get("Pierce", 0) + bonus.pierce
        for ref in bonus.abilities:
            ctx.abilities[ref.name] = ctx.abilities.get(ref.name, 0) + (ref.rank or 0)
        ctx.notes.append("off-hand bonus")
    for hook in HERO_ATTACK_HOOKS:
        hook(game, hero, ctx)
    return ctx


def monster_attack_context(game: Game, monster: FigureState, target: Pos) -> AttackContext:
    """Rulebook: Attacker is a Monster. The dice and abilities of its reference card."""
    return AttackContext(attacker=monster.id, side=monster.side, target=target, weapon="",
                         attack_type=monster.attack_type, dice=[d for d in monster.dice if d != "morph"],
                         abilities=merge_ranks([monster.abilities]), range_needed=attack_range(game, monster, target))


def affected_figures(game: Game, ctx: AttackContext) -> list[str]:
    """Figures in the target space and any area the attack covers, each once (Rulebook:
    Attacking Large Monsters: a large figure is hit once however many of its spaces are covered).
    The attacker is left out unless the area covers its own space, which only Blast does (ruling
    in docs/rulings.md); its area lists every blasted space, the attacker's included."""
    found: list[str] = []
    attacker = game.state.figures.get(ctx.attacker)
    own = set(attacker.footprint.cells()) if attacker is not None else set()
    hits_attacker = any((int(p[0]), int(p[1])) in own for p in ctx.area)
    for pos in [tuple(ctx.target), *[tuple(p) for p in ctx.area]]:
        figure = figure_at(game, (int(pos[0]), int(pos[1])))
        if figure is not None and (figure.id != ctx.attacker or hits_attacker) and figure.id not in found:
            found.append(figure.id)
    return found


def current_attack(game: Game) -> Step:
    """The attack step nearest the top of the stack (for steps an ability pushes mid-attack)."""
    for step in reversed(game.state.stack):
        if step.kind == "attack":
            return step
    raise EngineError("no attack is in progress")


def load(step: Step) -> AttackContext:
    """The attack context stored in a step."""
    return AttackContext.from_data(step.data["ctx"])


def store(step: Step, ctx: AttackContext) -> None:
    """Write the context back into its step (steps hold plain data)."""
    step.data["ctx"] = ctx.to_data()


def start_attack(game: Game, ctx: AttackContext, *, aimed: bool = False, morph: int = 0) -> None:
    """Push an attack step for a declared attack."""
    ctx.aimed = aimed
    attacker = game.figure(ctx.attacker)
    dx, dy = ctx.target[0] - attacker.pos[0], ctx.target[1] - attacker.pos[1]
    if (dx, dy) != (0, 0):
        attacker.facing = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    target = figure_at(game, ctx.target)
    game.emit("attack_declared", f"{attacker.name} attacks {target.name if target else 'the space'} at "
              f"({ctx.target[0]},{ctx.target[1]}){' with ' + ctx.weapon if ctx.weapon else ''}.",
              ref="Step 1: Declare Attack", attacker=attacker.id, x=ctx.target[0], y=ctx.target[1],
              weapon=ctx.weapon, aimed=aimed)
    game.push("attack", ctx=ctx.to_data(), phase="morph" if morph else "declare", morph=morph)


# -- the attack step ------------------------------------------------------------------------
def _seat_of(game: Game, figure: FigureState) -> str:
    """The seat deciding for a figure: its own seat (heroes, and monsters a hero controls), else
    the overlord."""
    return figure.seat or OVERLORD


def _rolled_faces(ctx: AttackContext) -> list[DieFace]:
    """The faces rolled so far (the attack's dice, then the power dice bought with fatigue)."""
    return [face_of(colour, label) for colour, label in zip([*ctx.all_dice, *[POWER] * len(ctx.extra_power_faces)],
                                                            [*ctx.faces, *ctx.extra_power_faces], strict=True)]


def _rolled(ctx: AttackContext) -> str:
    """The roll so far in a prompt: its totals in words (``delve.rules.dice``). The faces' own
    short labels (``2/1S``, ``enh``) are left to the log, whose die chips explain them."""
    return roll_words(_rolled_faces(ctx))


def _aimed_at(game: Game, ctx: AttackContext) -> str:
    """Whom the attack is aimed at, for its prompts: the figure on the target space, else the space."""
    target = figure_at(game, ctx.target)
    return target.name if target is not None else f"({ctx.target[0]},{ctx.target[1]})"


def _totals(ctx: AttackContext) -> RollTotals:
    totals = RollTotals.from_faces(_rolled_faces(ctx))
    if ctx.free_surges:
        totals = totals + RollTotals(surges=ctx.free_surges)
    return totals


def _defense(game: Game, target: FigureState) -> Defense:
    shield = equipment.ready_shield(game, target) if target.kind == "hero" else None
    return Defense(armor=equipment.armor_value(game, target), shield=shield.shield_absorb if shield else 0,
                   ironskin="Pierce" in target.immunities)


@register
class Attack(StepHandler):
    """One attack, phase by phase."""

    kind = "attack"

    # decisions ---------------------------------------------------------------------------
    def decide(self, game: Game, step: Step) -> Decision | None:
        ctx = load(step)
        attacker = game.state.figures.get(ctx.attacker)
        phase = step.data["phase"]
        if attacker is None:
            return None
        seat = _seat_of(game, attacker)
        if phase == "morph":
            n = step.data["morph"]
            choices = []
            for combo in combinations_with_replacement(COMBAT_COLOURS, n):
                types = sorted({"red": "melee", "blue": "ranged", "white": "magic"}[c] for c in combo
                               if c in ("red", "blue", "white"))
                for attack_type in types:
                    if attack_type != "melee" or ctx.range_needed <= 1:
                        choices.append(Choice(id=f"morph:{'+'.join(combo)}:{attack_type}",
                                              label=f"Roll {', '.join(combo)} as a {attack_type} attack",
                                              data={"dice": list(combo), "type": attack_type}))
            if not choices:
                raise EngineError("a morph attack at this range has no legal dice")
            return Decision(seat=seat, kind="morph_dice", prompt=f"{attacker.name}: choose the morph dice",
                            choices=choices)
        if phase in ("aim", "dodge"):
            chooser = attacker if phase == "aim" else game.figure(step.data["dodger"])
            picked = set(step.data.get("picked", []))
            choices = [Choice(id=f"reroll:{i}", label=f"Re-roll die {i + 1}: {die} showing "
                                                      f"{face_words(face_of(die, face))} ({face})",
                              data={"index": i})
                       for i, (die, face) in enumerate(zip(ctx.all_dice, ctx.faces, strict=True)) if i not in picked]
            choices.append(Choice(id="reroll:done", label="Re-roll the picked dice" if picked else "Re-roll nothing"))
            who = (f"{attacker.name} aims at {_aimed_at(game, ctx)}" if phase == "aim"
                   else f"{chooser.name} dodges {attacker.name}'s attack")
            return Decision(seat=_seat_of(game, chooser), kind=f"{phase}_reroll",
                            prompt=f"{who}: pick dice to re-roll ({len(picked)} picked)", choices=choices)
        if phase == "fatigue":
            choices = [Choice(id="fatigue:power", label="Spend 1 fatigue to roll 1 more power die"),
                       Choice(id="fatigue:done", label="No more power dice")]
            return Decision(seat=seat, kind="attack_fatigue",
                            prompt=f"{attacker.name} attacks {_aimed_at(game, ctx)}: rolled {_rolled(ctx)}",
                            choices=choices)
        if phase == "spend":
            return Decision(seat=seat, kind="attack_spend",
                            prompt=f"{attacker.name} attacks {_aimed_at(game, ctx)}: spend enhancements and "
                                   f"surges (rolled {_rolled(ctx)})",
                            choices=[Choice(**spend) for spend in step.data["spends"]])
        return None

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        ctx = load(step)
        phase = step.data["phase"]
        if phase == "morph":
            ctx.dice = list(choice.data["dice"])
            ctx.attack_type = choice.data["type"]
            step.data["phase"] = "declare"
        elif phase in ("aim", "dodge"):
            if choice.id == "reroll:done":
                picked = sorted(step.data.get("picked", []))
                step.data["picked"] = []
                ctx.rerolled = True
                if picked:
                    step.data["reroll_indices"] = picked
                    request_roll(game, step, [ctx.all_dice[i] for i in picked], "rerolled",
                                 f"{'Aimed' if phase == 'aim' else 'Dodged'} re-roll")
                step.data["phase"] = "rerolled"
            else:
                step.data["picked"] = [*step.data.get("picked", []), choice.data["index"]]
        elif phase == "fatigue":
            if choice.id == "fatigue:done":
                step.data["phase"] = "spend_setup"
            else:
                attacker = game.figure(ctx.attacker)
                attacker.fatigue -= 1
                ctx.fatigue_spent += 1
                game.emit("fatigue_spent", f"{attacker.name} spends 1 fatigue for a power die.",
                          ref="Using Fatigue", hero=attacker.id)
                fatigue_spent(game, attacker, 1)
                request_roll(game, step, [POWER], "fatigue_roll", "Fatigue power die")
                step.data["phase"] = "fatigue_rolled"
        elif phase == "spend":
            ctx.to_range = choice.data["to_range"]
            ctx.buys = list(choice.data["buys"])
            step.data["phase"] = "damage"
        store(step, ctx)

    # automatic work ----------------------------------------------------------------------
    def run(self, game: Game, step: Step) -> None:
        ctx = load(step)
        attacker = game.state.figures.get(ctx.attacker)
        phase = step.data["phase"]
        if attacker is None or not on_board(attacker):
            game.pop(step)
            return
        if phase == "declare":
            self._declare(game, step, ctx, attacker)
        elif phase == "roll":
            ctx.power = min(POWER_DICE_CAP, ctx.power)
            step.data["phase"] = "rolled"
            request_roll(game, step, ctx.all_dice, "faces", f"{attacker.name}'s attack")
        elif phase == "rolled":
            ctx.faces = list(step.data.pop("faces"))
            self._reroll_window(game, step, ctx, attacker)
        elif phase == "rerolled":
            for index, face in zip(step.data.pop("reroll_indices", []), step.data.pop("rerolled", []), strict=True):
                ctx.faces[index] = face
            step.data["phase"] = "fatigue_check"
        elif phase == "fatigue_check":
            power = ctx.power + len(ctx.extra_power_faces)
            can = attacker.kind == "hero" and attacker.fatigue > 0 and power < POWER_DICE_CAP
            step.data["phase"] = "fatigue" if can else "spend_setup"
        elif phase == "fatigue_rolled":
            ctx.extra_power_faces += step.data.pop("fatigue_roll")
            step.data["phase"] = "fatigue_check"
        elif phase == "spend_setup":
            self._spend_setup(game, step, ctx, attacker)
        elif phase == "damage":
            if PRE_DAMAGE_HOOKS and not step.data.get("pre_damage"):
                step.data["pre_damage"] = True
                store(step, ctx)
                for pre_hook in PRE_DAMAGE_HOOKS:
                    pre_hook(game, step, ctx)
                return
            self._damage(game, step, ctx, attacker)
        else:
            game.pop(step)
            for hook in FINISH_HOOKS:
                hook(game, ctx)
            return
        store(step, ctx)

    def _declare(self, game: Game, step: Step, ctx: AttackContext, attacker: FigureState) -> None:
        for name, rank in list(ctx.abilities.items()):
            ability = ABILITY_UNITS.get(name)
            if ability is not None:
                ability.on_declare(game, ctx, rank)
        for holder in list(game.state.figures.values()):
            if not on_board(holder):
                continue
            for ref in holder.abilities:
                ability = ABILITY_UNITS.get(ref.name)
                if ability is not None:
                    ability.on_declare_nearby(game, holder, ctx, ref.rank)
        ctx.affected = affected_figures(game, ctx)
        for figure_id in ctx.affected:
            target = game.figure(figure_id)
            for ref in target.abilities:
                ability = ABILITY_UNITS.get(ref.name)
                if ability is not None:
                    ability.on_defend(game, ctx, target, ref.rank)
        ctx.power = min(POWER_DICE_CAP, ctx.power)
        for hook in DECLARE_HOOKS:
            hook(game, ctx)
        if attacker.kind == "hero" and ctx.aimed and attacker.order == "aim":
            attacker.order = None  # the aim order is used by declaring the aimed attack
        step.data["phase"] = "roll"  # steps pushed by hooks (e.g. a Bash choice) resolve first

    def _reroll_window(self, game: Game, step: Step, ctx: AttackContext, attacker: FigureState) -> None:
        """Rulebook: Attack Re-rolls; Aim; Dodge. One re-roll at most; aim and dodge cancel."""
        dodger = next((fid for fid in ctx.affected
                       if game.figure(fid).kind == "hero" and (game.figure(fid).order == "dodge" or any(
                           may_dodge(game, ctx, game.figure(fid)) for may_dodge in DODGE_HOOKS))), None)
        if ctx.aimed and dodger is not None:
            game.emit("reroll_cancelled", "Aim and dodge cancel each other: no re-roll.",
                      ref="Attack Re-rolls")
            step.data["phase"] = "fatigue_check"
        elif ctx.aimed:
            step.data["phase"] = "aim"
        elif dodger is not None:
            step.data.update(phase="dodge", dodger=dodger)
        else:
            step.data["phase"] = "fatigue_check"

    def _spend_setup(self, game: Game, step: Step, ctx: AttackContext, attacker: FigureState) -> None:
        totals = _totals(ctx)
        profile = ctx.profile()
        first = game.state.figures.get(ctx.affected[0]) if ctx.affected else None
        defense = _defense(game, first) if first is not None else None
        spends = legal_spends(totals, profile, defense)
        seen: dict[tuple[Any, ...], Choice] = {}
        names = profile.all_surge_abilities
        for spend in spends:
            key = (spend.to_range, spend.buys)
            if key in seen:
                continue
            bought = [f"{n}x {ability.describe()}" for n, ability in zip(spend.buys, names, strict=False) if n]
            label = f"{spend.to_range} enhancement(s) to range, the rest to damage"
            if bought:
                label += "; buy " + ", ".join(bought)
            seen[key] = Choice(id=f"spend:{spend.to_range}:{','.join(map(str, spend.buys))}", label=label,
                               data={"to_range": spend.to_range, "buys": list(spend.buys)})
        options = list(seen.values())
        if len(options) == 1:
            ctx.to_range = options[0].data["to_range"]
            ctx.buys = list(options[0].data["buys"])
            step.data["phase"] = "damage"
        else:
            step.data["spends"] = [dump_choice(c) for c in options]
            step.data["phase"] = "spend"

    def _damage(self, game: Game, step: Step, ctx: AttackContext, attacker: FigureState) -> None:
        """Rulebook: Step 4 to Step 6. Each affected figure takes the full damage less its armor."""
        from delve.rules.attack_math import Spend

        totals = _totals(ctx)
        profile = ctx.profile()
        spend = Spend(ctx.to_range, tuple(ctx.buys))
        # abilities bought with surges join the attack (e.g. "1 surge: Stun")
        for count, option in zip(ctx.buys, ctx.surge_options, strict=False):
            if count and option.ability:
                ctx.abilities[option.ability] = ctx.abilities.get(option.ability, 0) + count * option.ability_rank
        game.emit("attack_rolled", f"{attacker.name} rolled {', '.join(ctx.faces + ctx.extra_power_faces)}.",
                  ref="Step 3: Count Range and Roll Attack", faces=ctx.faces + ctx.extra_power_faces)
        threat_given = False
        any_hit = False
        for figure_id in ctx.affected:
            target = game.state.figures.get(figure_id)
            if target is None or not on_board(target):
                continue
            result = next((r for r in ctx.results if r.figure == figure_id), None)
            if result is None:
                result = TargetResult(figure=figure_id)
                ctx.results.append(result)
            defense = _defense(game, target)
            bonus = step.data.get("armor_bonus", {}).get(figure_id, 0)
            if bonus:
                defense = replace(defense, armor=defense.armor + bonus)
            outcome = resolve(totals, profile, spend, defense)
            if not threat_given and ctx.overlord and outcome.threat and keeps_threat(game):
                game.state.overlord.threat += outcome.threat
                game.emit("threat_gained", f"The overlord gains {outcome.threat} threat from surges.",
                          ref="Attacker is the overlord", amount=outcome.threat)
            threat_given = True
            if result.immune or not outcome.hit:
                reason = result.note or (outcome.miss_reason or "miss")
                game.emit("attack_missed", f"The attack on {target.name} fails ({reason}).",
                          ref="Step 4: Determine Attack Success", target=figure_id, reason=reason)
                continue
            any_hit = True
            damage = 0 if figure_id in step.data.get("no_damage", []) else outcome.damage
            result.prevented = outcome.damage - damage
            wounds = 0 if damage == 0 else outcome.wounds
            for wound_hook in WOUND_HOOKS:
                wounds = max(0, wound_hook(game, ctx, target, wounds))
            if target.kind == "hero" and defense.shield and damage > 0:
                shield = equipment.ready_shield(game, target)
                if shield is not None:
                    target.exhausted.append(shield.id)
                    result.shield = shield.id
                    game.emit("shield_used", f"{target.name} exhausts {shield.name} to absorb wounds.",
                              ref="Step 6: Inflict Wounds", figure=figure_id, item=shield.id)
            result.hit, result.damage, result.wounds = True, damage, wounds
            game.emit("attack_hit", f"The attack deals {damage} damage to {target.name}: {wounds} wound(s) "
                      f"after armor.", ref="Step 6: Inflict Wounds", target=figure_id, damage=damage,
                      wounds=wounds)
            suffer_wounds(game, target, wounds, cause=f"attack by {attacker.name}", killer=attacker,
                          ref="Step 6: Inflict Wounds")
            if damage >= 1:
                for name, rank in list(ctx.abilities.items()):
                    ability = ABILITY_UNITS.get(name)
                    if ability is not None:
                        ability.on_hit(game, ctx, target, damage, wounds, rank)
            for target_hook in TARGET_HIT_HOOKS:
                target_hook(game, ctx, target, result)
        if not ctx.affected:
            game.emit("attack_missed", "The attack strikes an empty space.", ref="Step 1: Declare Attack")
        ctx.threat = game.state.overlord.threat
        step.data["phase"] = "done"
        step.data["hit"] = any_hit


# -- offering attacks during turns ----------------------------------------------------------
def hero_attack_choices(game: Game, step: Step, hero: FigureState) -> list[Choice]:
    """Rulebook: Step 3: Take an Action. Attack choices while the action allows an attack."""
    if step.data.get("attacks", 0) <= 0:
        return []
    own_blast = sum(a.rank for a in hero.abilities if a.name == "Blast")
    options = [(w.id, w.name, w.attack_type or "melee", any(a.name == "Reach" for a in w.abilities),
                own_blast + sum((a.rank or 0) for a in w.abilities if a.name == "Blast"))
               for w in equipment.weapons(game, hero)]
    if not options:
        options = [(equipment.UNARMED, "bare hands", "melee", False, 0)]  # unarmed: no abilities at all
    choices = []
    for weapon_id, weapon_name, attack_type, reach, blast in options:
        reach = reach or (weapon_id != equipment.UNARMED and any(a.name == "Reach" for a in hero.abilities))
        for x, y in target_spaces(game, hero, attack_type, reach, blast):
            target = figure_at(game, (x, y))
            name = target.name if target else "space"
            choices.append(Choice(id=f"attack:{weapon_id}:{x},{y}", label=f"Attack {name} at ({x},{y}) with "
                                  f"{weapon_name}", data={"weapon": weapon_id, "x": x, "y": y, "aimed": False}))
            if hero.order == "aim":
                choices.append(Choice(id=f"attack:{weapon_id}:{x},{y}:aimed",
                                      label=f"Aimed attack on {name} at ({x},{y}) with {weapon_name}",
                                      data={"weapon": weapon_id, "x": x, "y": y, "aimed": True}))
    return choices


def apply_hero_attack(game: Game, step: Step, hero: FigureState, choice: Choice) -> bool:
    """Declare the chosen hero attack."""
    if not choice.id.startswith("attack:"):
        return False
    step.data["attacks"] -= 1
    ctx = hero_attack_context(game, hero, choice.data["weapon"], (choice.data["x"], choice.data["y"]))
    start_attack(game, ctx, aimed=choice.data["aimed"])
    return True


def monster_attack_choices(game: Game, step: Step, monster: FigureState) -> list[Choice]:
    """Rulebook: Step 3: Activate Monsters. One attack per activation (more with abilities)."""
    if step.data.get("attacks", 0) <= 0:
        return []
    morph = monster.dice.count("morph")
    types = ["melee", "ranged", "magic"] if morph else [monster.attack_type]
    reach = any(a.name == "Reach" for a in monster.abilities)
    spaces: set[Pos] = set()
    blast = sum(a.rank for a in monster.abilities if a.name == "Blast")
    for attack_type in types:
        spaces.update(target_spaces(game, monster, attack_type, reach, blast))
    choices = []
    for x, y in sorted(spaces, key=lambda p: (p[1], p[0])):
        target = figure_at(game, (x, y))
        choices.append(Choice(id=f"attack:{x},{y}", label=f"{monster.name} attacks "
                              f"{target.name if target else 'the space'} at ({x},{y})", data={"x": x, "y": y}))
    return choices


def apply_monster_attack(game: Game, step: Step, monster: FigureState, choice: Choice) -> bool:
    """Declare the chosen monster attack."""
    if not choice.id.startswith("attack:"):
        return False
    step.data["attacks"] -= 1
    ctx = monster_attack_context(game, monster, (choice.data["x"], choice.data["y"]))
    start_attack(game, ctx, morph=monster.dice.count("morph"))
    from delve.rules.guard import open_guard_window  # a guarding hero may interrupt before the roll

    open_guard_window(game)
    return True


turn_choice_provider(hero_attack_choices, apply_hero_attack)
ACTIVATION_CHOICE_PROVIDERS.append((monster_attack_choices, apply_monster_attack))

__all__ = ["Attack", "AttackContext", "Footprint", "can_target", "distance", "target_spaces"]
