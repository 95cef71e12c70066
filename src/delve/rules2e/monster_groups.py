"""Ruleset 2e: monster groups of minions and masters (descent-2e excerpt A, Monsters; Lieutenants).

What differs from the 1st edition:

- Setup: a 2e quest lists ``monster_groups`` (a monster type and an area). Each group gets the
  minions and masters its monster card lists for the number of heroes (``MonsterType.group``),
  placed at setup in that area (the quest's map then needs no monster symbols). A lieutenant is
  a group of one (``delve.rules2e.lieutenants``). Groups in unrevealed areas wait in the reserve
  like the 1st edition's monsters and appear when their area is revealed.
- Membership: every monster of one type is in the same group (minions and masters alike); a
  lieutenant is its own group. An effect on a group affects each member (:func:`members`): a
  card effect with target ``triggering_monster_group`` runs once per member
  (``overlord_cards.GROUP_RULES``).
- Activation: monsters are activated in groups; once the overlord activates one member of a
  group, he activates the group's other members before any other monster
  (``overlord_turn.ACTIVATION_FILTERS``).

Where a group's figures stand (our reading; the Quest Guide shows them on its maps): the first
free spaces of the area in reading order (top row first, left to right), masters first, each
figure's base lying wholly inside the area on spaces that do not block movement. A figure with
no room left is not placed (an event says so).
"""

from __future__ import annotations

from typing import Any

from delve.board.geometry import Footprint, Pos
from delve.boundary import dump
from delve.content.quest import MonsterGroup, Quest
from delve.content.schema import GroupSize, MonsterType
from delve.engine.game import Game
from delve.engine.state import FigureState, Step
from delve.rules import equipment
from delve.rules.movement import on_board
from delve.rules.overlord_cards import GROUP_RULES
from delve.rules.overlord_turn import ACTIVATION_FILTERS, ACTIVATION_START_HOOKS
from delve.rules.setup import monster_figure, players_in_game
from delve.rules2e import active

REF = "Monsters"


def hero_count(game: Game) -> int:
    """Heroes in the game, 1 to 4 (the column of the group sizes)."""
    return max(1, min(4, len(game.state.heroes())))


def group_size(monster: MonsterType, heroes: int) -> GroupSize:
    """The group for ``heroes`` heroes; a card without that column uses the nearest smaller one
    (then the nearest larger); a card without any group is one minion (1st-edition content)."""
    if not monster.group:
        return GroupSize(minions=1, masters=0)
    smaller = [n for n in monster.group if n <= heroes]
    key = max(smaller) if smaller else min(monster.group)
    return monster.group[key]


def is_lieutenant_figure(game: Game, figure: FigureState) -> bool:
    """Is this figure a lieutenant (set up by ``delve.rules2e.lieutenants``)?"""
    return figure.id in game.state.flags.get("lieutenants", {})


def group_key(game: Game, figure: FigureState) -> str:
    """The group a monster belongs to: its type, or itself for a lieutenant."""
    return figure.id if is_lieutenant_figure(game, figure) else (figure.content_id or figure.id)


def members(game: Game, figure: FigureState) -> list[FigureState]:
    """Every monster on the board in ``figure``'s group (itself included): a group effect
    affects each of them (descent-2e excerpt A, Monsters)."""
    key = group_key(game, figure)
    return [m for m in game.state.monsters() if on_board(m) and m.side == figure.side and group_key(game, m) == key]


def _free_footprint(game: Game, cells: list[Pos], size: tuple[int, int], taken: set[Pos]) -> Footprint | None:
    """The first base of ``size`` (either way round) lying wholly on free ``cells``."""
    inside = set(cells)
    w, h = size
    shapes = [(w, h)] if w == h else [(w, h), (h, w)]
    for x, y in cells:
        for sw, sh in shapes:
            fp = Footprint(x=x, y=y, w=sw, h=sh)
            spaces = list(fp.cells())
            if all(c in inside and c not in taken and not game.board.blocks_movement_at(c) for c in spaces):
                return fp
    return None


def area_cells(game: Game, area: str) -> list[Pos]:
    """The area's spaces in reading order."""
    return sorted((p for p in game.board.spaces() if game.board.area_of(p) == area), key=lambda p: (p[1], p[0]))


def occupied(game: Game) -> set[Pos]:
    """Spaces figures stand on now, and spaces reserved figures will stand on."""
    taken = {c for f in game.state.figures.values() if on_board(f) for c in f.footprint.cells()}
    for waiting in game.state.flags.get("reserve", {}).values():
        for placement in waiting:
            taken |= set(Footprint(**placement["footprint"]).cells())
    return taken


def build_group(game: Game, group: MonsterGroup) -> list[FigureState]:
    """The group's figures for this game, placed in its area (masters first)."""
    from delve.rules2e.lieutenants import lieutenant_figure

    pack = equipment.content(game)
    monster = pack.monsters[group.monster]
    cells = area_cells(game, group.area)
    taken = occupied(game)
    size = (monster.size.w, monster.size.h)
    if monster.lieutenant:
        ranks = [True]
    else:
        wanted = group_size(monster, hero_count(game))
        ranks = [True] * wanted.masters + [False] * wanted.minions
    built: list[FigureState] = []
    for master in ranks:
        fp = _free_footprint(game, cells, size, taken)
        if fp is None:
            game.emit("monster_not_placed", f"No room for a {monster.name} in {group.area}.", ref=REF,
                      monster=monster.id, area=group.area)
            continue
        taken |= set(fp.cells())
        if monster.lieutenant:
            figure = lieutenant_figure(game, monster, fp)
        else:
            figure = monster_figure(monster, game.state.new_id("m"), fp, master=master,
                                    players=players_in_game(game.state))
        built.append(figure)
    return built


def set_up_groups(game: Game, quest: Quest) -> None:
    """Place the quest's monster groups: on the board in revealed areas, else in the reserve."""
    reserve: dict[str, list[dict[str, Any]]] = game.state.flags.setdefault("reserve", {})
    for group in quest.monster_groups:
        figures = build_group(game, group)
        revealed = game.board.area(group.area).revealed
        for figure in figures:
            if revealed:
                game.state.figures[figure.id] = figure
            else:
                reserve.setdefault(group.area, []).append(dump(figure))
        game.emit("monster_group_set_up", f"A group of {len(figures)} {group.monster} is set up in {group.area}.",
                  ref=REF, monster=group.monster, area=group.area, figures=[f.id for f in figures],
                  visible_to=None if revealed else ["overlord"])


def _finish_the_group_first(game: Game, step: Step, found: list[FigureState]) -> list[FigureState]:
    """Once a group has begun activating, its other members activate before any other monster:
    while the group activated last has members left, only they are offered."""
    last = step.data.get(LAST_GROUP)
    if not active(game) or last is None:
        return found
    return [m for m in found if group_key(game, m) == last] or found


def _remember_the_group(game: Game, activation: Step, monster: FigureState) -> None:
    """Note on the overlord's turn which group is activating (a monster a hero controls, or one
    activated outside the overlord's turn, starts no group)."""
    if not active(game) or activation.data.get("seat", "overlord") != "overlord":
        return
    turn = next((s for s in reversed(game.state.stack) if s.kind == "overlord_turn"), None)
    if turn is not None:
        turn.data[LAST_GROUP] = group_key(game, monster)


LAST_GROUP = "group_activating"
ACTIVATION_FILTERS.append(_finish_the_group_first)
ACTIVATION_START_HOOKS.append(_remember_the_group)


def _group_of(game: Game, figure: FigureState) -> list[FigureState] | None:
    """``overlord_cards.GROUP_RULES``: a group effect affects each member of a monster's group."""
    if not active(game) or figure.kind != "monster":
        return None
    return members(game, figure)


GROUP_RULES.append(_group_of)
