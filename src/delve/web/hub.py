"""Live games of the web table: who holds which seat, the automated seats, persistence, undo.

Why a hub: every request about a game goes through one place that (1) checks the player's
secret token and that the pending decision belongs to one of that player's seats, (2) asks the
engine to apply the choice (the engine alone decides legality), (3) lets the automated seats
answer until a person must decide, (4) commits all those choices in one transaction, and only
then (5) acknowledges and tells every connected page that the game changed.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from delve.ai.base import Player as Bot
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE, ChoiceRecord
from delve.engine.game import EngineError, Game
from delve.web.store import Store, StoredGame

MODES = ("solo", "overlord", "hotseat", "network")
UNDO_MODES = ("solo", "hotseat")
OVERLORD_AIS = ("solo", "ai", "random")
MAX_AUTOMATIC = 20_000  # automated choices in one go; a guard against a runaway loop


class TableError(Exception):
    """A request the table refuses; ``status`` is the HTTP status, the message is safe to show."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Person:
    """One invitation: a secret token and the seats it may decide for."""

    token: str
    name: str
    seats: list[str]

    def public(self) -> dict[str, Any]:
        """What other players may know of this person (never the token)."""
        return {"name": self.name, "seats": self.seats}


@dataclass
class LiveGame:
    """A game in memory with its players, automated seats and accepted-choice records."""

    id: str
    mode: str
    setup: GameSetup
    game: Game
    people: list[Person]
    ai: dict[str, str]  # seat -> automated player kind
    ai_seed: int
    records: list[tuple[str, str, bool]] = field(default_factory=list)  # (seat, choice, by a person)
    bots: dict[str, Bot] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    listeners: list[Callable[[], None]] = field(default_factory=list)
    epoch: int = 0  # increases on undo: pages then reload the whole log

    def person(self, token: str) -> Person:
        """The person holding ``token`` (compared in constant time), or a 403."""
        for person in self.people:
            if secrets.compare_digest(person.token.encode(), token.encode()):
                return person
        raise TableError("unknown or wrong seat token", 403)

    def bot(self, seat: str) -> Bot:
        """The automated player of ``seat``, made on first use."""
        if seat not in self.bots:
            self.bots[seat] = make_bot(self.ai[seat], self.ai_seed + len(self.bots))
        return self.bots[seat]


def make_bot(kind: str, seed: int) -> Bot:
    """An automated player by kind: the solo overlord, the overlord AI, the hero AI or random."""
    if kind == "solo":
        from delve.ai.solo_overlord import SoloOverlord

        return SoloOverlord(seed)
    if kind == "ai":
        from delve.ai.overlord_ai import OverlordAI

        return OverlordAI(seed)
    if kind == "hero":
        from delve.ai.hero_ai import HeroAI

        return HeroAI(seed)
    from delve.ai.random_player import RandomPlayer

    return RandomPlayer(seed, end_bias=0.3)


def seat_plan(mode: str, seats: list[str], overlord_ai: str) -> tuple[list[Person], dict[str, str]]:
    """The invitations and automated seats of a new game of ``mode``."""
    heroes = [s for s in seats if s != OVERLORD]
    token = secrets.token_urlsafe
    if mode == "solo":
        return [Person(token(18), "You", [*heroes, TABLE])], {OVERLORD: overlord_ai}
    if mode == "overlord":
        return [Person(token(18), "You", [OVERLORD, TABLE])], {s: "hero" for s in heroes}
    if mode == "hotseat":
        return [Person(token(18), "Table", [*heroes, OVERLORD, TABLE])], {}
    if mode == "network":
        people = [Person(token(18), f"Hero player {i}", [s, TABLE]) for i, s in enumerate(heroes, start=1)]
        if overlord_ai == "human":
            people.append(Person(token(18), "Overlord", [OVERLORD, TABLE]))
            return people, {}
        return people, {OVERLORD: overlord_ai}
    raise TableError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")


class Hub:
    """Every live game of one server, loaded from the store on first use."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.games: dict[str, LiveGame] = {}
        self._lock = threading.Lock()

    # -- creating and loading --------------------------------------------------------------
    def create(self, *, mode: str = "solo", quest: str = "first-steps", heroes: list[str] | None = None,
               seed: int = 1, physical_dice: bool = False, overlord: str = "solo",
               quick: bool = False, game_id: str | None = None) -> LiveGame:
        """Start a game, store it, let automated seats move, and return it."""
        if mode not in MODES:
            raise TableError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        if overlord not in (*OVERLORD_AIS, "human"):
            raise TableError(f"unknown overlord {overlord!r}; choose one of solo, ai, random, human")
        setup = GameSetup(quest=quest, heroes=list(heroes or []), seed=seed,
                          chance="manual" if physical_dice else "seeded",
                          solo=mode in ("solo", "network") and overlord == "solo", choices=not quick)
        try:
            game = new_game(setup)
        except (KeyError, ValueError) as exc:
            raise TableError(f"cannot set up that game: {exc}") from None
        people, ai = seat_plan(mode, list(game.state.seats), overlord)
        live = LiveGame(id=game_id or secrets.token_hex(8), mode=mode, setup=setup, game=game, people=people,
                        ai=ai, ai_seed=seed)
        config = {"people": [{"token": p.token, "name": p.name, "seats": p.seats} for p in people],
                  "ai": ai, "ai_seed": seed}
        self.store.create(live.id, setup.model_dump(mode="json"), mode, config)
        with live.lock:
            self._automate_and_store(live, 0)
        with self._lock:
            self.games[live.id] = live
        return live

    def get(self, game_id: str) -> LiveGame:
        """The live game, replayed from the store if this server has not loaded it yet."""
        with self._lock:
            live = self.games.get(game_id)
            if live is not None:
                return live
            stored = self.store.load(game_id)
            if stored is None:
                raise TableError("no such game", 404)
            live = self._rebuild(stored)
            self.games[game_id] = live
        with live.lock:
            self._automate_and_store(live, len(live.records))
        return live

    def _rebuild(self, stored: StoredGame) -> LiveGame:
        setup = GameSetup.model_validate(stored.setup)
        game = replay(setup, stored.choices)
        config = stored.config
        people = [Person(p["token"], p["name"], list(p["seats"])) for p in config["people"]]
        return LiveGame(id=stored.id, mode=stored.mode, setup=setup, game=game, people=people,
                        ai=dict(config["ai"]), ai_seed=int(config.get("ai_seed", 0)), records=list(stored.choices))

    # -- deciding --------------------------------------------------------------------------
    def choose(self, game_id: str, token: str, choice_id: str, serial: int | None = None) -> LiveGame:
        """Apply a person's choice (after the token and seat checks), run the automated seats,
        commit, then notify. Raises ``TableError`` with a reason that is safe for the seat."""
        live = self.get(game_id)
        person = live.person(token)
        if not isinstance(choice_id, str) or not choice_id or len(choice_id) > 200:
            raise TableError("a choice must be a non-empty choice id")
        with live.lock:
            decision = live.game.pending
            if decision is None:
                raise TableError("the game is over: there is nothing to decide", 409)
            if decision.seat not in person.seats:
                raise TableError("it is not your decision", 409)
            if serial is not None and serial != decision.serial:
                raise TableError(f"stale choice: the pending decision is number {decision.serial}", 409)
            if decision.find(choice_id) is None:
                raise TableError(f"{choice_id!r} is not a legal choice now")
            start = len(live.records)
            try:
                result = live.game.apply(choice_id, decision.seat, decision.serial)
            except EngineError:
                raise TableError("the engine could not apply that choice; nothing changed", 500) from None
            if not result.accepted:
                raise TableError(result.reason)
            live.records.append((decision.seat, choice_id, True))
            self._automate_and_store(live, start)
        self._notify(live)
        return live

    def _automate_and_store(self, live: LiveGame, start: int) -> None:
        """Let automated seats answer until a person must decide, then commit every new record
        (the person's choice and the automated ones) in one transaction. Holds ``live.lock``."""
        game = live.game
        for _ in range(MAX_AUTOMATIC):
            decision = game.pending
            if decision is None or decision.seat not in live.ai:
                break
            choice_id = live.bot(decision.seat).choose(decision, game)
            result = game.apply(choice_id, decision.seat, decision.serial)
            if not result.accepted:  # an automated player erred: take the first legal choice
                choice_id = decision.choices[0].id
                game.apply(choice_id, decision.seat, decision.serial)
            live.records.append((decision.seat, choice_id, False))
        status = "finished" if game.pending is None else "running"
        self.store.append(live.id, start, live.records[start:], status)

    # -- undo and replays ------------------------------------------------------------------
    def undo(self, game_id: str, token: str) -> LiveGame:
        """Take back the person's last decision (solo and hot-seat games), unless something hidden
        was seen since: dice or cards drawn (the chance state moved) or an area revealed."""
        live = self.get(game_id)
        person = live.person(token)
        if live.mode not in UNDO_MODES:
            raise TableError("undo is only for solo and hot-seat games", 409)
        with live.lock:
            mine = [i for i, (seat, _c, by_person) in enumerate(live.records) if by_person and seat in person.seats]
            if not mine:
                raise TableError("there is no decision of yours to undo", 409)
            keep = mine[-1]
            earlier = replay(live.setup, live.records[:keep])
            now = live.game.state
            if earlier.state.chance != now.chance:
                raise TableError("cannot undo: dice were rolled or cards drawn since that decision", 409)
            if _revealed(earlier) != _revealed(live.game):
                raise TableError("cannot undo: an area was revealed since that decision", 409)
            self.store.truncate(live.id, keep)
            live.game = earlier
            live.records = live.records[:keep]
            live.epoch += 1
        self._notify(live)
        return live

    def replay_at(self, game_id: str, token: str, step: int) -> tuple[LiveGame, Person, Game]:
        """The game as it was after its first ``step`` accepted choices (for stepping through)."""
        live = self.get(game_id)
        person = live.person(token)
        with live.lock:
            records = live.records[: max(0, step)]
        return live, person, replay(live.setup, records)

    # -- listeners -------------------------------------------------------------------------
    def listen(self, live: LiveGame, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` (from any thread) after each change; returns the unsubscribe function."""
        live.listeners.append(callback)
        return lambda: live.listeners.remove(callback) if callback in live.listeners else None

    def _notify(self, live: LiveGame) -> None:
        for callback in list(live.listeners):
            callback()


def replay(setup: GameSetup, records: list[tuple[str, str, bool]]) -> Game:
    """A fresh game of ``setup`` with ``records`` applied (the engine's replay)."""
    game = new_game(setup)
    game.replay([ChoiceRecord(seat=seat, choice=choice) for seat, choice, _ in records])
    return game


def _revealed(game: Game) -> set[str]:
    return {area.id for area in game.board.areas if area.revealed}
