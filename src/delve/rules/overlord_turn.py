"""The overlord's turn: collect threat, then activate each monster once.

Rulebook: Overlord Player's Turn (Step 1: Collect Threat and Draw Cards, Step 3: Activate
Monsters). Drawing and playing overlord cards and spawning (Step 2) belong to the game-loop
rules and plug in as steps before activation; monster attacks join through
``ACTIVATION_CHOICE_PROVIDERS`` like hero attacks do.
"""

from __future__ import annotations

from collections.abc import Callable

from delve.engine.decision import OVERLORD, Choice, Decision
from delve.engine.game import EngineError, Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules import doors, overlord_cards
from delve.rules.hero_turn import TURN_START_STEP
from delve.rules.movement import move_choices, on_board, start_move

ChoiceProvider = Callable[[Game, Step, FigureState], list[Choice]]
ChoiceApplier = Callable[[Game, Step, FigureState, Choice], bool]
ACTIVATION_CHOICE_PROVIDERS: list[tuple[ChoiceProvider, ChoiceApplier]] = []
# Called with the new ``monster_activation`` step before anything resolves: a rule may change
# what the activation allows (e.g. ``attacks``). Lingering effects (TURN_START_STEP) run after.
ActivationHook = Callable[[Game, Step, FigureState], None]
ACTIVATION_START_HOOKS: list[ActivationHook] = []
# Called with the ``overlord_turn`` step once the turn is over (popped): a variant may push
# steps there (the solo procedure's end-of-round checks). Extra choices join the activation
# phase like monster activations do (the solo procedure's Raise Dead order).
TurnHook = Callable[[Game, Step], None]
TURN_END_HOOKS: list[TurnHook] = []
TurnChoiceProvider = Callable[[Game, Step], list[Choice]]
TurnChoiceApplier = Callable[[Game, Step, Choice], bool]
TURN_CHOICE_PROVIDERS: list[tuple[TurnChoiceProvider, TurnChoiceApplier]] = []
# Called when the overlord's turn starts, before he collects threat or does anything else
# (Rulebook: Boulder Movement; Crushing Wall Movement). A hook may push steps; they resolve first.
TurnStartHook = Callable[[Game, Step], None]
TURN_START_HOOKS: list[TurnStartHook] = []
# Called after every ``TURN_START_HOOKS`` hook, whatever the modules' import order: a hook that
# works on the steps the others pushed (ruleset 2e: the overlord orders them).
TURN_START_LAST_HOOKS: list[TurnStartHook] = []


# Narrow the monsters the overlord may activate next (ruleset 2e: finish one monster group before
# starting another); each filter gets the turn step and the candidates and returns those it keeps.
ActivationFilter = Callable[[Game, Step, list[FigureState]], list[FigureState]]
ACTIVATION_FILTERS: list[ActivationFilter] = []


def collect_threat(game: Game) -> None:
    """Rulebook: Step 1: Collect Threat and Draw Cards. One threat per hero in the game (none in
    a ruleset without threat: ``overlord_cards.keeps_threat``)."""
    if not overlord_cards.keeps_threat(game):
        return
    gained = len(game.state.heroes())
    game.state.overlord.threat += gained
    game.emit("threat_gained", f"The overlord collects {gained} threat.",
              ref="Step 1: Collect Threat and Draw Cards", amount=gained)


def activatable(game: Game, step: Step) -> list[FigureState]:
    """The overlord's monsters on the board that have not activated this turn (a monster a hero
    controls is not the overlord's to activate)."""
    done = set(step.data.get("activated", []))
    found = [m for m in game.state.monsters() if on_board(m) and m.side == "overlord" and m.id not in done]
    for keep in ACTIVATION_FILTERS:
        found = keep(game, step, found)
    return found


def start_activation(game: Game, monster: FigureState, *, seat: str = OVERLORD) -> Step:
    """Push one activation of ``monster``, directed by ``seat`` (the overlord unless a hero
    controls the monster), then the activation start hooks and lingering effects."""
    step = game.push("monster_activation", figure=monster.id, mp=monster.speed, attacks=1, seat=seat)
    for hook in ACTIVATION_START_HOOKS:
        hook(game, step, monster)
    if TURN_START_STEP in game.handlers:
        # Rulebook: Step 3: Activate Monsters. Lingering effects resolve before the monster acts;
        # a stun may end the activation (``done``) or limit it (``mp``/``attacks`` set to 0).
        turn = next(i for i, s in enumerate(game.state.stack) if s is step)
        game.push(TURN_START_STEP, figure=monster.id, turn=turn)
    return step


@register
class OverlordTurn(StepHandler):
    """The overlord's turn, phase by phase."""

    kind = "overlord_turn"

    def run(self, game: Game, step: Step) -> None:
        phase = step.data.get("phase", "start")
        if phase == "start":
            game.emit("overlord_turn_started", "The overlord's turn begins.", ref="Overlord Player's Turn")
            step.data["phase"] = "collect"
            for turn_hook in (*TURN_START_HOOKS, *TURN_START_LAST_HOOKS):
                turn_hook(game, step)
            return
        if phase == "collect":
            collect_threat(game)
            rules = overlord_cards.card_rules(game)
            if overlord_cards.uses_cards(game):
                for _ in range(rules.draws_per_turn):
                    if game.state.winner is None:
                        overlord_cards.draw_overlord_card(game)
                overlord_cards.start_of_turn_powers(game)
            first = "discard" if rules.hand_limit is not None or rules.discard_for_threat else "cards"
            step.data.update(phase=first if overlord_cards.uses_cards(game) else "activate", activated=[],
                             spawned=False, powered=False)
            return
        game.emit("overlord_turn_ended", "The overlord's turn ends.", ref="Overlord Player's Turn")
        game.pop(step)
        for hook in TURN_END_HOOKS:
            hook(game, step)

    def decide(self, game: Game, step: Step) -> Decision | None:
        if step.data.get("phase") in ("discard", "cards"):
            return overlord_cards.window_decision(game, step)
        if step.data.get("phase") != "activate":
            return None
        choices = [
            Choice(id=f"activate:{m.id}", label=f"Activate {m.name} at ({m.pos[0]},{m.pos[1]})",
                   data={"figure": m.id})
            for m in activatable(game, step)
        ]
        for provider, _ in TURN_CHOICE_PROVIDERS:
            choices += provider(game, step)
        choices.append(Choice(id="end_turn", label="End the overlord's turn"))
        return Decision(seat=OVERLORD, kind="overlord_turn", prompt="Activate a monster or end the turn",
                        choices=choices)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        if step.data.get("phase") in ("discard", "cards"):
            overlord_cards.window_choice(game, step, choice)
            return
        if choice.id == "end_turn":
            step.data["phase"] = "done"
            from delve.rules.guard import open_guard_window  # a last chance to use a guard order

            open_guard_window(game)
            return
        if not choice.id.startswith("activate:"):
            for _, applier in TURN_CHOICE_PROVIDERS:
                if applier(game, step, choice):
                    return
            raise EngineError(f"no rule applies choice {choice.id!r}")
        monster = game.figure(choice.data["figure"])
        step.data["activated"] = [*step.data["activated"], monster.id]
        game.emit("monster_activated", f"{monster.name} activates.", ref="Step 3: Activate Monsters",
                  figure=monster.id)
        start_activation(game, monster)


@register
class MonsterActivation(StepHandler):
    """Rulebook: Step 3: Activate Monsters. Move up to its speed and attack once, in any order."""

    kind = "monster_activation"

    def decide(self, game: Game, step: Step) -> Decision | None:
        monster = game.state.figures.get(step.data["figure"])
        if monster is None or not on_board(monster) or step.data.get("done"):
            return None
        choices = move_choices(game, monster, step.data["mp"])
        choices += doors.door_choices(game, monster, step.data["mp"])
        for provider, _ in ACTIVATION_CHOICE_PROVIDERS:
            choices += provider(game, step, monster)
        choices.append(Choice(id="end_activation", label=f"End {monster.name}'s activation"))
        return Decision(seat=step.data.get("seat", OVERLORD), kind="monster_activation",
                        prompt=f"{monster.name}: {step.data['mp']} movement points left", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        game.pop(step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        monster = game.figure(step.data["figure"])
        kind = choice.id.split(":", 1)[0]
        if kind == "move":
            start_move(game, monster, choice, step)
        elif kind == "door":
            doors.toggle_door(game, monster, choice, step)
        elif choice.id == "end_activation":
            step.data["done"] = True
        else:
            for _, applier in ACTIVATION_CHOICE_PROVIDERS:
                if applier(game, step, monster, choice):
                    return
            raise EngineError(f"no rule applies choice {choice.id!r}")
