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
from typing import Any, Literal

from delve.content.loader import open_pack as load_content_pack
from delve.content.pack import Pack
from delve.engine.decision import ChoiceRecord
from delve.engine.game import Game
from delve.engine.state import GameState
from delve.engine.views import view
from delve.rules.setup import GameSetup, new_state
from delve.rulesets import handlers_for

__all__ = ["Game", "GameSetup", "game_view", "load_game", "new_game", "open_pack", "play_setup", "player_rules",
           "replay_game"]


def open_pack(name: str) -> Pack:
    """The starter pack by name, or a pack folder by path (an expansion brings the packs it requires)."""
    return load_content_pack(name)


def play_setup(*, ruleset: str | None = None, pack: str | None = None, quest: str | None = None,
               heroes: list[str] | tuple[str, ...] = (), seats: list[list[str]] | None = None, seed: int = 0,
               chance: Literal["seeded", "manual"] = "seeded", solo: bool = False, easy: bool = False,
               quick: bool = False, check: bool = True) -> GameSetup:
    """The setup of a game played by programs: ``delve simulate``, the environments and the
    OpenSpiel game all start their games here, so they play the same game.

    Why one place: the simulator's heroes shop before the quest and the environments' did not,
    so the same players won 99% in one and 76% in the other. The default is the table's setup
    (setup decisions: skill trade-in, starting purchases, placement, treachery); ``quick`` skips
    them (heroes start unarmed). With ``check`` the content is fitted to the ruleset
    (``delve.rulesets.fit_content``): no ruleset takes the pack's, and a pack written for
    another ruleset is a ``ValueError`` that says which one it needs.
    """
    from delve.rulesets import default_content, fit_content

    if check:
        ruleset, pack, quest = fit_content(ruleset, quest, pack)
    else:
        ruleset = ruleset or "1e"
        pack, quest = default_content(ruleset, quest, pack)
    return GameSetup(ruleset=ruleset, pack=pack, quest=quest, heroes=list(heroes), seats=seats, seed=seed,
                     chance=chance, solo=solo, easy=easy, choices=not quick)


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
        defense_of=attack._defense, resolve=attack_math.resolve, best_play=attack_math.best_play,
        Spend=attack_math.Spend, armor_value=equipment.armor_value, weapons=equipment.weapons,
        item=equipment.item, UNARMED=equipment.UNARMED, destinations=movement.destinations,
    )
