import { describe, expect, it } from "vitest";
import { CELL } from "../../src/logic/geometry";
import { alongEdge, doorPartner, edgeKey, edgeNear, edgeUnder, rectSpaces, spaceUnder } from "../../src/workbench/pick";

describe("pick", () => {
  it("finds the space under a point", () => {
    expect(spaceUnder(CELL * 2.5, CELL * 0.1)).toEqual([2, 0]);
  });
  it("finds the upright edge near a vertical line", () => {
    expect(edgeUnder(CELL * 3.05, CELL * 1.5)).toEqual([[2, 1], [3, 1]]);
  });
  it("finds the lying edge near a horizontal line", () => {
    expect(edgeUnder(CELL * 1.5, CELL * 2.9)).toEqual([[1, 2], [1, 3]]);
  });
  it("gives no edge in the middle of a space", () => {
    expect(edgeNear(CELL * 1.5, CELL * 1.5)).toBeNull();
    expect(edgeNear(CELL * 1.95, CELL * 1.5)).not.toBeNull();
  });
  it("keys an edge the same either way round", () => {
    expect(edgeKey([[1, 1], [2, 1]])).toBe(edgeKey([[2, 1], [1, 1]]));
  });
  it("pairs a door piece with the neighbour on the side pointed at", () => {
    const e: [[number, number], [number, number]] = [[2, 1], [3, 1]];
    expect(doorPartner(e, alongEdge(e, CELL * 3, CELL * 1.8))).toEqual([[2, 2], [3, 2]]);
    expect(doorPartner(e, alongEdge(e, CELL * 3, CELL * 1.2))).toEqual([[2, 0], [3, 0]]);
    const lying: [[number, number], [number, number]] = [[4, 0], [4, 1]];
    expect(doorPartner(lying, 0.7)).toEqual([[5, 0], [5, 1]]);
  });
  it("lists the spaces of a dragged rectangle", () => {
    expect(rectSpaces([2, 1], [1, 2])).toEqual([[1, 1], [2, 1], [1, 2], [2, 2]]);
  });
});
