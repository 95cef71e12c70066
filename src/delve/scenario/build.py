"""Turning a scenario into a game state ready to play."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from delve.abilities.catalog import is_known
from delve.board.geometry import Footprint
from delve.board.mapfile import Placement, parse_map
from delve.boundary import dump
from delve.engine.chance import scripted, seeded
from delve.engine.decision import OVERLORD
from delve.engine.state import AbilityRef, FigureState, GameState, SeatState, Step
from delve.rules.setup import STARTING_COINS, hero_figure, monster_figure, natural_immunities
from delve.scenario.model import FigureSpec, Scenario


class ScenarioError(ValueError):
    """The scenario file cannot be set up (not a failed expectation)."""


@cache
def _pack(name: str) -> Any:
    from delve.api import open_pack

    return open_pack(name)


def parse_ability(text: str) -> AbilityRef:
    """``"Pierce 2"`` -> Pierce rank 2; ``"Fly"`` -> Fly."""
    name, _, rank = text.rpartition(" ")
    if name and rank.isdigit():
        return AbilityRef(name=name, rank=int(rank))
    return AbilityRef(name=text)


def _figure(spec: FigureSpec, scenario: Scenario, seat: str, players: int) -> FigureState:
    fp = Footprint(x=spec.at[0], y=spec.at[1], w=spec.size[0], h=spec.size[1])
    if spec.hero is not None:
        figure = hero_figure(_pack(scenario.pack).heroes[spec.hero], spec.id, seat, fp)
    elif spec.monster is not None:
        figure = monster_figure(_pack(scenario.pack).monsters[spec.monster], spec.id, fp,
                                master=spec.master, players=players)
    else:
        side = spec.side or "heroes"
        if spec.speed is None or (spec.wounds is None and spec.max_wounds is None):
            raise ScenarioError(f"figure {spec.id}: give hero:, monster:, or at least speed and wounds")
        wounds = spec.max_wounds or spec.wounds or 1
        figure = FigureState(
            id=spec.id, kind="hero" if side == "heroes" else "monster", side="heroes" if side == "heroes"
            else "overlord", name=spec.name or spec.id, seat=seat if side == "heroes" else "",
            footprint=fp, speed=spec.speed, max_wounds=wounds, wounds=wounds,
            coins=STARTING_COINS if side == "heroes" else 0,
        )
    figure.id = spec.id
    figure.footprint = fp
    overrides: dict[str, Any] = {
        "name": spec.name, "speed": spec.speed, "armor": spec.armor, "max_wounds": spec.max_wounds,
        "max_fatigue": spec.max_fatigue, "traits": spec.traits, "dice": spec.dice,
        "attack_type": spec.attack_type, "coins": spec.coins, "conquest_value": spec.conquest_value,
        "defense_dice": spec.defense_dice, "attributes": spec.attributes,
    }
    for field, value in overrides.items():
        if value is not None:
            setattr(figure, field, value)
    figure.wounds = spec.wounds if spec.wounds is not None else figure.max_wounds
    figure.fatigue = spec.fatigue if spec.fatigue is not None else figure.max_fatigue
    if spec.max_fatigue is None and spec.fatigue is not None and figure.max_fatigue < spec.fatigue:
        figure.max_fatigue = spec.fatigue
    if spec.abilities is not None:
        figure.abilities = [parse_ability(text) for text in spec.abilities]
        unknown = [a.name for a in figure.abilities if not is_known(a.name)]
        if unknown:
            raise ScenarioError(f"figure {spec.id}: field abilities: unknown ability {unknown[0]!r} "
                                "(not in delve.abilities.catalog)")
    if spec.conquest_value is not None:
        figure.conquest_value = spec.conquest_value
    figure.master = figure.master or spec.master
    figure.named = figure.named or spec.named
    figure.tokens = dict(spec.tokens)
    figure.order = spec.order
    figure.in_town = spec.in_town
    if spec.items:
        items = _pack(scenario.pack).items
        unknown = [item for item in spec.items if item not in items]
        if unknown:
            raise ScenarioError(f"figure {spec.id}: unknown items {unknown}")
        figure.equipped = list(spec.items)
    figure.immunities = natural_immunities(figure) if spec.immunities is None else list(spec.immunities)
    return figure


def _place_map_monsters(state: GameState, placements: list[Placement], scenario: Scenario,
                        players: int) -> None:
    """Monsters drawn on the map: on the board if their area is revealed, else kept in reserve."""
    for placement in placements:
        if placement.kind != "monster" or placement.monster is None:
            continue
        figure = monster_figure(_pack(scenario.pack).monsters[placement.monster], state.new_id("m"),
                                placement.footprint, master=placement.master, players=players)
        if placement.area is None or state.board.area(placement.area).revealed:
            state.figures[figure.id] = figure
        else:
            state.flags["reserve"].setdefault(placement.area, []).append(dump(figure))


def _place_familiars(state: GameState, scenario: Scenario) -> None:
    """Familiars the scenario places directly (``state.flags["familiars"]``, see
    ``delve.rules.familiars``)."""
    from delve.rules.familiars import familiar_record

    for spec in scenario.familiars:
        owner = state.figures.get(spec.owner)
        if owner is None or owner.kind != "hero":
            raise ScenarioError(f"familiar {spec.kind}: owner {spec.owner!r} is not a hero of this scenario")
        if spec.kind not in _pack(scenario.pack).familiars:
            raise ScenarioError(f"familiar {spec.kind!r} is not in the pack")
        pos = None if spec.carrier else (spec.at if spec.at is not None else owner.pos)
        record = familiar_record(spec.id or spec.kind, spec.kind, owner.id, pos, source="scenario",
                                 carrier=spec.carrier, item=spec.item)
        state.flags.setdefault("familiars", []).append(record)


def resolve_pack(scenario: Scenario, source: str) -> None:
    """A pack path in a scenario is read relative to the scenario file (then the working folder)."""
    if scenario.pack == "starter" or Path(scenario.pack).is_absolute():
        return
    beside = (Path(source).parent / scenario.pack).resolve()
    if beside.is_dir():
        scenario.pack = str(beside)


def build_state(scenario: Scenario, source: str) -> GameState:
    """The game state the scenario describes, with its stack set where play starts."""
    resolve_pack(scenario, source)
    try:
        quest_map = parse_map(scenario.map, source)
    except Exception as exc:
        raise ScenarioError(f"map: {exc}") from exc
    hero_specs = [f for f in scenario.figures
                  if f.hero is not None or (f.monster is None and f.side != "overlord")]
    seat_of = {spec.id: spec.seat or f"h{n}" for n, spec in enumerate(hero_specs, start=1)}
    hero_seats = sorted(set(seat_of.values()))
    players = scenario.players or max(2, min(5, len(hero_seats) + 1))
    state = GameState(ruleset=scenario.ruleset, pack=scenario.pack, quest=scenario.quest or f"scenario:{scenario.name}",
                      seed=scenario.seed, board=quest_map.board, conquest=scenario.conquest,
                      chance=scripted(scenario.dice) if scenario.dice is not None else seeded(scenario.seed))
    state.overlord.threat = scenario.threat
    state.overlord.hand = list(scenario.overlord_hand)
    state.overlord.deck = list(scenario.overlord_deck)
    state.overlord.discard = list(scenario.overlord_discard)
    state.overlord.powers = list(scenario.overlord_powers)
    state.flags["rune_keys"] = list(scenario.rune_keys)
    state.flags["reserve"] = {}
    state.flags["goals"] = {side: list(conditions) for side, conditions in scenario.goals.items()}
    state.flags.update(scenario.flags)
    state.seats[OVERLORD] = SeatState(id=OVERLORD, name="Overlord")
    for seat in hero_seats:
        state.seats[seat] = SeatState(id=seat, name=seat)
    state.first_hero = hero_seats[0] if hero_seats else ""
    ids: set[str] = set()
    for spec in scenario.figures:
        if spec.id in ids:
            raise ScenarioError(f"figure id {spec.id!r} is used twice")
        ids.add(spec.id)
        figure = _figure(spec, scenario, seat_of.get(spec.id, ""), players)
        off = [c for c in figure.footprint.cells() if not state.board.is_space(c)]
        if off and not figure.in_town:
            raise ScenarioError(f"figure {spec.id}: field at: {off[0]} is not a space of the map")
        state.figures[figure.id] = figure
        if figure.kind == "hero":
            state.seats[figure.seat].heroes.append(figure.id)
    _place_map_monsters(state, quest_map.placements, scenario, players)
    _place_familiars(state, scenario)
    heroes = [f.id for f in state.heroes()]
    start = scenario.start
    if start.hero_turn is not None:
        if start.hero_turn not in heroes:
            raise ScenarioError(f"start.hero_turn: {start.hero_turn!r} is not a hero of this scenario")
        state.round = start.round
        state.stack = [Step(kind="rounds"), Step(kind="overlord_turn"),
                       Step(kind="hero_turns", data={"done": heroes}),
                       Step(kind="hero_turn", data={"hero": start.hero_turn, "phase": "start"})]
    elif start.overlord_turn:
        state.round = start.round
        state.stack = [Step(kind="rounds"), Step(kind="overlord_turn")]
    else:
        state.round = start.round - 1
        state.stack = [Step(kind="rounds")]
    if start.treachery is not None:
        if start.hero_turn is not None or start.overlord_turn:
            raise ScenarioError("start.treachery: setup comes before round 1; leave out hero_turn and overlord_turn")
        state.stack.append(Step(kind="treachery", data={"budget": dict(start.treachery)}))
    return state
