"""``legal_spawn_footprints`` (computed over the board's flat view, sight groups first) gives
exactly what checking every footprint space by space with ``spawn_space_ok`` gives
(Rulebook: Step 2: Spawn Monsters), on positions of real seeded games of every starter quest."""

from __future__ import annotations

import pytest

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game
from delve.board.geometry import Footprint, Pos
from delve.engine.game import Game
from delve.rules.equipment import content
from delve.rules.movement import on_board
from delve.rules.spawning import _watchers, legal_spawn_footprints, spawn_space_ok

QUESTS = ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")


def reference(game: Game, monster_id: str, without: str | None = None) -> list[Footprint]:
    """The plain reading: every footprint on the board, each of its spaces checked on its own."""
    size = content(game).monsters[monster_id].size
    occupied = {c for f in game.state.figures.values() if on_board(f) and f.id != without for c in f.footprint.cells()}
    watchers = _watchers(game)
    good: dict[Pos, bool] = {}
    found = []
    for y in range(game.board.height):
        for x in range(game.board.width):
            for w, h in sorted({(size.w, size.h), (size.h, size.w)}):
                fp = Footprint(x=x, y=y, w=w, h=h)
                cells = fp.cells()
                for cell in cells:
                    if cell not in good:
                        good[cell] = spawn_space_ok(game, cell, occupied, watchers)
                if all(good[cell] for cell in cells):
                    found.append(fp)
    return found


@pytest.mark.parametrize("quest", QUESTS)
def test_spawn_footprints_match_the_space_by_space_reading(quest: str) -> None:
    game = new_game(GameSetup(quest=quest, seed=5, choices=False), transactional=False)
    player = RandomPlayer(7, end_bias=0.25)
    monsters = sorted(content(game).monsters)
    checked = 0
    for step in range(240):
        decision = game.pending
        if decision is None:
            break
        if step % 40 == 0:
            for monster_id in monsters:
                assert legal_spawn_footprints(game, monster_id) == reference(game, monster_id), (step, monster_id)
                checked += 1
            some = next(iter(game.state.monsters()), None)
            if some is not None:
                assert legal_spawn_footprints(game, monsters[0], without=some.id) == reference(
                    game, monsters[0], without=some.id)
        assert game.apply(player.choose(decision, game), decision.seat).accepted
    assert checked >= len(monsters)
