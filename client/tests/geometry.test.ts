import { describe, expect, it } from "vitest";
import { CELL, boundsOf, edgeLine, fitView, panBy, spaceAt, spacesNamed, zoomAt } from "../src/logic/geometry";

describe("board geometry", () => {
  it("draws a wall on the edge two spaces share", () => {
    expect(edgeLine([5, 2], [6, 2])).toEqual({ x1: 6 * CELL, y1: 2 * CELL, x2: 6 * CELL, y2: 3 * CELL });
    expect(edgeLine([1, 4], [1, 3])).toEqual({ x1: CELL, y1: 4 * CELL, x2: 2 * CELL, y2: 4 * CELL });
  });

  it("fits the seen spaces at the box's aspect ratio", () => {
    const b = boundsOf([{ x: 2, y: 3 }, { x: 5, y: 4 }], 20, 20);
    expect(b).toEqual({ x0: 2, y0: 3, x1: 6, y1: 5 });
    const v = fitView(b, 800, 400);
    expect(v.w / v.h).toBeCloseTo(2);
    expect(v.x + v.w / 2).toBeCloseTo(4 * CELL);
    expect(v.w).toBeGreaterThanOrEqual(4 * CELL);
    expect(v.h).toBeGreaterThanOrEqual(2 * CELL);
  });

  it("keeps the spaces out of the strip the zoom buttons cover", () => {
    const b = { x0: 0, y0: 0, x1: 10, y1: 5 };
    const v = fitView(b, 400, 400, 50);
    expect(v.w / v.h).toBeCloseTo(1);  // still the box's aspect ratio
    const px = (x: number) => ((x - v.x) / v.w) * 400;  // board units -> box pixels
    expect(px(b.x1 * CELL)).toBeLessThanOrEqual(350 + 1e-6);  // the board's right edge left of the buttons
    expect(px(b.x0 * CELL)).toBeGreaterThanOrEqual(0);
    expect(fitView(b, 120, 400, 50)).toEqual(fitView(b, 120, 400));  // too narrow a box: no strip kept
  });

  it("zooms about a point that stays still, within limits, and pans", () => {
    const v = { x: 0, y: 0, w: 400, h: 200 };
    const z = zoomAt(v, 2, 0.25, 0.5);
    expect(z.w).toBe(200);
    expect(z.x + 0.25 * z.w).toBeCloseTo(100);
    expect(zoomAt(v, 1000).w).toBe(CELL * 3);
    expect(panBy(v, 0.1, -0.5)).toEqual({ x: 40, y: -100, w: 400, h: 200 });
  });

  it("finds the space under a point and the spaces a prompt names", () => {
    expect(spaceAt(CELL * 2.5, CELL * 0.1, 5, 5)).toEqual([2, 0]);
    expect(spaceAt(-1, 0, 5, 5)).toBeNull();
    expect(spacesNamed("Move to (4,3) or (10, 2)")).toEqual([[4, 3], [10, 2]]);
  });
});
