"""Runs every scenario under tests/scenarios/ (the rule tests; format in docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from delve.scenario.runner import run_scenario_file

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(p.parents[1])) for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    result = run_scenario_file(path)
    assert result.ok, "\n".join(result.failures)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 10
