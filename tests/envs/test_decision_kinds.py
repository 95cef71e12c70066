"""Every decision kind the rules can ask has its own slot in the environments' observation."""

from __future__ import annotations

from tests.ai.test_explain_every_kind import rule_kinds

from delve.envs.encoding import DECISION_KINDS


def test_every_decision_kind_of_the_rules_is_encoded() -> None:
    # The scan the explanations' coverage test uses: the rules, the 2e rules and the abilities'
    # units, kinds named by module constants included (a string-literal scan of the rules alone
    # missed bash_power, familiar_first, knockback, large_monster_place, necromancy, overkill_target).
    asked = rule_kinds()
    assert len(asked) > 30  # the scan found the rules' decisions
    assert sorted(asked - set(DECISION_KINDS)) == []
    assert len(set(DECISION_KINDS)) == len(DECISION_KINDS) and DECISION_KINDS[-1] == "other"
