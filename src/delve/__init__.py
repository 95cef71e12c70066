"""Delve: a rules engine and digital table for dungeon-crawl board games."""

from delve import native  # first: it decides whether the compiled modules run (delve.native)

__version__ = "0.1.0"
NATIVE = native.STATUS

# Last, once ``NATIVE`` is set: every rules module, always in one order (delve.rulesets.load_rules).
from delve.rulesets import load_rules  # noqa: E402

load_rules()
