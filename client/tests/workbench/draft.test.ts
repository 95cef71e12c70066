import { describe, expect, it } from "vitest";
import {
  addArea, assignArea, edgeHolds, eraseAt, eraseEdge, eraseSpace, moveArea, paintSpace, placeDoor, placeMarker, placeMonster,
  regionOf, resize, setEdge, setQuestField, toggleStart, updateArea,
} from "../../src/workbench/draft";
import { History } from "../../src/workbench/history";
import { highlightOf, sceneOf, selectionOf } from "../../src/workbench/scene";
import type { Draft } from "../../src/workbench/types";
import { blockSize, paint, pickAt } from "../../src/workbench/paint";
import { defaultTool } from "../../src/workbench/tools";
import type { XY } from "../../src/protocol/types";

function blank(width = 6, height = 4): Draft {
  return {
    format: 1, ruleset: "1e", pack: "starter", source: null,
    map: { name: "Test", width, height, spaces: [], walls: [], boundaries: [], doors: [] },
    areas: [], markers: [], monsters: [], hero_starts: [],
    quest: {
      id: "test", name: "Test", starting_conquest: 5, flavour: "",
      goals: { heroes: { text: "", win_when: [] }, overlord: { text: "", win_when: [{ heroes_out_of_conquest: true }] } },
    },
  };
}

function room(d: Draft, x0: number, y0: number, x1: number, y1: number): Draft {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) d = paintSpace(d, [x, y], "floor");
  return d;
}

describe("draft editing", () => {
  it("lays spaces inside the map only, in reading order", () => {
    let d = paintSpace(blank(), [2, 1], "floor");
    d = paintSpace(d, [0, 0], "mud");
    d = paintSpace(d, [9, 9], "floor");
    expect(d.map.spaces.map((s) => [s.x, s.y, s.terrain])).toEqual([[0, 0, "mud"], [2, 1, "floor"]]);
    expect(paintSpace(d, [0, 0], "mud")).toBe(d); // no change, no new step
  });

  it("walls, boundaries and doors replace each other on an edge", () => {
    let d = room(blank(), 0, 0, 3, 1);
    const e: [XY, XY] = [[1, 0], [2, 0]];
    d = setEdge(d, e, "wall");
    expect(edgeHolds(d, [[2, 0], [1, 0]]).kind).toBe("wall");
    d = setEdge(d, e, "boundary");
    expect(d.map.walls).toEqual([]);
    d = placeDoor(d, e, [[1, 1], [2, 1]], "rune", "red");
    expect(d.map.boundaries).toEqual([]);
    expect(d.map.doors).toEqual([{ id: null, kind: "rune", colour: "red", open: false, edges: [[[1, 0], [2, 0]], [[1, 1], [2, 1]]] }]);
    expect(edgeHolds(d, [[1, 1], [2, 1]])).toEqual({ kind: "door", index: 0 });
    d = eraseEdge(d, [[1, 1], [2, 1]]);
    expect(d.map.doors).toEqual([]);
  });

  it("finds a room through open edges only", () => {
    let d = room(blank(), 0, 0, 3, 1);
    d = setEdge(d, [[1, 0], [2, 0]], "wall");
    d = placeDoor(d, [[1, 1], [2, 1]], [[1, 0], [2, 0]], "normal", "red");
    expect(regionOf(d, [0, 0])).toEqual([[0, 0], [1, 0], [0, 1], [1, 1]]);
    expect(regionOf(d, [5, 3])).toEqual([]);
  });

  it("assigns areas and carries a renamed id to spaces and goals", () => {
    let d = room(blank(), 0, 0, 1, 0);
    const made = addArea(d);
    d = assignArea(made.draft, regionOf(made.draft, [0, 0]), made.id);
    expect(d.map.spaces.every((s) => s.area === "area-1")).toBe(true);
    d = setQuestField(d, "goals.heroes.win_when", [{ reach_area: "area-1" }]);
    d = updateArea(d, 0, { id: "hall", name: "Hall" });
    expect(d.map.spaces.every((s) => s.area === "hall")).toBe(true);
    expect(d.quest.goals.heroes.win_when).toEqual([{ reach_area: "hall" }]);
    const second = addArea(d);
    expect(second.id).toBe("area-2");
    expect(moveArea(second.draft, 1, -1).areas.map((a) => a.id)).toEqual(["area-2", "hall"]);
  });

  it("places figures and markers without overlaps", () => {
    let d = room(blank(), 0, 0, 3, 3);
    d = toggleStart(d, [0, 0]);
    d = placeMonster(d, [0, 0], "ogre", false, [2, 2]);
    expect(d.hero_starts).toEqual([]);
    d = placeMonster(d, [1, 1], "goblin", true, [1, 1]);
    expect(d.monsters.map((m) => m.monster)).toEqual(["goblin"]);
    expect(placeMonster(d, [3, 3], "ogre", false, [2, 2])).toBe(d); // would leave the map
    d = placeMarker(d, [2, 2], "chest", "gold", false);
    d = placeMarker(d, [2, 2], "glyph", null, true);
    expect(d.markers).toEqual([{ id: null, kind: "glyph", x: 2, y: 2, colour: null, active: true, data: {} }]);
  });

  it("erases figures first, then the marker, then the space with all it holds", () => {
    let d = room(blank(), 0, 0, 2, 0);
    d = setEdge(d, [[0, 0], [1, 0]], "wall");
    d = placeMarker(d, [1, 0], "potion", null, false);
    d = placeMonster(d, [1, 0], "goblin", false, [1, 1]);
    d = eraseAt(d, [1, 0]);
    expect([d.monsters.length, d.markers.length]).toEqual([0, 1]);
    d = eraseAt(d, [1, 0]);
    expect(d.markers.length).toBe(0);
    d = eraseAt(d, [1, 0]);
    expect(d.map.spaces.length).toBe(2);
    expect(d.map.walls).toEqual([]);
    expect(eraseSpace(d, [5, 3])).toBe(d);
  });

  it("resizing drops what falls outside", () => {
    let d = room(blank(), 0, 0, 5, 3);
    d = placeMonster(d, [4, 2], "ogre", false, [2, 2]);
    d = resize(d, 4, 4);
    expect(d.map.width).toBe(4);
    expect(d.map.spaces.length).toBe(16);
    expect(d.monsters).toEqual([]);
  });

  it("undoes a painted room in one step and redoes it", () => {
    const h = new History(blank());
    h.begin();
    for (let x = 0; x < 3; x++) h.apply(paintSpace(h.present, [x, 0], "floor"));
    h.end();
    h.apply(setEdge(h.present, [[0, 0], [1, 0]], "wall"));
    h.undo();
    expect(h.present.map.walls).toEqual([]);
    expect(h.present.map.spaces.length).toBe(3);
    h.undo();
    expect(h.present.map.spaces.length).toBe(0);
    h.redo();
    h.redo();
    expect(h.present.map.walls.length).toBe(1);
  });

  it("draws the draft and points errors at its elements", () => {
    let d = room(blank(), 0, 0, 2, 1);
    d = placeMonster(d, [1, 0], "ogre", true, [2, 2]);
    d = placeDoor(d, [[0, 0], [1, 0]], [[0, 1], [1, 1]], "normal", "red");
    d = setQuestField(d, "named_monsters", [{ id: "ogre", name: "Big", base: "ogre", conquest: 1, flavour: "" }]);
    const scene = sceneOf(d);
    expect(scene.monsters[0]).toMatchObject({ kind: "ogre", master: true, named: true, w: 2 });
    expect(highlightOf(d, selectionOf({ kind: "monster", index: 0 })).spaces).toEqual([[1, 0], [2, 0], [1, 1], [2, 1]]);
    expect(highlightOf(d, selectionOf({ kind: "door", index: 0 })).edges.length).toBe(2);
    expect(selectionOf({ kind: "quest", field: "goals.heroes" })).toEqual({ kind: "quest", field: "goals.heroes" });
    expect(selectionOf(null)).toBeNull();
  });
});

describe("tools", () => {
  const at = (space: XY, phase: "start" | "move" = "start", edge: [XY, XY] | null = null, shift = false) =>
    ({ phase, space, edge, along: 0.8, shift });

  it("lays a rectangle of spaces with a Shift-drag, from the stroke's start", () => {
    const tool = defaultTool();
    const base = blank();
    let d = paint(base, tool, at([0, 0], "start", null, true), base, [0, 0], {});
    d = paint(d, tool, at([3, 1], "move", null, true), base, [0, 0], {});
    d = paint(d, tool, at([1, 1], "move", null, true), base, [0, 0], {});
    expect(d.map.spaces.length).toBe(4);
  });

  it("places a door with its partner edge, once per click", () => {
    const tool = { ...defaultTool(), kind: "door" as const };
    const base = room(blank(), 0, 0, 3, 3);
    const d = paint(base, tool, at([1, 1], "start", [[1, 1], [2, 1]]), base, [1, 1], {});
    expect(d.map.doors[0].edges).toEqual([[[1, 1], [2, 1]], [[1, 2], [2, 2]]]);
    expect(paint(d, tool, at([1, 1], "move", [[1, 2], [2, 2]]), base, [1, 1], {})).toBe(d);
  });

  it("places monsters with their size, turned when asked", () => {
    const tool = { ...defaultTool(), kind: "monster" as const, monster: { kind: "ogre", master: false, turned: false } };
    const base = room(blank(), 0, 0, 3, 3);
    const d = paint(base, tool, at([0, 0]), base, [0, 0], { ogre: "2x2" });
    expect(d.monsters[0]).toMatchObject({ w: 2, h: 2 });
    expect(blockSize("2x3", true)).toEqual([3, 2]);
  });

  it("fills a room with the area tool", () => {
    const tool = { ...defaultTool(), kind: "area" as const, area: "hall" };
    let base = room(blank(), 0, 0, 3, 0);
    base = setEdge(base, [[1, 0], [2, 0]], "wall");
    const d = paint(base, tool, at([0, 0]), base, [0, 0], {});
    expect(d.map.spaces.map((s) => s.area)).toEqual(["hall", "hall", null, null]);
  });

  it("selects the figure before the marker before the space, and doors on edges", () => {
    let d = room(blank(), 0, 0, 3, 3);
    d = placeMarker(d, [1, 1], "chest", "gold", false);
    expect(pickAt(d, [1, 1], null)).toEqual({ kind: "marker", index: 0 });
    d = placeMonster(d, [1, 1], "goblin", false, [1, 1]);
    expect(pickAt(d, [1, 1], null)).toEqual({ kind: "monster", index: 0 });
    expect(pickAt(d, [3, 3], null)).toEqual({ kind: "space", at: [3, 3] });
    d = placeDoor(d, [[0, 0], [1, 0]], [[0, 1], [1, 1]], "normal", "red");
    expect(pickAt(d, [0, 1], [[0, 1], [1, 1]])).toEqual({ kind: "door", index: 0 });
    expect(pickAt(d, [5, 3], null)).toBeNull();
  });
});
