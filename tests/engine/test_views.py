"""Views: each seat sees only what it may; hero seats never see hidden information."""

from __future__ import annotations

import json

from delve.board.geometry import Footprint
from delve.board.grid import Area, Board, Marker
from delve.engine.chance import seeded
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.engine.state import FigureState, GameState, SeatState, Step
from delve.engine.views import view
from delve.rulesets import handlers_for


def hidden_game() -> Game:
    """A hero in a revealed room; behind a closed door an unrevealed vault with a chest and an orc."""
    width, height = 6, 3
    board = Board(
        width=width, height=height,
        terrain=[["floor"] * width for _ in range(height)],
        area_ids=[["room"] * 3 + ["vault"] * 3 for _ in range(height)],
        walls=[((2, 0), (3, 0)), ((2, 1), (3, 1)), ((2, 2), (3, 2))],
        areas=[Area(id="room", name="Room", revealed=True), Area(id="vault", name="Vault")],
        markers=[Marker(id="c1", kind="chest", pos=(1, 1), data={"colour": "copper", "number": 2}),
                 Marker(id="c2", kind="chest", pos=(4, 1), data={"colour": "gold", "number": 3})],
    )
    state = GameState(board=board, chance=seeded(99), conquest=5)
    state.seats = {OVERLORD: SeatState(id=OVERLORD), "h1": SeatState(id="h1", heroes=["a"])}
    state.figures = {
        "a": FigureState(id="a", kind="hero", side="heroes", name="Ada", seat="h1",
                         footprint=Footprint(x=0, y=1), speed=4, max_wounds=10, wounds=10),
        "orc": FigureState(id="orc", kind="monster", side="overlord", name="orc",
                           footprint=Footprint(x=5, y=1), speed=4, max_wounds=5, wounds=5),
    }
    state.overlord.hand = ["secret-trap", "secret-spawn"]
    state.overlord.deck = ["deck-card-1", "deck-card-2"]
    state.stack = [Step(kind="rounds")]
    return Game(state, handlers_for("1e"))


def test_hero_view_hides_overlord_cards_unrevealed_areas_chests_and_chance() -> None:
    game = hidden_game()
    hero = view(game, "h1")
    text = json.dumps(hero)
    for secret in ("secret-trap", "secret-spawn", "deck-card-1", "orc", "vault", "\"number\"", "counter",
                   "\"seed\""):
        assert secret not in text, secret
    assert hero["overlord"]["hand_size"] == 2 and hero["overlord"]["deck_size"] == 2
    assert {(s["x"], s["y"]) for s in hero["board"]["spaces"]} == {(x, y) for x in range(3) for y in range(3)}
    assert [m["data"] for m in hero["board"]["markers"]] == [{"colour": "copper"}]


def test_overlord_view_has_the_hand_and_the_whole_map_but_not_the_chance_state() -> None:
    game = hidden_game()
    overlord = view(game, OVERLORD)
    text = json.dumps(overlord)
    assert overlord["overlord"]["hand"] == ["secret-trap", "secret-spawn"]
    assert "orc" in text and "vault" in text and "\"number\"" in text
    assert "counter" not in text and "\"seed\"" not in text


def test_other_seats_see_who_decides_but_not_the_choices() -> None:
    game = hidden_game()
    pending = game.pending
    assert pending is not None and pending.seat == "h1"
    assert "choices" in view(game, "h1")["pending"]
    assert view(game, OVERLORD)["pending"] == {"seat": "h1", "kind": pending.kind, "serial": pending.serial}


def test_private_events_reach_only_their_seat() -> None:
    game = hidden_game()
    game.emit("card_drawn_private", "You draw secret-x.", visible_to=[OVERLORD])
    assert "secret-x" not in json.dumps(view(game, "h1"))
    assert "secret-x" in json.dumps(view(game, OVERLORD))


def test_revealed_area_becomes_visible() -> None:
    from delve.rules.revealing import reveal_area

    game = hidden_game()
    reveal_area(game, "vault")
    hero = view(game, "h1")
    assert any(f["id"] == "orc" for f in hero["figures"])
    assert "\"number\"" not in json.dumps(hero)  # chest contents stay hidden even when revealed


def test_an_inactive_dark_glyph_looks_like_any_glyph_to_heroes() -> None:
    game = hidden_game()
    game.board.add_marker(Marker(id="g1", kind="glyph", pos=(2, 2), data={"active": False, "dark": "summoning"}))
    game.board.add_marker(Marker(id="g2", kind="glyph", pos=(2, 0), data={"active": True, "dark": "power"}))
    markers = {m["id"]: m["data"] for m in view(game, "h1")["board"]["markers"]}
    assert markers["g1"] == {"active": False}
    assert markers["g2"] == {"active": True, "dark": "power"}
    overlord = {m["id"]: m["data"] for m in view(game, OVERLORD)["board"]["markers"]}
    assert overlord["g1"]["dark"] == "summoning"


def test_turn_tokens_show_who_has_acted_this_round(game: Game) -> None:
    assert view(game, "h1")["turn_tokens"] == {"a": "ready", "b": "ready"}
    game.apply("turn:b", "h1")
    assert view(game, "h1")["turn_tokens"] == {"a": "ready", "b": "acting"}
    game.apply("action:run", "h2")
    game.apply("end_turn", "h2")
    assert view(game, "h2")["turn_tokens"] == {"a": "acting", "b": "done"}
    game.apply("action:run", "h1")
    game.apply("end_turn", "h1")
    assert view(game, "overlord")["turn_tokens"] == {"a": "done", "b": "done"}


def test_turn_tokens_are_not_shown_in_the_setup_and_all_done_at_the_end(game: Game) -> None:
    # From a browser play-test: both heroes read "done" while they traded skills before round 1,
    # and a hero killed in his own turn still read "acting" behind the end screen.
    game.state.round = 0
    assert view(game, "h1")["turn_tokens"] == {}
    game.state.round = 1
    game.apply("turn:b", "h1")
    game.state.winner = "overlord"
    assert view(game, "h1")["turn_tokens"] == {"a": "done", "b": "done"}
