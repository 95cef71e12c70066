"""The terminal board draws what the seat's view holds: figures of revealed areas and familiars."""

from __future__ import annotations

from delve.api import GameSetup, new_game
from delve.cli.play_cmd import _marks


def test_terminal_marks_come_from_the_seat_view() -> None:
    game = new_game(GameSetup(quest="first-steps", seed=2))
    names = [m.name for m in _marks(game, "h1")]
    for hero in (f for f in game.state.figures.values() if f.kind == "hero"):
        assert f"{hero.name} ({hero.wounds}/{hero.max_wounds} wounds)" in names


def test_a_familiar_on_the_board_is_drawn(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import delve.cli.play_cmd as play_cmd

    game = new_game(GameSetup(quest="first-steps", seed=2))
    hero = next(f for f in game.state.figures.values() if f.kind == "hero")
    assert "view" not in vars(play_cmd)  # _marks looks the view function up when it runs
    from delve.engine import views

    original = views.view

    def with_familiar(g, seat, log=True):  # type: ignore[no-untyped-def]
        seen = original(g, seat, log=log)
        seen["familiars"] = [{"kind": "kestrel", "owner": hero.id, "x": hero.pos[0] + 1, "y": hero.pos[1]}]
        return seen

    monkeypatch.setattr(views, "view", with_familiar)
    names = [m.name for m in _marks(game, "h1")]
    assert any(n.startswith("familiar kestrel") for n in names)
