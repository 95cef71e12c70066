"""Lingering effect tokens: placing them, resolving them at the start of a turn, and the
effects they have while they stay (Daze on attack dice, Frost on items, Web on movement).

Rulebook: Special Abilities (Bleed, Burn, Daze, Frost, Poison, Stun, Web); Hero Player's Turn
and Step 3: Activate Monsters (lingering effects resolve before the figure does anything
else); Master Monsters (a stunned master may still move or attack); Hero Death (a dead hero
loses his lingering effects, done in ``delve.rules.wounds``).

Why one module: the tokens are state of the figure, not of any ability, so their effects must
work whoever placed them (an attack, a trap, a card). The ability units only place tokens.
Every die a person would roll goes through a ``roll_dice`` step, so each resolution here is a
phased step that waits for its faces.

Rulings (docs/rulings.md, "Combat"): the tokens resolve in the order Bleed, Burn, Daze, Frost,
Web, Stun; Daze removes dice from the attack as declared (power dice bought with fatigue later
are not lost); Frost counts any item used to attack (a weapon or a rune) as the weapon.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import equipment
from delve.rules.attack import (
    DECLARE_HOOKS,
    FINISH_HOOKS,
    TARGET_HIT_HOOKS,
    current_attack,
    load,
    store,
)
from delve.rules.attack_context import AttackContext, TargetResult
from delve.rules.dice import DICE, POWER
from delve.rules.hero_turn import TURN_START_STEP
from delve.rules.movement import movement_lock, on_board
from delve.rules.rolling import request_roll
from delve.rules.wounds import suffer_wounds

# The order in which a figure's tokens resolve at the start of its turn (a ruling: the rulebook
# gives none). Stun comes last because it may end a monster's activation outright.
RESOLUTION_ORDER = ("bleed", "burn", "daze", "frost", "web", "stun")
BLEED_DIE = "white"  # Rulebook: Bleed (the white die, one per token)
DAZE_COLOURS = ("yellow", "green", POWER)  # Rulebook: Daze (the dice a dazed figure loses)
FROST_ARMOR_DAMAGE = 5  # Rulebook: Frost (an attack this strong before armor threatens the armor)
TURN_KINDS = ("hero_turn", "monster_activation")


def immunity_name(condition: str) -> str:
    """The name under which a figure is immune to a condition (``figure.immunities``)."""
    return condition.capitalize()


def place_condition(game: Game, figure: FigureState, condition: str, count: int = 1, *,
                    ref: str) -> int:
    """Put ``count`` tokens of ``condition`` on a figure still on the board, unless it is immune.
    Returns how many were placed. (Rulebook: Special Abilities, each lingering ability.)"""
    if count <= 0 or figure.id not in game.state.figures or not on_board(figure):
        return 0
    if immunity_name(condition) in figure.immunities:
        game.emit("condition_resisted", f"{figure.name} is immune to {immunity_name(condition)}.", ref=ref,
                  figure=figure.id, condition=condition)
        return 0
    figure.tokens[condition] = figure.token(condition) + count
    game.emit("condition_placed", f"{figure.name} receives {count} {condition} token{'s' * (count != 1)}.",
              ref=ref, figure=figure.id, condition=condition, count=count, total=figure.token(condition))
    return count


def remove_condition(game: Game, figure: FigureState, condition: str, count: int, *, ref: str) -> None:
    """Discard up to ``count`` tokens of ``condition`` from the figure."""
    count = min(count, figure.token(condition))
    if count <= 0:
        return
    left = figure.token(condition) - count
    if left:
        figure.tokens[condition] = left
    else:
        figure.tokens.pop(condition, None)
    game.emit("condition_removed", f"{figure.name} discards {count} {condition} token{'s' * (count != 1)}.",
              ref=ref, figure=figure.id, condition=condition, count=count, left=left)


def _faces(die: str, labels: list[str]) -> list[tuple[int, int, bool]]:
    """(hearts, surges, blank) of each rolled face label."""
    faces = {face.label: face for face in DICE[die].faces}
    return [(faces[label].hearts, faces[label].surges, faces[label].blank) for label in labels]


def _owner_seat(figure: FigureState) -> str:
    """The seat deciding for a figure: its own (heroes, monsters a hero controls) or the overlord."""
    return figure.seat or OVERLORD


# -- start of turn -------------------------------------------------------------------------
@register
class TurnStartEffects(StepHandler):
    """Resolve a figure's lingering tokens before it does anything else in its turn.

    Data: ``figure``, ``turn`` (stack index of its hero_turn / monster_activation step);
    ``todo`` (conditions still to resolve), ``current`` and ``faces`` while a roll is out.
    """

    kind = TURN_START_STEP

    def decide(self, game: Game, step: Step) -> Decision | None:
        if step.data.get("current") != "stun_master":
            return None
        figure = game.figure(step.data["figure"])
        # Rulebook: Master Monsters. Losing a stun token, a master may still move or attack.
        return Decision(seat=_owner_seat(figure), kind="stun_master",
                        prompt=f"{figure.name} is stunned: move up to its speed or attack once",
                        choices=[Choice(id="stun:move", label=f"{figure.name} moves up to its speed"),
                                 Choice(id="stun:attack", label=f"{figure.name} attacks once")])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        turn = game.state.stack[step.data["turn"]]
        figure = game.figure(step.data["figure"])
        if choice.id == "stun:move":
            turn.data["attacks"] = 0
        else:
            turn.data["mp"] = 0
            turn.data["attacks"] = min(1, turn.data.get("attacks", 1))
        game.emit("stun_choice", f"{figure.name} may only {choice.id.removeprefix('stun:')} this activation.",
                  ref="Master Monsters", figure=figure.id, choice=choice.id.removeprefix("stun:"))
        step.data.pop("current")

    def run(self, game: Game, step: Step) -> None:
        figure = game.state.figures.get(step.data["figure"])
        if figure is None or not on_board(figure):
            game.pop(step)  # killed by an earlier token (or already gone): nothing more resolves
            return
        if "faces" in step.data:
            self._resolve(game, step, figure, step.data.pop("current"), step.data.pop("faces"))
            return
        if "todo" not in step.data:
            step.data["todo"] = [c for c in RESOLUTION_ORDER if figure.token(c) > 0]
        if not step.data["todo"]:
            game.pop(step)
            return
        condition = step.data["todo"].pop(0)
        count = figure.token(condition)
        if count <= 0:
            return
        if condition == "stun":
            self._stun(game, step, figure)
            return
        step.data["current"] = condition
        die = BLEED_DIE if condition == "bleed" else POWER
        request_roll(game, step, [die] * count, "faces", f"{figure.name}'s {condition} tokens")

    def _resolve(self, game: Game, step: Step, figure: FigureState, condition: str, labels: list[str]) -> None:
        ref = immunity_name(condition)
        if condition == "bleed":
            # Rulebook: Bleed. Wounds equal to the hearts rolled, armor ignored; then all tokens go.
            hearts = sum(h for h, _, _ in _faces(BLEED_DIE, labels))
            remove_condition(game, figure, "bleed", figure.token("bleed"), ref=ref)
            suffer_wounds(game, figure, hearts, cause="bleeding", ref=ref)
            return
        surges = sum(s for _, s, _ in _faces(POWER, labels))
        remove_condition(game, figure, condition, surges, ref=ref)
        left = figure.token(condition)
        if condition == "burn":
            # Rulebook: Burn. One wound per token left, armor ignored.
            suffer_wounds(game, figure, left, cause="burning", ref=ref)
        elif condition == "web" and left:
            # Rulebook: Web. Tokens left after the roll: no movement points this turn.
            game.state.stack[step.data["turn"]].data["webbed"] = True
            game.emit("webbed", f"{figure.name} is caught in a web and cannot spend movement points this "
                      "turn.", ref=ref, figure=figure.id)

    def _stun(self, game: Game, step: Step, figure: FigureState) -> None:
        """Rulebook: Stun; Master Monsters. One token goes; the turn is cut short."""
        remove_condition(game, figure, "stun", 1, ref="Stun")
        turn = game.state.stack[step.data["turn"]]
        if figure.kind == "hero":
            turn.data["stunned"] = True
            text = f"{figure.name} is stunned: one half action this turn."
        elif figure.master:
            step.data["current"] = "stun_master"
            text = f"{figure.name} is stunned: it may move or attack, not both."
        else:
            turn.data["done"] = True
            text = f"{figure.name} is stunned: its activation ends."
        game.emit("stunned", text, ref="Stun", figure=figure.id)


@movement_lock
def _web_lock(game: Game, figure: FigureState) -> str | None:
    """Rulebook: Web. The turn in which web tokens stayed after the roll allows no movement."""
    for step in reversed(game.state.stack):
        if step.kind in TURN_KINDS and figure.id in (step.data.get("hero"), step.data.get("figure")):
            return "caught in a web this turn (Web)" if step.data.get("webbed") else None
    return None


# -- Daze: dice lost from each attack ---------------------------------------------------------
def _daze_options(ctx: AttackContext, tokens: int) -> list[tuple[int, int, int]]:
    """Every way to lose ``tokens`` yellow/green/black dice (all of them when there are fewer)."""
    have = (ctx.dice.count("yellow"), ctx.dice.count("green"), ctx.dice.count(POWER) + ctx.power)
    lose = min(tokens, sum(have))
    return [(y, g, b) for y, g, b in product(range(have[0] + 1), range(have[1] + 1), range(have[2] + 1))
            if y + g + b == lose]


def _daze_id(combo: Sequence[int]) -> str:
    return "daze:" + "+".join(colour for colour, n in zip(DAZE_COLOURS, combo, strict=True) for _ in range(n))


def _lose_dice(game: Game, ctx: AttackContext, combo: tuple[int, int, int]) -> None:
    """Take the chosen dice out of the attack (black: trait power dice first)."""
    for colour, n in zip(DAZE_COLOURS, combo, strict=True):
        for _ in range(n):
            if colour == POWER and ctx.power > 0:
                ctx.power -= 1
            else:
                ctx.dice.remove(colour)
    attacker = game.figure(ctx.attacker)
    lost = _daze_id(combo).removeprefix("daze:").split("+") if sum(combo) else []
    game.emit("daze_dice_lost", f"{attacker.name} is dazed and loses {', '.join(lost) or 'no dice'}.",
              ref="Daze", figure=attacker.id, dice=lost)


def _daze_on_declare(game: Game, ctx: AttackContext) -> None:
    """Rulebook: Daze. One yellow, green or black die lost per token; the owner picks which.

    The ``daze_dice`` step goes right above the attack step, under any step an ability pushed
    while declaring (e.g. Bash's choice of power dice), so the loss applies to the final dice."""
    attacker = game.figure(ctx.attacker)
    if attacker.token("daze") <= 0:
        return
    attack_step = current_attack(game)
    index = next(i for i, s in enumerate(game.state.stack) if s is attack_step)
    game.state.stack.insert(index + 1, Step(kind="daze_dice", data={"figure": attacker.id}))


@register
class DazeDice(StepHandler):
    """Just before the roll: take the dazed attacker's lost dice out of the attack, asking its
    owner which ones when there is more than one way."""

    kind = "daze_dice"

    @staticmethod
    def _options(game: Game) -> list[tuple[int, int, int]]:
        ctx = load(current_attack(game))
        return _daze_options(ctx, game.figure(ctx.attacker).token("daze"))

    def decide(self, game: Game, step: Step) -> Decision | None:
        figure = game.state.figures.get(step.data["figure"])
        if figure is None:
            return None
        options = self._options(game)
        if len(options) <= 1:
            return None
        choices = []
        for combo in options:
            choice_id = _daze_id(combo)
            choices.append(Choice(id=choice_id, label=f"Lose {choice_id.removeprefix('daze:').replace('+', ', ')}",
                                  data={"combo": list(combo)}))
        return Decision(seat=_owner_seat(figure), kind="daze_dice",
                        prompt=f"{figure.name} is dazed: choose the dice the attack loses", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        if step.data["figure"] in game.state.figures:
            options = self._options(game)
            if len(options) == 1 and options[0] != (0, 0, 0):
                self._apply(game, options[0])
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        combo = choice.data["combo"]
        self._apply(game, (combo[0], combo[1], combo[2]))
        game.pop(step)

    @staticmethod
    def _apply(game: Game, combo: tuple[int, int, int]) -> None:
        attack_step = current_attack(game)
        ctx = load(attack_step)
        _lose_dice(game, ctx, combo)
        store(attack_step, ctx)


# -- Frost: items shatter ----------------------------------------------------------------------
def _frost_check(game: Game, figure: FigureState, item_id: str, why: str) -> None:
    if figure.token("frost") > 0 and item_id in figure.equipped:
        game.push("frost_check", figure=figure.id, item=item_id, why=why)


def _frost_after_attack(game: Game, ctx: AttackContext) -> None:
    """Rulebook: Frost. A frosted hero who attacked with a weapon rolls for it afterwards."""
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is None or attacker.kind != "hero" or ctx.weapon in ("", equipment.UNARMED):
        return
    _frost_check(game, attacker, ctx.weapon, "attacked with it")


def _frost_on_hit(game: Game, ctx: AttackContext, target: FigureState, result: TargetResult) -> None:
    """Rulebook: Frost. A frosted hero rolls for his shield when he exhausts it, and for his
    armor when the attack dealt 5 or more damage before armor (the shield's roll comes first)."""
    if target.kind != "hero" or not on_board(target):
        return
    if result.damage >= FROST_ARMOR_DAMAGE:
        for item in equipment.equipped_items(game, target):
            if item.kind == "armor":
                _frost_check(game, target, item.id, f"an attack dealt {result.damage} damage")
    if result.shield:
        _frost_check(game, target, result.shield, "exhausted it")  # pushed last: resolves first


@register
class FrostCheck(StepHandler):
    """Roll a power die per frost token; any blank shatters the item (it is discarded)."""

    kind = "frost_check"

    def run(self, game: Game, step: Step) -> None:
        figure = game.state.figures.get(step.data["figure"])
        item_id = step.data["item"]
        if figure is None or item_id not in figure.equipped:
            game.pop(step)
            return
        if "faces" not in step.data:
            tokens = figure.token("frost")
            if tokens <= 0:
                game.pop(step)
                return
            item = equipment.item(game, item_id)
            request_roll(game, step, [POWER] * tokens, "faces",
                         f"Frost: {figure.name} rolls for {item.name} ({step.data['why']})")
            return
        game.pop(step)
        if any(blank for _, _, blank in _faces(POWER, step.data["faces"])):
            item = equipment.item(game, item_id)
            figure.equipped.remove(item_id)
            if item_id in figure.exhausted:
                figure.exhausted.remove(item_id)
            game.emit("item_shattered", f"{item.name} shatters in the frost and is discarded.", ref="Frost",
                      figure=figure.id, item=item_id)
        else:
            game.emit("item_survived", f"{equipment.item(game, item_id).name} survives the frost.",
                      ref="Frost", figure=figure.id, item=item_id)


DECLARE_HOOKS.append(_daze_on_declare)
TARGET_HIT_HOOKS.append(_frost_on_hit)
FINISH_HOOKS.append(_frost_after_attack)
