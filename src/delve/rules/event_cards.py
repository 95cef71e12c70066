"""Event cards played when their trigger happens outside the start of the overlord's turn.

Rulebook: Event Cards (played at any time once the trigger is met, threat cost paid, then
discarded); Event Card Timing ("immediately before a hero takes his turn" lasts until the hero
declares his action; only one event per triggering condition); Discarding Overlord Cards (he
may discard for threat at any time to pay).

Why a window on public facts (as ``trap_cards`` does): the window opens each time the trigger
happens while the overlord holds any card and the pack has an event for that trigger, so the
question itself tells the heroes nothing; the choices (his hand) are shown to his seat alone.
Triggers handled here: ``monster_attacks`` and ``monster_attacked`` (when the attack is
declared, before the roll) and ``before_hero_turn`` (after the hero's lingering effects, before
he declares his action). Start-of-overlord-turn events stay in ``overlord_cards``.
"""

from __future__ import annotations

from typing import Any

from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.attack import DECLARE_HOOKS, current_attack, load, store
from delve.rules.attack_context import AttackContext
from delve.rules.hero_turn import TURN_START_HOOKS
from delve.rules.overlord_cards import (
    EFFECTS,
    GROUP_SUFFIX,
    card,
    card_cost,
    card_rules,
    card_window_opens,
    discard_choices,
    discard_for_threat,
    effect,
    priced,
    reachable_threat,
    run_effects,
)

EVENT_WINDOW = "event_window"
WINDOW_TRIGGERS = ("monster_attacks", "monster_attacked", "before_hero_turn")


def open_event_window(game: Game, trigger: str, **context: Any) -> None:
    """Offer the overlord one event card for ``trigger`` if he holds any card and such events exist."""
    if card_window_opens(game, "event", trigger):
        game.push(EVENT_WINDOW, trigger=trigger, context=context)


def playable_events(game: Game, step: Step) -> dict[str, int]:
    """The events the overlord could play in this window (card -> threat cost), counting the
    threat he could gain by discarding his other cards first, and only those with a target.
    Private, as ``playable_traps``."""
    plays: dict[str, int] = {}
    played_names = step.data.get("played_names", [])
    for card_id in sorted(set(game.state.overlord.hand)):
        event = card(game, card_id)
        if event.type == "event" and event.trigger == step.data["trigger"] and event.name not in played_names \
                and has_target(game, event, step.data["context"]):
            cost = card_cost(game, event)
            if cost <= reachable_threat(game, card_id):
                plays[card_id] = cost
    return plays


@register
class EventWindow(StepHandler):
    """The overlord may play one event card for this trigger, discarding for threat first if he likes."""

    kind = EVENT_WINDOW

    def decide(self, game: Game, step: Step) -> Decision | None:
        overlord = game.state.overlord
        choices = []
        played_names = step.data.get("played_names", [])  # ruleset 2e: several events, one per name
        for card_id in sorted(set(overlord.hand)):
            event = card(game, card_id)
            cost = card_cost(game, event)
            if event.type == "event" and event.trigger == step.data["trigger"] and cost <= overlord.threat \
                    and event.name not in played_names:
                choices.append(Choice(id=f"event:{card_id}", label=priced(game, f"Play {event.name}", cost),
                                      data={"card": card_id}))
        choices += discard_choices(game)
        choices.append(Choice(id="pass", label="Let it pass"))
        return Decision(seat=OVERLORD, kind="event_window",
                        prompt=f"Event window: {step.data['trigger'].replace('_', ' ')}", choices=choices)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        kind = choice.id.split(":", 1)[0]
        if kind == "discard":
            discard_for_threat(game, choice.data["card"])
            return
        if kind != "event" or card_rules(game).one_event_per_trigger:
            game.pop(step)  # one event per triggering condition: the window closes either way
        if kind != "event":
            return
        overlord = game.state.overlord
        event = card(game, choice.data["card"])
        cost = card_cost(game, event)
        overlord.threat -= cost
        overlord.hand.remove(event.id)
        overlord.discard.append(event.id)
        step.data["played_names"] = [*step.data.get("played_names", []), event.name]
        game.emit("card_played", f"{priced(game, f'The overlord plays {event.name}', cost)}.",
                  ref="Event Cards", card=event.id, type="event", cost=cost)
        run_effects(game, event, dict(step.data["context"]))


# -- where the windows open ------------------------------------------------------------------
def _attack_windows(game: Game, ctx: AttackContext) -> None:
    """Rulebook: Event Card Timing. A monster attacking, or a monster being attacked."""
    attacker = game.state.figures.get(ctx.attacker)
    if attacker is None:
        return
    if attacker.kind == "monster" and attacker.side == "overlord":
        open_event_window(game, "monster_attacks", triggering_monster=attacker.id, attacker=attacker.id)
    elif attacker.side == "heroes":
        targets = [f for f in (game.state.figures.get(fid) for fid in ctx.affected)
                   if f is not None and f.kind == "monster" and f.side == "overlord"]
        if targets:
            open_event_window(game, "monster_attacked", triggering_monster=targets[0].id,
                              attacker=attacker.id, defender=targets[0].id)


def _before_hero_turn(game: Game, hero: FigureState) -> None:
    open_event_window(game, "before_hero_turn", triggering_hero=hero.id)


DECLARE_HOOKS.append(_attack_windows)
TURN_START_HOOKS.append(_before_hero_turn)


# -- effects events use ----------------------------------------------------------------------
def effect_targets(game: Game, target: str, context: dict[str, Any]) -> list[FigureState]:
    """The figures an effect's target names, seen from the context its trigger gave."""
    if target in ("triggering_hero", "triggering_monster", "attacker", "defender", "self"):
        key = "self" if target == "self" else target
        figure = game.state.figures.get(context.get(key, ""))
        # Rulebook: The Town -- a hero in town cannot be the target of an overlord card.
        return [figure] if figure is not None and not figure.in_town else []
    if target == "each_hero":
        from delve.rules.overlord_cards import heroes_to_target

        return heroes_to_target(game)
    if target == "each_monster":  # the overlord's monsters (a 2e familiar figure is not one)
        return [m for m in game.state.monsters() if m.side == "overlord"]
    return []


FIGURE_TARGETS = ("triggering_hero", "triggering_monster", "attacker", "defender", "self")


def has_target(game: Game, played: Any, context: dict[str, Any]) -> bool:
    """Whether playing ``played`` in a window with ``context`` could do anything: some effect
    has no single-figure target, or names a figure that can be targeted (Rulebook: The Town --
    not a hero in town). A card whose every effect misses is no reason to ask the overlord."""
    for item in played.effects:
        target = str(getattr(item, "target", "")).removesuffix(GROUP_SUFFIX)
        if target not in FIGURE_TARGETS or effect_targets(game, target, context):
            return True
    return not played.effects


ATTACK_STATS = {"damage": "bonus_damage", "range": "bonus_range"}
FIGURE_STATS = ("speed", "armor", "max_wounds", "max_fatigue")
PERMANENT_STATS = (*FIGURE_STATS, "melee", "ranged", "magic")  # what a permanent effect may change


@effect("modify_stat")
def _modify_stat(game: Game, item: Any, context: dict[str, Any]) -> None:
    """Damage or range for the attack in progress; a figure's own value when it is permanent."""
    if item.stat in ATTACK_STATS and item.duration == "this_attack":
        step = current_attack(game)
        ctx = load(step)
        if not any(f.id == ctx.attacker for f in effect_targets(game, item.target, context)):
            return
        field = ATTACK_STATS[item.stat]
        setattr(ctx, field, getattr(ctx, field) + item.amount)
        store(step, ctx)
        game.emit("attack_modified", f"This attack gains {item.amount:+d} {item.stat}.", ref="Event Cards",
                  stat=item.stat, amount=item.amount)
        return
    if item.duration == "permanent" and item.stat in PERMANENT_STATS:
        for figure in effect_targets(game, item.target, context):
            if item.stat in FIGURE_STATS:
                setattr(figure, item.stat, getattr(figure, item.stat) + item.amount)
            else:
                figure.traits[item.stat] = figure.traits.get(item.stat, 0) + item.amount
            game.emit("stat_modified", f"{figure.name}'s {item.stat} changes by {item.amount:+d}.",
                      ref="Event Cards", figure=figure.id, stat=item.stat, amount=item.amount)
        return
    game.emit("effect_not_implemented", f"Changing {item.stat} {item.duration.replace('_', ' ')} is not "
              "implemented yet.", ref="Event Cards", effect="modify_stat")


@effect("bonus_dice")
def _bonus_dice(game: Game, item: Any, context: dict[str, Any]) -> None:
    """Dice for the attack in progress, when the card names its attacker (an event card played in
    the attack's window, Rulebook: Event Card Timing; the starter-2e card Frenzy)."""
    step = current_attack(game)
    ctx = load(step)
    if not any(f.id == ctx.attacker for f in effect_targets(game, item.target, context)):
        return
    if item.attack_type not in ("any", ctx.attack_type):
        return
    ctx.dice = [*ctx.dice, *item.dice]
    ctx.power += item.power_dice
    store(step, ctx)
    added = [*item.dice, *(["power"] * item.power_dice)]
    game.emit("attack_modified", f"This attack rolls {len(added)} more {'die' if len(added) == 1 else 'dice'}.",
              ref="Event Cards", stat="dice", amount=len(added), dice=added)


@effect("change_conquest")
def _change_conquest(game: Game, item: Any, context: dict[str, Any]) -> None:
    from delve.rules.wounds import change_conquest

    change_conquest(game, item.amount, context.get("cause", "a card or quest effect"),
                    ref=context.get("ref", "Conquest Tokens"))


__all__ = ["EFFECTS", "EVENT_WINDOW", "effect_targets", "open_event_window", "playable_events"]
