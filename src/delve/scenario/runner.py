"""Running scenarios: play the choices, compare the game with the expectations.

Why mismatches are collected as readable lines (``expected ... got ...``) rather than
asserts: the same runner serves pytest, the ``delve scenario run`` command and people writing
scenarios who need to see at once what differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from delve.content.issues import ContentError
from delve.engine.decision import Event
from delve.engine.game import EngineError, Game
from delve.rulesets import handlers_for
from delve.safe_yaml import read_text_limited, safe_load
from delve.scenario.build import ScenarioError, build_state
from delve.scenario.model import Expect, Scenario


@dataclass
class ScenarioResult:
    """The outcome of one scenario file."""

    path: str
    name: str = ""
    failures: list[str] = field(default_factory=list)
    game: Game | None = None

    @property
    def ok(self) -> bool:
        """True when every expectation held."""
        return not self.failures


def load_scenario(path: Path) -> Scenario:
    """Parse and validate a scenario file (errors name the file and the field)."""
    try:
        data = safe_load(read_text_limited(path))
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except (OSError, ValueError) as exc:
        raise ScenarioError(f"{path}: cannot read: {exc}") from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{path}: not valid YAML: {' '.join(str(exc).split())}") from None
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        lines = [f"{path}: {'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()]
        raise ScenarioError("\n".join(lines)) from exc


def run_scenario_file(path: Path) -> ScenarioResult:
    """Load and run one scenario file."""
    result = ScenarioResult(path=str(path))
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        result.failures.append(str(exc))
        return result
    result.name = scenario.name
    return run_scenario(scenario, str(path), result)


def run_scenario(scenario: Scenario, source: str, result: ScenarioResult | None = None) -> ScenarioResult:
    """Play a scenario's steps and check every expectation; stop at the first mismatch."""
    result = result or ScenarioResult(path=source, name=scenario.name)
    try:
        game = Game(build_state(scenario, source), handlers_for(scenario.ruleset))
    except (ScenarioError, EngineError, ContentError, KeyError, ValueError) as exc:
        result.failures.append(f"setup: {exc}")
        return result
    result.game = game
    all_events: list[Event] = list(game.state.log)
    for number, step in enumerate(scenario.steps, start=1):
        where = f"step {number} ({step.choose})"
        pending = game.pending
        seat = step.seat or (pending.seat if pending else "")
        before = game.state_hash() if step.refused is not None else ""
        try:
            outcome = game.apply(step.choose, seat)
        except EngineError as exc:
            result.failures.append(f"{where}: the engine failed: {exc}")
            return result
        if step.refused is not None:
            if outcome.accepted:
                result.failures.append(f"{where}: expected a refusal containing {step.refused!r}, "
                                       "but the choice was accepted")
            elif step.refused not in outcome.reason:
                result.failures.append(f"{where}: refusal reason: expected to contain {step.refused!r}, "
                                       f"got {outcome.reason!r}")
            elif game.state_hash() != before:
                result.failures.append(f"{where}: a refused choice changed the game state")
        elif not outcome.accepted:
            legal = ", ".join(c.id for c in pending.choices) if pending else "none"
            result.failures.append(f"{where}: refused: {outcome.reason} (legal now: {legal})")
        all_events.extend(outcome.events)
        if step.expect is not None:
            result.failures += [f"{where}: {line}" for line in check(game, step.expect, outcome.events)]
        if result.failures:
            return result
    result.failures += [f"at the end: {line}" for line in check(game, scenario.expect, all_events)]
    return result


def _diff(what: str, expected: Any, actual: Any) -> list[str]:
    if expected is None or expected == actual:
        return []
    return [f"{what}: expected {expected!r}, got {actual!r}"]


def _event_matches(event: Event, wanted: dict[str, Any]) -> bool:
    for key, value in wanted.items():
        actual = event.kind if key == "kind" else event.text if key == "text" else event.data.get(key)
        if key == "text" and isinstance(value, str):
            if value not in event.text:
                return False
        elif actual != value:
            return False
    return True


def check(game: Game, expect: Expect, events: list[Event]) -> list[str]:
    """Every way the game differs from ``expect``, as readable lines."""
    out: list[str] = []
    state = game.state
    for figure_id, fx in expect.figures.items():
        figure = state.figures.get(figure_id)
        if figure is None:
            if not fx.removed:
                out.append(f"figure {figure_id}: expected on the board, but it is gone")
            continue
        if fx.removed:
            out.append(f"figure {figure_id}: expected removed, but it is still there")
            continue
        name = f"figure {figure_id}"
        out += _diff(f"{name}.at", list(fx.at) if fx.at else None, list(figure.pos))
        out += _diff(f"{name}.wounds", fx.wounds, figure.wounds)
        out += _diff(f"{name}.fatigue", fx.fatigue, figure.fatigue)
        out += _diff(f"{name}.armor", fx.armor, figure.armor)
        out += _diff(f"{name}.order", fx.order, figure.order)
        out += _diff(f"{name}.coins", fx.coins, figure.coins)
        if fx.no_order and figure.order is not None:
            out.append(f"{name}.order: expected none, got {figure.order!r}")
        out += _diff(f"{name}.in_town", fx.in_town, figure.in_town)
        out += _diff(f"{name}.alive", fx.alive, figure.alive)
        for token, count in (fx.tokens or {}).items():
            out += _diff(f"{name}.tokens.{token}", count, figure.token(token))
    out += _diff("conquest", expect.conquest, state.conquest)
    out += _diff("threat", expect.threat, state.overlord.threat)
    out += _diff("round", expect.round, state.round)
    out += _diff("winner", expect.winner, state.winner)
    out += _diff("dice left in the script", expect.dice_left, len(state.chance.script))
    out += _diff("overlord hand size", expect.hand_size, len(state.overlord.hand))
    out += _diff("overlord deck size", expect.deck_size, len(state.overlord.deck))
    out += _diff("overlord discard pile", expect.discard, state.overlord.discard)
    out += _diff("overlord powers", expect.powers, state.overlord.powers)
    for area_id, revealed in expect.areas.items():
        area = next((a for a in state.board.areas if a.id == area_id), None)
        out += _diff(f"area {area_id}.revealed", revealed, area.revealed if area else None)
    for door_id, is_open in expect.doors.items():
        door = next((d for d in state.board.doors if d.id == door_id), None)
        out += _diff(f"door {door_id}.open", is_open, door.open if door else None)
    if expect.pending is not None:
        out += _check_pending(game, expect)
    position = 0
    for wanted in expect.events:
        while position < len(events) and not _event_matches(events[position], wanted):
            position += 1
        if position == len(events):
            kinds = ", ".join(e.kind for e in events) or "none"
            out.append(f"event {wanted!r} did not happen (in this order); events were: {kinds}")
            break
        position += 1
    for kind in expect.no_events:
        if any(e.kind == kind for e in events):
            out.append(f"event {kind!r} happened but should not have")
    return out


def _check_pending(game: Game, expect: Expect) -> list[str]:
    px = expect.pending
    assert px is not None
    pending = game.pending
    if px.none:
        return [] if pending is None else [f"pending: expected none, got {pending.kind} for {pending.seat}"]
    if pending is None:
        return ["pending: expected a decision, but the game is over"]
    out = _diff("pending.seat", px.seat, pending.seat) + _diff("pending.kind", px.kind, pending.kind)
    ids = {c.id for c in pending.choices}
    out += [f"pending: expected choice {c!r} to be legal" for c in px.has if c not in ids]
    out += [f"pending: expected choice {c!r} not to be legal" for c in px.lacks if c in ids]
    return out
