"""The compiled engine (``delve.native``, ``tools/compile_engine.py``): the same games as the
sources, and never a stale build.

Why subprocesses: whether compiled modules run is decided once, when ``delve`` is imported, so
each side of the comparison needs a process of its own (``DELVE_PURE=1`` or not).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import delve
from delve import native
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.rulesets import default_content
from delve.sim.runner import make_player

GAMES = (("first-steps", "1e", 11), ("the-sunken-forge", "1e", 12), ("first-steps-2e", "2e", 13))


def final_hashes() -> list[str]:
    """State hashes of seeded games, hero AI against the overlord AI (hard code paths: search
    clones, odds, large monsters), as ``delve simulate`` plays them."""
    hashes = []
    for quest_id, ruleset, seed in GAMES:
        pack, quest = default_content(ruleset, quest_id)
        game = new_game(GameSetup(ruleset=ruleset, pack=pack, quest=quest, seed=seed, choices=True))
        hero, overlord = make_player("hero", "ai", seed + 1), make_player("overlord", "ai", seed + 2)
        for _ in range(4000):
            decision = game.pending
            if decision is None:
                break
            player = overlord if decision.seat in (OVERLORD, TABLE) else hero
            assert game.apply(player.choose(decision, game), decision.seat).accepted
        hashes.append(game.state_hash())
    return hashes


def _played_in_a_fresh_process(pure: bool) -> tuple[bool, list[str]]:
    """(compiled engine in use, ``final_hashes()``) in a new process: the engine is chosen at
    import, and a fresh process keeps what earlier tests left in memory out of the games."""
    env = dict(os.environ, DELVE_PURE="1" if pure else "0")
    code = ("import json, delve; from tests.engine.test_native import final_hashes; "
            "print(json.dumps([delve.NATIVE.compiled, final_hashes()]))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, check=True)
    compiled, hashes = json.loads(out.stdout.strip().splitlines()[-1])
    return bool(compiled), list(hashes)


def test_compiled_and_pure_engines_play_the_same_games() -> None:
    """Chance is an input: the same seed gives the same game with or without the compiled engine."""
    pure_compiled, pure = _played_in_a_fresh_process(pure=True)
    native_compiled, native = _played_in_a_fresh_process(pure=False)
    assert pure_compiled is False and native_compiled is delve.NATIVE.compiled
    assert native == pure


def test_ci_runs_the_compiled_engine() -> None:
    """``.ci/run`` asks for the compiled engine (DELVE_REQUIRE_NATIVE=1): a change mypyc can no longer
    compile fails CI instead of quietly testing the sources only."""
    if os.environ.get("DELVE_REQUIRE_NATIVE") != "1":
        pytest.skip(f"the compiled engine is not required here ({delve.NATIVE.describe()})")
    assert delve.NATIVE.compiled, delve.NATIVE.describe()


def test_a_changed_source_turns_the_whole_build_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A source edited after the build: every module runs from its source (never a mix)."""
    manifest = tmp_path / "_native.json"
    digest = native.source_digest(native.source_of("delve.board.movement"))
    manifest.write_text(json.dumps({"modules": {"delve.board.movement": digest, "delve.rules.doors": "0" * 64}}))
    monkeypatch.setattr(native, "MANIFEST", manifest)
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    before = list(sys.meta_path)
    try:
        status = native._decide()
        finder = sys.meta_path[0]
    finally:
        sys.meta_path[:] = before
    assert not status.compiled and status.modules == 2
    assert "delve.rules.doors changed after the build" in status.reason
    spec = finder.find_spec("delve.board.movement", None)  # type: ignore[union-attr]
    assert spec is not None and spec.origin == str(native.source_of("delve.board.movement"))
    package = finder.find_spec("delve.engine", None)  # type: ignore[union-attr]
    assert package is not None and package.submodule_search_locations == [str(native.PACKAGE_DIR / "engine")]
    assert finder.find_spec("numpy", None) is None  # type: ignore[union-attr]


def test_a_matching_manifest_uses_the_build_and_an_empty_one_the_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manifest = tmp_path / "_native.json"
    digest = native.source_digest(native.source_of("delve.board.movement"))
    manifest.write_text(json.dumps({"modules": {"delve.board.movement": digest}}))
    monkeypatch.setattr(native, "MANIFEST", manifest)
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    before = list(sys.meta_path)
    try:
        assert native._decide() == native.NativeStatus(True, 1, "")
        assert sys.meta_path == before  # nothing redirected
        monkeypatch.setenv(native.PURE_ENV, "1")
        assert native._decide().reason == "DELVE_PURE=1"
        manifest.unlink()
        monkeypatch.delenv(native.PURE_ENV)
        status = native._decide()
        assert not status.compiled and status.modules == 0 and "not compiled" in status.reason
    finally:
        sys.meta_path[:] = before


def test_game_and_players_stay_plain_classes() -> None:
    """People may subclass, deep-copy and pickle the hero, overlord and solo players (compiled as
    native classes open to interpreted subclasses), and subclass and weakly reference ``Game``
    (not compiled): ``tools/compile_engine.py``."""
    import copy
    import pickle
    import weakref

    from delve.ai.hero_ai import HeroAI
    from delve.ai.overlord_ai import OverlordAI
    from delve.ai.solo_overlord import SoloOverlord
    from delve.engine.game import Game

    game = new_game(GameSetup(quest="first-steps", seed=3, choices=True))
    for player in (HeroAI(1), OverlordAI(2), SoloOverlord(3)):
        assert pickle.loads(pickle.dumps(player)).__class__ is type(player)
        assert type(copy.deepcopy(player)) is type(player)

    class Cautious(HeroAI):
        def _on_choose_action(self, decision, game):  # type: ignore[no-untyped-def]
            return "action:ready"  # an override the compiled choose() must call

    heroes_game = new_game(GameSetup(quest="first-steps", seed=3))
    while heroes_game.pending is not None and heroes_game.pending.kind != "choose_action":
        decision = heroes_game.pending
        heroes_game.apply(decision.choices[0].id, decision.seat)
    assert heroes_game.pending is not None
    assert Cautious(1).choose(heroes_game.pending, heroes_game) == "action:ready"

    class Counting(Game):
        applied = 0

        def apply(self, choice_id: str, seat: str, serial: int | None = None):  # type: ignore[no-untyped-def]
            type(self).applied += 1
            return super().apply(choice_id, seat, serial)

    counting = Counting(game.state, game.handlers)
    decision = counting.pending
    assert decision is not None
    assert counting.apply(decision.choices[0].id, decision.seat).accepted and Counting.applied == 1
    assert weakref.ref(counting)() is counting


SAVED_MODULES = ("delve.engine.state", "delve.engine.decision", "delve.engine.chance", "delve.board.geometry",
                 "delve.board.grid")


@pytest.mark.parametrize("module_name", SAVED_MODULES)
def test_saved_dataclasses_read_as_their_source_writes_them(module_name: str, from_source: Any) -> None:
    """Compiled or not, each saved dataclass carries the annotations its source writes
    (``delve.native.restore_fields``): pydantic validates saves against them and the state copier
    plans from them. The other side is the same file run as a module of its own."""
    import dataclasses
    import importlib

    module = importlib.import_module(module_name)
    source = from_source(module_name)
    classes = [name for name, value in vars(source).items()
               if dataclasses.is_dataclass(value) and value.__module__ == source.__name__]
    assert classes
    for name in classes:
        ours, written = getattr(module, name), getattr(source, name)
        assert ours.__annotations__ == written.__annotations__, name
        fields = [(f.name, f.type) for f in dataclasses.fields(ours)]
        assert fields == [(f.name, f.type) for f in dataclasses.fields(written)], name


def test_a_compiled_state_saves_copies_and_refuses_a_bad_save_as_the_source_does() -> None:
    """The state of a played game survives a save and a structural copy unchanged, and a save with a
    wrong field is refused with the field's name, whichever engine runs."""
    import json as json_module

    from pydantic import ValidationError

    from delve.boundary import dump_json, load_json
    from delve.engine.copying import copy_model
    from delve.engine.state import GameState

    game = new_game(GameSetup(quest="the-sunken-forge", seed=5, choices=True))
    for _ in range(60):
        decision = game.pending
        assert decision is not None
        game.apply(decision.choices[-1].id, decision.seat)
    saved = dump_json(game.state)
    assert dump_json(load_json(GameState, saved)) == saved
    assert dump_json(copy_model(game.state)) == saved
    data = json_module.loads(saved)
    next(iter(data["figures"].values()))["footprint"]["w"] = "wide"
    with pytest.raises(ValidationError, match=r"figures\..*footprint\.w"):
        load_json(GameState, json_module.dumps(data))


def test_the_boards_validators_run_compiled_or_not() -> None:
    """mypyc drops the pydantic decorators of the board's validators; ``restore_fields`` applies
    them again, so a bad door, marker kind or grid is refused and walls come back in order."""
    from pydantic import ValidationError

    from delve.board.grid import Board
    from delve.boundary import load

    grid = {"width": 2, "height": 2, "terrain": [["floor", "floor"], ["floor", "floor"]],
            "area_ids": [[None, None], [None, None]]}
    board = load(Board, {**grid, "walls": [((1, 0), (0, 0)), ((0, 0), (0, 1))]})
    assert board.walls == [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    bad_door = {"id": "d1", "edges": [((0, 0), (1, 0)), ((0, 0), (0, 1))]}
    with pytest.raises(ValidationError, match="parallel unit edges"):
        load(Board, {**grid, "doors": [bad_door]})
    with pytest.raises(ValidationError, match="unknown marker kind"):
        load(Board, {**grid, "markers": [{"id": "m1", "kind": "no-such-kind", "pos": (0, 0)}]})
    with pytest.raises(ValidationError, match="terrain grid does not match"):
        load(Board, {**grid, "width": 3})
