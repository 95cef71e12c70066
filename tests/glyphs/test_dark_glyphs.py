"""Buying dark glyphs with treachery and laying them (Rulebook: Dark Glyphs).

Scenarios cannot start before setup, so the purchase walks ``new_game``; laying a bought glyph
is shown in ``tests/scenarios/glyphs/dark-glyph-laid-by-overlord.yaml``.
"""

from __future__ import annotations

from pathlib import Path

from delve.api import GameSetup, new_game
from delve.board.mapfile import load_map
from delve.engine.game import Game
from delve.engine.views import view
from delve.rules.glyphs import DARK_GLYPH_COLOUR, dark_glyph_pool

STARTER_QUESTS = Path(__file__).parents[2] / "src" / "delve" / "content" / "packs" / "starter" / "quests"


def _answer_until(game: Game, kind: str) -> None:
    """Answer setup questions with their first choice until ``kind`` is asked."""
    for _ in range(200):
        decision = game.pending
        assert decision is not None
        if decision.kind == kind:
            return
        first = "end_shopping" if decision.find("end_shopping") else decision.choices[0].id
        assert game.apply(first, decision.seat).accepted
    raise AssertionError(f"{kind} never asked")


def test_treachery_buys_a_dark_glyph_of_its_colour_once() -> None:
    # First Steps gives 1 green and 2 purple: only the sundered glyph (2 purple) is affordable.
    game = new_game(GameSetup(seed=5, heroes=["maelis", "brannoc"], choices=True))
    _answer_until(game, "treachery")
    decision = game.pending
    assert decision is not None
    assert decision.find("dark_glyph:sundered") is not None
    assert decision.find("dark_glyph:summoning") is None and decision.find("dark_glyph:power") is None
    assert game.apply("dark_glyph:sundered", "overlord").accepted
    decision = game.pending
    assert decision is not None and decision.kind == "treachery"
    assert decision.find("dark_glyph:sundered") is None  # the purple is spent (and the box holds one)
    assert game.apply("done", "overlord").accepted
    assert dark_glyph_pool(game) == ["sundered"]
    # Spent treachery leaves nothing for extra starting cards: 1 green left draws none.
    assert len(game.state.overlord.hand) == 3
    # The heroes learn that treachery was spent, never on what.
    for entry in view(game, "h1")["log"]:
        assert "sundered" not in entry["text"]


def test_each_kind_has_a_treachery_colour() -> None:
    assert set(DARK_GLYPH_COLOUR) == {"summoning", "sundered", "power"}
    assert set(DARK_GLYPH_COLOUR.values()) <= {"green", "purple", "red"}


def test_starter_quests_start_with_no_active_dark_glyph() -> None:
    # Rulebook: Dark Glyphs -- glyphs activated at the start of a quest may not be dark.
    for path in sorted(STARTER_QUESTS.glob("*.map")):
        for marker in load_map(path).board.markers:
            if marker.kind in ("glyph", "dark_glyph") and marker.data.get("active"):
                assert not marker.data.get("dark"), f"{path.name}: {marker.id}"


def test_an_inactive_dark_glyph_marker_shows_as_a_plain_glyph_to_heroes() -> None:
    from delve.board.grid import Marker

    game = new_game(GameSetup(seed=1))
    hero = game.state.heroes()[0]
    game.board.add_marker(Marker(id="dg", kind="dark_glyph", pos=hero.pos, data={"dark": "power"}))
    seen = {m["id"]: m for m in view(game, "h1")["board"]["markers"]}
    assert seen["dg"]["kind"] == "glyph" and "dark" not in seen["dg"]["data"]
    assert {m["id"]: m for m in view(game, "overlord")["board"]["markers"]}["dg"]["kind"] == "dark_glyph"
    game.board.marker("dg").data["active"] = True
    seen = {m["id"]: m for m in view(game, "h1")["board"]["markers"]}
    assert seen["dg"]["kind"] == "dark_glyph" and seen["dg"]["data"]["dark"] == "power"


def test_render_game_shows_heroes_a_plain_glyph(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from delve.board.grid import Marker
    from delve.cli.main import app

    game = new_game(GameSetup(seed=1))
    hero = game.state.heroes()[0]
    game.board.add_marker(Marker(id="dg", kind="dark_glyph", pos=hero.pos, data={"dark": "power"}))
    save = tmp_path / "game.json"
    save.write_text(game.to_json())
    seen = CliRunner().invoke(app, ["render", "--game", str(save), "--seat", "h1"])
    assert seen.exit_code == 0, seen.output
    assert "Dark glyph" not in seen.output and "power" not in seen.output
    overlord = CliRunner().invoke(app, ["render", "--game", str(save), "--seat", "overlord"])
    assert "Dark glyph (dark: power)" in overlord.output


def test_revealing_a_dark_glyph_names_it_a_glyph_in_the_log() -> None:
    import yaml

    from delve.rules.revealing import reveal_area
    from delve.rulesets import handlers_for
    from delve.scenario.build import build_state
    from delve.scenario.model import Scenario

    scenario = Scenario.model_validate(yaml.safe_load(yaml.safe_dump({
        "name": "dark glyph revealed",
        "map": "---\nareas:\n  hall: {name: Hall, revealed: true}\n  vault: {name: Vault}\nsymbols:\n"
               "  H: {area: hall}\n  V: {area: vault}\n  x: {marker: dark_glyph, data: {dark: power}}\n---\n"
               "+-+-+-+-+\n|H .|V x|\n+-+-+-+-+\n",
        "figures": [{"id": "ada", "name": "Ada", "speed": 4, "wounds": 10, "at": [0, 0]}],
    })))
    game = Game(build_state(scenario, "<test>"), handlers_for("1e"))
    reveal_area(game, "vault")
    texts = [e["text"] for e in view(game, "h1")["log"] if e["kind"] == "markers_placed"]
    assert texts == ["Markers appear: glyph."]
