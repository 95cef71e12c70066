"""``delve simulate first-steps-2e --pack starter-2e --ruleset 2e`` plays the 2e tutorial quest
with every kind of automated player, without errors (descent-2e excerpts, as a whole).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from delve.cli.main import app


@pytest.mark.parametrize(("heroes", "overlord"), [("random", "random"), ("ai", "ai"), ("ai", "solo")])
def test_simulate_plays_the_2e_quest(heroes: str, overlord: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "first-steps-2e", "--pack", "starter-2e", "--ruleset", "2e",
                                      "--games", "2", "--heroes", heroes, "--overlord", overlord,
                                      "--workers", "1", "--seed", "7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["games"] == 2 and data["errors"] == 0 and data["unfinished"] == 0
    assert data["heroes_won"] + data["overlord_won"] == 2
