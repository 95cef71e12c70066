"""The solo overlord procedure: its rule steps (interrupts, order roll, Raise Dead, end of round)
and the solo player's choices in set positions (docs/solo-overlord.md)."""

from __future__ import annotations

from typing import Any

import yaml

from delve.ai.solo_overlord import SoloOverlord, initiative, initiative_order
from delve.engine.game import Game
from delve.rules.solo import orders_for_roll
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

MAP = """\
---
areas:
  room: {name: Room, revealed: true}
symbols:
  R: {area: room}
  b: {marker: bone_pile, data: {monsters: [skeleton]}}
---
+-+-+-+-+-+-+-+-+
|R . . . . . . .|
+               +
|. . . . . . . .|
+               +
|. . . . . . . .|
+               +
|. . . . . . . .|
+               +
|. . . . . . . b|
+-+-+-+-+-+-+-+-+
"""


def game_of(figures: list[dict[str, Any]], *, dice: list[str] | None = None, start: dict[str, Any] | None = None,
            solo: dict[str, Any] | None = None, map_text: str = MAP) -> Game:
    spec = {"name": "solo", "map": map_text, "figures": figures, "start": start or {}}
    if dice is not None:
        spec["dice"] = dice
    state = build_state(Scenario.model_validate(yaml.safe_load(yaml.safe_dump(spec))), "tests/ai/solo")
    state.flags["solo"] = dict(solo or {})
    return Game(state, handlers_for("1e"))


ADA = {"id": "ada", "name": "Ada", "speed": 4, "wounds": 10, "armor": 1, "at": [0, 0]}
BOR = {"id": "bor", "name": "Bor", "speed": 4, "wounds": 10, "armor": 2, "at": [1, 0]}


def goblin(fid: str, at: list[int], **extra: Any) -> dict[str, Any]:
    return {"id": fid, "name": fid, "side": "overlord", "speed": 4, "wounds": 3, "dice": ["red"],
            "attack_type": "melee", "at": at, **extra}


def play_ada_turn(game: Game) -> None:
    assert game.apply("turn:ada", "h1").accepted
    assert game.apply("action:ready", "h1").accepted
    assert game.apply("end_turn", "h1").accepted


def test_orders_for_roll() -> None:
    assert [orders_for_roll(v) for v in range(1, 7)] == [1, 1, 1, 1, 2, 3]
    assert orders_for_roll(6, quest_orders=2) == 5


def test_interrupt_on_two_activates_the_monster_closest_to_the_last_hero() -> None:
    game = game_of([ADA, BOR, goblin("near", [0, 2]), goblin("far", [7, 3])], dice=["d6:2"])
    play_ada_turn(game)
    events = [e for e in game.state.log if e.kind == "solo_interrupt_roll"]
    assert events[-1].data == {"roll": 2, "triggered": True}
    pending = game.pending
    assert pending is not None and pending.kind == "solo_interrupt"
    assert [c.id for c in pending.choices] == ["activate:near"]
    choice = SoloOverlord().choose(pending, game)
    assert game.apply(choice, "overlord").accepted
    assert game.pending is not None and game.pending.kind == "monster_activation"


def test_no_interrupt_on_three_nor_on_two_in_easy_mode() -> None:
    for roll, solo in (("d6:3", {}), ("d6:2", {"easy": True})):
        game = game_of([ADA, BOR, goblin("near", [0, 2])], dice=[roll], solo=solo)
        play_ada_turn(game)
        assert game.state.log[-1].kind != "solo_interrupt"
        assert [e.data["triggered"] for e in game.state.log if e.kind == "solo_interrupt_roll"] == [False]
        assert game.pending is not None and game.pending.kind == "choose_action"  # Bor's turn


def test_interrupt_with_no_monster_raises_the_dead() -> None:
    game = game_of([ADA, BOR], dice=["d6:1"])
    play_ada_turn(game)
    pending = game.pending
    assert pending is not None and pending.kind == "solo_raise_dead"
    assert game.apply(SoloOverlord().choose(pending, game), "overlord").accepted
    raised = [e for e in game.state.log if e.kind == "monster_raised"]
    assert raised and raised[0].data["monster"] == "skeleton" and (raised[0].data["x"], raised[0].data["y"]) == (7, 4)
    assert not [m for m in game.state.board.markers if m.kind == "bone_pile"]


def test_overlord_turn_rolls_the_orders_and_the_player_keeps_to_them() -> None:
    game = game_of([ADA, goblin("g1", [0, 2]), goblin("g2", [1, 2])], dice=["d6:4"] + ["red:0/4"] * 4,
                   start={"overlord_turn": True})
    assert game.state.flags["solo"]["orders"] == 1
    player = SoloOverlord()
    activated = 0
    for _ in range(50):
        decision = game.pending
        if decision is None or decision.seat != "overlord":
            break
        choice = player.choose(decision, game)
        activated += choice.startswith("activate:")
        assert game.apply(choice, "overlord").accepted
        if choice == "end_turn":
            break
    assert activated == 1


def test_six_gives_three_orders() -> None:
    game = game_of([ADA, goblin("g1", [5, 4])], dice=["d6:6"], start={"overlord_turn": True},
                   solo={"quest_orders": 1})
    assert game.state.flags["solo"]["orders"] == 4


def test_initiative_dice_boss_and_rear_arc() -> None:
    game = game_of([ADA, goblin("plain", [3, 3]), goblin("big", [5, 3], dice=["red", "yellow"]),
                    goblin("boss", [6, 3], master=True)])
    figs = game.state.figures
    assert initiative(game, figs["plain"]) == 1
    assert initiative(game, figs["big"]) == 2
    assert initiative(game, figs["boss"]) == 3
    # Ada faces right (1, 0); "plain" stands behind her and faces her: +1
    figs["ada"].footprint = figs["ada"].footprint.model_copy(update={"x": 4, "y": 3})
    figs["ada"].facing = (1, 0)
    figs["plain"].facing = (1, 0)
    assert initiative(game, figs["plain"]) == 2
    order = initiative_order(game, [figs["plain"], figs["big"], figs["boss"]])
    assert [m.id for m in order] == ["boss", "big", "plain"]


def test_target_priority_rear_arc_then_armor() -> None:
    # Ada (armor 1) faces the goblin; Bor (armor 2) shows it his back: Bor is attacked first.
    ada = {**ADA, "at": [2, 2]}
    bor = {**BOR, "at": [4, 2]}
    game = game_of([ada, bor, goblin("g", [3, 2])], dice=["d6:4"], start={"overlord_turn": True})
    figs = game.state.figures
    figs["ada"].facing = (1, 0)  # faces the goblin
    figs["bor"].facing = (1, 0)  # back to the goblin
    game.state.flags["solo"]["orders"] = 1
    player = SoloOverlord()
    decision = game.pending
    assert decision is not None
    while decision is not None and decision.kind != "monster_activation":
        assert game.apply(player.choose(decision, game), "overlord").accepted
        decision = game.pending
    assert decision is not None
    assert player.choose(decision, game) == "attack:4,2"
    figs["bor"].facing = (-1, 0)  # now both face it: lowest armor (Ada) first
    assert player.choose(decision, game) == "attack:2,2"


def test_summoning_avoids_the_weakest_heros_front_arc() -> None:
    from delve.engine.decision import Choice, Decision

    game = game_of([{**ADA, "at": [3, 2]}, {**BOR, "at": [0, 4]}])
    game.state.figures["ada"].facing = (1, 0)
    decision = Decision(seat="overlord", kind="spawn_place", prompt="", choices=[
        Choice(id="place:4,2", label="", data={"x": 4, "y": 2, "w": 1, "h": 1}),
        Choice(id="place:2,2", label="", data={"x": 2, "y": 2, "w": 1, "h": 1}),
        Choice(id="place:7,0", label="", data={"x": 7, "y": 0, "w": 1, "h": 1}),
    ])
    assert SoloOverlord().choose(decision, game) == "place:2,2"


def test_end_of_round_draws_the_timer_card_and_an_empty_deck_loses() -> None:
    game = game_of([ADA, goblin("g", [7, 0])], dice=["d6:1", "pick:0"], start={"overlord_turn": True},
                   solo={"deck_loss": True})
    game.state.overlord.deck = ["loose-flagstone"]
    player = SoloOverlord()
    for _ in range(40):
        decision = game.pending
        if decision is None or decision.seat != "overlord":
            break
        assert game.apply(player.choose(decision, game), "overlord").accepted
    assert any(e.kind == "solo_timer_card" for e in game.state.log)
    assert game.state.overlord.deck == [] and "loose-flagstone" in game.state.overlord.discard
