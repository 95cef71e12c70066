"""`delve content check|list|show`, run through Typer's test runner on the content sub-app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from delve.cli.content_cmd import register
from delve.content import maps


def _app() -> typer.Typer:
    """A bare app with only the content commands, so other commands' state cannot interfere."""
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """Test root."""

    register(app)
    return app


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(_app(), ["content", *args])
    return result.exit_code, result.output


def test_check_a_good_pack(starter_copy: Path) -> None:
    code, out = _run("check", str(starter_copy))
    assert code == 0, out
    assert out.startswith("OK: pack 'Starter'")
    counts = {kind: int(n) for n, kind in re.findall(r"(\d+) (heroes|monsters|items)", out)}
    assert counts["heroes"] >= 12 and counts["monsters"] >= 18 and counts["items"] >= 40, out


def test_check_defaults_to_the_starter_pack() -> None:
    code, out = _run("check")
    if (Path(maps.__file__).parent / "packs" / "starter" / "quests" / "first-steps.map").exists():
        assert code == 0, out
    else:
        assert code == 1 and "map file not found" in out


def test_check_a_broken_pack_lists_every_issue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(maps, "_board_loader", lambda: None)
    (tmp_path / "heroes.yaml").write_text("- {id: tom, name: Tom}\n- {id: tom}\n", encoding="utf-8")
    code, out = _run("check", str(tmp_path))
    assert code == 1
    lines = out.strip().splitlines()
    assert "heroes.yaml:1: tom: speed: missing required field" in lines
    assert any(line.startswith("heroes.yaml:2: tom: id: duplicate id 'tom'") for line in lines)
    assert lines[-1].startswith(f"{len(lines) - 1} problems in ")


def test_list_each_kind(starter_copy: Path) -> None:
    code, out = _run("list", "monsters", "--pack", str(starter_copy))
    assert code == 0, out
    ids = [line.split()[0] for line in out.strip().splitlines()]
    assert ids[:4] == ["goblin", "skeleton", "ogre", "spitter"] and len(ids) == len(set(ids)) >= 18
    assert "2x2 melee" in out and "2x3 melee" in out and "1x1 morph" in out
    for kind in ("heroes", "familiars", "items", "skills", "overlord", "quests"):
        code, out = _run("list", kind, "-p", str(starter_copy))
        assert code == 0 and out.strip(), kind
    code, out = _run("list", "dragons", "-p", str(starter_copy))
    assert code != 0


def test_show_renders_a_card(starter_copy: Path) -> None:
    code, out = _run("show", "items", "hunters-sword", "--pack", str(starter_copy))
    assert code == 0, out
    assert "Hunter's Sword" in out and "2 surges: +2 pierce" in out
    assert "Balanced for the long walk" in out
    code, out = _run("show", "monsters", "spitter", "--pack", str(starter_copy))
    assert code == 0 and "Blast 1" in out and "Stats by number of players" in out
    code, out = _run("show", "quests", "first-steps", "--pack", str(starter_copy))
    assert code == 0 and "kill_named grolm" in out


def test_show_unknown_id_suggests(starter_copy: Path) -> None:
    code, out = _run("show", "heroes", "sel", "--pack", str(starter_copy))
    assert code == 1
    assert "No heroes entry 'sel'" in out and "sela" in out


def test_list_a_broken_pack_points_at_check(tmp_path: Path) -> None:
    (tmp_path / "heroes.yaml").write_text("- {id: tom}\n", encoding="utf-8")
    code, out = _run("list", "heroes", "--pack", str(tmp_path))
    assert code == 1 and "delve content check" in out


def test_list_quests_puts_the_tutorial_first(starter_copy: Path) -> None:
    code, out = _run("list", "quests", "-p", str(starter_copy))
    assert code == 0, out
    first = out.strip().splitlines()[0]
    assert first.split()[0] == "first-steps" and "tutorial" in first


def test_listing_order_keeps_file_order_after_the_tutorials() -> None:
    from types import SimpleNamespace

    from delve.cli.content_cmd import listing_order

    entries = {"a": SimpleNamespace(tutorial=False), "b": SimpleNamespace(), "c": SimpleNamespace(tutorial=True)}
    assert [key for key, _ in listing_order(entries)] == ["c", "a", "b"]  # type: ignore[arg-type]


def test_show_a_morph_monster_and_a_hero_with_a_familiar(starter_copy: Path) -> None:
    code, out = _run("show", "monsters", "mirror-kin", "--pack", str(starter_copy))
    assert code == 0 and "morph" in out and "Stats by number of players" in out, out
    code, out = _run("show", "heroes", "tamsin", "--pack", str(starter_copy))
    assert code == 0 and "Sable" in out, out
