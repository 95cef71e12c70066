"""Structural copies of a game state: what ``Game.clone`` and the per-choice snapshot use.

Why not a JSON round trip: it serialises and re-validates the whole state, log included, on
every copy (0.5 ms early in a game, several ms late). Here each dataclass is copied field by
field by a function written once per class from its annotations:

- fields that cannot change in place (numbers, strings, frozen footprints, tuples) are shared;
- containers of such values are copied one level deep (``list.copy``, ``dict.copy``);
- nested dataclasses are copied by their own functions; frozen ones (ability refs) are shared;
- free-form data (``dict[str, Any]``: step data, flags, marker data) is deep-copied with
  ``marshal``; the rules keep it JSON-like, so a copy plays exactly as a loaded save would;
- log events and choice records are shared: nothing changes them once recorded, and
  ``Game.emit`` stores event data in its JSON form already;
- the board's flat view (``delve.board.index``) is shared: it is derived from equal data and
  replaced, never edited, when a board changes.

The copy equals what a save of the state loads as (tests/engine/test_copying.py).
"""

from __future__ import annotations

import dataclasses
import marshal
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from delve.board.geometry import Footprint
from delve.engine.decision import ChoiceRecord, Event

Copier = Callable[[Any], Any]

_SCALARS = (str, int, float, bool, type(None))
_PLAIN_SCALARS = frozenset(_SCALARS)
# Values and records that nothing changes once they are in the state: copies share them.
_SHARED_MODELS: frozenset[type] = frozenset({Event, ChoiceRecord, Footprint})


def plain(value: Any) -> Any:
    """``value`` as a JSON round trip would bring it back: tuples as lists, models as dicts."""
    kind = type(value)
    if kind in _PLAIN_SCALARS:
        return value
    if kind is dict:
        if all(type(key) is str for key in value):
            return {key: plain(item) for key, item in value.items()}
    elif kind is list or kind is tuple:
        return [plain(item) for item in value]
    from pydantic_core import from_json, to_json

    return from_json(to_json(value))  # anything rarer (int keys, models, sets): the slow exact way


def free_form(value: Any) -> Any:
    """A deep copy of free-form data (``dict[str, Any]``: step data, flags, marker data).

    ``marshal`` copies it exactly, in C (3x faster than walking it here). The rules keep this
    data JSON-like (strings, numbers, lists, dicts with string keys), so the copy is what a
    JSON round trip would give; what marshal refuses (a model, a set) is copied as JSON would."""
    try:
        data = marshal.dumps(value)
    except ValueError:
        return plain(value)
    return marshal.loads(data)


_COPIERS: dict[type, Copier] = {}


def copy_model(model: Any) -> Any:
    """A structural copy of ``model`` (a game state or any part of it: a dataclass)."""
    cls = model.__class__
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls) or _same
    return copier(model)


def _same(value: Any) -> Any:
    """A value nothing changes in place (a frozen class): the copy is the value itself."""
    return value


def _is_shared(annotation: Any) -> bool:
    """True for types whose values never change in place."""
    origin = get_origin(annotation)
    if annotation in _SCALARS or origin is Literal:
        return True
    if origin in (Union, types.UnionType, tuple):
        return all(arg is Ellipsis or _is_shared(arg) for arg in get_args(annotation))
    if annotation in _SHARED_MODELS:
        return True
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return bool(annotation.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    return False


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value of this type, or None to share it."""
    if annotation is Any:
        return free_form
    if _is_shared(annotation):
        return None
    origin, args = get_origin(annotation), get_args(annotation)
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return _COPIERS.get(annotation) or _dataclass_copier(annotation)
    if origin in (Union, types.UnionType):
        inner = [arg for arg in args if arg is not type(None)]
        optional = _copier(inner[0]) if len(inner) == 1 else _deep
        if optional is not None:
            return lambda value: None if value is None else optional(value)
    elif origin is list:
        element = _copier(args[0])
        if element is None:
            return list.copy
        return lambda value: [element(item) for item in value]
    elif origin is dict:
        entry = _copier(args[1])
        if entry is None:
            return dict.copy
        if entry is free_form:
            return free_form
        return lambda value: {key: entry(item) for key, item in value.items()}
    return free_form if _mentions_any(annotation) else _deep


def _dataclass_copier(cls: type) -> Copier:
    """How to copy a plain dataclass: a function written once per class that makes a new
    instance without ``__init__`` and sets each field, shared or copied by its own plan.

    Why generated code: a state copy makes about a hundred of these (figures, steps, seats);
    straight attribute copies run several times faster than a loop over a plan. A class with a
    ``__dict__`` (the board, which keeps its derived views there) copies the whole dict first,
    so what is no field (a cache) is shared; compiled, the board has no dict, and its other
    attributes are shared one by one. The instance comes from the class's own ``__new__``: a
    compiled dataclass (``delve.native``) refuses ``object.__new__``."""
    _COPIERS[cls] = lambda value: _COPIERS[cls](value)  # a field of its own type, while planning
    hints = get_type_hints(cls)
    names = [entry.name for entry in dataclasses.fields(cls)]
    plan = {name: _copier(hints[name]) for name in names}
    scope: dict[str, Any] = {"_new": cls.__new__, "_cls": cls}
    lines = ["def copy_dataclass(value):", "    new = _new(_cls)"]
    if "__slots__" not in cls.__dict__:
        lines.append("    new.__dict__.update(value.__dict__)")
        names = [name for name in names if plan[name] is not None]
    for extra in getattr(cls, "__mypyc_attrs__", ()):  # compiled (``delve.native``): no instance dict
        if extra not in plan and not extra.startswith("__"):
            lines.append(f"    new.{extra} = value.{extra}")  # what is no field (a cache) is shared
    for name in names:
        copier = plan[name]
        if copier is None:
            lines.append(f"    new.{name} = value.{name}")
        else:
            scope[f"_copy_{name}"] = copier
            lines.append(f"    new.{name} = _copy_{name}(value.{name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # the code is built here from field names only
    copy: Copier = scope["copy_dataclass"]
    _COPIERS[cls] = copy
    return copy


def _mentions_any(annotation: Any) -> bool:
    return annotation is Any or any(_mentions_any(arg) for arg in get_args(annotation))


def _deep(value: Any) -> Any:
    """A type this module has no plan for: the generic deep copy."""
    import copy

    return copy.deepcopy(value)
