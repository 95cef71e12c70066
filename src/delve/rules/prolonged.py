"""Prolonged actions: the quest's tasks heroes finish by rolling power enhancements.

Rulebook: Prolonged Action (the order is removed at the end of the hero's turn, progress stays);
Trait (power dice equal to the trait, fatigue may add dice up to five); Difficulty & Progress
marker (one marker per enhancement; complete at the difficulty, or at will for "X");
Disrupting Prolonged Actions (the quest lists what disrupts; a disrupted hero loses his
progress; an action that cannot be disrupted keeps it whatever happens; progress never moves
between actions); Continuous Prolonged Actions (must be worked on every turn); Group Efforts
(the heroes' progress is pooled; one hero a round keeps a continuous group effort going);
4. Ready, Concentrate (a second roll with the prolonged order on, and nothing else).

State: ``flags["progress"][action][hero]`` progress markers, ``flags["completed_actions"]``,
``flags["prolonged_turn"][hero]`` what the hero did for the action this turn, and
``flags["prolonged_round"][action]`` the last round any hero worked on it.
Disruption by wounds or fatigue is found in the event log (``wounds_suffered``,
``fatigue_spent``) at the next check, so no wound or fatigue code needs to know about it.
"""

from __future__ import annotations

from typing import Any

from delve.board.geometry import Footprint
from delve.content.quest import ProlongedAction
from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.attack import DECLARE_HOOKS, FINISH_HOOKS
from delve.rules.attack_context import AttackContext
from delve.rules.dice import POWER
from delve.rules.equipment import content
from delve.rules.hero_turn import TURN_END_HOOKS, TURN_START_HOOKS
from delve.rules.movement import movement_lock, on_board, on_enter_space
from delve.rules.overlord_cards import EFFECTS
from delve.rules.rolling import request_roll

MAX_POWER_DICE = 5  # Rulebook: Trait
PROLONGED_ROLL = "prolonged_roll"


# -- what the quest offers ---------------------------------------------------------------------
def quest_actions(game: Game) -> dict[str, ProlongedAction]:
    """The prolonged actions of this game's quest, by id (none for a game without a quest)."""
    try:
        quest = content(game).quests.get(game.state.quest)
    except Exception:
        return {}
    return {a.id: a for a in quest.prolonged_actions} if quest is not None else {}


def completed(game: Game) -> list[str]:
    """Actions already completed (each can be completed once)."""
    done: list[str] = game.state.flags.setdefault("completed_actions", [])
    return done


def workable(game: Game, hero: FigureState) -> list[ProlongedAction]:
    """Actions the hero may work on from where he stands (in the action's area, if it has one)."""
    if not on_board(hero):
        return []
    here = {game.board.area_of(cell) for cell in hero.footprint.cells()}
    return [a for a in quest_actions(game).values()
            if a.id not in completed(game) and (a.area is None or a.area in here)]


def progress(game: Game, action: ProlongedAction, hero_id: str) -> int:
    """Progress counting toward the action: the pool for a group effort, else the hero's own."""
    pool: dict[str, int] = game.state.flags.get("progress", {}).get(action.id, {})
    return sum(pool.values()) if action.group_effort else pool.get(hero_id, 0)


def _add_progress(game: Game, action: ProlongedAction, hero: FigureState, amount: int) -> None:
    pool = game.state.flags.setdefault("progress", {}).setdefault(action.id, {})
    pool[hero.id] = pool.get(hero.id, 0) + amount
    if amount:
        game.emit("progress_gained", f"{hero.name} gains {amount} progress on {action.name} "
                  f"({progress(game, action, hero.id)} so far).", ref="Difficulty & Progress marker",
                  hero=hero.id, action=action.id, amount=amount, total=progress(game, action, hero.id))


def disrupt(game: Game, action: ProlongedAction, hero_id: str, why: str) -> None:
    """Rulebook: Disrupting Prolonged Actions. The hero loses the progress he gained on it."""
    pool = game.state.flags.get("progress", {}).get(action.id, {})
    lost = pool.pop(hero_id, 0)
    if lost:
        name = game.state.figures[hero_id].name if hero_id in game.state.figures else hero_id
        game.emit("prolonged_disrupted", f"{name}'s work on {action.name} is disrupted ({why}): "
                  f"{lost} progress lost.", ref="Disrupting Prolonged Actions", hero=hero_id,
                  action=action.id, lost=lost, cause=why)


def _holders(game: Game) -> list[tuple[ProlongedAction, str]]:
    """(action, hero) pairs with progress on the table."""
    actions = quest_actions(game)
    found = []
    for action_id, pool in game.state.flags.get("progress", {}).items():
        if action_id in actions:
            found += [(actions[action_id], hero_id) for hero_id, n in pool.items() if n > 0]
    return found


LOG_CAUSES = {"wounds_suffered": ("losing_wounds", "figure"), "fatigue_spent": ("spending_fatigue", "hero")}


def check_log(game: Game) -> None:
    """Disrupt actions whose hero lost wounds or spent fatigue since the last check."""
    flags = game.state.flags
    start = flags.get("prolonged_seen", 0)
    log = game.state.log
    flags["prolonged_seen"] = len(log)
    holders = _holders(game)
    if not holders:
        return
    for event in log[start:]:
        cause = LOG_CAUSES.get(event.kind)
        if cause is None:
            continue
        for action, hero_id in _holders(game):
            if cause[0] in action.disrupted_by and event.data.get(cause[1]) == hero_id:
                disrupt(game, action, hero_id, cause[0].replace("_", " "))


def complete(game: Game, action: ProlongedAction, hero: FigureState) -> None:
    """The action succeeds: its effects happen, it is marked done, goals are checked."""
    completed(game).append(action.id)
    game.state.flags.get("progress", {}).pop(action.id, None)
    game.emit("prolonged_completed", f"{hero.name} completes {action.name}.", ref="Difficulty & Progress marker",
              hero=hero.id, action=action.id)
    context: dict[str, Any] = {"self": hero.id, "triggering_hero": hero.id, "cause": action.name,
                               "ref": "Prolonged Action"}
    for item in action.effects:
        fn = EFFECTS.get(item.effect)
        if fn is None:
            game.emit("effect_not_implemented", f"{action.name}: the effect {item.effect} is not implemented yet.",
                      ref="Prolonged Action", action=action.id, effect=item.effect)
            continue
        fn(game, item, context)
    from delve.rules.quest_goals import check_goals

    check_goals(game)


# -- the order and the concentrate half action (called from rules.orders) ----------------------
def _turn_record(game: Game, hero: FigureState) -> dict[str, Any]:
    records: dict[str, dict[str, Any]] = game.state.flags.setdefault("prolonged_turn", {})
    record = records.get(hero.id)
    if record is None or record.get("round") != game.state.round:
        record = {"round": game.state.round, "action": None, "other": False, "had": []}
        records[hero.id] = record
    return record


def order_choices(game: Game, hero: FigureState) -> list[Choice]:
    """One prolonged order choice per action the hero can work on here."""
    return [Choice(id=f"order:prolonged:{a.id}", label=f"Half action: place a prolonged action order ({a.name}, "
                   f"{a.trait} {a.difficulty})", data={"order": "prolonged", "action": a.id})
            for a in workable(game, hero)]


def place_order(game: Game, turn: Step, hero: FigureState, action_id: str) -> None:
    """Rulebook: Trait. Right after placing the order the hero rolls for the action."""
    action = quest_actions(game)[action_id]
    check_log(game)
    hero.order = "prolonged"
    turn.data["prolonged_action"] = action_id
    record = _turn_record(game, hero)
    record["action"] = action_id
    game.state.flags.setdefault("prolonged_round", {})[action_id] = game.state.round
    game.emit("order_placed", f"{hero.name} places a prolonged action order for {action.name}.",
              ref="Prolonged Action", hero=hero.id, order="prolonged", action=action_id)
    start_roll(game, hero, action)


def can_concentrate(game: Game, turn: Step, hero: FigureState) -> bool:
    """Rulebook: Concentrate. With the prolonged order on him, as the Ready action's other half,
    while the action is still open."""
    halves = turn.data.get("halves", [])
    action = turn.data.get("prolonged_action")
    return (hero.order == "prolonged" and "order" in halves and "concentrate" not in halves
            and len(halves) < turn.data.get("max_halves", 2) and bool(action)
            and action not in completed(game))


def concentrate(game: Game, turn: Step, hero: FigureState) -> None:
    """Make one more prolonged action roll; the hero does nothing else this turn."""
    action = quest_actions(game)[turn.data["prolonged_action"]]
    check_log(game)
    turn.data["halves"] = [*turn.data.get("halves", []), "concentrate"]
    turn.data["concentrated"] = True
    turn.data["mp"] = 0
    game.emit("half_action", f"{hero.name} concentrates on {action.name}.", ref="Concentrate", hero=hero.id)
    start_roll(game, hero, action)


def other_half_taken(game: Game, hero: FigureState) -> None:
    """A move or attack half action: a continuous action is not kept up this turn."""
    _turn_record(game, hero)["other"] = True


def start_roll(game: Game, hero: FigureState, action: ProlongedAction) -> None:
    """Push the roll: power dice equal to the trait (at most five), fatigue may add more."""
    dice = min(MAX_POWER_DICE, hero.traits.get(action.trait, 0))
    game.push(PROLONGED_ROLL, hero=hero.id, action=action.id, dice=dice, phase="roll")


@register
class ProlongedRoll(StepHandler):
    """One prolonged action (or concentrate) roll, with fatigue dice after it."""

    kind = PROLONGED_ROLL

    def run(self, game: Game, step: Step) -> None:
        hero = game.figure(step.data["hero"])
        action = quest_actions(game)[step.data["action"]]
        phase = step.data["phase"]
        if phase == "roll":
            step.data["phase"] = "rolled"
            if step.data["dice"] > 0:
                request_roll(game, step, [POWER] * step.data["dice"], "faces", f"{hero.name}: {action.name}")
            else:
                step.data["faces"] = []
            return
        if phase == "rolled":
            faces = step.data.pop("faces", [])
            _add_progress(game, action, hero, sum(1 for f in faces if f == "enh"))
            if action.difficulty != "X" and progress(game, action, hero.id) >= action.difficulty:
                game.pop(step)
                complete(game, action, hero)
                return
            step.data["phase"] = "more"
            return
        game.pop(step)

    def decide(self, game: Game, step: Step) -> Decision | None:
        if step.data["phase"] != "more":
            return None
        hero = game.figure(step.data["hero"])
        action = quest_actions(game)[step.data["action"]]
        choices = []
        if hero.fatigue > 0 and step.data["dice"] < MAX_POWER_DICE:
            choices.append(Choice(id="fatigue:power", label="Spend 1 fatigue to roll 1 more power die"))
        if action.difficulty == "X" and progress(game, action, hero.id) > 0:
            choices.append(Choice(id="prolonged:complete",
                                  label=f"Complete {action.name} with {progress(game, action, hero.id)} progress"))
        if not choices:
            return None
        choices.append(Choice(id="fatigue:done", label="Stop rolling"))
        return Decision(seat=hero.seat, kind="prolonged_fatigue",
                        prompt=f"{hero.name}: {progress(game, action, hero.id)} progress on {action.name} "
                               f"(difficulty {action.difficulty})", choices=choices)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["hero"])
        action = quest_actions(game)[step.data["action"]]
        if choice.id == "fatigue:power":
            hero.fatigue -= 1
            step.data["dice"] += 1
            step.data["phase"] = "rolled"
            game.emit("prolonged_fatigue", f"{hero.name} spends 1 fatigue for another power die.", ref="Trait",
                      hero=hero.id)
            request_roll(game, step, [POWER], "faces", f"{hero.name}: {action.name} (fatigue)")
        elif choice.id == "prolonged:complete":
            game.pop(step)
            complete(game, action, hero)
        else:
            game.pop(step)


# -- disruption hooks -------------------------------------------------------------------------
@on_enter_space
def _moving_disrupts(game: Game, figure: FigureState, fp: Footprint) -> None:
    """Moving (and leaving the action's area) disrupts when the quest says so."""
    check_log(game)
    if figure.kind != "hero":
        return
    for action, hero_id in _holders(game):
        if hero_id != figure.id:
            continue
        if "moving" in action.disrupted_by:
            disrupt(game, action, hero_id, "moving")
        elif "leaving_area" in action.disrupted_by and action.area is not None and \
                action.area not in {game.board.area_of(c) for c in fp.cells()}:
            disrupt(game, action, hero_id, "leaving the area")


def _attacked_disrupts(game: Game, ctx: AttackContext) -> None:
    check_log(game)
    for action, hero_id in _holders(game):
        if "being_attacked" in action.disrupted_by and hero_id in ctx.affected:
            disrupt(game, action, hero_id, "being attacked")


def _after_attack(game: Game, _ctx: AttackContext) -> None:
    check_log(game)


@movement_lock
def _concentrating(game: Game, figure: FigureState) -> str | None:
    """Rulebook: Concentrate. A concentrating hero does nothing else this turn."""
    for step in reversed(game.state.stack):
        if step.kind == "hero_turn" and step.data.get("hero") == figure.id:
            return "he concentrated this turn" if step.data.get("concentrated") else None
    return None


def _turn_start(game: Game, hero: FigureState) -> None:
    """Note what the hero already works on; a continuous group effort nobody worked on last
    round fails."""
    check_log(game)
    game.state.flags.setdefault("prolonged_turn", {}).pop(hero.id, None)
    _turn_record(game, hero)["had"] = sorted({a.id for a, h in _holders(game) if h == hero.id})
    worked = game.state.flags.get("prolonged_round", {})
    for action, hero_id in _holders(game):
        if action.continuous and action.group_effort and worked.get(action.id, 0) < game.state.round - 1:
            disrupt(game, action, hero_id, "nobody kept the continuous effort going")


def _turn_end(game: Game, hero: FigureState) -> None:
    """The prolonged order comes off; a continuous action not kept up this turn fails."""
    check_log(game)
    if hero.order == "prolonged":
        hero.order = None
        game.emit("order_removed", f"{hero.name}'s prolonged action order ends.", ref="Prolonged Action",
                  hero=hero.id, order="prolonged")
    record = _turn_record(game, hero)
    for action, hero_id in _holders(game):
        if hero_id != hero.id or not action.continuous or action.group_effort:
            continue
        if action.id in record["had"] and (record["action"] != action.id or record["other"]):
            disrupt(game, action, hero_id, "the continuous action was not kept up")
    game.state.flags.get("prolonged_turn", {}).pop(hero.id, None)


DECLARE_HOOKS.append(_attacked_disrupts)
FINISH_HOOKS.append(_after_attack)
TURN_START_HOOKS.append(_turn_start)
TURN_END_HOOKS.append(_turn_end)
