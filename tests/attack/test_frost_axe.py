"""The rulebook's Frost Axe example (Using Power Surges), played as a scenario.

The weapon it needs is not in the starter pack, so the scenario names a test pack
(``tests/packs/frost-axe``). A scenario's pack path is read relative to the working directory;
this test makes it absolute so the suite passes wherever pytest is started.
"""

from __future__ import annotations

from pathlib import Path

from delve.scenario.runner import load_scenario, run_scenario

TESTS = Path(__file__).resolve().parents[1]
SCENARIO = TESTS / "attack" / "scenarios" / "frost-axe.yaml"


def test_frost_axe_example() -> None:
    scenario = load_scenario(SCENARIO)
    assert scenario.pack == "tests/packs/frost-axe"
    scenario.pack = str(TESTS.parent / scenario.pack)
    result = run_scenario(scenario, str(SCENARIO))
    assert result.ok, "\n".join(result.failures)
