"""Hidden-information audit: play games and check everything a hero seat receives.

Why a separate checker: the engine seals what heroes may not know (``delve.engine.views``,
``delve.engine.redaction``); this module checks the result from the outside, with its own
reading of what is secret, so a rule module that writes a coordinate or a card into a public
event is caught even if the redaction layer misses it. ``tests/engine/test_no_leaks.py`` runs a
few games of every quest and mode; ``bench/leak_audit.py`` runs many.

Secrets (Rulebook: Revealing New Areas; Overlord Cards; Dark Glyphs): the spaces of unrevealed
areas (except those a hero stands on), the figures and markers that lie only there, the cards in
the overlord's hand and deck that were never shown, and the kinds of dark glyphs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from delve.ai.bots import make_bot
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.engine.game import Game
from delve.engine.redaction import dump_event, events_for
from delve.engine.views import view

Pos = tuple[int, int]
SPACE_TEXT = re.compile(r"\((\d+),\s?(\d+)\)")
# Event kinds that may name a dark glyph's kind to the heroes: it was turned face up.
DARK_KIND_SHOWN = ("glyph_activated",)


@dataclass
class Secrets:
    """What hero seats may not know at one moment."""

    spaces: set[Pos]
    figures: set[str]
    markers: set[str]
    cards: set[str]


@dataclass
class Audit:
    """What one or many audited games found."""

    games: int = 0
    choices: int = 0
    events_checked: int = 0
    views_checked: int = 0
    leaks: list[str] = field(default_factory=list)


def secrets(game: Game, public_cards: set[str]) -> Secrets:
    """The secrets of ``game`` now; ``public_cards`` are card ids shown to everybody so far."""
    state = game.state
    board = state.board
    unrevealed = {a.id for a in board.areas if not a.revealed}
    hero_cells = {c for f in state.heroes() if not f.in_town for c in f.footprint.cells()}
    spaces = {p for p in board.spaces() if board.area_of(p) in unrevealed} - hero_cells
    figures = {f.id for f in state.figures.values()
               if not f.in_town and set(f.footprint.cells()) <= spaces}
    markers = {m.id for m in board.markers if m.pos in spaces}
    cards = (set(state.overlord.hand) | set(state.overlord.deck)) - public_cards
    return Secrets(spaces, figures, markers, cards)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
        yield from (part for part in re.split(r"[:,\s]", value) if part and part != value)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _positions(value: Any) -> Iterator[Pos]:
    """Positions named in event data: x/y keys, two-number lists, and "(x,y)" in texts."""
    if isinstance(value, dict):
        if isinstance(value.get("x"), int) and isinstance(value.get("y"), int):
            yield value["x"], value["y"]
        for item in value.values():
            yield from _positions(item)
    elif isinstance(value, list):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            yield value[0], value[1]
        for item in value:
            yield from _positions(item)
    elif isinstance(value, str):
        for x, y in SPACE_TEXT.findall(value):
            yield int(x), int(y)


def event_leaks(event: dict[str, Any], hidden: Secrets) -> list[str]:
    """What a hero-visible event names that heroes may not know."""
    found = [f"space {p}" for p in _positions(event) if p in hidden.spaces]
    for name in set(_strings(event.get("data", {}))):
        if name in hidden.figures or name in hidden.markers:
            found.append(f"id {name}")
        if name in hidden.cards:
            found.append(f"card {name}")
    data = event.get("data", {})
    if "dark" in data and event.get("kind") not in DARK_KIND_SHOWN:
        found.append(f"dark glyph kind {data['dark']}")
    if event.get("kind") == "treachery_spent" and "colour" in data:
        found.append(f"treachery colour {data['colour']}")
    return [f"{event.get('kind')}: {what} in {json.dumps(event)[:300]}" for what in found]


def view_leaks(seen: dict[str, Any], hidden: Secrets) -> list[str]:
    """What a hero seat's view shows that it may not: hidden spaces, figures, markers or cards."""
    found = []
    board = seen["board"]
    found += [f"space {(s['x'], s['y'])}" for s in board["spaces"] if (s["x"], s["y"]) in hidden.spaces]
    found += [f"marker {m['id']}" for m in board["markers"] if m["id"] in hidden.markers]
    found += [f"figure {f['id']}" for f in seen["figures"] if f["id"] in hidden.figures]
    if "hand" in seen["overlord"] or "deck" in seen["overlord"]:
        found.append("the overlord's cards")
    names = set(_strings({k: v for k, v in seen.items() if k not in ("log", "board")}))
    found += [f"card {c}" for c in names & hidden.cards]
    found += [f"id {i}" for i in names & (hidden.figures | hidden.markers)]
    return [f"view: {what}" for what in found]


def _public_cards(game: Game, start: int, known: set[str]) -> None:
    known |= set(game.state.overlord.discard) | set(game.state.overlord.powers)
    for event in game.state.log[start:]:
        if event.visible_to is None and isinstance(event.data.get("card"), str):
            known.add(event.data["card"])


def audit_game(setup: GameSetup, players: dict[str, str], seed: int, audit: Audit,
               max_choices: int = 400) -> Game:
    """Play one game with automated ``players`` (seat -> bot kind; others random), checking every
    hero seat's view and events after each choice. Findings go into ``audit``."""
    game = new_game(setup, transactional=False)
    heroes = [s for s in game.state.seats if s != OVERLORD]
    bots = {seat: make_bot(players.get(seat, "random"), seed + n) for n, seat in enumerate([*game.state.seats, TABLE])}
    public: set[str] = set()
    _public_cards(game, 0, public)
    seen_upto = 0
    for _ in range(max_choices):
        decision = game.pending
        start = len(game.state.log)
        _public_cards(game, seen_upto, public)
        hidden = secrets(game, public)
        for seat in heroes:
            for event in events_for(game.state.log[seen_upto:], seat):
                audit.leaks += event_leaks(dump_event(event), hidden)
                audit.events_checked += 1
            audit.leaks += view_leaks(view(game, seat, log=False), hidden)
            audit.views_checked += 1
        seen_upto = start
        if decision is None:
            break
        choice = bots[decision.seat].choose(decision, game)
        if not game.apply(choice, decision.seat, decision.serial).accepted:
            game.apply(decision.choices[0].id, decision.seat, decision.serial)
        audit.choices += 1
    audit.games += 1
    return game


QUESTS = {"1e": ("starter", ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")),
          "2e": ("starter-2e", ("first-steps-2e", "first-steps-2e-2"))}
OVERLORD_PLAYERS = ("random", "ai", "solo")


def modes() -> Iterator[tuple[GameSetup, dict[str, str]]]:
    """One setup per quest, overlord player, setup style and dice kind (seed 0; callers vary it)."""
    for ruleset, (pack, quests) in QUESTS.items():
        for quest in quests:
            for overlord in OVERLORD_PLAYERS:
                for choices in (False, True):
                    for chance in ("seeded", "manual"):
                        yield (GameSetup(ruleset=ruleset, pack=pack, quest=quest, solo=overlord == "solo",
                                         choices=choices, chance=chance),
                               {OVERLORD: overlord})


def run(games_per_mode: int, seed: int = 0, max_choices: int = 400) -> Audit:
    """Audit ``games_per_mode`` seeded games of every quest and mode."""
    audit = Audit()
    rng = np.random.default_rng(seed)
    for setup, players in modes():
        for _ in range(games_per_mode):
            game_seed = int(rng.integers(1 << 30))
            audit_game(setup.model_copy(update={"seed": game_seed}), players, game_seed, audit, max_choices)
    return audit
