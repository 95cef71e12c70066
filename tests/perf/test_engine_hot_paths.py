"""The engine's hot paths give what their plain readings give (issue "A lean engine", point 3).

Each fast path is compared, on positions of real seeded games of every starter quest, with the
straightforward code it replaced (kept here as the reference): attack targets worked out per
space (``can_target`` with its own blocker sets), move choices built from every ``Reach``, a
familiar's cheapest spaces found with ``step_options``, and spawn spaces after the figures or
the revealed areas changed under the kept sight mask.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import replace

import pytest
from tests.perf.test_spawn_fast_path import reference as spawn_reference

from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, new_game
from delve.board.geometry import Footprint, Pos
from delve.board.los import footprint_line_of_sight, has_line_of_sight
from delve.board.movement import (
    _HAZARD_BITS,
    Reach,
    SmallReaches,
    _cells,
    _ends_ok,
    _indices,
    _small_row,
    _static_steps,
    reachable,
    single_steps,
    step_cost,
    step_options,
)
from delve.engine.decision import Choice
from delve.engine.game import Game
from delve.engine.state import FigureState
from delve.rules import familiars, revealing, terrain
from delve.rules.attack import REACH_RANGE, attack_range, figure_at, target_spaces
from delve.rules.equipment import content
from delve.rules.movement import destinations, enemy_spaces, figure_spaces, footprint_key, move_choices, on_board
from delve.rules.spawning import legal_spawn_footprints

QUESTS = ("first-steps", "bridge-of-teeth", "the-drowned-library", "the-sunken-forge")


def positions(quest: str, every: int = 25, steps: int = 300) -> list[Game]:
    """Copies of one seeded random game of ``quest`` every ``every`` choices."""
    game = new_game(GameSetup(quest=quest, seed=9, choices=False), transactional=False)
    player = RandomPlayer(3, end_bias=0.2)
    found = []
    for step in range(steps):
        decision = game.pending
        if decision is None:
            break
        if step % every == 0:
            found.append(game.clone())
        assert game.apply(player.choose(decision, game), decision.seat).accepted
    return found


def can_target_reference(game: Game, attacker: FigureState, target: Pos, attack_type: str, reach: bool) -> bool:
    """``can_target`` as it was: blockers built from positions for every space asked about."""
    rng = attack_range(game, attacker, target)
    if rng == 0 or (attack_type == "melee" and rng > (REACH_RANGE if reach else 1)):
        return False
    occupant = figure_at(game, target)
    blockers = figure_spaces(game, exclude=attacker.id)
    if occupant is not None:
        blockers -= set(occupant.footprint.cells())
    return footprint_line_of_sight(game.board, attacker.footprint, target, blockers)


def target_spaces_reference(game: Game, attacker: FigureState, attack_type: str, reach: bool, blast: int) -> list[Pos]:
    spaces: set[Pos] = set()
    enemies = [f for f in game.state.figures.values() if f.side != attacker.side and on_board(f)]
    for enemy in enemies:
        cells = sorted(enemy.footprint.cells(), key=lambda c: (attack_range(game, attacker, c), c[1], c[0]))
        for cell in cells:
            if can_target_reference(game, attacker, cell, attack_type, reach):
                spaces.add(cell)
                break
    if blast > 0:  # every other space within the blast of an enemy's space
        enemy_cells = [c for enemy in enemies for c in enemy.footprint.cells()]
        for pos in game.board.spaces():
            if pos in spaces or attacker.footprint.contains(pos):
                continue
            if any(max(abs(pos[0] - x), abs(pos[1] - y)) <= blast for x, y in enemy_cells) and \
                    can_target_reference(game, attacker, pos, attack_type, reach):
                spaces.add(pos)
    return sorted(spaces, key=lambda p: (p[1], p[0]))


@pytest.mark.parametrize("quest", QUESTS)
def test_attack_targets_match_the_space_by_space_reading(quest: str) -> None:
    checked = 0
    for game in positions(quest):
        for figure in [f for f in game.state.figures.values() if on_board(f)]:
            moved = replace(figure, footprint=Footprint(x=figure.pos[0] + 1, y=figure.pos[1],
                                                        w=figure.footprint.w, h=figure.footprint.h))
            for attacker in (figure, moved):  # as the AIs ask: from where the figure could stand
                for attack_type, reach, blast in (("melee", False, 0), ("melee", True, 0), ("ranged", False, 0),
                                                  ("magic", False, 1), ("ranged", False, 2)):
                    assert target_spaces(game, attacker, attack_type, reach, blast) == target_spaces_reference(
                        game, attacker, attack_type, reach, blast), (attacker.id, attack_type, reach, blast)
                    checked += 1
    assert checked > 100


def move_choices_reference(game: Game, figure: FigureState, budget: int) -> list[tuple[str, str, dict[str, int]]]:
    found = destinations(game, figure, budget)
    ordered = sorted(found.items(), key=lambda item: (item[1].cost, item[0].y, item[0].x))
    return [(f"move:{footprint_key(fp)}", f"Move {figure.name} to ({fp.x},{fp.y}) for {reach.cost} movement",
             {"x": fp.x, "y": fp.y, "w": fp.w, "h": fp.h, "cost": reach.cost}) for fp, reach in ordered]


@pytest.mark.parametrize("quest", QUESTS)
def test_move_choices_match_the_reach_by_reach_reading(quest: str) -> None:
    checked = 0
    for game in positions(quest, every=40):
        for figure in [f for f in game.state.figures.values() if on_board(f)]:
            for budget in (1, 4, 9):
                got = [(c.id, c.label, c.data) for c in move_choices(game, figure, budget)]
                assert got == move_choices_reference(game, figure, budget)
                checked += len(got)
    assert checked > 100


def cheapest_reference(game: Game, start: Pos, budget: int, fly: bool,
                       price: Callable[[Pos, Pos, int], int | None]) -> dict[Pos, int]:
    """``familiars.cheapest_spaces`` read plainly: relax every step from every space reached until
    nothing gets cheaper, with ``step_options`` and ``_revealed`` per step."""
    best: dict[Pos, int] = {start: 0}
    changed = True
    while changed:
        changed = False
        for pos, cost in list(best.items()):
            for fp, paid in step_options(game.board, Footprint.single(pos), (), fly=fly):
                nxt = (fp.x, fp.y)
                step = price(pos, nxt, paid) if familiars._revealed(game, nxt) else None
                if step is not None and cost + step <= budget and cost + step < best.get(nxt, budget + 1):
                    best[nxt] = cost + step
                    changed = True
    return best


@pytest.mark.parametrize("quest", QUESTS)
def test_familiar_search_and_single_steps_match_step_options(quest: str) -> None:
    game = positions(quest, every=150)[-1]
    board = game.board
    spaces = list(board.spaces())
    for fly in (False, True):
        for pos in spaces:
            steps = step_options(board, Footprint.single(pos), (), fly)
            assert single_steps(board, pos, fly) == [((fp.x, fp.y), cost) for fp, cost in steps]
        for pos in spaces[::17]:
            def price(src: Pos, dst: Pos, step_cost: int, fly: bool = fly) -> int:
                return step_cost if fly else familiars._walk_cost(game, src, dst)
            assert familiars.cheapest_spaces(game, pos, 7, fly=fly, price=price) == cheapest_reference(
                game, pos, 7, fly, price)


@pytest.mark.parametrize("quest", QUESTS[:2])
def test_spawn_spaces_follow_figures_and_areas_under_the_kept_sight_mask(quest: str) -> None:
    game = positions(quest, every=100)[-1]
    monster_id = sorted(content(game).monsters)[0]
    assert legal_spawn_footprints(game, monster_id) == spawn_reference(game, monster_id)
    monster = next((f for f in game.state.monsters() if on_board(f)), None)
    free = legal_spawn_footprints(game, monster_id)
    if monster is not None and free:  # a monster moves: the heroes' sight (the kept part) is the same
        monster.footprint = Footprint(x=free[-1].x, y=free[-1].y, w=monster.footprint.w, h=monster.footprint.h)
        assert legal_spawn_footprints(game, monster_id) == spawn_reference(game, monster_id)
    for area in game.board.areas:  # every area revealed: more spaces may take a monster
        game.board.reveal_area(area.id)
    assert legal_spawn_footprints(game, monster_id) == spawn_reference(game, monster_id)


@pytest.mark.parametrize("quest", QUESTS)
def test_step_cost_is_the_cost_step_options_gives(quest: str) -> None:
    checked = 0
    for game in positions(quest, every=60):
        for figure in [f for f in game.state.figures.values() if on_board(f)]:
            enemies = enemy_spaces(game, figure)
            for fly in (False, True):
                options = dict(step_options(game.board, figure.footprint, enemies, fly))
                fp = figure.footprint
                for dx in (-2, -1, 0, 1, 2):
                    for dy in (-2, -1, 0, 1, 2):
                        for w, h in {(fp.w, fp.h), (fp.h, fp.w)}:
                            after = Footprint(x=fp.x + dx, y=fp.y + dy, w=w, h=h)
                            assert step_cost(game.board, fp, after, enemies, fly) == options.get(after)
                            checked += 1
    assert checked > 200


@pytest.mark.parametrize("quest", QUESTS)
def test_jump_targets_are_the_same_without_the_neighbour_precheck(quest: str, monkeypatch: pytest.MonkeyPatch) -> None:
    games = positions(quest, every=30)
    fast = [[terrain.jump_targets(g, f, b) for f in g.state.figures.values() for b in (2, 6)] for g in games]
    monkeypatch.setattr(terrain, "_jumpable_next_to", lambda game, pos: True)
    for game, expected in zip(games, fast, strict=True):
        assert [terrain.jump_targets(game, f, b) for f in game.state.figures.values() for b in (2, 6)] == expected


def reach_small_reference(game: Game, start: Pos, budget: int, enemies: set[Pos],
                          fly: bool) -> list[tuple[Pos, Pos, int]]:
    """The one-space search read plainly: Dijkstra over each space's step row (``_small_row``,
    one destination at a time, every settled space expanded) with (key, parent, space) tuples on
    the heap; (space, parent, packed key) of every settled space in search order."""
    ix = game.board.index()
    w = ix.width
    enemy = _indices(ix, enemies)
    s = start[1] * w + start[0]
    limit = (budget + 1) << _HAZARD_BITS
    best: dict[int, int] = {s: 0}
    settled: dict[int, tuple[int, int]] = {}
    heap = [(0, s, s)]
    while heap:
        key, parent, c = heapq.heappop(heap)
        if c in settled:
            continue
        settled[c] = (parent, key)
        for d, step in _small_row(ix, c, fly):
            nk = key + step
            if nk < limit and (fly or d not in enemy) and nk < best.get(d, limit):
                best[d] = nk
                heapq.heappush(heap, (nk, c, d))
    return [((c % w, c // w), (p % w, p // w), key) for c, (p, key) in settled.items()]


@pytest.mark.parametrize("quest", QUESTS)
def test_grouped_search_settles_as_the_plain_dijkstra(quest: str) -> None:
    """``reachable`` (steps of equal cost grouped per space, spaces at the budget's edge not
    expanded) settles the same spaces in the same order, from the same parents, at the same keys."""
    checked = 0
    for game in positions(quest, every=40):
        ix = game.board.index()
        w = ix.width
        for figure in [f for f in game.state.figures.values() if on_board(f) and f.footprint.size == 1]:
            enemies = enemy_spaces(game, figure)
            others = figure_spaces(game, exclude=figure.id)
            for budget in (0, 1, 3, 5, 9):
                for fly in (False, True):
                    found = reachable(game.board, figure.footprint, budget, enemies, others, fly=fly)
                    assert isinstance(found, SmallReaches)
                    got = [((c % w, c // w), (p % w, p // w), found._best[c]) for c, p in found._parent.items()]
                    assert got == reach_small_reference(game, figure.pos, budget, enemies, fly)
                    checked += len(got)
    assert checked > 1000


def areas_in_sight_reference(game: Game, hero: FigureState) -> set[str]:
    """The unrevealed areas a hero sees a space of, read plainly: line of sight (figures
    blocking) from each of the hero's spaces to every space of every unrevealed area."""
    blockers = figure_spaces(game, exclude=hero.id)
    return {area.id for area in game.board.areas if not area.revealed
            and any(has_line_of_sight(game.board, cell, space, blockers)
                    for space in game.board.spaces() if game.board.area_of(space) == area.id
                    for cell in hero.footprint.cells())}


@pytest.mark.parametrize("quest", QUESTS)
def test_areas_in_sight_match_every_line_of_sight(quest: str) -> None:
    """``revealing.areas_in_sight`` (areas no line reaches figures aside passed over, kept per
    space and area) finds the areas that every line of sight from the hero's spaces finds."""
    checked = 0
    for game in positions(quest, every=50):
        spaces = list(game.board.spaces())
        for hero in [f for f in game.state.heroes() if on_board(f)]:
            for pos in [hero.pos, *spaces[::23]]:
                moved = replace(hero, footprint=Footprint.single(pos))
                game.state.figures[hero.id] = moved
                assert revealing.areas_in_sight(game, moved) == areas_in_sight_reference(game, moved)
                checked += 1
            game.state.figures[hero.id] = hero
    assert checked > 50


def reach_large_reference(game: Game, figure: FigureState, budget: int,
                          fly: bool) -> list[tuple[Footprint, int, tuple[Footprint, ...]]]:
    """The search for figures of more than one space read plainly: Dijkstra over shapes with
    every settled shape expanded, its end tested from its spaces afresh."""
    ix = game.board.index()
    enemy = _indices(ix, enemy_spaces(game, figure))
    taken = _indices(ix, figure_spaces(game, exclude=figure.id)) | enemy
    fp0 = figure.footprint
    s0 = (fp0.x, fp0.y, fp0.w, fp0.h)
    best = {s0: (0, 0)}
    parent: dict = {}
    done: dict = {}
    heap = [(0, 0, s0)]
    while heap:
        cost, hz, s = heapq.heappop(heap)
        if s in done or best[s] != (cost, hz):
            continue
        prev = done.get(parent[s]) if s in parent else None
        fp = Footprint(x=s[0], y=s[1], w=s[2], h=s[3])
        done[s] = Reach.linked(cost, fp, prev) if prev else Reach(cost, (fp,))
        for st in _static_steps(ix, s, fly):
            nc, nh = cost + st.cost, hz + st.hazard
            better = (nc, nh) < best.get(st.shape, (budget + 1, 0))
            if nc <= budget and (fly or enemy.isdisjoint(st.entered)) and better:
                best[st.shape] = (nc, nh)
                parent[st.shape] = s
                heapq.heappush(heap, (nc, nh, st.shape))
    out = []
    for s, r in done.items():
        cells = _cells(ix, s)
        if cells is not None and not any(c in taken or not _ends_ok(ix, c, fly) for c in cells):
            out.append((r.footprint, r.cost, r.path))
    return out


@pytest.mark.parametrize("quest", QUESTS)
def test_large_search_matches_the_plain_dijkstra(quest: str) -> None:
    """``reachable`` for large figures (no expansion at the budget's edge, spaces kept from the
    step) finds the same ends in the same order, at the same costs, by the same paths."""
    checked = 0
    for game in positions(quest, every=40):
        for one in [f for f in game.state.figures.values() if on_board(f)]:
            w, h = [(2, 2), (1, 2), (2, 1), (3, 2)][checked % 4]  # every figure as a large one
            figure = replace(one, footprint=Footprint(x=one.pos[0], y=one.pos[1], w=w, h=h))
            game.state.figures[one.id] = figure
            enemies = enemy_spaces(game, figure)
            others = figure_spaces(game, exclude=figure.id)
            for budget in (0, 1, 3, 5):
                for fly in (False, True):
                    found = reachable(game.board, figure.footprint, budget, enemies, others, fly=fly)
                    got = [(fp, r.cost, r.path) for fp, r in found.items()]
                    assert got == reach_large_reference(game, figure, budget, fly)
                    checked += len(got)
            game.state.figures[one.id] = one
    assert checked > 100


def test_shared_place_and_move_choices_are_what_a_fresh_choice_would_be() -> None:
    """Spawn places and moves come from ``SharedChoices`` (made once per key, then shared): the
    same id, label and data as built afresh, and the very same object when asked again."""
    from delve.rules import movement, spawning

    for label, (x, y, w, h) in [("Goblin", (3, 4, 1, 1)), ("master Ogre", (0, 7, 2, 2)), ("Razorwing", (5, 1, 2, 1))]:
        key = footprint_key(Footprint(x=x, y=y, w=w, h=h))
        fresh = Choice(id=f"place:{key}", label=f"Place the {label} at ({x},{y})",
                       data={"x": x, "y": y, "w": w, "h": h})
        assert spawning._place_choice(label, x, y, w, h) == fresh
        assert spawning._place_choice(label, x, y, w, h) is spawning._place_choice(label, x, y, w, h)
        moved = Choice(id=f"move:{key}", label=f"Move {label} to ({x},{y}) for 3 movement",
                       data={"x": x, "y": y, "w": w, "h": h, "cost": 3})
        assert movement.move_choice(label, x, y, w, h, 3) == moved


@pytest.mark.parametrize("quest", QUESTS[:2])
def test_sight_past_a_frozenset_of_figures_is_sight_past_the_same_list(quest: str) -> None:
    """Blockers given as a frozenset have their flat indices kept on the view (asked again and
    again by the AIs): every answer is the one the same blockers give as a plain list."""
    checked = 0
    for game in positions(quest, every=60):
        spaces = list(game.board.spaces())
        for figure in [f for f in game.state.figures.values() if on_board(f)]:
            block = figure_spaces(game, exclude=figure.id)
            for frozen in (frozenset(block), frozenset(block), frozenset(list(block)[:2])):
                for target in spaces[::7]:
                    assert footprint_line_of_sight(game.board, figure.footprint, target, frozen) == \
                        footprint_line_of_sight(game.board, figure.footprint, target, list(frozen))
                    checked += 1
    assert checked > 500
