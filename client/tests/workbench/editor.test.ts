import { afterEach, describe, expect, it, vi } from "vitest";
import { Editor } from "../../src/workbench/editor.svelte";
import type { Draft } from "../../src/workbench/types";

function blank(): Draft {
  return {
    format: 1, ruleset: "1e", pack: "starter", source: null,
    map: { name: "T", width: 6, height: 4, spaces: [], walls: [], boundaries: [], doors: [] },
    areas: [], markers: [], monsters: [], hero_starts: [],
    quest: { id: "t", name: "T", starting_conquest: 5, flavour: "", goals: { heroes: { text: "", win_when: [] }, overlord: { text: "", win_when: [] } } },
  };
}
const at = (x: number, y: number, phase: "start" | "move" | "end") => ({ phase, space: [x, y] as [number, number], edge: null, along: 0, shift: false });

describe("Editor", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("keeps a drag as one undo step and validates once after it, debounced", async () => {
    vi.useFakeTimers();
    const answers = [{ ok: false, errors: [{ message: "no area label", file: "quests/t.map", entry: "t", field: "map", line: 2, element: { kind: "space", x: 0, y: 0 } }], files: { map: "", quest: "" } }];
    const fetch = vi.fn(async () => new Response(JSON.stringify(answers[0]), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const ed = new Editor(blank());
    ed.stroke(at(0, 0, "start"));
    ed.stroke(at(1, 0, "move"));
    ed.stroke(at(2, 0, "move"));
    ed.stroke(at(2, 0, "end"));
    expect(ed.draft.map.spaces.length).toBe(3);
    expect(ed.canUndo).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(ed.errors.map((e) => e.message)).toEqual(["no area label"]);
    expect(ed.errorMarks.spaces).toEqual([[0, 0]]);
    ed.undo();
    expect(ed.draft.map.spaces.length).toBe(0);
    expect(ed.canUndo).toBe(false);
    ed.redo();
    expect(ed.draft.map.spaces.length).toBe(3);
  });

  it("selects with the Select tool and shows an error's element", () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 500 })));
    const ed = new Editor(blank());
    ed.stroke(at(1, 1, "start"));
    ed.stroke(at(1, 1, "end"));
    ed.tool.kind = "select";
    ed.stroke(at(1, 1, "start"));
    expect(ed.selection).toEqual({ kind: "space", at: [1, 1] });
    ed.show({ message: "x", file: "quests/t.yaml", entry: "t", field: "goals", line: null, element: { kind: "quest", field: "goals.heroes" } });
    expect(ed.tab).toBe("quest");
    expect(ed.dirty).toBe(true);
    ed.markSaved("t");
    expect(ed.dirty).toBe(false);
  });
});
