"""Delve as an OpenSpiel python game (``python_delve``), for OpenSpiel's algorithms and tests.

Players: the hero seats (``h1``..., by default one seat playing both heroes), then the
overlord; returns are +1 / -1 for the winning / losing side, split evenly among hero seats so
the game is zero-sum, and 0 for all when the move cap ends the game first.

Chance: the game runs in physical-dice mode (``chance="manual"``), so every die is a decision
of the ``table`` seat; that seat is OpenSpiel's chance player, with the die's faces as
outcomes (a face printed twice on a die counts twice: the outcome's probability is its share
of the six faces). Limitation: the other randomness of the engine (overlord card draws and
shuffles through ``Chance.pick``/``shuffle``, and the few rolls made inside an effect) is
drawn from the game's seed (the ``seed`` parameter), so it is fixed by the initial state
rather than exposed as chance nodes. Simulations are correct and reproducible; algorithms
that enumerate chance (exact expectimax, CFR over chance) see only the dice as chance.

Information: each player's information state string is the JSON of ``view(game, seat)``
(what that seat may see, including its visible log); the observation string is the same
view without the log. Actions: ``num_distinct_actions`` = ``max_choices``; action ``i`` is
the ``i``-th legal choice in the engine's order.
"""

from __future__ import annotations

import json
from typing import Any

import pyspiel

from delve.api import Game, game_view, new_game
from delve.engine.decision import OVERLORD, TABLE
from delve.envs.options import EnvOptions

SHORT_NAME = "python_delve"
DEFAULT_PARAMS: dict[str, Any] = {"quest": "first-steps", "seed": 0, "hero_seats": 1, "max_choices": 256,
                                  "max_moves": 3000}
MAX_PLAYERS = 5  # four hero seats and the overlord

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Delve (Descent 1st edition rules engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=DEFAULT_PARAMS,
)


class DelveGame(pyspiel.Game):
    """The OpenSpiel game: reads its parameters and makes initial states."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.params = {**DEFAULT_PARAMS, **(params or {})}
        setup_options = self._options()
        # Parsing a quest map is slow and OpenSpiel's tests make many initial states: make one.
        # Not transactional: OpenSpiel only applies legal actions, and skipping the snapshot of
        # every apply halves the cost of its tests, which replay histories from the start.
        self.initial = new_game(setup_options.setup(int(self.params["seed"])), transactional=False)
        self.seats = [s for s in self.initial.state.seats if s != OVERLORD] + [OVERLORD]
        info = pyspiel.GameInfo(
            num_distinct_actions=int(self.params["max_choices"]),
            max_chance_outcomes=6,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=int(self.params["max_moves"]),
        )
        super().__init__(_GAME_TYPE, info, self.params)

    def _options(self) -> EnvOptions:
        """The setup: the quest's default heroes shared out over ``hero_seats`` seats."""
        from delve.api import open_pack

        pack = open_pack("starter")
        heroes = list(pack.heroes)[:2]
        count = max(1, min(int(self.params["hero_seats"]), len(heroes)))
        seats = [heroes[i::count] for i in range(count)]
        return EnvOptions(quest=str(self.params["quest"]), heroes=heroes, seats=seats, chance="manual",
                          overlord="agent", max_choices=int(self.params["max_choices"]))

    def new_initial_state(self) -> DelveState:
        """A new game in physical-dice mode."""
        return DelveState(self, self.initial.clone())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DelveObserver:
        """Strings only: perfect recall gives the information state (with the log)."""
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return DelveObserver(perfect_recall)


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
        self.max_choices = int(game.params["max_choices"])
        self.max_moves = int(game.params["max_moves"])
        self.moves = 0

    @property
    def delve(self) -> Game:
        """The Delve game of this position."""
        return self._held.game

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
        """Action i is the i-th legal choice (the first ``max_choices`` of them)."""
        decision = self.delve.pending
        assert decision is not None
        return list(range(min(len(decision.choices), self.max_choices)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each distinct face (its first position in the list) with its share of the die."""
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
        result = self.delve.apply(decision.choices[action].id, decision.seat, decision.serial)
        if not result.accepted:
            raise ValueError(result.reason)
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        decision = self.delve.pending
        if decision is None or not 0 <= action < len(decision.choices):
            return f"action {action}"
        return decision.choices[action].id

    def returns(self) -> list[float]:
        """+1 / -1 by side (hero seats share theirs evenly), 0 until the end or after the cap."""
        winner = self.delve.state.winner
        hero_seats = len(self.seats) - 1
        if winner is None:
            return [0.0] * len(self.seats)
        sign = 1.0 if winner == "heroes" else -1.0
        return [sign / hero_seats] * hero_seats + [-sign]

    def __str__(self) -> str:
        state = self.delve.state
        return (f"round {state.round} conquest {state.conquest} threat {state.overlord.threat} "
                f"winner {state.winner} moves {self.moves} serial {state.serial}")


class DelveObserver:
    """Observation strings for OpenSpiel: the JSON of a seat's view (with or without the log)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: DelveState, player: int) -> None:
        """No tensors: nothing to set."""

    def string_from(self, state: DelveState, player: int) -> str:
        """What ``player``'s seat may see, as sorted JSON."""
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
