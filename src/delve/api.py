"""Delve's public Python API: create, load and replay games.

Why a facade: interfaces (CLI, web, envs) import only this module and ``delve.engine`` types,
never the rules modules, so the layers stay as ``docs/architecture.md`` draws them.

    from delve.api import new_game
    game = new_game(GameSetup(heroes=["sera", "brannoc"], seed=7))
    decision = game.pending                      # who decides what, and the legal choices
    result = game.apply(decision.choices[0].id, decision.seat)
    view = game_view(game, "h1")                 # what that seat may see
"""

from __future__ import annotations

from functools import cache
from typing import Any

from delve.content.loader import open_pack as load_content_pack
from delve.content.pack import Pack
from delve.engine.decision import ChoiceRecord
from delve.engine.game import Game
from delve.engine.state import GameState
from delve.engine.views import view
from delve.rules.setup import GameSetup, new_state
from delve.rulesets import handlers_for

__all__ = ["Game", "GameSetup", "game_view", "load_game", "new_game", "open_pack", "player_rules", "replay_game"]


def open_pack(name: str) -> Pack:
    """The starter pack by name, or a pack folder by path (an expansion brings the packs it requires)."""
    return load_content_pack(name)


def new_game(setup: GameSetup | None = None, *, transactional: bool = True) -> Game:
    """A new game of a quest, waiting for its first decision."""
    setup = setup or GameSetup()
    pack = open_pack(setup.pack)
    state = new_state(setup, pack)
    return Game(state, handlers_for(setup.ruleset), transactional=transactional)


def load_game(text: str) -> Game:
    """A game from a save made with ``Game.to_json``."""
    state = GameState.model_validate_json(text)
    return Game(state, handlers_for(state.ruleset))


def replay_game(setup: GameSetup, choices: list[ChoiceRecord]) -> Game:
    """Rebuild a game from its setup and its recorded choices."""
    game = new_game(setup)
    game.replay(choices)
    return game


def game_view(game: Game, seat: str) -> dict[str, Any]:
    """What ``seat`` may see of ``game`` (see ``delve.engine.views``)."""
    return view(game, seat)


@cache
def player_rules() -> Any:
    """The rules arithmetic automated players may compute with (they sit above this facade and
    may not import ``delve.rules``): attack contexts and targets, the attack arithmetic, armor.

    Why one namespace returned by a function: players call the same functions the table uses,
    so an AI's estimate and the engine's result cannot drift apart, and the import stays lazy.
    Built once (``functools.cache``): players ask for it inside their hottest loops.
    """
    from types import SimpleNamespace

    from delve.rules import attack, attack_math, equipment, movement

    return SimpleNamespace(
        hero_attack_context=attack.hero_attack_context, target_spaces=attack.target_spaces,
        immune_from=attack.immune_from,
        load_attack=attack.load, current_attack=attack.current_attack, attack_totals=attack._totals,
        defense_of=attack._defense, wounds_after_hooks=attack.wounds_after_hooks,
        resolve=attack_math.resolve, best_play=attack_math.best_play,
        Spend=attack_math.Spend, armor_value=equipment.armor_value, weapons=equipment.weapons,
        item=equipment.item, UNARMED=equipment.UNARMED, destinations=movement.destinations,
    )
