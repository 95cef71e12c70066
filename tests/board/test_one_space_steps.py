"""The written-out steps of a one-space figure (``movement._one_space_steps``) are exactly the
steps the general shape code finds (``_general_steps``), in the same order: every terrain kind,
blocking markers, a crushing wall over a pit, walls and doors, void, flying or not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from delve.board.builders import open_board
from delve.board.grid import Board, Door, Marker
from delve.board.movement import _general_steps, _one_space_steps
from delve.board.terrain import load_terrain

W, H = 7, 6


def check_every_space(board: Board) -> None:
    ix = board.index()
    for fly in (False, True):
        for y in range(-1, H + 1):
            for x in range(-1, W + 1):
                assert _one_space_steps(ix, x, y, fly) == _general_steps(ix, (x, y, 1, 1), fly), (x, y, fly)


def test_pits_under_a_crushing_wall_and_a_door() -> None:
    terrain = {(1, 1): "pit", (2, 1): "pit", (3, 1): "pit", (4, 4): "mud", (5, 4): "mud", (2, 4): "water"}
    door = Door(id="d", edges=(((3, 2), (3, 3)), ((4, 2), (4, 3))))
    board = open_board(W, H, terrain=terrain, walls=[((0, 0), (1, 0)), ((5, 0), (5, 1))], doors=[door],
                       void=[(6, 5)])
    board.add_marker(Marker(id="w", kind="crushing_wall", pos=(2, 1)))
    board.add_marker(Marker(id="b", kind="boulder", pos=(5, 2)))
    check_every_space(board)
    board.set_door_open("d", True)
    check_every_space(board)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_random_boards(data: st.DataObject) -> None:
    kinds = sorted(load_terrain())
    cells = [(x, y) for y in range(H) for x in range(W)]
    terrain = data.draw(st.dictionaries(st.sampled_from(cells), st.sampled_from(kinds), max_size=18))
    void = data.draw(st.lists(st.sampled_from(cells), max_size=4))
    edges = [((x, y), (x + 1, y)) for x in range(W - 1) for y in range(H)] + \
        [((x, y), (x, y + 1)) for x in range(W) for y in range(H - 1)]
    walls = data.draw(st.lists(st.sampled_from(edges), max_size=10))
    board = open_board(W, H, terrain=terrain, walls=walls, void=void)
    spaces = [p for p in cells if p not in void]
    for i, (kind, pos) in enumerate(data.draw(st.lists(st.tuples(
            st.sampled_from(["boulder", "crushing_wall", "chest", "altar"]), st.sampled_from(spaces)), max_size=5))):
        board.add_marker(Marker(id=f"m{i}", kind=kind, pos=pos))
    check_every_space(board)
