"""Where the engine's plain data meets the outside: validated in, written out as JSON.

Why here and only here: inside the engine the state is plain slotted dataclasses (built and
copied several times faster than models). Pydantic validates and writes them only where data
enters or leaves: save files, the JSON form figures and attack contexts keep inside step data
and flags, views and the web table. One ``TypeAdapter`` per class, made on first use, reads the
dataclass annotations (and any ``field_validator`` / ``model_validator`` on the class), so a
bad save gets the same named error it got when these were models, and the JSON written is the
same byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import TypeAdapter

T = TypeVar("T")

_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def adapter(cls: type[T]) -> TypeAdapter[T]:
    """The one pydantic adapter of a plain class (made on first use: it reads every annotation)."""
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


def load(cls: type[T], data: Any) -> T:
    """Validate JSON-like data (a dict) into a ``cls``; pydantic's ``ValidationError`` if it does not fit."""
    return adapter(cls).validate_python(data)


def load_json(cls: type[T], text: str | bytes) -> T:
    """Validate JSON text into a ``cls`` (a save file, a request body)."""
    return adapter(cls).validate_json(text)


_TO_PYTHON: dict[type, Callable[..., Any]] = {}


def dump(value: Any, *, mode: Literal["json", "python"] = "json") -> Any:
    """``value`` as JSON data (dicts, lists, strings, numbers): what a save or a view holds.

    Why the serializer is called directly: ``TypeAdapter.dump_python`` passes a dozen keyword
    arguments, all at their defaults, which cost about a tenth of dumping a figure (every state
    message dumps each figure and seat it shows); the result is the same."""
    cls = type(value)
    to_python = _TO_PYTHON.get(cls)
    if to_python is None:
        to_python = _TO_PYTHON[cls] = adapter(cls).serializer.to_python
    return to_python(value, mode=mode)


def dump_json(value: Any) -> str:
    """``value`` as compact JSON text, exactly as a save writes it."""
    return adapter(type(value)).dump_json(value).decode()
