"""CPU time of the parts of a choice, for the web benches (``web_choice_bench.py`` in-process,
``web_server_parts.py`` inside a real server): one wrapper per timed function and one collector
callback, adding up into a dict the bench reads. Imports nothing of delve, so a bench can time
another source tree."""

from __future__ import annotations

import gc
import time
from typing import Any


def time_calls(parts: dict[str, float], owner: Any, name: str, part: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``parts[part]``."""
    inner = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            parts[part] = parts.get(part, 0.0) + time.process_time() - start

    setattr(owner, name, timed)


def time_collector(parts: dict[str, float], part: str = "garbage collector") -> None:
    """Add the CPU time of every garbage collection to ``parts[part]`` (``gc.callbacks``)."""
    started = [0.0]

    def collecting(phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            parts[part] = parts.get(part, 0.0) + time.process_time() - started[0]

    gc.callbacks.append(collecting)
