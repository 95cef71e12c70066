"""Shared fixture for the board tests that compare a lean query with its reference."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="session")
def bench_module() -> Callable[[str], ModuleType]:
    """Loads a module of bench/ by name (test files cannot import bench/, nor each other)."""
    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load
