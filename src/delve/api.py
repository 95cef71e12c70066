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
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from delve.boundary import load_json
from delve.content.loader import open_pack as load_content_pack
from delve.content.pack import Pack
from delve.engine.decision import ChoiceRecord
from delve.engine.game import EngineError, Game
from delve.engine.state import GameState
from delve.engine.views import view
from delve.rules.setup import GameSetup, new_state
from delve.rulesets import handlers_for
from delve.safe_yaml import read_text_limited

__all__ = ["Game", "GameSetup", "SaveError", "check_save", "game_view", "load_game", "load_save_file", "new_game",
           "open_pack", "play_setup", "player_rules", "replay_game"]


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
    state = load_json(GameState, text)
    return Game(state, handlers_for(state.ruleset))


MAX_SAVE_BYTES = 64_000_000  # a long game's save (with its log) is a few MB


class SaveError(ValueError):
    """A save that cannot be resumed; the message is one line naming the file, entry and field."""


def check_save(text: str, source: str = "save", *, replay: bool = True) -> Game:
    """The game a save holds, after checking it from top to bottom: valid JSON of a game state,
    a setup it was made from, and a history that replays from that setup to exactly this state.

    Why so strict: a save with a garbage history entry or an emptied stack would otherwise load
    and play on from a state no game can reach (issue 21). Flags an interface added to the state
    for itself (such as the terminal's overlord player) are taken over before the comparison.
    ``replay=False`` checks only the shape (for a drawing of a save, where no play resumes)."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"{source}: the save is {len(text):,} characters; the limit is {MAX_SAVE_BYTES:,}")
    try:
        state = load_json(GameState, text)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"]) or "(the whole file)"
        raise SaveError(f"{source}: field {where}: {error['msg']}") from None
    if not replay:
        try:
            return Game(state, handlers_for(state.ruleset))
        except Exception as exc:
            raise SaveError(f"{source}: the game cannot continue from this state: {exc}") from None
    try:
        setup = GameSetup.model_validate(state.flags.get("setup"))
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        raise SaveError(f"{source}: field flags.setup{'.' + where if where else ''}: {error['msg']}") from None
    try:
        replayed = new_game(setup, transactional=False)
    except Exception as exc:
        raise SaveError(f"{source}: field flags.setup: the game cannot be set up: {exc}") from None
    for number, record in enumerate(state.history):
        try:
            result = replayed.apply(record.choice, record.seat)
        except EngineError as exc:
            raise SaveError(f"{source}: history entry {number}, field choice: the engine failed on "
                            f"{record.choice!r}: {exc}") from None
        if not result.accepted:
            raise SaveError(f"{source}: history entry {number}, field choice: {result.reason}")
    ours = replayed.state.flags  # in the save's key order (the hash reads the JSON text)
    replayed.state.flags = {key: ours.get(key, value) for key, value in state.flags.items()}
    replayed.state.flags.update((key, value) for key, value in ours.items() if key not in state.flags)
    loaded = Game(state, handlers_for(state.ruleset))
    if replayed.state_hash() != loaded.state_hash():
        raise SaveError(f"{source}: the saved state is not the state its history leads to "
                        f"(replayed {len(state.history)} choices from the setup): the file was changed")
    return loaded


def load_save_file(path: Path) -> Game:
    """``check_save`` of a save file, refusing a folder, a huge file or bytes that are not UTF-8."""
    try:
        text = read_text_limited(path, MAX_SAVE_BYTES)
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except (OSError, ValueError) as exc:
        raise SaveError(f"{path}: cannot read the save: {exc}") from None
    return check_save(text, str(path))


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

    from delve.rules import attack, attack_math, dice, equipment, movement

    return SimpleNamespace(
        hero_attack_context=attack.hero_attack_context, target_spaces=attack.target_spaces,
        immune_from=attack.immune_from,
        load_attack=attack.load, current_attack=attack.current_attack, attack_totals=attack._totals,
        defense_of=attack._defense, wounds_after_hooks=attack.wounds_after_hooks,
        resolve=attack_math.resolve, best_play=attack_math.best_play,
        Spend=attack_math.Spend, armor_value=equipment.armor_value, weapons=equipment.weapons,
        item=equipment.item, UNARMED=equipment.UNARMED, destinations=movement.destinations,
        die_spec=dice.die_spec,
    )
