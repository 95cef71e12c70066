"""Why an automated player chose what it chose, as data.

Every automated player can explain a decision: the options it weighed with their values (and
what the values measure: expected wounds, kill chance, distance to the goal, search visits...),
the winner, and the ties (options whose value is within ``margin`` of the winner's). The web
table's hint, the overlord's "why" and ``delve advise`` all read this one shape.

Why a separate function rather than a side channel of ``choose``: asking for an explanation
must not change the player or the game, and must give the same winner the player would choose.
A player that knows how to value its options has an ``explain(decision, game)`` method; for any
other the explanation lists the legal options without values and names the player's choice.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from delve.engine.decision import Decision
from delve.engine.game import Game

TIE_MARGIN = 0.05  # options whose values differ by less than this are reported as ties
# Per choice id: its value (None: not valued) and the figures behind it.
Values = dict[str, tuple[float | None, dict[str, Any]]]


@dataclass
class Option:
    """One option a player weighed: the choice id, its label, its value (None: not valued) and
    the figures behind the value (e.g. ``{"expected_wounds": 1.4, "kill": 0.3}``)."""

    choice: str
    label: str = ""
    value: float | None = None
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class Explanation:
    """The options of one decision, best first, the winner and the ties with it."""

    seat: str
    kind: str
    player: str
    winner: str
    measure: str  # what the values mean, in words
    options: list[Option] = field(default_factory=list)
    ties: list[str] = field(default_factory=list)
    margin: float = TIE_MARGIN

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        return asdict(self)


def build(decision: Decision, player: str, winner: str, measure: str,
          values: Values, margin: float = TIE_MARGIN) -> Explanation:
    """An explanation from per-choice values: options sorted best first (unvalued last, in the
    decision's order), ties within ``margin`` of the winner's value."""
    labels = {c.id: c.label for c in decision.choices}
    order = {c.id: i for i, c in enumerate(decision.choices)}
    options = [Option(choice=cid, label=labels.get(cid, ""), value=None if v is None else round(float(v), 4),
                      details=d) for cid, (v, d) in values.items()]
    for choice in decision.choices:
        if choice.id not in values:
            options.append(Option(choice=choice.id, label=choice.label))
    options.sort(key=lambda o: (o.value is None, -(o.value or 0.0), order.get(o.choice, 0)))
    best = next((o.value for o in options if o.choice == winner), None)
    ties = [] if best is None else [o.choice for o in options
                                    if o.choice != winner and o.value is not None and abs(o.value - best) <= margin]
    return Explanation(seat=decision.seat, kind=decision.kind, player=player, winner=winner, measure=measure,
                       options=options, ties=ties, margin=margin)


def explain(player: Any, decision: Decision, game: Game) -> Explanation:
    """The explanation of ``player`` for ``decision`` (the player's own, or the options without
    values and its choice). Neither the game nor the player is changed: the question is put to a
    copy of the player (some remember what they saw), and players that search play on copies."""
    player = copy.deepcopy(player)
    own = getattr(player, "explain", None)
    if callable(own):
        found = own(decision, game)
        if isinstance(found, Explanation):
            return found
    winner = player.choose(decision, game)
    return build(decision, type(player).__name__, winner, "no values: this player follows fixed rules", {})
