"""The round sequence and the heroes' choice of turn order.

Rulebook: The Round Sequence; Hero Turn Order; Hero Turn Token. Every round each hero takes
one turn in an order the heroes choose, then the overlord takes his turn.
"""

from __future__ import annotations

from delve.engine.decision import Choice, Decision
from delve.engine.game import Game
from delve.engine.state import Step
from delve.engine.steps import StepHandler, register

__all__ = ["HeroTurns", "Rounds", "heroes_yet_to_act"]


@register
class Rounds(StepHandler):
    """The bottom of the stack: starts round after round until a side wins."""

    kind = "rounds"

    def run(self, game: Game, step: Step) -> None:
        game.state.round += 1
        game.emit("round_started", f"Round {game.state.round} begins.", ref="The Round Sequence",
                  round=game.state.round)
        game.push("overlord_turn")
        game.push("hero_turns", done=[])


def heroes_yet_to_act(game: Game, step: Step) -> list[str]:
    """Heroes whose turn token still shows its green side this round."""
    done = set(step.data.get("done", []))
    return [hero.id for hero in game.state.heroes() if hero.id not in done]


@register
class HeroTurns(StepHandler):
    """Rulebook: Hero Turn Order. The heroes pick who goes next; the first hero settles it."""

    kind = "hero_turns"

    def decide(self, game: Game, step: Step) -> Decision | None:
        waiting = heroes_yet_to_act(game, step)
        if len(waiting) < 2:
            return None
        chooser = game.state.first_hero or game.figure(waiting[0]).seat
        choices = [
            Choice(id=f"turn:{hero_id}", label=f"{game.figure(hero_id).name} takes the next turn",
                    data={"hero": hero_id})
            for hero_id in waiting
        ]
        return Decision(seat=chooser, kind="choose_hero_turn",
                        prompt="Which hero takes the next turn?", choices=choices)

    def run(self, game: Game, step: Step) -> None:
        waiting = heroes_yet_to_act(game, step)
        if not waiting:
            game.pop(step)
            return
        self._start(game, step, waiting[0])

    def choose(self, game: Game, step: Step, choice: Choice) -> None:
        self._start(game, step, choice.data["hero"])

    @staticmethod
    def _start(game: Game, step: Step, hero_id: str) -> None:
        step.data["done"] = [*step.data.get("done", []), hero_id]
        game.push("hero_turn", hero=hero_id, phase="start")
