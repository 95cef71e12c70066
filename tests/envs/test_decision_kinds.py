"""Every decision kind the rules can ask has its own slot in the environments' observation."""

from __future__ import annotations

import re
from pathlib import Path

import delve.rules
import delve.rules2e
from delve.envs.encoding import DECISION_KINDS

DECISION_KIND = re.compile(r"Decision\(.{0,300}?kind=\"([a-z_0-9]+)\"", re.DOTALL)


def _asked_kinds() -> set[str]:
    kinds: set[str] = set()
    for package in (delve.rules, delve.rules2e):
        for path in Path(package.__path__[0]).glob("*.py"):
            kinds.update(DECISION_KIND.findall(path.read_text()))
    return kinds


def test_every_decision_kind_of_the_rules_is_encoded() -> None:
    asked = _asked_kinds()
    assert len(asked) > 30  # the scan found the rules' decisions
    assert sorted(asked - set(DECISION_KINDS)) == []
    assert len(set(DECISION_KINDS)) == len(DECISION_KINDS) and DECISION_KINDS[-1] == "other"
