"""Plain data inside, validation at the edges (issue "A lean engine", point 1): nothing in the game
state is a pydantic model; a bad save still gets pydantic's named error through
``delve.boundary``; the attack context's own converters write what the adapter would."""

from __future__ import annotations

import dataclasses
import json
import sys
import types
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest
from pydantic import BaseModel, ValidationError

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game
from delve.boundary import dump, load, load_json
from delve.engine.decision import OVERLORD
from delve.engine.state import GameState
from delve.rules.attack_context import AttackContext
from delve.sim.runner import make_player


def _classes(annotation: Any, found: set[type]) -> None:
    """Every class an annotation names, followed into dataclass fields."""
    if get_origin(annotation) in (list, dict, tuple, Union, types.UnionType):
        for arg in get_args(annotation):
            _classes(arg, found)
        return
    if not isinstance(annotation, type) or annotation in found:
        return
    found.add(annotation)
    if dataclasses.is_dataclass(annotation):
        for hint in get_type_hints(annotation).values():
            _classes(hint, found)


def test_nothing_in_the_state_is_a_pydantic_model() -> None:
    found: set[type] = set()
    _classes(GameState, found)
    assert {cls.__name__ for cls in found} >= {"FigureState", "Board", "Door", "Marker", "Step", "Event"}
    assert [cls.__name__ for cls in found if issubclass(cls, BaseModel)] == []


def test_a_bad_door_in_a_save_is_named() -> None:
    game = new_game(GameSetup(quest="first-steps", seed=2), transactional=False)
    data = json.loads(game.to_json())
    assert data["board"]["doors"], "the tutorial has doors"
    data["board"]["doors"][0]["edges"] = [[[0, 0], [1, 0]], [[5, 5], [6, 5]]]
    with pytest.raises(ValidationError, match=r"board\.doors\.0\.edges[\s\S]*two parallel unit edges"):
        load_json(GameState, json.dumps(data))


def test_a_figure_of_the_wrong_shape_is_refused() -> None:
    game = new_game(GameSetup(quest="first-steps", seed=2), transactional=False)
    data = json.loads(game.to_json())
    figure = next(iter(data["figures"]))
    data["figures"][figure]["wounds"] = "many"
    with pytest.raises(ValidationError, match=rf"figures\.{figure}\.wounds"):
        load_json(GameState, json.dumps(data))


def _context(module: Any) -> Any:
    return module.AttackContext(attacker="hero1", side="heroes", target=(3, 4), dice=["red", "blue"], power=2,
                                abilities={"Pierce": 2}, surge_options=[module.SurgeOption(cost=1, damage=1)],
                                area=[(4, 4)], results=[module.TargetResult(figure="m2", hit=True, damage=3)],
                                buys=[0])


def test_attack_context_converters_write_what_the_adapter_writes(from_source: Callable[[str], Any]) -> None:
    """The adapter side uses the source's classes: the compiled ones keep no annotations for
    pydantic to read, and the adapter is what the converters must match."""
    source = from_source("delve.rules.attack_context")
    ctx, adapted = _context(sys.modules["delve.rules.attack_context"]), _context(source)
    data = ctx.to_data()
    assert json.dumps(data) == json.dumps(dump(adapted))  # the same keys in the same order
    again = AttackContext.from_data(json.loads(json.dumps(data)))
    assert again == ctx
    assert source.AttackContext.from_data(data) == load(source.AttackContext, data)
    again.dice.append("green")
    assert data["dice"] == ["red", "blue"]  # a loaded context shares no list with the step


def test_attack_contexts_in_played_games_round_trip() -> None:
    game = new_game(GameSetup(quest="first-steps", seed=4), transactional=False)
    heroes, overlord, seen = make_player("hero", "ai", 5), RandomPlayer(6), 0
    for _ in range(300):
        for step in game.state.stack:
            if step.kind == "attack":
                assert AttackContext.from_data(step.data["ctx"]).to_data() == step.data["ctx"]
                seen += 1
        decision = game.pending
        if decision is None:
            break
        player = overlord.choose(decision) if decision.seat == OVERLORD else heroes.choose(decision, game)
        game.apply(player, decision.seat)
    assert seen
