import { describe, expect, it } from "vitest";
import { nextSpot, type Spot } from "../src/logic/keyboard";

const at = (x: number, y: number): Spot => ({ cell: `${x},${y}`, x, y });

describe("arrow keys between board targets", () => {
  const spots = [at(2, 2), at(3, 2), at(5, 2), at(2, 3), at(4, 5), at(1, 1)];
  it("keeps to the row or column when it can", () => {
    expect(nextSpot(spots, "2,2", "right")).toBe("3,2");
    expect(nextSpot(spots, "3,2", "right")).toBe("5,2");
    expect(nextSpot(spots, "2,2", "down")).toBe("2,3");
    expect(nextSpot(spots, "2,2", "left")).toBe("1,1");
  });
  it("reaches a target off the axis when none is on it, and stops at the edge", () => {
    expect(nextSpot(spots, "2,3", "down")).toBe("4,5");
    expect(nextSpot(spots, "5,2", "right")).toBeNull();
    expect(nextSpot(spots, "1,1", "up")).toBeNull();
  });
  it("starts from the first target when the focused one is gone", () => {
    expect(nextSpot(spots, "9,9", "left")).toBe("2,2");
    expect(nextSpot([], "9,9", "left")).toBeNull();
  });
});
