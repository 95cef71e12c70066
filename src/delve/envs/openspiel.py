"""Delve as an OpenSpiel python game (``python_delve``), for OpenSpiel's algorithms and tests.

Players: the hero seats (``h1``..., by default one seat playing both heroes), then the
overlord; returns are +1 / -1 for the winning / losing side, split evenly among hero seats so
the game is zero-sum, and 0 for all when the move cap ends the game first.

Setup: the game is the one ``delve simulate`` and the other environments play
(``delve.api.play_setup``); with ``setup="ai"`` (the default) the hero AI and the overlord AI
answer the setup decisions (skills, shopping, placement, treachery) before the first move, so
the initial state is a game about to start its first round.

Chance: the game runs with the table as the source of chance (``chance="table"``,
``delve.engine.chance``): every die and every card draw (the overlord deck, treasure and relic
draws, skills bought, chest numbers dealt on opening) is a decision of the ``table`` seat, which
is OpenSpiel's chance player. A die's outcomes are its faces (a face printed twice counts
twice: the outcome's probability is its share of the six faces); a draw's outcomes are the cards
left in that deck, each with its share of the deck (copies count). ``max_chance_outcomes`` is
the largest deck the pack can make (``largest_deck``). The engine stays the only judge: a move
that draws a card stops at the draw, and the engine finishes the move once the card is named.
What is still drawn from the seed: the setup's draws and shuffles (the initial state is one
fixed position), shuffles of skill decks and chest markers, and the few rolls an effect makes
inside a rule; ``resample_from_infostate`` re-seeds those with what the seat cannot see
(``delve.engine.determinize``).

Information: each player's information state string is the JSON of ``view(game, seat)``
(what that seat may see, including its visible log); the observation string is the same view
without the log. Tensors: the observation tensor is the environments' encoding of that view
(``delve.envs.encoding``: board planes, then features, flattened); the information state tensor
adds, per seat, how many moves it made so far. Actions: the stable action space of
``delve.envs.actions`` (``num_distinct_actions`` is its size).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from delve.api import Game
from delve.engine.decision import OVERLORD, TABLE
from delve.envs.driver import Episode
from delve.envs.encoding import Encoder, make_encoder
from delve.envs.options import EnvOptions

SHORT_NAME = "python_delve"
# OpenSpiel parameters take plain values: "" means "the default" for the text ones, and heroes
# are a comma-separated list of hero ids.
DEFAULT_PARAMS: dict[str, Any] = {"pack": "", "ruleset": "", "quest": "", "heroes": "", "hero_seats": 1,
                                  "setup": "ai", "seed": 0, "max_moves": 3000}
MAX_PLAYERS = 5  # four hero seats and the overlord

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Delve (Descent: Journeys in the Dark rules engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def env_options(params: dict[str, Any]) -> EnvOptions:
    """The environment options of a parameter set: every seat an agent, physical dice."""
    from delve.api import open_pack

    options = EnvOptions(ruleset=params["ruleset"] or None, pack=params["pack"] or None,
                         quest=params["quest"] or None, setup=params["setup"], chance="manual",
                         overlord="agent")
    heroes = [h for h in str(params["heroes"]).split(",") if h] or list(open_pack(options.pack_name).heroes)[:2]
    count = max(1, min(int(params["hero_seats"]), len(heroes)))
    return options.model_copy(update={"heroes": heroes, "seats": [heroes[i::count] for i in range(count)]})


def largest_deck(pack_name: str) -> int:
    """The most outcomes one chance node can have: six faces, or the largest deck of the pack
    (the overlord's cards with their copies, a treasure or skill deck, a quest's chests)."""
    from collections import Counter

    from delve.api import open_pack

    pack = open_pack(pack_name)
    decks = [sum(card.copies for card in pack.overlord.values()),
             *Counter(item.deck for item in pack.items.values()).values(),
             *Counter(skill.deck for skill in pack.skills.values()).values(),
             *(len(quest.chests) for quest in pack.quests.values())]
    return max(6, *decks)


class DelveGame(pyspiel.Game):
    """The OpenSpiel game: reads its parameters and makes initial states."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.params = {**DEFAULT_PARAMS, **(params or {})}
        self.options = env_options(self.params)
        self.encoder: Encoder = make_encoder(self.options)
        # Parsing a quest map and playing the setup are slow, and OpenSpiel's tests make many
        # initial states: make one. Not transactional: OpenSpiel only applies legal actions.
        probe = Episode(self.options, int(self.params["seed"]), set())
        self.seats = [*probe.hero_seats, OVERLORD]
        episode = Episode(self.options, int(self.params["seed"]), {*self.seats, TABLE})
        episode.run_bots()  # only the setup's automated players answer
        self.initial: Game = episode.game
        self.initial.state.chance.mode = "table"  # from the first move on, card draws are chance nodes too
        self.obs_size = int(np.prod(self.encoder.board_shape)) + self.encoder.features_size
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.num_actions,
            max_chance_outcomes=largest_deck(self.options.pack_name),
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=int(self.params["max_moves"]),
        )
        super().__init__(_GAME_TYPE, info, self.params)

    def new_initial_state(self) -> DelveState:
        """A new game in physical-dice mode, its setup done."""
        return DelveState(self, self.initial.clone())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DelveObserver:
        """Perfect recall gives the information state (log in the string, move counts in the
        tensor); otherwise the observation."""
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return DelveObserver(self, perfect_recall)


class _Held:
    """Holds the Delve game inside a state. OpenSpiel clones a python state by deep-copying
    each attribute; this box makes that copy a ``Game.clone`` (a JSON round trip), far
    cheaper than Python's generic deep copy of pydantic models."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.clone())


class DelveState(pyspiel.State):
    """One game position; the Delve game inside is advanced by ``_apply_action``."""

    def __init__(self, game: DelveGame, delve: Game) -> None:
        super().__init__(game)
        self._held = _Held(delve)
        self.seats: list[str] = game.seats
        self.encoder = game.encoder
        self.max_moves = int(game.params["max_moves"])
        self.moves = 0
        self.seat_moves = [0] * len(game.seats)

    @property
    def delve(self) -> Game:
        """The Delve game of this position."""
        return self._held.game

    def _legal_ids(self) -> dict[int, str]:
        """Stable index -> choice id of the pending decision (chance too: faces by position)."""
        decision = self.delve.pending
        assert decision is not None
        if decision.seat == TABLE:
            return {i: c.id for i, c in enumerate(decision.choices)}
        view = _view(self.delve, decision.seat)
        return self.encoder.codec.encode(view).ids

    # -- who moves ---------------------------------------------------------------------------
    def current_player(self) -> int:
        """A seat's player number, CHANCE for the table seat, or TERMINAL."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        decision = self.delve.pending
        assert decision is not None
        if decision.seat == TABLE:
            return int(pyspiel.PlayerId.CHANCE)
        return self.seats.index(decision.seat)

    def is_terminal(self) -> bool:
        """The game ended, or the move cap was reached."""
        return self.delve.pending is None or self.moves >= self.max_moves

    def _legal_actions(self, player: int) -> list[int]:
        """The stable indices of the legal choices, in increasing order."""
        return sorted(self._legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each distinct face or card (its first position in the list) with its share of the die
        or the deck."""
        decision = self.delve.pending
        assert decision is not None
        ids = [c.id for c in decision.choices]
        first: dict[str, int] = {}
        for index, choice_id in enumerate(ids):
            first.setdefault(choice_id, index)
        return [(index, ids.count(choice_id) / len(ids)) for choice_id, index in first.items()]

    def _apply_action(self, action: int) -> None:
        decision = self.delve.pending
        assert decision is not None
        choice_id = self._legal_ids()[action]
        result = self.delve.apply(choice_id, decision.seat, decision.serial)
        if not result.accepted:
            raise ValueError(result.reason)
        if decision.seat != TABLE:
            self.seat_moves[self.seats.index(decision.seat)] += 1
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if self.is_terminal():
            return f"action {action}"
        return self._legal_ids().get(action, f"action {action}")

    def returns(self) -> list[float]:
        """+1 / -1 by side (hero seats share theirs evenly), 0 until the end or after the cap."""
        winner = self.delve.state.winner
        hero_seats = len(self.seats) - 1
        if winner is None:
            return [0.0] * len(self.seats)
        sign = 1.0 if winner == "heroes" else -1.0
        return [sign / hero_seats] * hero_seats + [-sign]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DelveState:
        """A state ``player_id`` cannot tell from this one: the same position with what the
        seat cannot see drawn afresh (``delve.engine.determinize.determinized_clone``: the
        overlord's hand, chests, dark glyphs, skill deck order) and the seed of what is not a
        chance node taken from ``probability_sampler``. Dice and card draws stay chance nodes,
        drawn from the decks of the sampled world."""
        seat = self.seats[player_id]
        seed = int(float(probability_sampler()) * 2**31)
        world = _determinized(self.delve, seat, seed)
        clone = DelveState(self.get_game(), world)
        clone.moves, clone.seat_moves = self.moves, list(self.seat_moves)
        return clone

    def __str__(self) -> str:
        state = self.delve.state
        return (f"round {state.round} conquest {state.conquest} threat {state.overlord.threat} "
                f"winner {state.winner} moves {self.moves} serial {state.serial}")


def _view(game: Game, seat: str) -> dict[str, Any]:
    """``seat``'s view without the log (what the tensors and the action map read)."""
    from delve.api import game_view

    state = game.state
    log, state.log = state.log, []
    try:
        return game_view(game, seat)
    finally:
        state.log = log


def _determinized(game: Game, seat: str, seed: int) -> Game:
    """A copy of ``game`` whose hidden information ``seat`` cannot see is drawn afresh
    (``delve.engine.determinize``: the overlord's hand, decks, chests, future dice)."""
    from delve.engine.determinize import determinized_clone
    from delve.engine.redaction import events_for

    world = determinized_clone(game, seat, seed)
    world.state.chance.mode = game.state.chance.mode  # the sampled world's dice and draws stay chance nodes
    # The search copy drops the past for speed, but the seat's information state (perfect
    # recall) is what it has seen: give it back the events this seat saw, so ISMCTS finds the
    # sampled world under the same key as the real one.
    world.state.log = events_for(game.state.log, seat)
    return world


class DelveObserver:
    """Observations for OpenSpiel: the JSON of a seat's view (with or without the log) and
    its encoding as a tensor (with per-seat move counts for the information state)."""

    def __init__(self, game: DelveGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.encoder = game.encoder
        size = game.obs_size + (len(game.seats) if perfect_recall else 0)
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}

    def set_from(self, state: DelveState, player: int) -> None:
        """Fill the tensor from ``player``'s view."""
        view = _view(state.delve, state.seats[player])
        board = self.encoder.board(view).ravel()
        features = self.encoder.features(view)
        self.tensor[: board.size] = board
        self.tensor[board.size: board.size + features.size] = features
        if self.perfect_recall:
            self.tensor[board.size + features.size:] = np.minimum(1.0, np.asarray(state.seat_moves) / 3000)

    def string_from(self, state: DelveState, player: int) -> str:
        """What ``player``'s seat may see, as sorted JSON."""
        from delve.api import game_view

        view = game_view(state.delve, state.seats[player])
        if not self.perfect_recall:
            view.pop("log", None)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def register() -> str:
    """Register ``python_delve`` with OpenSpiel once; ``pyspiel.load_game`` then finds it."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, DelveGame)
    return SHORT_NAME


register()
