"""Exact attack odds: P(hit), the distribution of wounds after armor, expected wounds.

Why exact: the pools of Descent are small enough to enumerate once a roll is reduced to its
totals, and an exact answer is repeatable and testable to the last digit, unlike sampling.
The arithmetic of each roll comes from ``delve.rules.attack_math``, shared with the engine.
"""

from delve.odds.exact import attack_odds
from delve.odds.query import AttackQuery, OddsResult

__all__ = ["AttackQuery", "OddsResult", "attack_odds"]
