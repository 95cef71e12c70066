"""A hero's turn: start-of-turn upkeep, the choice of action, then moving and acting.

Rulebook: Hero Player's Turn (Step 1: Refresh Cards, Step 2: Equip Items, Step 3: Take an
Action: Run, Battle, Advance, Ready with its half actions), Hero Orders (placing an order with
Ready; dodge, guard and rest end at the start of the hero's next turn), Spending Fatigue for
Movement, Movement Actions (doors).

The turn is one step whose ``phase`` moves from ``start`` to ``action`` to ``acting``. While
acting, the hero's choices are every reachable space, spending fatigue for a movement point,
the movement actions allowed here, the half actions left (Ready), and ending the turn.
Attacks join these choices through ``TURN_CHOICE_PROVIDERS`` (the combat rules add them).
"""

from __future__ import annotations

from collections.abc import Callable

from delve.engine.decision import Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import doors, orders
from delve.rules.movement import move_choices, start_move
from delve.rules.wounds import fatigue_spent

# Rulebook: Step 3: Take an Action. Movement points per action, as multiples of speed.
ACTIONS: dict[str, tuple[str, str]] = {
    "run": ("Run", "move up to twice your speed, no attack"),
    "battle": ("Battle", "up to two attacks, no movement points"),
    "advance": ("Advance", "move up to your speed and one attack at any point"),
    "ready": ("Ready", "two different half actions, one of them an order"),
}

# The step that resolves lingering effect tokens at the start of a figure's turn (conditions).
# It may set ``stunned`` on the turn step (index ``turn`` in its data).
TURN_START_STEP = "turn_start_effects"
# Step kinds pushed at the start of every hero turn beneath the lingering-effects step, so they
# resolve after it and before the action is chosen (Rulebook: Step 1: Refresh Cards, Step 2:
# Equip Items). Each is pushed with data ``{hero, turn}`` (``turn``: the hero_turn's stack index).
TURN_PREPARE_STEPS: list[str] = []

ChoiceProvider = Callable[[Game, Step, FigureState], list[Choice]]
ChoiceApplier = Callable[[Game, Step, FigureState, Choice], bool]
TURN_CHOICE_PROVIDERS: list[tuple[ChoiceProvider, ChoiceApplier]] = []
# Called with the hero once his turn step is gone: a hook may push steps that resolve before the
# next hero's turn is chosen (e.g. a monster the hero controls activating after his turn).
TurnEndHook = Callable[[Game, FigureState], None]
TURN_END_HOOKS: list[TurnEndHook] = []
# Called with the hero at the start of his turn, after the start-of-turn upkeep and before he
# declares his action; a hook may push steps (they resolve after the lingering effects).
TURN_START_HOOKS: list[TurnEndHook] = []
# Called after every ``TURN_START_HOOKS`` hook, whatever order the modules were imported in: a hook
# that works on the steps the others pushed (ruleset 2e: the current player orders them).
TURN_START_LAST_HOOKS: list[TurnEndHook] = []
# Called with the hero and the door id once the hero has opened a door during his turn (Rulebook:
# Trap Cards: "a hero opens a door" is a trigger); a hook may push steps.
DoorHook = Callable[[Game, FigureState, str], None]
DOOR_OPENED_HOOKS: list[DoorHook] = []


# Rules that replace a hero's whole turn (a knocked-out 2nd-edition hero may only stand up): each
# returns the step kind to push in place of the usual turn, or None. The replacing step gets
# ``{hero}``; the turn then ends as usual (its end hooks run) once that step is done.
TurnReplacement = Callable[[Game, FigureState], str | None]
TURN_REPLACEMENTS: list[TurnReplacement] = []

# Rules that narrow a hero's choices while he acts (e.g. a transformed hero may only move); each
# returns the choices it keeps.
ChoiceFilter = Callable[[Game, Step, FigureState, list[Choice]], list[Choice]]
TURN_CHOICE_FILTERS: list[ChoiceFilter] = []


def turn_choice_provider(provider: ChoiceProvider, applier: ChoiceApplier) -> None:
    """Let another rules module offer choices during a hero's turn (e.g. attacks)."""
    TURN_CHOICE_PROVIDERS.append((provider, applier))


def action_points(hero: FigureState, action: str) -> int:
    """Movement points an action grants at once (Rulebook: Run, Battle, Advance, Ready)."""
    if action == "run":
        return hero.speed * 2
    if action == "advance":
        return hero.speed
    return 0


@register
class HeroTurn(StepHandler):
    """One hero's turn."""

    kind = "hero_turn"

    def run(self, game: Game, step: Step) -> None:
        hero = game.figure(step.data["hero"])
        phase = step.data["phase"]
        if phase == "start":
            game.emit("hero_turn_started", f"{hero.name}'s turn begins.", ref="Hero Player's Turn",
                      hero=hero.id)
            for replacement in TURN_REPLACEMENTS:
                kind = replacement(game, hero)
                if kind is not None:
                    step.data["phase"] = "done"
                    game.push(kind, hero=hero.id)
                    return
            # Rulebook: Step 1: Refresh Cards. Exhausted items are ready again.
            hero.exhausted = []
            orders.start_of_turn(game, hero)
            step.data.update(phase="action", mp=0, halves=[], attacks=0)
            turn_index = len(game.state.stack) - 1
            for hook in (*TURN_START_HOOKS, *TURN_START_LAST_HOOKS):
                hook(game, hero)
            for prepare in reversed(TURN_PREPARE_STEPS):
                game.push(prepare, hero=hero.id, turn=turn_index)
            if TURN_START_STEP in game.handlers:
                # Rulebook: Hero Player's Turn. Lingering effect tokens resolve before anything else.
                game.push(TURN_START_STEP, figure=hero.id, turn=turn_index)
            return
        if phase == "done" or not hero.alive:
            game.emit("hero_turn_ended", f"{hero.name}'s turn ends.", ref="Hero Player's Turn", hero=hero.id)
            game.pop(step)
            for hook in TURN_END_HOOKS:
                hook(game, hero)
            return
        raise EngineError(f"hero turn in phase {phase!r} cannot run on its own")

    def decide(self, game: Game, step: Step) -> Decision | None:
        hero = game.figure(step.data["hero"])
        phase = step.data["phase"]
        if phase == "action":
            if step.data.get("stunned"):
                # Rulebook: Stun. A stunned hero gets a single half action this turn.
                return Decision(seat=hero.seat, kind="choose_action", prompt=f"{hero.name} is stunned",
                                choices=[Choice(id="action:stunned", label="Stunned: take one half action",
                                                data={"action": "stunned"})])
            choices = [
                Choice(id=f"action:{key}", label=f"{name}: {hint}", data={"action": key})
                for key, (name, hint) in ACTIONS.items()
            ]
            return Decision(seat=hero.seat, kind="choose_action",
                            prompt=f"{hero.name}: choose an action for this turn", choices=choices)
        if phase == "acting":
            return Decision(seat=hero.seat, kind="hero_turn",
                            prompt=f"{hero.name}: {step.data['mp']} movement points left",
                            choices=self._acting_choices(game, step, hero))
        return None

    def _acting_choices(self, game: Game, step: Step, hero: FigureState) -> list[Choice]:
        choices: list[Choice] = []
        choices += move_choices(game, hero, step.data["mp"])
        if hero.fatigue > 0:
            choices.append(Choice(id="fatigue:move", label="Spend 1 fatigue for 1 movement point"))
        choices += doors.door_choices(game, hero, step.data["mp"])
        if step.data["action"] == "ready":
            choices += orders.ready_half_action_choices(game, step, hero)
        for provider, _ in TURN_CHOICE_PROVIDERS:
            choices += provider(game, step, hero)
        choices.append(Choice(id="end_turn", label=f"End {hero.name}'s turn"))
        for keep in TURN_CHOICE_FILTERS:
            choices = keep(game, step, hero, choices)
        return choices

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        hero = game.figure(step.data["hero"])
        if step.data["phase"] == "action":
            action = choice.data["action"]
            if action == "stunned":
                step.data.update(phase="acting", action="ready", mp=0, attacks=0, max_halves=1)
                game.emit("action_chosen", f"{hero.name} is stunned and takes one half action.",
                          ref="Stun", hero=hero.id, action="stunned")
                return
            step.data.update(phase="acting", action=action, mp=action_points(hero, action),
                             attacks=2 if action == "battle" else 1 if action == "advance" else 0)
            game.emit("action_chosen", f"{hero.name} takes the {ACTIONS[action][0]} action.",
                      ref="Step 3: Take an Action", hero=hero.id, action=action)
            return
        kind = choice.id.split(":", 1)[0]
        if kind == "move":
            start_move(game, hero, choice, step)
        elif choice.id == "fatigue:move":
            hero.fatigue -= 1
            step.data["mp"] += 1
            game.emit("fatigue_spent", f"{hero.name} spends 1 fatigue for 1 movement point.",
                      ref="Spending Fatigue for Movement", hero=hero.id)
            fatigue_spent(game, hero, 1)
        elif kind == "door":
            doors.toggle_door(game, hero, choice, step)
            if game.board.door(choice.data["door"]).open:
                for door_hook in DOOR_OPENED_HOOKS:
                    door_hook(game, hero, choice.data["door"])
        elif kind in ("half", "order"):
            orders.apply_ready_choice(game, step, hero, choice)
        elif choice.id == "end_turn":
            step.data["phase"] = "done"
        else:
            for _, applier in TURN_CHOICE_PROVIDERS:
                if applier(game, step, hero, choice):
                    return
            raise EngineError(f"no rule applies choice {choice.id!r}")
