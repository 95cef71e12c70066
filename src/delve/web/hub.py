"""Live games of the web table: who holds which seat, the automated seats, persistence, undo.

Why a hub: every request about a game goes through one place that (1) checks the player's
secret token and that the pending decision belongs to one of that player's seats, (2) asks the
engine to apply the choice (the engine alone decides legality), (3) lets the automated seats
answer until a person must decide, (4) commits all those choices in one transaction, and only
then (5) acknowledges and tells every connected page that the game changed.

Why games run without the engine's per-choice snapshot (``transactional=False``): the snapshot
is a JSON dump of the whole state, log included, on every choice, so it grows with the game.
The table keeps the accepted choices anyway; if the engine ever fails, the hub rebuilds the
game from its setup and the choices before the failed one, which is the same state.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from delve.ai.base import Player as Bot
from delve.ai.bots import HERO_LEVELS, HERO_SEAT_KINDS, OVERLORD_LEVELS, level_kind, level_of, make_bot
from delve.api import GameSetup, new_game
from delve.engine.decision import OVERLORD, TABLE, ChoiceRecord
from delve.engine.game import Game
from delve.engine.views import hidden_digest
from delve.rulesets import RULESETS, default_content
from delve.web.autoanswer import boilerplate
from delve.web.chat import KEPT, ChatError, RateLimit, clean_line
from delve.web.replays import Replayer
from delve.web.router import shard_of
from delve.web.store import Store, StoredGame, token_hash

KNOWN_PACKS = ("starter", "starter-2e")
"""The packs a table may open: only the shipped ones (a request never names a folder on the server)."""
MODES = ("solo", "overlord", "hotseat", "network")
UNDO_MODES = ("solo", "hotseat")
OVERLORD_AIS = ("solo", "ai", "random", "search")
MAX_AUTOMATIC = 20_000  # automated choices in one go; a guard against a runaway loop
SPECTATOR = "spectator"  # the seat of a spectator link: a public view, never a decision
MAX_PEOPLE = 24  # invitations and spectator links of one game
THINKING_KINDS = frozenset({"search", "hero-search"})
"""The automated players that search (the hard levels): a turn of theirs is CPU seconds, not
milliseconds (docs/simulation.md, "Speed"), so their games run off the server's event loop."""


class TableError(Exception):
    """A request the table refuses; ``status`` is the HTTP status, the message is safe to show."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Person:
    """One invitation: the hash of its secret token and the seats it may decide for; ``token``
    itself is known only to the server that created it (for the invitation links)."""

    token_hash: str
    name: str
    seats: list[str]
    token: str = ""
    auto_answer: bool = True  # boilerplate prompts answered for them (delve.web.autoanswer)
    pass_traps_round: int | None = None  # standing answer: no traps during this round
    ask_max_cost: int | None = None  # standing answer: card windows asked only for cards up to this cost
    ask_every_window: bool = False  # every card window waits for them, so being asked tells nothing

    @classmethod
    def invite(cls, name: str, seats: list[str]) -> Person:
        """A new person with a fresh random token."""
        token = secrets.token_urlsafe(18)
        return cls(token_hash(token), name, seats, token)

    @classmethod
    def stored(cls, entry: dict[str, Any], settings: dict[str, Any] | None = None) -> Person:
        """A person as the store keeps it (a hash; older stores: the plain token), with their
        table settings."""
        digest = str(entry["token_hash"]) if "token_hash" in entry else token_hash(str(entry["token"]))
        settings = settings or {}
        return cls(digest, str(entry["name"]), [str(s) for s in entry["seats"]],
                   auto_answer=bool(settings.get("auto_answer", True)),
                   pass_traps_round=settings.get("pass_traps_round"), ask_max_cost=settings.get("ask_max_cost"),
                   ask_every_window=bool(settings.get("ask_every_window", False)))

    def settings(self) -> dict[str, Any]:
        """The person's table settings, as the settings request and the store hold them."""
        return {"auto_answer": self.auto_answer, "pass_traps_round": self.pass_traps_round,
                "ask_max_cost": self.ask_max_cost, "ask_every_window": self.ask_every_window}

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
    replayer: Replayer | None = None  # the replay slider's cursor (reset by undo)
    touched: float = field(default_factory=time.monotonic)  # last request (idle games leave memory)
    host_hash: str = ""  # the host link's token hash: it may re-issue links and add spectators
    host_token: str = ""  # the host link's token, known only to the server that created the game
    chat: list[dict[str, Any]] = field(default_factory=list)
    chat_limit: RateLimit = field(default_factory=RateLimit)
    present: dict[int, int] = field(default_factory=dict)  # id of a Person -> their open pages
    presence: int = 0  # increases when a page opens or closes (the socket then resends)

    @property
    def thinks(self) -> bool:
        """Whether an automated seat of this game searches (``THINKING_KINDS``, the hard levels).

        Why it matters to the server: on SQLite the socket runs a game's work on the event loop
        itself (``delve.web.app._serve_socket``), which is right for choices of a millisecond; a
        hard overlord's turn is up to a second or two of CPU, and on the loop it would hold up
        every other game of the server for that long. Such games run on the thread pool."""
        return any(level_kind(kind) in THINKING_KINDS for kind in self.ai.values())

    def levels(self) -> dict[str, str]:
        """The level ("easy", "normal", "hard") of each automated seat whose player is one of the
        levels (public, as the automated seats are: the page says whom the person plays against)."""
        out = {}
        for seat, kind in self.ai.items():
            level = level_of(kind, "overlord" if seat == OVERLORD else "heroes")
            if level is not None:
                out[seat] = level
        return out

    def connected(self, person: Person) -> bool:
        """Whether ``person`` has a page open on this server now."""
        return self.present.get(id(person), 0) > 0

    def host(self, token: str) -> None:
        """A 403 unless ``token`` is this game's host link."""
        digest = token_hash(token) if isinstance(token, str) else ""
        if not self.host_hash or not secrets.compare_digest(self.host_hash, digest):
            raise TableError("only the host link may do that", 403)

    def person(self, token: str) -> Person:
        """The person holding ``token`` (hashes compared in constant time), or a 403."""
        digest = token_hash(token) if isinstance(token, str) else ""
        for person in self.people:
            if secrets.compare_digest(person.token_hash, digest):
                return person
        raise TableError("unknown or wrong seat token", 403)

    def bot(self, seat: str) -> Bot:
        """The automated player of ``seat``, made on first use."""
        if seat not in self.bots:
            self.bots[seat] = make_bot(self.ai[seat], self.ai_seed + len(self.bots))
        return self.bots[seat]


def seat_plan(mode: str, seats: list[str], overlord_ai: str, hero_ai: str = "hero") -> tuple[list[Person],
                                                                                             dict[str, str]]:
    """The invitations and automated seats of a new game of ``mode``."""
    heroes = [s for s in seats if s != OVERLORD]
    invite = Person.invite
    if mode == "solo":
        return [invite("You", [*heroes, TABLE])], {OVERLORD: overlord_ai}
    if mode == "overlord":
        return [invite("You", [OVERLORD, TABLE])], {s: hero_ai for s in heroes}
    if mode == "hotseat":
        return [invite("Table", [*heroes, OVERLORD, TABLE])], {}
    if mode == "network":
        people = [invite(f"Hero player {i}", [s, TABLE]) for i, s in enumerate(heroes, start=1)]
        if overlord_ai == "human":
            people.append(invite("Overlord", [OVERLORD, TABLE]))
            return people, {}
        return people, {OVERLORD: overlord_ai}
    raise TableError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")


class Hub:
    """Every live game of one server, loaded from the store on first use.

    Why games can leave memory at any time: every accepted choice is committed before it is
    acknowledged, so the store holds all of a game; a game nobody watches (no open page) and
    nobody asked about for a while is dropped (``evict_idle``) and replayed from the store on
    its next request, as after a restart. ``max_live`` caps the games in memory: a new game
    first evicts the longest-idle unwatched ones, and is refused (503) when every game is busy."""

    def __init__(self, store: Store, shard: tuple[int, int] | None = None, max_live: int = 1_000) -> None:
        self.store = store
        self.games: dict[str, LiveGame] = {}
        self._lock = threading.Lock()
        self.shard = shard  # (this worker, workers) under `delve serve --workers N` (delve.web.router)
        self.max_live = max_live
        # Pack folders the server itself wrote (the workbench's "play now" packs): a request still
        # never names a folder, the workbench adds the ones it made (delve.web.workbench_routes).
        self.extra_packs: set[str] = set()

    def new_id(self) -> str:
        """A fresh game id (or balance job id, delve.workbench.jobs), in this worker's shard."""
        while True:
            game_id = secrets.token_hex(8)
            if self.shard is None or shard_of(game_id, self.shard[1]) == self.shard[0]:
                return game_id

    # -- creating and loading --------------------------------------------------------------
    def create(self, *, mode: str = "solo", quest: str | None = None, heroes: list[str] | None = None,
               seed: int = 1, physical_dice: bool = False, overlord: str = "solo",
               quick: bool = False, game_id: str | None = None, ruleset: str = "1e",
               pack: str | None = None, level: str | None = None) -> LiveGame:
        """Start a game, store it, let automated seats move, and return it.

        With no quest named, the table starts the ruleset's own tutorial from its own pack
        (``delve.rulesets.default_content``). ``level`` (``delve.ai.bots``: easy, normal, hard) sets
        the automated side: the overlord in solo and network games, the heroes in overlord games."""
        hero_ai = "hero"
        if level is not None:
            if level not in OVERLORD_LEVELS:
                raise TableError(f"unknown level {level!r}; choose one of {', '.join(OVERLORD_LEVELS)}")
            if mode == "overlord":
                hero_ai = HERO_SEAT_KINDS[HERO_LEVELS[level][0]]
            else:
                overlord = OVERLORD_LEVELS[level][0]
        if ruleset not in RULESETS:
            raise TableError(f"unknown ruleset {ruleset!r}; choose one of {', '.join(RULESETS)}")
        if mode not in MODES:
            raise TableError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        if overlord not in (*OVERLORD_AIS, "human"):
            raise TableError(f"unknown overlord {overlord!r}; choose one of {', '.join(OVERLORD_AIS)}, human")
        if pack is not None and pack not in KNOWN_PACKS and pack not in self.extra_packs:
            raise TableError(f"unknown pack {pack!r}; choose one of {', '.join(KNOWN_PACKS)}")
        self._make_room()
        pack, quest = default_content(ruleset, quest, pack)
        setup = GameSetup(ruleset=ruleset, pack=pack, quest=quest, heroes=list(heroes or []), seed=seed,
                          chance="manual" if physical_dice else "seeded",
                          solo=mode in ("solo", "network") and overlord == "solo", choices=not quick)
        try:
            game = new_game(setup, transactional=False)
        except (KeyError, ValueError) as exc:
            raise TableError(f"cannot set up that game: {exc}") from None
        people, ai = seat_plan(mode, list(game.state.seats), overlord, hero_ai)
        host_token = secrets.token_urlsafe(18)
        live = LiveGame(id=game_id or self.new_id(), mode=mode, setup=setup, game=game, people=people,
                        ai=ai, ai_seed=seed, host_hash=token_hash(host_token))
        live.host_token = host_token
        config = {"people": [{"token_hash": p.token_hash, "name": p.name, "seats": p.seats} for p in people],
                  "ai": ai, "ai_seed": seed, "host_hash": live.host_hash}
        self.store.create(live.id, setup.model_dump(mode="json"), mode, config)
        with live.lock:
            self._run_automated(live, 0)
        with self._lock:
            self.games[live.id] = live
        return live

    def watch(self, setup: GameSetup, choices: list[tuple[str, str]], ai: dict[str, str] | None = None,
              ai_seed: int | None = None, every_seat: bool = False) -> LiveGame:
        """Store a game played elsewhere to be watched at the table, its choices checked by
        replaying them. ``delve play --replay`` (a simulated game rebuilt from its seed) gives one
        person ("Watcher") the hero seats, so the page shows the game as the heroes saw it, and
        ``ai`` names the automated players that made the choices (their "why?" answers as for a
        live game). A workbench balance game (``delve.workbench.jobs``) is watched by its
        designer with ``every_seat``: one person ("Table") holds every seat, as at a hot-seat table."""
        self._make_room()
        records = [(seat, choice, False) for seat, choice in choices]
        try:
            game = replay(setup, records)
        except Exception as exc:
            raise TableError(f"that game cannot be replayed: {exc}") from None
        if every_seat:
            mode, people = "hotseat", [Person.invite("Table", list(dict.fromkeys([*game.state.seats, TABLE])))]
        else:
            heroes = [s for s in game.state.seats if s != OVERLORD]
            mode, people = "solo", [Person.invite("Watcher", [*heroes, TABLE])]
        seed = setup.seed if ai_seed is None else ai_seed
        host_token = secrets.token_urlsafe(18)
        live = LiveGame(id=self.new_id(), mode=mode, setup=setup, game=game, people=people, ai=dict(ai or {}),
                        ai_seed=seed, records=records, host_hash=token_hash(host_token))
        live.host_token = host_token
        config = {"people": [{"token_hash": p.token_hash, "name": p.name, "seats": p.seats} for p in people],
                  "ai": live.ai, "ai_seed": seed, "host_hash": live.host_hash}
        self.store.create(live.id, setup.model_dump(mode="json"), live.mode, config)
        self.store.append(live.id, 0, records, "finished" if game.pending is None else "running")
        with self._lock:
            self.games[live.id] = live
        return live

    def get(self, game_id: str, token: str | None = None) -> LiveGame:
        """The live game, replayed from the store if this server has not loaded it yet.

        ``token`` is the caller's link (a seat's or the host's); a game that is not in memory is
        replayed only after the store shows the token belongs to it, so a stranger who knows a game
        id cannot make the server replay it (CPU) by asking. ``None`` is for trusted callers on
        the server's own machine (``delve play``), which hold no token."""
        if self.shard is not None and shard_of(game_id, self.shard[1]) != self.shard[0]:
            raise TableError("this game is served by another worker process; connect again", 421)
        with self._lock:
            live = self.games.get(game_id)
            if live is not None:
                live.touched = time.monotonic()
                return live
            stored = self.store.load(game_id)
            if stored is None:
                raise TableError("no such game", 404)
            if token is not None and not _holds_a_link(stored.config, token):
                raise TableError("unknown or wrong seat token", 403)
            live = self._rebuild(stored)
            self.games[game_id] = live
        with live.lock:
            self._run_automated(live, len(live.records))
        return live

    def _rebuild(self, stored: StoredGame) -> LiveGame:
        """The live game of a stored one, checked before play resumes: its setup is valid, every
        recorded choice replays, and its seats are well formed; otherwise one refusal naming the
        field (the store may have been changed by hand or damaged)."""
        try:
            setup = GameSetup.model_validate(stored.setup)
            game = replay(setup, stored.choices)
            config = stored.config
            settings = config.get("settings", {})
            people = [Person.stored(p, settings.get(str(i))) for i, p in enumerate(config["people"])]
            ai = {str(k): str(v) for k, v in dict(config["ai"]).items()}
            ai_seed = int(config.get("ai_seed", 0))
        except Exception as exc:
            reason = " ".join(str(exc).split())[:300]
            raise TableError(f"stored game {stored.id} cannot be resumed: {type(exc).__name__}: {reason}",
                             500) from None
        return LiveGame(id=stored.id, mode=stored.mode, setup=setup, game=game, people=people,
                        ai=ai, ai_seed=ai_seed, records=list(stored.choices),
                        host_hash=str(config.get("host_hash", "")), chat=list(config.get("chat", [])))

    def evict_idle(self, idle_s: float, limit: int | None = None) -> list[str]:
        """Drop from memory up to ``limit`` games (longest idle first) that no page watches and
        no request touched for ``idle_s`` seconds; their store rows hold everything."""
        now = time.monotonic()
        dropped: list[str] = []
        with self._lock:
            idle = sorted((g for g in self.games.values() if not g.listeners and now - g.touched >= idle_s),
                          key=lambda g: g.touched)
            for live in idle[:limit]:
                if live.lock.acquire(blocking=False):  # a request in progress keeps its game
                    try:
                        del self.games[live.id]
                        dropped.append(live.id)
                    finally:
                        live.lock.release()
        return dropped

    def _make_room(self) -> None:
        """Evict idle games until a new one fits under ``max_live``, else refuse (503)."""
        excess = len(self.games) + 1 - self.max_live
        if excess > 0 and len(self.evict_idle(5.0, excess)) < excess:
            raise TableError("the table is full; try again in a few minutes", 503)

    # -- deciding --------------------------------------------------------------------------
    def choose(self, game_id: str, token: str, choice_id: str, serial: int | None = None,
               staged: bool = False) -> LiveGame:
        """Apply a person's choice (after the token and seat checks), run the automated seats,
        commit, then notify. Raises ``TableError`` with a reason that is safe for the seat.
        ``staged``: the new choices are only staged (``Store.stage``); the caller acknowledges
        nothing before they are committed (``delve.web.group_commit``)."""
        live = self.get(game_id, token)
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
            except Exception:  # any engine failure: restore, refuse, keep serving
                self._restore(live, start)
                raise TableError("the engine could not apply that choice; nothing changed", 500) from None
            if not result.accepted:
                raise TableError(result.reason)
            live.records.append((decision.seat, choice_id, True))
            self._run_automated(live, start, staged)
        self._notify(live)
        return live

    def _run_automated(self, live: LiveGame, start: int, staged: bool = False) -> None:
        """``_automate_and_store``, and if the engine fails on the way, the game as it was at
        ``start`` (nothing of it was stored) and a refusal. Holds ``live.lock``."""
        try:
            self._automate_and_store(live, start, staged)
        except Exception:  # the store may have failed too: nothing of this turn was kept
            self._restore(live, start)
            raise TableError("the engine could not apply that choice; nothing changed", 500) from None

    def _restore(self, live: LiveGame, keep: int) -> None:
        """The game after its first ``keep`` records, rebuilt from the setup (the engine's state
        after a failure may be half-changed: games run without per-choice snapshots)."""
        live.records = live.records[:keep]
        live.game = replay(live.setup, live.records)

    def _automate_and_store(self, live: LiveGame, start: int, staged: bool = False) -> None:
        """Let automated seats answer until a person must decide, then commit every new record
        (the person's choice and the automated ones) in one transaction, or stage them for the
        next grouped one (``staged``). Holds ``live.lock``."""
        game = live.game
        for _ in range(MAX_AUTOMATIC):
            decision = game.pending
            if decision is None:
                break
            if decision.seat not in live.ai:
                answer = boilerplate(live, decision)  # a prompt answered for its person, or theirs to decide
                if answer is None:
                    break
                game.apply(answer, decision.seat, decision.serial)
                live.records.append((decision.seat, answer, False))
                continue
            choice_id = live.bot(decision.seat).choose(decision, game)
            result = game.apply(choice_id, decision.seat, decision.serial)
            if not result.accepted:  # an automated player erred: take the first legal choice
                choice_id = decision.choices[0].id
                game.apply(choice_id, decision.seat, decision.serial)
            live.records.append((decision.seat, choice_id, False))
        status = "finished" if game.pending is None else "running"
        (self.store.stage if staged else self.store.append)(live.id, start, live.records[start:], status)

    def take_back(self, game_id: str, start: int) -> None:
        """The game as it was before its choice number ``start``, whose staged choices could not
        be committed (``delve.web.group_commit``); its pages are told. No page was sent them."""
        live = self.games.get(game_id)
        if live is None:
            return
        with live.lock:
            if len(live.records) <= start:
                return
            self._restore(live, start)
            live.epoch += 1  # a page reading over HTTP may have seen them: every page starts afresh
            live.replayer = None
        self._notify(live)

    def set_auto_answer(self, game_id: str, token: str, on: bool) -> LiveGame:
        """Turn a person's automatic answers on or off (stored with the game); turned on, a
        waiting boilerplate prompt of theirs is answered at once."""
        return self.change_settings(game_id, token, {"auto_answer": on})

    def change_settings(self, game_id: str, token: str, changes: dict[str, Any]) -> LiveGame:
        """Change a person's table settings (``Person.settings`` keys; stored with the game); a
        waiting prompt the new settings answer is answered at once, as an ordinary recorded choice.
        ``pass_traps_this_round`` true stands for the current round's number (false clears it)."""
        live = self.get(game_id, token)
        person = live.person(token)
        with live.lock:
            if "pass_traps_this_round" in changes:
                on = changes.pop("pass_traps_this_round")
                changes["pass_traps_round"] = live.game.state.round if on else None
            for key, value in changes.items():
                setattr(person, key, value)
            index = live.people.index(person)
            self.store.update_settings(live.id, index, changes)
            self._run_automated(live, len(live.records))
        self._notify(live)
        return live

    # -- the host's links, spectators and chat -------------------------------------------------
    def reissue(self, game_id: str, host_token: str, index: int) -> Person:
        """A new link for person number ``index`` (host link only); their old token is refused
        from now on (an open page of it is closed at its next message)."""
        live = self.get(game_id, host_token)
        live.host(host_token)
        with live.lock:
            if not 0 <= index < len(live.people):
                raise TableError("no such person in this game", 404)
            person = live.people[index]
            token = secrets.token_urlsafe(18)
            self.store.replace_token(live.id, index, token_hash(token))
            person.token_hash, person.token = token_hash(token), token
        self._notify(live)
        return person

    def add_spectator(self, game_id: str, host_token: str, name: str) -> Person:
        """A spectator link (host link only): a public view (as a hero seat's) with no decisions."""
        live = self.get(game_id, host_token)
        live.host(host_token)
        with live.lock:
            if len(live.people) >= MAX_PEOPLE:
                raise TableError(f"a game has at most {MAX_PEOPLE} links", 409)
            person = Person.invite(clean_line(name or "Spectator")[:40], [SPECTATOR])
            self.store.add_person(live.id, {"token_hash": person.token_hash, "name": person.name,
                                            "seats": person.seats})
            live.people.append(person)
        self._notify(live)
        return person

    def say(self, game_id: str, token: str, text: str) -> dict[str, Any]:
        """Add a chat line from the person of ``token`` (stored; rate- and length-limited)."""
        live = self.get(game_id, token)
        person = live.person(token)
        try:
            line = clean_line(text)
        except ChatError as exc:
            raise TableError(str(exc)) from None
        with live.lock:
            if not live.chat_limit.allow(person.token_hash):
                raise TableError("you are sending chat lines too fast; wait a few seconds", 429)
            entry = {"n": (live.chat[-1]["n"] + 1) if live.chat else 0, "name": person.name,
                     "seats": person.seats, "text": line, "at": round(time.time())}
            self.store.add_chat(live.id, entry, KEPT)
            live.chat = [*live.chat, entry][-KEPT:]
        self._notify(live)
        return entry

    # -- undo and replays ------------------------------------------------------------------
    def undo(self, game_id: str, token: str) -> LiveGame:
        """Take back the person's last decision (solo and hot-seat games), unless something hidden
        from the person's seats was used or shown since (``delve.engine.views.hidden_digest``): dice
        rolled or cards drawn (the chance state moved), an overlord card played, an area revealed, a
        chest opened. Otherwise undo would let a player look at the overlord's answer and take the
        move back."""
        live = self.get(game_id, token)
        person = live.person(token)
        if live.mode not in UNDO_MODES:
            raise TableError("undo is only for solo and hot-seat games", 409)
        with live.lock:
            if live.game.pending is None:
                raise TableError("the quest is over: a finished game cannot be undone", 409)
            mine = [i for i, (seat, _c, by_person) in enumerate(live.records) if by_person and seat in person.seats]
            if live.mode == "hotseat":
                mine = self._this_sides(live, person, mine)
            if not mine:
                raise TableError("there is no decision of yours to undo", 409)
            keep = mine[-1]
            earlier = replay(live.setup, live.records[:keep])
            if hidden_digest(earlier, person.seats) != hidden_digest(live.game, person.seats):
                raise TableError("cannot undo: something hidden from you was used or shown since that decision "
                                 "(dice rolled, a card drawn or played, an area revealed, a chest opened)", 409)
            self.store.truncate(live.id, keep)
            live.game = earlier
            live.records = live.records[:keep]
            live.epoch += 1
            live.replayer = None
        self._notify(live)
        return live

    @staticmethod
    def _this_sides(live: LiveGame, person: Person, mine: list[int]) -> list[int]:
        """Of the positions ``mine`` (a hot-seat person's own decisions), those of the side now on
        screen made since the other side's last decision. Why: one person holds both sides of a
        shared screen, and undo must not let the heroes' players take back the overlord's choice
        (or make him choose again), nor the overlord theirs. Raises when the last decision was
        the other side's."""
        from delve.web.messages import screen_seats  # messages imports this module

        side = {*screen_seats(live.game, person), TABLE}
        last_other = max((i for i, (seat, _c, by_person) in enumerate(live.records) if by_person and seat not in side),
                         default=-1)
        since = [i for i in mine if live.records[i][0] in side and i > last_other]
        if not since and mine:
            raise TableError("nothing to undo on this side: the last decision was the other side's "
                             "(on a shared screen each side takes back only its own)", 409)
        return since

    def replay_at(self, game_id: str, token: str, step: int,
                  show: Callable[[LiveGame, Person, Game], dict[str, Any]]) -> dict[str, Any]:
        """``show`` of the game as it was after its first ``step`` accepted choices (for stepping
        through a replay), from the game's replay cursor (``delve.web.replays``)."""
        from delve.web.messages import screen_seats  # messages imports this module

        live = self.get(game_id, token)
        person = live.person(token)
        with live.lock:
            records = list(live.records)
            if live.replayer is None:
                live.replayer = Replayer(live.setup)
            replayer = live.replayer
            # Hot-seat: the replay is seen by the side now on screen, at every step. Built for the
            # person's every seat, an overlord step showed his hand and the unexplored map to the
            # heroes' players (a play-test found it).
            shown = screen_seats(live.game, person)
        viewer = person if set(shown) >= set(person.seats) - {TABLE} else \
            dataclasses.replace(person, seats=[s for s in person.seats if s in shown or s == TABLE])
        with replayer.lock:
            return show(live, viewer, replayer.at(records, step))

    # -- listeners -------------------------------------------------------------------------
    def listen(self, live: LiveGame, callback: Callable[[], None], person: Person | None = None) -> Callable[[], None]:
        """Call ``callback`` (from any thread) after each change; returns the unsubscribe function.
        With ``person``, their page counts as connected until it unsubscribes (presence)."""
        key = id(person)

        def present(change: int) -> None:
            if person is not None:
                live.present[key] = live.present.get(key, 0) + change
                live.presence += 1
                self._notify(live)

        live.listeners.append(callback)
        present(+1)

        def unlisten() -> None:
            if callback in live.listeners:
                live.listeners.remove(callback)
                present(-1)

        return unlisten

    def _notify(self, live: LiveGame) -> None:
        for callback in list(live.listeners):
            callback()


def replay(setup: GameSetup, records: list[tuple[str, str, bool]]) -> Game:
    """A fresh game of ``setup`` with ``records`` applied (the engine's replay)."""
    game = new_game(setup, transactional=False)
    game.replay([ChoiceRecord(seat=seat, choice=choice) for seat, choice, _ in records])
    return game


def _holds_a_link(config: dict[str, Any], token: str) -> bool:
    """Whether ``token`` is one of a stored game's links (a person's or the host's), checked
    against the stored hashes (older stores: plain tokens) in constant time each."""
    digest = token_hash(token) if isinstance(token, str) else ""
    hashes = [str(p["token_hash"]) if "token_hash" in p else token_hash(str(p.get("token", "")))
              for p in config.get("people", [])]
    hashes.append(str(config.get("host_hash", "")))
    return any(h and secrets.compare_digest(h, digest) for h in hashes)
