import { describe, expect, it } from "vitest";
import { History } from "../../src/workbench/history";

describe("History", () => {
  it("undoes and redoes single edits", () => {
    const h = new History({ n: 0 });
    h.apply({ n: 1 });
    h.apply({ n: 2 });
    expect(h.undo()).toBe(true);
    expect(h.present).toEqual({ n: 1 });
    expect(h.redo()).toBe(true);
    expect(h.present).toEqual({ n: 2 });
  });

  it("ignores an edit that changes nothing", () => {
    const h = new History({ n: 0 });
    h.apply({ n: 0 });
    expect(h.canUndo).toBe(false);
  });

  it("drops the redo steps after a new edit", () => {
    const h = new History(0);
    h.apply(1);
    h.apply(2);
    h.undo();
    h.apply(3);
    expect(h.canRedo).toBe(false);
    h.undo();
    expect(h.present).toBe(1);
  });

  it("keeps a stroke as one step", () => {
    const h = new History([] as number[]);
    h.begin();
    h.apply([1]);
    h.apply([1, 2]);
    h.apply([1, 2, 3]);
    expect(h.canUndo).toBe(false);
    expect(h.end()).toBe(true);
    expect(h.present).toEqual([1, 2, 3]);
    h.undo();
    expect(h.present).toEqual([]);
    expect(h.canUndo).toBe(false);
  });

  it("leaves no step for a stroke that changed nothing", () => {
    const h = new History("a");
    h.begin();
    h.apply("b");
    h.apply("a");
    expect(h.end()).toBe(false);
    expect(h.canUndo).toBe(false);
  });

  it("forgets the oldest steps beyond its limit", () => {
    const h = new History(0, 3);
    for (let i = 1; i <= 5; i++) h.apply(i);
    let undone = 0;
    while (h.undo()) undone++;
    expect(undone).toBe(3);
    expect(h.present).toBe(2);
  });

  it("reset clears both directions", () => {
    const h = new History(0);
    h.apply(1);
    h.undo();
    h.reset(7);
    expect(h.canUndo || h.canRedo).toBe(false);
    expect(h.present).toBe(7);
  });
});
