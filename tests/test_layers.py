"""Imports point downward only (docs/architecture.md): lower layers never import higher ones."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "delve"

# package -> packages it must never import
FORBIDDEN = {
    "engine": ("delve.rules", "delve.rulesets", "delve.content", "delve.api", "delve.cli", "delve.ai",
               "delve.scenario", "delve.odds", "delve.abilities"),
    "board": ("delve.engine", "delve.rules", "delve.rulesets", "delve.content", "delve.api", "delve.cli",
              "delve.ai", "delve.scenario", "delve.odds"),
    "content": ("delve.engine", "delve.rules", "delve.rulesets", "delve.api", "delve.cli", "delve.ai",
                "delve.scenario", "delve.odds"),
    "rules": ("delve.api", "delve.cli", "delve.ai", "delve.scenario"),
    "odds": ("delve.engine.game", "delve.api", "delve.cli", "delve.ai", "delve.scenario"),
    "ai": ("delve.rules", "delve.cli", "delve.scenario"),
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_upward_imports(package: str) -> None:
    bad = []
    for path in sorted((SRC / package).rglob("*.py")):
        for name in imports_of(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[package]):
                bad.append(f"{path.relative_to(SRC)} imports {name}")
    assert not bad, "\n".join(bad)
