"""The compiled engine: whether the modules ``make`` compiled with mypyc are in use.

Why compiled: the rules, the board queries and the AIs' common modules are plain typed Python,
and mypyc turns them into C extension modules that run the same games in about three quarters of
the CPU (docs/performance.md, "The compiled engine"). ``tools/compile_engine.py`` builds them
next to their sources and writes ``_native.json``: each compiled module with the SHA-256 of the
source it was built from.

Why this guard: Python imports ``movement.cpython-311-*.so`` before ``movement.py``, so a source
edited (or checked out) after the build would silently not run. At import, if any compiled
module's source differs from the manifest, or ``DELVE_PURE=1`` is set, every compiled module is
imported from its source instead. All or none: compiled modules call one another directly, so a
fresh source among stale compiled callers would still run old code.

This module is never compiled itself (it decides whether the compiled ones are used).
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = PACKAGE_DIR / "_native.json"
PURE_ENV = "DELVE_PURE"
PACKAGE_PREFIX = "delve."


@dataclass(frozen=True)
class NativeStatus:
    """Whether compiled modules run, and why not when they do not."""

    compiled: bool
    modules: int  # compiled modules in the manifest (0: nothing was compiled)
    reason: str  # why the sources run instead ("" when compiled)

    def describe(self) -> str:
        """One line for people (``delve --version``, simulation reports)."""
        if self.compiled:
            return f"compiled engine ({self.modules} modules built with mypyc)"
        return f"pure-Python engine ({self.reason})"


class _SourceFinder:
    """Imports every module of this package from its ``.py`` source, never from a compiled file
    (a meta path finder; not an ``importlib.abc`` subclass, whose import costs 15 ms at start-up).
    Every module, not only the manifest's: an interrupted build may leave compiled files and no
    manifest."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PACKAGE_PREFIX):
            return None
        source = source_of(fullname)
        if not source.exists():
            return None
        is_package = source.name == "__init__.py"
        return importlib.util.spec_from_file_location(
            fullname, source, submodule_search_locations=[str(source.parent)] if is_package else None
        )


def source_digest(path: Path) -> str:
    """The SHA-256 of a source file, as the manifest records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_manifest() -> dict[str, str]:
    """module name -> source digest, from the last build ({} when nothing was compiled)."""
    try:
        data = json.loads(MANIFEST.read_text())
        return {str(name): str(digest) for name, digest in data["modules"].items()}
    except (OSError, ValueError, KeyError, AttributeError):  # none, or not one a build wrote
        return {}


def source_of(module: str) -> Path:
    """The source file of a module of this package (``delve.board.movement``)."""
    parts = module.split(".")[1:]
    base = PACKAGE_DIR.joinpath(*parts)
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def restore_fields(module_name: str) -> None:
    """Give the compiled dataclasses of a module back the field annotations its source writes.

    Why: mypyc replaces a native dataclass's annotations with bare runtime types (``list`` for
    ``list[Footprint]``, ``type`` for a ``Literal``), and two readers need the written ones:
    pydantic (``delve.boundary``: saves, views, a bad save's named errors) and the state copier
    (``delve.engine.copying``, which plans each field's copy from its type). Native instances
    have no ``__dict__`` either; a ``__slots__`` naming the fields makes pydantic set them one
    by one, as it does for the slotted dataclasses the sources define. mypyc also drops the
    pydantic decorators of their methods (``field_validator``, ``model_validator``): those are
    applied again, read from the same source, so a bad save or map is refused as before. The
    saved dataclasses' modules call this last thing; run from source it changes nothing."""
    module = sys.modules[module_name]
    native = {name: cls for name, cls in vars(module).items()
              if isinstance(cls, type) and cls.__module__ == module_name and "__mypyc_attrs__" in cls.__dict__
              and dataclasses.is_dataclass(cls)}
    if not native:
        return
    for node in ast.parse(source_of(module_name).read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.ClassDef) or node.name not in native:
            continue
        cls = native[node.name]
        written = {line.target.id: ast.unparse(line.annotation) for line in node.body
                   if isinstance(line, ast.AnnAssign) and isinstance(line.target, ast.Name)}
        cls.__annotations__ = written
        fields = dataclasses.fields(cls)
        for entry in fields:
            entry.type = written.get(entry.name, entry.type)
        if "__slots__" not in cls.__dict__:
            setattr(cls, "__slots__", tuple(entry.name for entry in fields))  # noqa: B010 (a class attribute)
        for method in node.body:
            if isinstance(method, ast.FunctionDef):
                _redecorate(cls, method, vars(module))


PYDANTIC_DECORATORS = frozenset({"field_validator", "model_validator"})


def _redecorate(cls: type, method: ast.FunctionDef, namespace: dict[str, object]) -> None:
    """Apply again the pydantic decorators the source puts on ``method`` where mypyc dropped them
    (a ``classmethod``'s; an instance method keeps its decorated form). Pydantic reads a
    validator's signature, which a compiled method has none of, so it gets a plain function of
    the source's parameters that calls the compiled one. The decorator expressions are the
    module's own (``field_validator("walls")``), evaluated in its namespace."""
    decorators = [d for d in method.decorator_list
                  if isinstance(call := d.func if isinstance(d, ast.Call) else d, ast.Name)
                  and call.id in PYDANTIC_DECORATORS]
    if not decorators:
        return
    kept = cls.__dict__[method.name]
    if hasattr(kept, "decorator_info"):  # kept by mypyc (an instance method's decorators run at import)
        return
    on_class = isinstance(kept, classmethod)
    names = [arg.arg for arg in method.args.args]
    scope: dict[str, Any] = {"_compiled": kept.__get__(None, cls) if on_class else kept}
    exec(f"def {method.name}({', '.join(names)}):\n"  # the source's own names, nothing else
         f"    return _compiled({', '.join(names[1:] if on_class else names)})", scope)
    wrapped: Any = classmethod(scope[method.name]) if on_class else scope[method.name]
    for decorator in reversed(decorators):
        wrapped = eval(compile(ast.Expression(decorator), "<decorator>", "eval"), namespace)(wrapped)
    setattr(cls, method.name, wrapped)


def _stale(modules: dict[str, str]) -> str:
    """The first compiled module whose source changed since the build, or ""."""
    for name, digest in modules.items():
        source = source_of(name)
        if not source.exists() or source_digest(source) != digest:
            return name
    return ""


def _decide() -> NativeStatus:
    modules = _read_manifest()
    if not modules:
        reason = "not compiled: `make` compiles it"
    elif os.environ.get(PURE_ENV) == "1":
        reason = f"{PURE_ENV}=1"
    else:
        stale = _stale(modules)
        if not stale:
            return NativeStatus(True, len(modules), "")
        reason = f"{stale} changed after the build: `make` compiles it again"
    sys.meta_path.insert(0, _SourceFinder())
    return NativeStatus(False, len(modules), reason)


STATUS = _decide()
