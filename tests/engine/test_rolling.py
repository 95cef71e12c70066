"""Dice rolls as steps: seeded, scripted, and physical dice entered by the table seat."""

from __future__ import annotations

from delve.board.grid import Area, Board
from delve.engine.chance import ChanceState, scripted
from delve.engine.decision import TABLE, Choice, Decision
from delve.engine.game import Game
from delve.engine.state import GameState, Step
from delve.engine.steps import StepHandler
from delve.rules.rolling import RollDice, request_roll


class AskForDice(StepHandler):
    """A test step: asks for a red and a black die, then stops with the faces in its data."""

    kind = "ask"

    def decide(self, game: Game, step: Step) -> Decision | None:
        if "faces" in step.data:
            return Decision(seat="h1", kind="done", prompt="done", choices=[Choice(id="ok", label="ok")])
        return None

    def run(self, game: Game, step: Step) -> None:
        request_roll(game, step, ["red", "black"], "faces", "Test attack")


def make(chance: ChanceState) -> Game:
    board = Board(width=1, height=1, terrain=[["floor"]], area_ids=[[None]], areas=[Area(id="a", name="a")])
    state = GameState(board=board, chance=chance, stack=[Step(kind="ask")])
    return Game(state, {"ask": AskForDice(), "roll_dice": RollDice()})


def test_scripted_roll_lands_in_the_requesting_step() -> None:
    game = make(scripted(["red:1/3S", "black:surge"]))
    assert game.state.stack[-1].data["faces"] == ["1/3S", "surge"]
    assert game.state.log[-1].kind == "dice_rolled"


def test_physical_dice_are_asked_of_the_table_one_die_at_a_time() -> None:
    game = make(ChanceState(mode="manual"))
    decision = game.pending
    assert decision is not None and decision.seat == TABLE and decision.kind == "enter_die"
    assert {c.id for c in decision.choices} == {"face:X", "face:0/4", "face:1/3", "face:1/3S", "face:2/2",
                                                "face:2/1S"}
    refused = game.apply("face:2/2", "")  # any seat at the table may enter it, but not no seat
    assert not refused.accepted and "empty" in refused.reason
    assert game.apply("face:2/2", "h1").accepted
    decision = game.pending
    assert decision is not None and "black" in decision.prompt
    assert not game.apply("face:2/2", "h1").accepted  # not a face of the power die
    assert game.apply("face:enh", "overlord").accepted
    assert game.state.stack[-1].data["faces"] == ["2/2", "enh"]
