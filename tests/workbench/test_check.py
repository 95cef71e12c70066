"""Validation: the checks of `delve content check`, each problem pointed at its draft element."""

from __future__ import annotations

from delve.workbench.check import check_draft
from delve.workbench.importer import import_shipped
from delve.workbench.model import Draft, DraftMonster


def elements(draft: Draft) -> list[object]:
    return [e.element for e in check_draft(draft).errors]


def test_a_drawn_quest_and_a_shipped_quest_are_valid(small_draft: Draft) -> None:
    assert check_draft(small_draft).errors == []
    assert check_draft(import_shipped("starter", "the-drowned-library")).ok


def test_a_region_without_an_area_points_at_its_first_space(small_draft: Draft) -> None:
    for space in small_draft.map.spaces:
        if space.area == "b":
            space.area = None
    result = check_draft(small_draft)
    assert [e.element for e in result.errors] == [{"kind": "space", "x": 4, "y": 0}]
    error = result.errors[0]
    assert "no area label" in error.message
    assert (error.file, error.field) == ("quests/two-rooms.map", "map")
    assert result.files.map_text.splitlines()[error.line - 1][2 * 4 + 1] == "."  # the space's character


def test_an_open_gap_between_two_areas_points_at_the_region(small_draft: Draft) -> None:
    small_draft.map.walls.pop()  # (3,3)-(4,3) opens: rooms a and b become one region
    result = check_draft(small_draft)
    assert len(result.errors) == 1 and "several area labels" in result.errors[0].message
    assert result.errors[0].element == {"kind": "space", "x": 0, "y": 0}


def test_an_unknown_monster_points_at_the_figure(small_draft: Draft) -> None:
    small_draft.monsters.append(DraftMonster(monster="goblinn", x=5, y=1))
    result = check_draft(small_draft)
    assert [e.element for e in result.errors] == [{"kind": "monster", "index": 1}]
    assert "goblinn" in result.errors[0].message


def test_a_figure_across_two_areas_points_at_the_figure(small_draft: Draft) -> None:
    small_draft.map.doors = []
    small_draft.map.boundaries = [((3, 1), (4, 1)), ((3, 2), (4, 2))]
    small_draft.monsters.append(DraftMonster(monster="ogre", x=3, y=1, w=2, h=2))
    errors = check_draft(small_draft).errors
    assert [e.element for e in errors] == [{"kind": "monster", "index": 1}]
    assert "straddles" in errors[0].message


def test_quest_errors_point_at_their_field_and_area_errors_at_the_area(small_draft: Draft) -> None:
    small_draft.quest["goals"]["heroes"]["win_when"] = [{"kill_named": "nobody"}]
    assert elements(small_draft) == [{"kind": "quest", "field": "goals.heroes.win_when.0.kill_named"}]
    small_draft.quest["goals"]["heroes"]["win_when"] = [{"reach_area": "b"}]
    small_draft.areas[1].read_aloud = ""
    assert elements(small_draft) == [{"kind": "area", "index": 1, "id": "b"}]
    small_draft.areas[1].read_aloud = "Crates."
    small_draft.areas.append(small_draft.areas[0].model_copy(update={"id": "c"}))  # on no space
    assert elements(small_draft) == [{"kind": "area", "index": 2, "id": "c"}]


def test_a_chest_without_its_marker_points_at_the_quest_chest(small_draft: Draft) -> None:
    small_draft.markers.clear()
    errors = check_draft(small_draft).errors
    assert [e.element for e in errors] == [{"kind": "quest", "field": "chests.1"}]


def test_what_the_format_cannot_hold_is_a_draft_problem(small_draft: Draft) -> None:
    small_draft.map.doors[0].edges = (((3, 1), (4, 1)), ((3, 3), (4, 3)))  # not side by side
    small_draft.monsters.append(DraftMonster(monster="goblin", x=7, y=3))  # on the chest
    errors = check_draft(small_draft).errors
    drafts = [e for e in errors if e.file == "draft"]
    assert [e.element for e in drafts] == [{"kind": "door", "index": 0}, {"kind": "marker", "index": 0}]


def test_a_legend_problem_points_at_an_element_using_it(small_draft: Draft) -> None:
    small_draft.markers[0].colour = None  # a chest needs a colour: the legend line is wrong
    errors = check_draft(small_draft).errors
    assert {"kind": "marker", "index": 0} in [e.element for e in errors]


def test_touching_large_figures_of_one_kind_get_two_letters(small_draft: Draft) -> None:
    from delve.board.mapfile import parse_map

    small_draft.monsters = [DraftMonster(monster="ogre", x=4, y=0, w=2, h=2),
                            DraftMonster(monster="ogre", x=6, y=0, w=2, h=2)]
    result = check_draft(small_draft)
    assert result.ok, result.errors
    placed = [p.footprint for p in parse_map(result.files.map_text).placements if p.kind == "monster"]
    assert [(f.x, f.y, f.w, f.h) for f in placed] == [(4, 0, 2, 2), (6, 0, 2, 2)]


def test_odd_input_gives_errors_never_a_crash(small_draft: Draft) -> None:
    odd = small_draft.model_copy(deep=True)
    odd.areas[0].id = "a: b #x"  # YAML punctuation in an id
    odd.areas.append(odd.areas[1].model_copy())  # an area twice
    odd.map.name = "---\n: {x"
    odd.comments.map = "---\nclosing?"
    odd.monsters[0].symbol = "|"  # a letter the grid uses
    odd.hero_starts[0].symbol = "h"
    odd.hero_starts[1].symbol = "h"
    odd.markers[0].data = {"nested": [1, {"b": None}]}
    odd.quest["chests"] = "x"
    errors = check_draft(odd).errors
    assert {"kind": "area", "index": 2, "id": "b"} in [e.element for e in errors]
    assert any(e.element == {"kind": "quest", "field": "chests"} for e in errors)
