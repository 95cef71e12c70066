"""Play whole games with automated players and keep a small summary of each.

Why summaries and not games: a worker process (or a Ray node) sends back a few hundred bytes
per game (winner, rounds, why it ended, conquest each round, errors with their seed), so
thousands of games cost nothing to collect, and any interesting game is replayed from its seed.

Seeds: game ``i`` of a run with root seed ``S`` uses ``game_seed(S, i)`` (BLAKE2b, stable across
Python versions and machines) for the quest's dice and for every seeded player, so the same
run gives the same results whatever backend, worker count or batch size plays it.
"""

from __future__ import annotations

import hashlib
import time
import traceback
from dataclasses import asdict, dataclass, field
from importlib import import_module
from typing import Any

from delve.api import GameSetup, new_game, play_setup
from delve.engine.decision import OVERLORD, TABLE, Decision
from delve.engine.game import Game
from delve.sim.collect import FigureCollector

HERO_KINDS = ("ai", "random", "search")
OVERLORD_KINDS = ("random", "solo", "ai", "search")
# Module and class of each automated player kind, imported lazily (some are optional).
PLAYER_CLASSES: dict[str, tuple[str, str]] = {
    "hero:ai": ("delve.ai.hero_ai", "HeroAI"),
    "hero:random": ("delve.ai.random_player", "RandomPlayer"),
    "overlord:random": ("delve.ai.random_player", "RandomPlayer"),
    "overlord:solo": ("delve.ai.solo_overlord", "SoloOverlord"),
    "overlord:ai": ("delve.ai.overlord_ai", "OverlordAI"),
    "hero:search": ("delve.ai.search", "SearchPlayer"),
    "overlord:search": ("delve.ai.search", "SearchPlayer"),
}
RANDOM_END_BIAS = 0.25  # random players favour ending turns a little, so games finish
MAX_CHOICES = 30_000  # a game still running after this many choices is stopped ("cap")
MAX_ROUNDS = 80


class PlayerUnavailable(RuntimeError):
    """The requested player kind does not exist (yet) in this installation."""


def game_seed(root: int, index: int) -> int:
    """The seed of game ``index`` of a run with root seed ``root`` (63 bits, stable)."""
    digest = hashlib.blake2b(f"delve-sim:{root}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class SimConfig:
    """What to simulate: quest, players, how many games, from which root seed."""

    quest: str = "first-steps"
    games: int = 100
    heroes: str = "ai"
    overlord: str = "ai"  # the strongest pair that plays fast: see docs/simulation.md
    seed: int = 0
    hero_ids: tuple[str, ...] = ()
    pack: str = "starter"
    max_choices: int = MAX_CHOICES
    max_rounds: int = MAX_ROUNDS
    # Setup as decisions (skill trade-in, starting purchases, hero placement, treachery), as at
    # the table; without it heroes start with no equipment at all.
    setup_choices: bool = True
    ruleset: str = "1e"  # one of ``delve.rulesets.RULESETS``


@dataclass
class GameSummary:
    """What one game came to. ``conquest`` holds the heroes' conquest at the start of each round."""

    index: int
    seed: int
    winner: str | None
    rounds: int
    cause: str
    choices: int
    seconds: float
    conquest: list[int] = field(default_factory=list)
    conquest_changes: dict[str, int] = field(default_factory=dict)
    error: str | None = None
    # Per hero and monster kind (kills, deaths, wounds dealt and taken) and where heroes died:
    # ``delve.sim.collect``.
    figures: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready, and cheap to send between processes)."""
        return asdict(self)


def make_player(side: str, kind: str, seed: int) -> Any:
    """A player of ``kind`` for ``side`` ("hero" or "overlord"), seeded where it takes a seed."""
    from delve.ai.bots import level_kind

    kind = level_kind(kind, side if side == "overlord" else "heroes")
    key = f"{side}:{kind}"
    if key not in PLAYER_CLASSES:
        known = HERO_KINDS if side == "hero" else OVERLORD_KINDS
        raise PlayerUnavailable(f"unknown {side} player {kind!r}; known: {', '.join(known)}")
    module_name, class_name = PLAYER_CLASSES[key]
    try:
        cls = getattr(import_module(module_name), class_name)
    except (ImportError, AttributeError) as exc:
        raise PlayerUnavailable(f"the {side} player {kind!r} ({module_name}.{class_name}) is not available: "
                                f"{exc}") from None
    if class_name == "RandomPlayer":
        return cls(seed, end_bias=RANDOM_END_BIAS)
    if class_name == "SearchPlayer":
        return cls(seed, side="overlord" if side == "overlord" else "heroes")
    try:
        return cls(seed=seed)
    except TypeError:
        return cls()


def check_players(config: SimConfig) -> None:
    """Fail early (in the caller's process) when a requested player kind is missing."""
    make_player("hero", config.heroes, 0)
    make_player("overlord", config.overlord, 0)


def _cause(game: Game, stopped: str | None) -> str:
    if stopped:
        return stopped
    for event in reversed(game.state.log):
        if event.kind == "game_over":
            goal = event.data.get("goal")
            if isinstance(goal, dict):
                for key, value in goal.items():
                    if value not in (None, False, "", 0):
                        return f"{key}:{value}" if not isinstance(value, bool) else key
            if event.data.get("winner") == "overlord":
                return "heroes_out_of_conquest"
            return "goal"
    return "no_winner"


def _conquest_reason(text: str) -> str:
    """A short category for a conquest change (what drains or feeds the heroes' conquest)."""
    lowered = text.lower()
    for needle, name in (("deck", "deck_reshuffle"), ("died", "hero_death"), ("glyph", "glyph"),
                         ("slain", "named_slain"), ("chest", "chest"), ("seal", "quest_action")):
        if needle in lowered:
            return name
    return "other"


def play_game(config: SimConfig, index: int) -> GameSummary:
    """Play game ``index`` of the run to its end (or a cap) and summarise it; never raises."""
    return play_seed(config, game_seed(config.seed, index), index)


def play_seed(config: SimConfig, seed: int, index: int = 0) -> GameSummary:
    """Play one game with game seed ``seed`` (what ``play_game`` does for game ``index`` of a run)."""
    return replay(config, seed, index)[0]


def game_setup(config: SimConfig, seed: int) -> GameSetup:
    """The setup of the game of seed ``seed``: the shared setup of programs
    (``delve.api.play_setup``); the content was fitted to the ruleset once, by the caller (the
    CLI), so games do not check it again. The solo overlord plays the solo procedure's rules
    (interrupts, order dice, Raise Dead, the Command deck clock), which only run in a game set
    up as solo (docs/solo-overlord.md)."""
    return play_setup(ruleset=config.ruleset, quest=config.quest, pack=config.pack, seed=seed,
                      heroes=config.hero_ids, quick=not config.setup_choices, solo=config.overlord == "solo",
                      check=False)


def replay(config: SimConfig, seed: int, index: int = 0) -> tuple[GameSummary, Game | None]:
    """Play the game of seed ``seed`` again and keep it: a lost or won game of a report is replayed
    with the seed the report lists (``delve simulate --replay SEED``), its whole log at hand."""
    start = time.perf_counter()
    setup = game_setup(config, seed)
    conquest: list[int] = []
    choices = 0
    game: Game | None = None
    stopped: str | None = None
    collector = FigureCollector()
    try:
        game = new_game(setup, transactional=False)
        collector.observe(game)
        hero_player = make_player("hero", config.heroes, seed + 1)
        overlord_player = make_player("overlord", config.overlord, seed + 2)
        last_round = -1
        while True:
            decision: Decision | None = game.pending
            if decision is None:
                break
            if game.state.round != last_round:
                last_round = game.state.round
                conquest.append(game.state.conquest)
                if last_round > config.max_rounds:
                    stopped = "round_cap"
                    break
            if choices >= config.max_choices:
                stopped = "choice_cap"
                break
            seat = decision.seat
            player = overlord_player if seat in (OVERLORD, TABLE) else hero_player
            choice = player.choose(decision, game)
            result = game.apply(choice, seat)
            if not result.accepted:
                raise RuntimeError(f"{type(player).__name__} chose {choice!r} for {decision.kind}: {result.reason}")
            choices += 1
            collector.observe(game)
    except Exception as exc:  # a summary with the seed, so the game can be replayed and fixed
        tb = traceback.format_exc(limit=6)
        return GameSummary(index=index, seed=seed, winner=None, rounds=game.state.round if game else 0,
                           cause="error", choices=choices, seconds=time.perf_counter() - start,
                           conquest=conquest, error=f"{exc!r}\n{tb}"), game
    changes: dict[str, int] = {}
    for event in game.state.log:
        if event.kind == "conquest_changed":
            reason = _conquest_reason(event.text)
            changes[reason] = changes.get(reason, 0) + int(event.data.get("amount", 0))
    return GameSummary(index=index, seed=seed, winner=game.state.winner, rounds=game.state.round,
                       cause=_cause(game, stopped), choices=choices, seconds=time.perf_counter() - start,
                       conquest=conquest, conquest_changes=changes, figures=collector.result()), game


def play_batch(config: SimConfig, indices: list[int]) -> list[dict[str, Any]]:
    """One task: whole games, returned as plain dicts (what backends send between processes)."""
    return [play_game(config, i).to_dict() for i in indices]


def batches(games: int, size: int) -> list[list[int]]:
    """Game indices cut into tasks of at most ``size`` games."""
    size = max(1, size)
    return [list(range(i, min(games, i + size))) for i in range(0, games, size)]
