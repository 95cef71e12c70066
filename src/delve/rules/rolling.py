"""Rolling dice as a step of its own.

Rulebook: Dice. Why a step: in physical-dice mode the faces come from people at the table,
so each die becomes a decision for the ``table`` seat; with seeded or scripted chance the
step rolls at once. Either way the rolled faces are written into the step that asked for
them, and every roll is an event in the log. (For programs this is also the chance node.)
"""

from __future__ import annotations

from delve.engine.decision import TABLE, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import Step
from delve.engine.steps import StepHandler, register
from delve.rules.dice import face_labels, roll_die


def request_roll(game: Game, requester: Step, dice: list[str], key: str, reason: str) -> None:
    """Push a roll of ``dice``; the face labels land in ``requester.data[key]`` in order."""
    index = next(i for i, s in enumerate(game.state.stack) if s is requester)
    game.push("roll_dice", dice=list(dice), faces=[], target=index, key=key, reason=reason)


@register
class RollDice(StepHandler):
    """Roll (or ask for) each die in turn, then hand the faces to the requesting step."""

    kind = "roll_dice"

    def decide(self, game: Game, step: Step) -> Decision | None:
        if not game.chance.manual:
            return None
        dice, faces = step.data["dice"], step.data["faces"]
        die = dice[len(faces)]
        choices = [Choice(id=f"face:{label}", label=label) for label in face_labels(die)]
        return Decision(seat=TABLE, kind="enter_die",
                        prompt=f"{step.data['reason']}: which face did the {die} die show "
                               f"({len(faces) + 1} of {len(dice)})?",
                        choices=choices)

    def run(self, game: Game, step: Step) -> None:
        chance = game.chance
        for die in step.data["dice"][len(step.data["faces"]):]:
            step.data["faces"].append(roll_die(chance, die).label)
        self._finish(game, step)

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        step.data["faces"].append(choice.id.removeprefix("face:"))
        if len(step.data["faces"]) == len(step.data["dice"]):
            self._finish(game, step)

    @staticmethod
    def _finish(game: Game, step: Step) -> None:
        pairs = zip(step.data["dice"], step.data["faces"], strict=True)
        rolled = ", ".join(f"{die} {face}" for die, face in pairs)
        game.emit("dice_rolled", f"{step.data['reason']}: rolled {rolled}.", ref="Dice",
                  dice=step.data["dice"], faces=step.data["faces"])
        game.state.stack[step.data["target"]].data[step.data["key"]] = list(step.data["faces"])
        game.pop(step)
