"""Reproducible by construction: a game's result depends only on its setup, seed and players.

Not on the games played before it in the same process (no cache keyed on ``id(...)`` or on
process history), not on how many workers play the run, not on ``PYTHONHASHSEED`` (no
iteration over a set of strings decides a move). Each check plays the same seeded games of
automated players and compares the per-game summaries (winner, rounds, cause, choices, conquest
each round): the choice count alone changes when any single decision of a game does.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from delve.sim.backends import run
from delve.sim.runner import SimConfig, play_game

SRC = str(Path(__file__).resolve().parents[2] / "src")
# Two short quests, both AIs: every decision kind the AIs answer, and the hero AI's attack values.
CONFIGS = (SimConfig(quest="first-steps", games=3, heroes="ai", overlord="ai", seed=3),
           SimConfig(quest="bridge-of-teeth", games=2, heroes="ai", overlord="ai", seed=3, max_rounds=12))
SCRIPT = """
import json, sys
from delve.sim.backends import run
from delve.sim.runner import SimConfig
configs = [SimConfig(**c) for c in json.loads(sys.argv[1])]
backend, workers = sys.argv[2], int(sys.argv[3])
out = [run(c, backend=backend, workers=workers) for c in configs]
print(json.dumps([[{k: v for k, v in s.items() if k != "seconds"} for s in games] for games in out]))
"""


def _plain(summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in s.items() if k != "seconds"} for s in summaries]


def _in_subprocess(hash_seed: str, backend: str, workers: int, configs: tuple[SimConfig, ...] = CONFIGS) -> Any:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    payload = json.dumps([{**c.__dict__, "hero_ids": list(c.hero_ids)} for c in configs])
    done = subprocess.run([sys.executable, "-c", SCRIPT, payload, backend, str(workers)], env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_game_does_not_depend_on_the_games_played_before_it() -> None:
    """In one process, in two orders: the same game gives the same summary (an ``id(game.state)``
    cache made a game's moves depend on the finished game whose address it reused)."""
    config = CONFIGS[0]
    forward = [play_game(config, i).to_dict() for i in range(config.games)]
    backward = [play_game(config, i).to_dict() for i in reversed(range(config.games))][::-1]
    assert _plain(forward) == _plain(backward)
    assert all(s["error"] is None for s in forward)


def test_same_results_under_any_hash_seed_and_worker_count() -> None:
    """Fresh processes with different ``PYTHONHASHSEED`` values, 1 and 2 workers, and this process."""
    here = [_plain(run(c, backend="sequential")) for c in CONFIGS]
    runs = {
        "hash 0, 1 worker": _in_subprocess("0", "sequential", 1),
        "hash 4242, 2 workers": _in_subprocess("4242", "processes", 2),
        "hash 17, 2 workers": _in_subprocess("17", "processes", 2),
    }
    for name, result in runs.items():
        assert result == here, name
    assert any(s["winner"] for games in here for s in games)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (optional extra)")
@pytest.mark.skipif(not os.environ.get("DELVE_RAY_TESTS"), reason="starts a local Ray instance (~30 s): "
                    "set DELVE_RAY_TESTS=1 to run it")
def test_ray_gives_the_same_results() -> None:  # pragma: no cover - optional and slow
    config = replace(CONFIGS[0], games=2)
    local = _plain(run(config, backend="sequential"))
    assert _in_subprocess("99", "ray", 0, (config,)) == [local]
