"""The scenario runner reports mismatches readably and the CLI exits non-zero on them."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from delve.cli.main import app
from delve.scenario.runner import run_scenario_file

GOOD = Path(__file__).parents[1] / "scenarios" / "foundation" / "run-action.yaml"

MAP = """map: |
  ---
  areas:
    room: {name: Room, revealed: true}
  symbols:
    R: {area: room}
  ---
  +-+-+-+
  |R . .|
  +-+-+-+
"""


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(body)
    return path


def test_wrong_expectation_gives_expected_and_got(tmp_path: Path) -> None:
    path = write(tmp_path, "name: wrong\n" + MAP + """figures:
  - {id: ada, speed: 2, wounds: 5, at: [0, 0]}
start: {hero_turn: ada}
steps:
  - choose: action:run
  - choose: move:2,0
expect:
  figures: {ada: {at: [1, 0]}}
""")
    result = run_scenario_file(path)
    assert result.failures == ["at the end: figure ada.at: expected [1, 0], got [2, 0]"]


def test_unknown_field_and_bad_choice_are_reported(tmp_path: Path) -> None:
    result = run_scenario_file(write(tmp_path, "name: x\n" + MAP + "figurez: []\n"))
    assert not result.ok and "figurez" in result.failures[0]
    path = write(tmp_path, "name: bad choice\n" + MAP + """figures:
  - {id: ada, speed: 2, wounds: 5, at: [0, 0]}
start: {hero_turn: ada}
steps:
  - choose: action:fly
""")
    result = run_scenario_file(path)
    assert result.failures and "step 1 (action:fly): refused" in result.failures[0]
    assert "legal now: action:run" in result.failures[0]


def test_expected_refusal_that_is_accepted_fails(tmp_path: Path) -> None:
    path = write(tmp_path, "name: r\n" + MAP + """figures:
  - {id: ada, speed: 2, wounds: 5, at: [0, 0]}
start: {hero_turn: ada}
steps:
  - choose: action:run
    refused: "nope"
""")
    assert "expected a refusal" in run_scenario_file(path).failures[0]


def test_cli_passes_and_fails(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["scenario", "run", str(GOOD)])
    assert ok.exit_code == 0 and "PASS" in ok.output and "1 passed, 0 failed" in ok.output
    bad = write(tmp_path, "name: bad\n" + MAP + "figures: []\nexpect: {conquest: 99}\n")
    failed = runner.invoke(app, ["scenario", "run", str(GOOD), str(bad)])
    assert failed.exit_code == 1
    assert "FAIL" in failed.output and "conquest: expected 99, got 10" in failed.output


def test_the_documented_example_passes(tmp_path: Path) -> None:
    """docs/scenarios.md's complete example is a real, passing scenario."""
    doc = (Path(__file__).parents[2] / "docs" / "scenarios.md").read_text()
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    result = run_scenario_file(write(tmp_path, example))
    assert result.ok, result.failures
