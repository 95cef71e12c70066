"""Every broken local file gives one clear line naming file, entry and field, never a traceback and
never a half-load (issue 21, finding 5): a table over ``tests/content/bad_files`` (``cases.yaml``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from delve.api import GameSetup, SaveError, check_save, load_save_file, new_game
from delve.content.loader import check_pack, starter_pack_path
from delve.scenario.build import ScenarioError
from delve.scenario.runner import load_scenario, run_scenario_file

BAD = Path(__file__).parent / "bad_files"
CASES: dict[str, list[dict[str, Any]]] = yaml.safe_load((BAD / "cases.yaml").read_text())


def _overlay(case: Path, target: Path) -> None:
    """The starter pack with the case's files laid over it (a folder replaces a file of that name)."""
    shutil.copytree(starter_pack_path(), target)
    for source in sorted(case.rglob("*")):
        relative = source.relative_to(case)
        if len(relative.parts) > 1 and (case / relative.parts[0]).is_dir() and not (
                starter_pack_path() / relative.parts[0]).is_dir():
            continue  # inside a folder that replaces a file: copied with it below
        destination = target / relative
        if source.is_dir() and not (starter_pack_path() / relative).is_dir():
            if destination.is_file():
                destination.unlink()
            shutil.copytree(source, destination)
        elif source.is_file():
            if destination.is_dir():
                shutil.rmtree(destination)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)


@pytest.mark.parametrize("case", CASES["packs"], ids=[c["case"] for c in CASES["packs"]])
def test_a_broken_pack_gives_one_clear_line(case: dict[str, Any], tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    _overlay(BAD / "packs" / case["case"], pack)
    issues = check_pack(pack)
    matching = [i for i in issues if case["expect"] in str(i)]
    assert matching, [str(i) for i in issues]
    assert matching[0].file == case["file"] and "\n" not in str(matching[0])


@pytest.mark.parametrize("case", CASES["scenarios"], ids=[c["file"] for c in CASES["scenarios"]])
def test_a_broken_scenario_gives_one_clear_line(case: dict[str, Any]) -> None:
    path = BAD / "scenarios" / case["file"]
    result = run_scenario_file(path)
    assert not result.ok
    assert case["expect"] in result.failures[0], result.failures
    if "unknown ability" in case["expect"] or "not a space" in case["expect"]:
        with pytest.raises(ScenarioError):
            from delve.scenario.build import build_state
            build_state(load_scenario(path), str(path))


@pytest.mark.parametrize("case", CASES["saves"], ids=[c["file"] for c in CASES["saves"]])
def test_a_broken_save_file_is_refused_with_one_line(case: dict[str, Any]) -> None:
    with pytest.raises(SaveError) as caught:
        load_save_file(BAD / "saves" / case["file"])
    assert case["expect"] in str(caught.value) and "\n" not in str(caught.value)
    assert case["file"] in str(caught.value)


@pytest.fixture(scope="module")
def fresh_save() -> str:
    game = new_game(GameSetup(quest="first-steps", seed=9))
    for _ in range(12):
        decision = game.pending
        assert decision is not None
        game.apply(decision.choices[-1].id, decision.seat)
    check_save(game.to_json())  # the unbroken save loads
    return game.to_json()


def _set(data: Any, dotted: str, value: Any) -> None:
    *head, last = dotted.split(".")
    for part in head:
        data = data[int(part)] if isinstance(data, list) else data[part]
    if isinstance(data, list):
        data[int(last)] = value
    else:
        data[last] = value


@pytest.mark.parametrize("case", CASES["save_mutations"], ids=[next(iter(c["set"])) for c in CASES["save_mutations"]])
def test_a_changed_save_is_refused_before_play_resumes(case: dict[str, Any], fresh_save: str) -> None:
    data = json.loads(fresh_save)
    for dotted, value in case["set"].items():
        _set(data, dotted, value)
    with pytest.raises(SaveError) as caught:
        check_save(json.dumps(data), "game.json")
    assert case["expect"] in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("case", CASES["saves"][:3], ids=[c["file"] for c in CASES["saves"][:3]])
def test_the_terminal_refuses_a_broken_save_without_a_traceback(case: dict[str, Any]) -> None:
    from typer.testing import CliRunner

    from delve.cli.main import app

    result = CliRunner().invoke(app, ["play", "--terminal", "--save", str(BAD / "saves" / case["file"])],
                                input="q\n", env={"COLUMNS": "300"})
    assert result.exit_code == 1
    assert "Cannot resume" in result.output and case["expect"] in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


def test_the_web_table_refuses_a_stored_game_whose_history_does_not_replay(tmp_path: Path) -> None:
    from delve.web.hub import Hub, TableError
    from delve.web.store import Store

    store = Store(f"sqlite:///{tmp_path / 'broken.sqlite3'}")
    live = Hub(store).create(mode="solo", seed=3, quick=True)
    store.append(live.id, len(live.records), [("h1", "garbage:choice", True)], "running")
    with pytest.raises(TableError) as caught:
        Hub(store).get(live.id)  # a fresh server: it rebuilds the game from the store
    assert "cannot be resumed" in str(caught.value) and "\n" not in str(caught.value)
