"""Compile the engine with mypyc, next to its sources (``make`` runs this; ``delve.native``).

    .venv/bin/python tools/compile_engine.py          # build (about 4 CPU minutes), write the manifest
    .venv/bin/python tools/compile_engine.py --clean  # remove the compiled files: pure Python again

What is compiled: the rules of both editions, the board queries, the step handlers, the AIs'
common modules, the hero, overlord and solo players and the exact-odds solver, the code every
choice runs. What is not, and why (``NOT_COMPILED``):

- modules that define pydantic models. The game state's saved dataclasses (``engine.state``,
  ``decision``, ``chance``, ``board.geometry``, ``board.grid``) are compiled: mypyc replaces
  their annotations with bare runtime types and drops their pydantic validator decorators, and
  ``delve.native.restore_fields`` gives pydantic and the state copier the written ones back;
- ``delve.ai.base``: a runtime-checkable ``Protocol``, which mypyc cannot compile;
- the odds' public types and re-roll solver (numpy does that work), content loading, the web
  layer, the command line, the environments and the simulation runner: little of a choice's
  CPU, and much dynamic code.

When the build fails (no C compiler, a mypyc that refuses the code) nothing is left half built
and the engine runs as pure Python; the reason is printed. The manifest ``src/delve/_native.json``
is written last, so an interrupted build is never used.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGES = ("engine", "board", "rules", "rules2e", "rulesets", "abilities", "ai", "odds")
NOT_COMPILED = {
    "board/mapfile.py": "pydantic models",
    "board/render.py": "pydantic models",
    "board/terrain.py": "pydantic models",
    "rules/dice.py": "pydantic models",
    "rules/setup.py": "pydantic models (GameSetup)",
    "rules2e/rules_data.py": "pydantic models",
    "ai/base.py": "a runtime-checkable Protocol",
    # The odds: the solver's loops over roll states are compiled (``exact``); the query and
    # result types are frozen dataclasses people build and hash, and the re-roll solver is
    # whole-array numpy work.
    "odds/__init__.py": "re-exports only",
    "odds/query.py": "the public query and result dataclasses",
    "odds/rerolls.py": "whole-array numpy work",
    # ``Game``: people subclass it and hold weak references to it (the web table's caches), and a
    # compiled class allows neither (a plain class compiled by mypyc refuses subclasses too).
    "engine/game.py": "Game (subclassed, weakly referenced)",
    # The hero, overlord and solo players are compiled as native classes that interpreted code may
    # subclass (``mypyc_attr(allow_interpreted_subclasses=True)``): they deep-copy and pickle as
    # before. The search players, their judges and ``explain`` spend their time in the compiled
    # players and rules they call.
    "ai/random_player.py": "a player class",
    "ai/search.py": "a player class",
    "ai/hero_search.py": "the search's judge",
    "ai/overlord_search.py": "the search's judge",
    "ai/explain.py": "deep-copies players",
}

sys.path.insert(0, str(SRC))
from delve.native import MANIFEST, source_digest  # noqa: E402


def sources() -> list[Path]:
    """The source files to compile, in a fixed order."""
    found = []
    for package in PACKAGES:
        for path in sorted((SRC / "delve" / package).rglob("*.py")):
            if path.relative_to(SRC / "delve").as_posix() not in NOT_COMPILED:
                found.append(path)
    return found


def module_name(path: Path) -> str:
    """``src/delve/board/movement.py`` -> ``delve.board.movement`` (a package's ``__init__``: the package)."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def compiled_files() -> list[Path]:
    """Every file a build leaves in the source tree (extension modules and the shared library)."""
    return [p for p in SRC.rglob("*.so") if p.is_file()] + [p for p in SRC.rglob("*.pyd") if p.is_file()]


def clean() -> None:
    """Remove every compiled file and the manifest: the sources run again."""
    MANIFEST.unlink(missing_ok=True)
    for path in compiled_files():
        path.unlink()


SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name="delve-native", ext_modules=mypycify({paths!r}, opt_level={opt!r}, group_name="delve_native",
                                                target_dir={c_dir!r}),
      script_args=["build_ext", "--inplace", "--build-temp", {temp!r}])
"""


def build() -> int:
    """Compile every module of ``sources()`` in place; write the manifest only when all built."""
    clean()
    paths = sources()
    digests = {module_name(p): source_digest(p) for p in paths}
    with tempfile.TemporaryDirectory(prefix="delve-native-") as temp:
        script = Path(temp) / "setup.py"
        script.write_text(SETUP.format(opt=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                                       paths=[str(p.relative_to(SRC)) for p in paths],
                                       temp=str(Path(temp) / "build"), c_dir=str(Path(temp) / "c")))
        env = dict(os.environ, MYPY_CACHE_DIR=str(ROOT / ".mypy_cache"))
        try:
            done = subprocess.run([sys.executable, str(script)], cwd=SRC, env=env, capture_output=True, text=True)
        except BaseException:  # interrupted: leave no half build behind
            clean()
            raise
    if done.returncode:
        clean()
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        print(f"compile_engine: the build failed; the engine runs as pure Python.\n{tail}", file=sys.stderr)
        return 1
    MANIFEST.write_text(json.dumps({"modules": digests}, indent=1, sort_keys=True) + "\n")
    print(f"compile_engine: {len(digests)} modules compiled")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled files")
    args = parser.parse_args()
    if args.clean:
        clean()
        print("compile_engine: compiled files removed; the engine runs as pure Python")
        return
    raise SystemExit(build())


if __name__ == "__main__":
    main()
