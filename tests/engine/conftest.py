"""Small games built by hand, for engine tests that need no map file."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType

import pytest

from delve.board.geometry import Footprint
from delve.board.grid import Area, Board
from delve.engine.chance import seeded
from delve.engine.decision import OVERLORD
from delve.engine.game import Game
from delve.engine.state import FigureState, GameState, SeatState, Step
from delve.native import source_of
from delve.rulesets import handlers_for


def open_room(width: int = 6, height: int = 6) -> Board:
    return Board(width=width, height=height,
                 terrain=[["floor"] * width for _ in range(height)],
                 area_ids=[["room"] * width for _ in range(height)],
                 areas=[Area(id="room", name="room", revealed=True)])


def small_game(seed: int = 1) -> Game:
    """Two heroes (seats h1, h2) and one goblin in an open 6x6 room, at the start of round 1."""
    state = GameState(board=open_room(), chance=seeded(seed), conquest=5)
    state.seats = {OVERLORD: SeatState(id=OVERLORD), "h1": SeatState(id="h1", heroes=["a"]),
                   "h2": SeatState(id="h2", heroes=["b"])}
    state.first_hero = "h1"
    state.figures = {
        "a": FigureState(id="a", kind="hero", side="heroes", name="Ada", seat="h1",
                         footprint=Footprint(x=0, y=0), speed=3, max_wounds=10, wounds=10,
                         max_fatigue=4, fatigue=4),
        "b": FigureState(id="b", kind="hero", side="heroes", name="Bo", seat="h2",
                         footprint=Footprint(x=1, y=0), speed=4, max_wounds=8, wounds=8,
                         max_fatigue=3, fatigue=3),
        "g": FigureState(id="g", kind="monster", side="overlord", name="goblin",
                         footprint=Footprint(x=5, y=5), speed=5, max_wounds=3, wounds=3),
    }
    state.stack = [Step(kind="rounds")]
    return Game(state, handlers_for("1e"))


@pytest.fixture
def game() -> Game:
    return small_game()


@pytest.fixture
def make_game() -> Callable[..., Game]:
    return small_game


@pytest.fixture(scope="session")
def from_source() -> Callable[[str], ModuleType]:
    """Runs a module of ``delve`` from its source file as a module of its own (``delve.x.y`` as
    ``delve_x_y_from_source``): the compiled engine's dataclasses keep no annotations of their own,
    so tests that compare with what the source writes read it from there."""
    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(f"{name.replace('.', '_')}_from_source", source_of(name))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up while building the class
        spec.loader.exec_module(module)
        return module
    return load
