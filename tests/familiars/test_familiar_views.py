"""Familiars are shown to the seats that can see them, and drawn by ``delve render --game``.

Rulebook: Familiars & Companions (a familiar is a marker on the board; a carried companion rides
with its hero). Hidden information: a hero seat sees no familiar in an unrevealed area.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from delve.cli.main import app
from delve.engine.game import Game
from delve.engine.views import view
from delve.rulesets import handlers_for
from delve.scenario.build import build_state
from delve.scenario.model import Scenario

_MAP = """\
---
areas:
  hall: {name: Hall, revealed: true}
  vault: {name: Vault}
symbols:
  H: {area: hall}
  V: {area: vault}
---
+-+-+-+-+-+-+
|H . . .|V .|
+-+-+-+-+-+-+
"""


def _game() -> Game:
    scenario = Scenario.model_validate(yaml.safe_load(yaml.safe_dump({
        "name": "familiar views",
        "map": _MAP,
        "figures": [
            {"id": "ada", "name": "Ada", "speed": 4, "wounds": 10, "at": [0, 0]},
            {"id": "bo", "name": "Bo", "speed": 4, "wounds": 10, "at": [3, 0]},
        ],
        "familiars": [
            {"kind": "gutter-rat", "owner": "ada", "at": [2, 0]},
            {"kind": "kestrel", "owner": "ada", "at": [5, 0]},
            {"kind": "burrow-ferret", "owner": "bo", "carrier": "bo"},
        ],
    })))
    return Game(build_state(scenario, "<test>"), handlers_for("1e"))


def test_views_carry_the_familiars_a_seat_can_see() -> None:
    game = _game()
    hero = {f["id"]: f for f in view(game, "h1")["familiars"]}
    assert set(hero) == {"gutter-rat", "burrow-ferret"}  # the kestrel is in the unrevealed vault
    assert hero["gutter-rat"] == {"id": "gutter-rat", "kind": "gutter-rat", "owner": "ada", "x": 2, "y": 0,
                                  "carrier": None, "item": None}
    assert hero["burrow-ferret"]["carrier"] == "bo" and hero["burrow-ferret"]["x"] is None
    overlord = {f["id"] for f in view(game, "overlord")["familiars"]}
    assert overlord == {"gutter-rat", "kestrel", "burrow-ferret"}


def test_render_game_draws_familiars_with_a_legend(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text(_game().to_json())
    result = CliRunner().invoke(app, ["render", "--game", str(save), "--seat", "h1"])
    assert result.exit_code == 0, result.output
    assert "familiar gutter-rat of Ada at (2,0)" in result.output
    assert "familiar burrow-ferret of Bo, carried by Bo" in result.output
    assert "kestrel" not in result.output  # hidden from a hero seat
    grid = result.output.splitlines()[2]
    assert "A" in grid and "f" in grid and "B" in grid
    overlord = CliRunner().invoke(app, ["render", "--game", str(save), "--seat", "overlord"])
    assert overlord.exit_code == 0 and "familiar kestrel of Ada at (5,0)" in overlord.output
    bad = CliRunner().invoke(app, ["render", "--game", str(save), "--seat", "h9"])
    assert bad.exit_code != 0
