"""Stand Up (ruleset 2e): a knocked-out hero's one action on his turn.

The excerpt (Knocked Out; FAQ) names the action and says the turn ends right after it; the
action's own rule is our reading (docs/rulesets.md, "Ruleset 2e: Stand up and revive"; dice in
``rules2e.yaml`` ``stand_up``): he rolls the dice, recovers damage equal to the hearts (at least
one: he stands up whatever the dice show) and fatigue equal to the surges, and his figure
replaces his token on his space, or on the nearest empty space if a figure stands there.
"""

from __future__ import annotations

from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.engine.steps import StepHandler, register
from delve.rules.dice import die_spec
from delve.rules.rolling import request_roll
from delve.rules.wounds import heal
from delve.rules2e import active
from delve.rules2e.dice import attack_die
from delve.rules2e.encounters import TRANSITION_HOOKS
from delve.rules2e.knocked_out import is_knocked_out, stand_figure_up
from delve.rules2e.rules_data import rules

RECOVER_STEP = "recover_2e"


def rolled_hearts_and_surges(dice: list[str], faces: list[str]) -> tuple[int, int]:
    """Hearts and surges shown by rolled dice (engine names and face labels, in order)."""
    hearts = surges = 0
    for die, label in zip(dice, faces, strict=True):
        face = next(f for f in die_spec(die).faces if f.label == label)
        hearts, surges = hearts + face.hearts, surges + face.surges
    return hearts, surges


def start_recovery(game: Game, hero: FigureState, dice: tuple[str, ...], *, why: str, ref: str) -> None:
    """Push a recovery roll for a knocked-out hero: hearts become damage recovered, surges fatigue."""
    game.push(RECOVER_STEP, hero=hero.id, dice=[attack_die(d) for d in dice], why=why, ref=ref)


def start_stand_up(game: Game, hero: FigureState) -> None:
    """The stand-up action (the caller has ended the hero's turn)."""
    game.emit("stand_up", f"{hero.name} takes the stand up action.", ref="Stand Up", hero=hero.id)
    start_recovery(game, hero, rules().stand_up.dice, why="stood up", ref="Stand Up")


@register
class Recover(StepHandler):
    """Roll the recovery dice, then heal and restore fatigue; the figure replaces its token."""

    kind = RECOVER_STEP

    def run(self, game: Game, step: Step) -> None:
        hero = game.figure(step.data["hero"])
        if not step.data.get("asked"):
            step.data["asked"] = True
            request_roll(game, step, step.data["dice"], "faces", f"{hero.name}: {step.data['why']}")
            return
        game.pop(step)
        if not is_knocked_out(game, hero):
            return  # revived meanwhile by something else
        hearts, surges = rolled_hearts_and_surges(step.data["dice"], step.data["faces"])
        recovered = min(hero.max_fatigue, hero.fatigue + surges) - hero.fatigue
        hero.fatigue += recovered
        game.emit("recovered", f"{hero.name} recovers {max(1, hearts)} damage and {recovered} fatigue.",
                  ref=step.data["ref"], hero=hero.id, damage=max(1, hearts), fatigue=recovered)
        heal(game, hero, max(1, hearts), cause=step.data["why"])
        if is_knocked_out(game, hero):  # nothing healed (a heal hook failed): stand him up all the same
            stand_figure_up(game, hero, why=step.data["why"])


def _stand_up_between_encounters(game: Game, hero: FigureState) -> None:
    """descent-2e: Quests, transition step 6. A knocked-out hero performs a stand up action for
    free: he rolls and recovers as for the action, on the next encounter's start space."""
    if active(game) and is_knocked_out(game, hero):
        game.emit("stand_up", f"{hero.name} stands up for free between encounters.", ref="Quests", hero=hero.id)
        start_recovery(game, hero, rules().stand_up.dice, why="stood up between encounters", ref="Quests")


TRANSITION_HOOKS.append(_stand_up_between_encounters)
