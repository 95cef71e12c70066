"""docs/api.md's examples run as written (every ```python block, in order, in one namespace)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).parents[2] / "docs" / "api.md"


def test_api_doc_examples_run() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) >= 3
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
