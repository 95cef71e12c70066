"""The solo overlord procedure: its rule steps (interrupts, order roll, Raise Dead, end of round)
and the solo player's choices in set positions (docs/solo-overlord.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import yaml

from delve.ai.solo_overlord import SoloOverlord, initiative, initiative_order
from delve.board.geometry import Footprint
from delve.engine.decision import Decision
from delve.engine.game import Game
from delve.engine.state import GameState
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
            solo: dict[str, Any] | None = None, map_text: str = MAP,
            before: Callable[[GameState], None] | None = None) -> Game:
    """A solo game in a set position; ``before`` edits the state before the first step runs."""
    spec = {"name": "solo", "map": map_text, "figures": figures, "start": start or {}}
    if dice is not None:
        spec["dice"] = dice
    state = build_state(Scenario.model_validate(yaml.safe_load(yaml.safe_dump(spec))), "tests/ai/solo")
    state.flags["solo"] = dict(solo or {})
    if before is not None:
        before(state)
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
                    goblin("boss", [6, 3], named=True)])
    figs = game.state.figures
    assert initiative(game, figs["plain"]) == 1
    assert initiative(game, figs["big"]) == 2
    assert initiative(game, figs["boss"]) == 3
    # Ada faces right (1, 0); "plain" stands behind her and faces her: +1
    figs["ada"].footprint = replace(figs["ada"].footprint, x=4, y=3)
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


def play_overlord(game: Game, steps: int = 40) -> None:
    """Answer the overlord's decisions with the solo player until another seat is asked."""
    player = SoloOverlord()
    for _ in range(steps):
        decision = game.pending
        if decision is None or decision.seat != "overlord":
            break
        assert game.apply(player.choose(decision, game), "overlord").accepted


def test_end_of_round_draws_the_timer_card_and_an_empty_deck_loses() -> None:
    # Four cards: three go at setup, the end of round 1 draws the last. The Descent deck is not
    # the clock: the end of the round takes nothing from it.
    game = game_of([ADA, goblin("g", [7, 0])], dice=["d6:1"], start={"overlord_turn": True},
                   solo={"command_deck": 4})
    descent_deck = list(game.state.overlord.deck)
    play_overlord(game)
    timer = [e for e in game.state.log if e.kind == "solo_timer_card"]
    assert [(e.data["card"], e.data["left"]) for e in timer] == [("order", 0)]
    assert timer[0].text.startswith("End of round: the solo overlord draws an order card")  # "an", not "a order"
    assert game.state.flags["solo"]["command"] == {"orders": 0, "raise_dead": 0}
    assert game.state.winner is None
    assert len(game.state.overlord.deck) <= len(descent_deck)  # only the Descent draws took from it
    assert not any(e.kind == "deck_reshuffled" for e in game.state.log)


def test_an_empty_command_deck_loses_by_default_and_only_then() -> None:
    # Three cards: all drawn at setup, so the deck is empty at the end of round 1. The variant's
    # clock is the default; a quest may turn it off (deck_loss: false).
    for solo, winner in (({"command_deck": 3}, "overlord"), ({"command_deck": 3, "deck_loss": False}, None)):
        game = game_of([ADA, goblin("g", [7, 0])], dice=["d6:1"], start={"overlord_turn": True}, solo=solo)
        play_overlord(game, 30)
        assert game.state.winner == winner
        over = [e for e in game.state.log if e.kind == "game_over"]
        assert [e.data.get("goal") for e in over] == ([{"command_deck_empty": True}] if winner else [])


def test_a_command_deck_of_both_kinds_is_drawn_by_a_chance_pick() -> None:
    from delve.rules.solo import draw_command_card

    game = game_of([ADA, BOR], dice=["pick:3", "pick:0"], solo={"command_deck": 5, "raise_dead_cards": 1})
    game.state.flags["solo"]["command"] = {"orders": 4, "raise_dead": 1}
    assert draw_command_card(game) == "order"  # pick 3 of 5: past the one Raise Dead card
    assert draw_command_card(game) == "raise-dead"
    assert draw_command_card(game) == "order"  # only orders left: no pick needed
    assert game.state.flags["solo"]["command"] == {"orders": 2, "raise_dead": 0}


# -- every step of the procedure in a set position (docs/solo-overlord.md, "Mapping the procedure") --
def to_activation(game: Game, player: SoloOverlord) -> Decision:
    """Answer the overlord's decisions with the solo player until a monster activation is asked."""
    decision = game.pending
    while decision is not None and decision.kind != "monster_activation":
        assert game.apply(player.choose(decision, game), "overlord").accepted
        decision = game.pending
    assert decision is not None
    return decision


def destination(decision: Decision, choice_id: str) -> Footprint:
    found = decision.find(choice_id)
    assert found is not None and choice_id.startswith("move:"), choice_id
    return Footprint(x=found.data["x"], y=found.data["y"], w=found.data["w"], h=found.data["h"])


def test_setup_sets_raise_dead_cards_aside_and_the_end_of_round_plays_them() -> None:
    # A Command deck of five Raise Dead cards: the three drawn at setup are set aside; the end of
    # the round plays one (a skeleton rises from the pile) and draws a fourth, set aside too.
    def hand(state: GameState) -> None:
        state.overlord.hand = ["loose-flagstone"]

    game = game_of([ADA, BOR], dice=["d6:4"], start={"overlord_turn": True},
                   solo={"command_deck": 5, "raise_dead_cards": 5}, before=hand)
    flags = game.state.flags["solo"]
    assert flags["set_aside"] == 3 and flags["command"] == {"orders": 0, "raise_dead": 2}
    assert game.state.overlord.hand[:1] == ["loose-flagstone"]  # the Descent hand is not the Command deck
    setup = [e.data for e in game.state.log if e.kind == "solo_setup"]
    assert setup == [{"deck": 5, "drawn": 3, "set_aside": 3, "left": 2}]
    play_overlord(game, 30)  # the overlord's turn, then the end of the round plays a set-aside card
    assert any(e.kind == "solo_raise_dead_card" for e in game.state.log)
    assert [e.data["monster"] for e in game.state.log if e.kind == "monster_raised"] == ["skeleton"]
    assert flags["set_aside"] == 3 and flags["command"] == {"orders": 0, "raise_dead": 1}


def test_easy_mode_interrupts_on_a_one() -> None:
    game = game_of([ADA, BOR, goblin("near", [0, 2])], dice=["d6:1"], solo={"easy": True})
    play_ada_turn(game)
    assert [e.data["triggered"] for e in game.state.log if e.kind == "solo_interrupt_roll"] == [True]
    assert game.pending is not None and game.pending.kind == "solo_interrupt"


def test_orders_go_first_to_short_range_monsters_by_initiative() -> None:
    # Short range of a speed-4 goblin is 5 spaces. "boss" (named: +2) and "plain" are both near
    # Ada; "far" has more dice but stands beyond short range: the boss gets the one order.
    ada = {**ADA, "at": [0, 0]}
    game = game_of([ada, goblin("plain", [2, 0]), goblin("boss", [4, 1], named=True),
                    goblin("far", [7, 4], dice=["red", "yellow", "yellow"])],
                   dice=["d6:4"], start={"overlord_turn": True})
    player = SoloOverlord()
    decision = game.pending
    while decision is not None and decision.kind != "overlord_turn":
        assert game.apply(player.choose(decision, game), "overlord").accepted
        decision = game.pending
    assert decision is not None
    assert player.choose(decision, game) == "activate:boss"


def test_target_priority_outnumbered_before_armor() -> None:
    # Bor (armor 2) has a second goblin beside him and no friend: outnumbered, so he is picked
    # before Ada (armor 1). Both face the goblin, so neither shows it his back.
    ada = {**ADA, "at": [2, 2]}
    bor = {**BOR, "at": [4, 2]}
    game = game_of([ada, bor, goblin("g", [3, 2]), goblin("h", [5, 2])], dice=["d6:4"],
                   start={"overlord_turn": True})
    figs = game.state.figures
    figs["ada"].facing = (1, 0)
    figs["bor"].facing = (-1, 0)
    decision = to_activation(game, SoloOverlord())
    assert SoloOverlord().choose(decision, game) == "attack:4,2"


def test_target_priority_fewest_attack_dice_on_equal_armor() -> None:
    ada = {**ADA, "at": [2, 2], "armor": 2, "items": ["hunters-sword"]}  # two dice
    bor = {**BOR, "at": [4, 2]}  # unarmed: one die
    game = game_of([ada, bor, goblin("g", [3, 2])], dice=["d6:4"], start={"overlord_turn": True})
    figs = game.state.figures
    figs["ada"].facing = (1, 0)
    figs["bor"].facing = (-1, 0)
    decision = to_activation(game, SoloOverlord())
    assert SoloOverlord().choose(decision, game) == "attack:4,2"


def test_an_engaged_monster_attacks_without_moving() -> None:
    # Bor shows his back two spaces away, but the goblin is engaged with Ada: it strikes her.
    ada = {**ADA, "at": [2, 2]}
    bor = {**BOR, "at": [5, 4]}
    game = game_of([ada, bor, goblin("g", [3, 2])], dice=["d6:4"], start={"overlord_turn": True})
    figs = game.state.figures
    figs["ada"].facing = (1, 0)
    figs["bor"].facing = (1, 0)
    decision = to_activation(game, SoloOverlord())
    assert any(c.id.startswith("move:") for c in decision.choices)
    assert SoloOverlord().choose(decision, game) == "attack:2,2"


def test_a_shooter_moves_out_to_its_maximum_range_and_shoots() -> None:
    from delve.ai import overlord_common as oc

    ada = {**ADA, "at": [0, 2]}
    archer = goblin("archer", [2, 2], dice=["blue", "yellow"], attack_type="ranged")
    game = game_of([ada, archer], dice=["d6:4"], start={"overlord_turn": True})
    game.state.figures["ada"].facing = (0, -1)
    player = SoloOverlord()
    decision = to_activation(game, player)
    choice = player.choose(decision, game)
    reach = oc.max_range(game.state.figures["archer"])
    assert reach >= 3
    fp = destination(decision, choice)
    here = oc.fp_distance(game.state.figures["archer"].footprint, game.state.figures["ada"].footprint)
    there = oc.fp_distance(fp, game.state.figures["ada"].footprint)
    assert here < there <= reach
    assert game.apply(choice, "overlord").accepted
    after = game.pending
    assert after is not None and player.choose(after, game) == "attack:0,2"


def test_a_magic_monster_plays_as_a_shooter() -> None:
    # Delve monsters cast no spells (the procedure's spellcaster step never applies); a magic
    # attacker keeps its distance like a shooter.
    from delve.ai import overlord_common as oc

    ada = {**ADA, "at": [0, 2]}
    mage = goblin("mage", [2, 2], dice=["blue", "yellow"], attack_type="magic")
    game = game_of([ada, mage], dice=["d6:4"], start={"overlord_turn": True})
    player = SoloOverlord()
    decision = to_activation(game, player)
    fp = destination(decision, player.choose(decision, game))
    assert oc.fp_distance(fp, game.state.figures["ada"].footprint) > 2


def test_a_melee_monster_joins_the_fight_in_the_heros_rear_arc() -> None:
    from delve.ai import overlord_common as oc

    ada = {**ADA, "at": [4, 2]}
    game = game_of([ada, goblin("g", [7, 2])], dice=["d6:4"], start={"overlord_turn": True})
    ada_fig = game.state.figures["ada"]
    ada_fig.facing = (1, 0)  # she faces the goblin: it goes round her to strike her back
    player = SoloOverlord()
    decision = to_activation(game, player)
    fp = destination(decision, player.choose(decision, game))
    assert oc.fp_distance(fp, ada_fig.footprint) == 1
    assert oc.in_rear_arc(ada_fig, fp)


def test_a_monster_out_of_reach_walks_toward_the_priority_hero() -> None:
    from delve.ai import overlord_common as oc

    ada = {**ADA, "at": [0, 0]}
    slow = goblin("slow", [7, 4], speed=2)
    game = game_of([ada, slow], dice=["d6:4"], start={"overlord_turn": True})
    player = SoloOverlord()
    decision = to_activation(game, player)
    assert not any(c.id.startswith("attack:") for c in decision.choices)
    choice = player.choose(decision, game)
    hero = game.state.figures["ada"]
    best = min(oc.path_distance(game, destination(decision, c.id), hero)
               for c in decision.choices if c.id.startswith("move:"))
    assert oc.path_distance(game, destination(decision, choice), hero) == best
    assert best < oc.path_distance(game, game.state.figures["slow"].footprint, hero)


TWO_PILES = MAP.replace("|. . . . . . . .|\n+               +\n|. . . . . . . .|\n+               +\n|. . . . . . . b|",
                        "|. . . . . . . .|\n+               +\n|. . . c . . . .|\n+               +\n|. . . . . . . b|"
                        ).replace("  b: {marker: bone_pile, data: {monsters: [skeleton]}}",
                                  "  b: {marker: bone_pile, data: {monsters: [skeleton]}}\n"
                                  "  c: {marker: bone_pile, data: {monsters: [skeleton, goblin]}}")


def test_raise_dead_avoids_piles_in_a_heros_front_arc_then_takes_the_closest() -> None:
    # Ada just acted at (3,1) facing down-left: the pile at (3,3) is nearer but in front of her,
    # the one at (7,4) is behind her, so (7,4) rises.
    ada = {**ADA, "at": [3, 1]}
    bor = {**BOR, "at": [0, 0]}
    game = game_of([ada, bor], dice=["d6:1"], map_text=TWO_PILES)
    game.state.figures["ada"].facing = (-1, 1)
    game.state.figures["bor"].facing = (0, -1)
    play_ada_turn(game)
    pending = game.pending
    assert pending is not None and pending.kind == "solo_raise_dead"

    def where(choice_id: str) -> tuple[int, int]:
        found = pending.find(choice_id)
        assert found is not None
        return found.data["x"], found.data["y"]

    assert where(SoloOverlord().choose(pending, game)) == (7, 4)
    game.state.figures["ada"].facing = (0, -1)  # now both piles are behind her: the closest
    assert where(SoloOverlord().choose(pending, game)) == (3, 3)


def test_raise_dead_rolls_for_the_kind_and_adds_the_figures_left() -> None:
    from delve.rules.spawning import figures_left

    ada = {**ADA, "at": [3, 1]}
    bor = {**BOR, "at": [0, 0]}
    game = game_of([ada, bor], dice=["d6:1", "d6:6", "d6:1"], map_text=TWO_PILES)
    game.state.figures["ada"].facing = (0, -1)
    play_ada_turn(game)
    pending = game.pending
    assert pending is not None and pending.kind == "solo_raise_dead"
    near = next(c for c in pending.choices if (c.data["x"], c.data["y"]) == (3, 3))
    left = {k: figures_left(game, k, False) for k in ("skeleton", "goblin")}
    assert game.apply(near.id, "overlord").accepted
    raised = [e.data["monster"] for e in game.state.log if e.kind == "monster_raised"]
    expected = "skeleton" if 6 + left["skeleton"] >= 1 + left["goblin"] else "goblin"
    assert raised == [expected]
    rolls = [e.data["faces"] for e in game.state.log if e.kind == "dice_rolled" and "kind rises" in e.text]
    assert rolls == [["6", "1"]]


# -- issue 22: the procedure as written (points 7 to 12) ---------------------------------------
CRYPT = """\
---
areas:
  room: {name: Room, revealed: true}
  crypt: {name: Crypt}
symbols:
  R: {area: room}
  C: {area: crypt}
  b: {marker: bone_pile}
  g: {monster: goblin}
---
+-+-+-+-+-+-+-+-+
|R . . . .|C . b|
+         +     +
|. . . . .D. . .|
+         +     +
|. . . . .D. . g|
+-+-+-+-+-+-+-+-+
"""


def test_raise_dead_never_uses_a_bone_pile_in_an_unrevealed_area() -> None:
    # The only bone pile lies in the crypt, which no hero has seen: the interrupt finds no
    # monster and no pile the table knows of, so nothing rises.
    game = game_of([ADA, BOR], dice=["d6:1"], map_text=CRYPT)
    play_ada_turn(game)
    assert any(e.kind == "solo_raise_dead_none" for e in game.state.log)
    assert not any(e.kind == "monster_raised" for e in game.state.log)
    assert game.pending is not None and game.pending.kind == "choose_action"  # Bor's turn
    # Once the crypt is revealed, the same pile may be used.
    seen = CRYPT.replace("crypt: {name: Crypt}", "crypt: {name: Crypt, revealed: true}").replace(". . g|", ". . .|")
    game = game_of([ADA, BOR], dice=["d6:1"], map_text=seen)
    play_ada_turn(game)
    pending = game.pending
    assert pending is not None and pending.kind == "solo_raise_dead"
    assert [(c.data["x"], c.data["y"]) for c in pending.choices] == [(7, 0)]


def test_only_undead_or_the_kinds_the_quest_names_rise_from_a_bone_pile() -> None:
    from delve.rules.solo import raisable

    open_pile = MAP.replace("  b: {marker: bone_pile, data: {monsters: [skeleton]}}", "  b: {marker: bone_pile}")
    game = game_of([ADA, BOR], map_text=open_pile)
    pile = next(m.id for m in game.state.board.markers if m.kind == "bone_pile")
    assert raisable(game, pile) == ["barrow-knight", "grave-shade", "skeleton"]  # the pack's undead kinds
    game.state.flags["solo"]["rises"] = ["goblin"]  # the quest adds a kind
    assert raisable(game, pile) == ["barrow-knight", "goblin", "grave-shade", "skeleton"]
    # Three kinds could rise: a d6 each plus the figures left; a living kind never comes up.
    game = game_of([ADA, BOR], dice=["d6:1", "d6:1", "d6:1", "d6:6"], map_text=open_pile)
    play_ada_turn(game)
    pending = game.pending
    assert pending is not None and pending.kind == "solo_raise_dead"
    assert game.apply(pending.choices[0].id, "overlord").accepted
    raised = [e.data["monster"] for e in game.state.log if e.kind == "monster_raised"]
    assert len(raised) == 1 and raised[0] in ("barrow-knight", "grave-shade", "skeleton")


DOOR_ROOM = """\
---
areas:
  room: {name: Room, revealed: true}
  back: {name: Back room}
symbols:
  R: {area: room}
  B: {area: back}
  g: {monster: goblin}
---
+-+-+-+-+-+-+-+-+
|R . . . .|B . .|
+         +     +
|. . . . .D. g .|
+         +     +
|. . . . .D. . .|
+-+-+-+-+-+-+-+-+
"""


def test_an_interrupt_never_activates_a_monster_revealed_this_round() -> None:
    # Ada opens the door and reveals the goblin behind it, right next to her. The interrupt that
    # follows her turn must pass it over for the older monster across the room.
    ada = {**ADA, "at": [4, 1]}
    bor = {**BOR, "at": [0, 2]}
    game = game_of([ada, bor, goblin("old", [0, 0])], dice=["d6:1"], map_text=DOOR_ROOM)
    assert game.apply("turn:ada", "h1").accepted
    assert game.apply("action:advance", "h1").accepted
    assert game.apply("door:door-1", "h1").accepted
    placed = [e.data["figure"] for e in game.state.log if e.kind == "monster_placed"]
    assert len(placed) == 1
    assert game.apply("end_turn", "h1").accepted
    pending = game.pending
    assert pending is not None and pending.kind == "solo_interrupt"
    assert [c.id for c in pending.choices] == ["activate:old"]
    # Without the older monster no miniature can activate: Raise Dead is tried instead.
    game = game_of([ada, bor], dice=["d6:1"], map_text=DOOR_ROOM)
    for choice in ("turn:ada", "action:advance", "door:door-1", "end_turn"):
        assert game.apply(choice, "h1").accepted
    assert any(e.kind == "solo_raise_dead_none" for e in game.state.log)
    assert not any(e.kind == "monster_activated" for e in game.state.log)


OPEN_ROW = "+               +\n"
_ROWS = MAP.split(OPEN_ROW)
# MAP with a wall under row 1 from x=0 to x=5: a walker from (0,1) to (0,2) goes round by x=6.
WALLED = OPEN_ROW.join(_ROWS[:2]) + "+-+-+-+-+-+-+   +\n" + OPEN_ROW.join(_ROWS[2:])


def test_closest_is_measured_by_the_path_a_figure_would_walk() -> None:
    # Ada stands at (0,1), just above a wall. "behind" is one space away through the wall but
    # fourteen steps away on foot; "around" is four spaces away along the open row.
    ada = {**ADA, "at": [0, 1]}
    bor = {**BOR, "at": [7, 0]}
    game = game_of([ada, bor, goblin("behind", [1, 2]), goblin("around", [4, 1])], dice=["d6:1"],
                   map_text=WALLED)
    play_ada_turn(game)
    pending = game.pending
    assert pending is not None and pending.kind == "solo_interrupt"
    assert [c.id for c in pending.choices] == ["activate:around"]


def test_raise_dead_and_initiative_ties_use_walking_distance() -> None:
    # Raise Dead: the pile at (0,2) is one space from Ada through the wall; the one at (5,1) is
    # farther as the crow flies but closer on foot, so it is chosen (the one at (7,4) is farther).
    two = WALLED.replace("|. . . . . . . .|\n+-+", "|. . . . . c . .|\n+-+").replace(
        "|. . . . . . . .|\n" + OPEN_ROW + "|. . . . . . . .|\n" + OPEN_ROW + "|. . . . . . . b|",
        "|c . . . . . . .|\n" + OPEN_ROW + "|. . . . . . . .|\n" + OPEN_ROW + "|. . . . . . . b|").replace(
        "  b: {marker: bone_pile, data: {monsters: [skeleton]}}",
        "  b: {marker: bone_pile, data: {monsters: [skeleton]}}\n"
        "  c: {marker: bone_pile, data: {monsters: [skeleton]}}")
    ada = {**ADA, "at": [0, 1]}
    bor = {**BOR, "at": [7, 0]}
    game = game_of([ada, bor], dice=["d6:1"], map_text=two)
    game.state.figures["ada"].facing = (0, -1)
    game.state.figures["bor"].facing = (0, -1)
    play_ada_turn(game)
    pending = game.pending
    assert pending is not None and pending.kind == "solo_raise_dead"
    chosen = pending.find(SoloOverlord().choose(pending, game))
    assert chosen is not None and (chosen.data["x"], chosen.data["y"]) == (5, 1)
    # Initiative tie (one die each): the monster nearer on foot goes first.
    game = game_of([ada, bor, goblin("behind", [1, 2]), goblin("around", [3, 1])], map_text=WALLED)
    figs = game.state.figures
    order = initiative_order(game, [figs["behind"], figs["around"]])
    assert [m.id for m in order] == ["around", "behind"]


def test_only_bosses_get_the_initiative_bonus() -> None:
    game = game_of([ADA, goblin("master", [3, 3], master=True), goblin("named", [5, 3], named=True)])
    figs = game.state.figures
    assert initiative(game, figs["master"]) == 1  # a master is no boss
    assert initiative(game, figs["named"]) == 3
    game.state.flags["lieutenants"] = {"master": {}}  # a lieutenant is one
    assert initiative(game, figs["master"]) == 3


def test_a_quest_game_takes_the_quests_solo_settings() -> None:
    from delve.api import new_game
    from delve.rules.setup import GameSetup

    game = new_game(GameSetup(quest="bridge-of-teeth", solo=True))
    flags = game.state.flags["solo"]
    assert {k: flags[k] for k in ("quest_orders", "command_deck", "raise_dead_cards", "deck_loss")} == {
        "quest_orders": 1, "command_deck": 34, "raise_dead_cards": 2, "deck_loss": True}
    assert "solo" not in new_game(GameSetup(quest="bridge-of-teeth")).state.flags
