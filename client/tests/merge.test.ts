import { describe, expect, it } from "vitest";
import { merge, nameOf } from "../src/protocol/merge";
import type { StateMessage } from "../src/protocol/types";

function msg(over: Partial<StateMessage>): StateMessage {
  return {
    seat: "h1", ruleset: "1e", quest: "first-steps", round: 1, conquest: 5, winner: null,
    board: { width: 2, height: 2, spaces: [], walls: [], doors: [], markers: [] },
    figures: [{ id: "hero1", kind: "hero", name: "Brannoc Ironvow", footprint: { x: 0, y: 0, w: 1, h: 1 }, wounds: 3, max_wounds: 5 }],
    overlord: { threat: 0, hand_size: 0, deck_size: 0 }, pending: null, log: [], log_from: 0, log_length: 0,
    table: { id: "g", mode: "solo", ruleset: "1e", you: { name: "You", seats: ["h1"] }, people: [], automated: [],
             choices_made: 0, can_undo: true, physical_dice: false },
    ...over,
  };
}
const ev = (text: string) => ({ kind: "x", text });

describe("merge", () => {
  it("keeps the board when the server sends null and appends the log", () => {
    const a = merge(null, msg({ log: [ev("a"), ev("b")], log_length: 2 }));
    expect(a.fresh).toEqual([]);
    const b = merge(a, msg({ board: null, log: [ev("c")], log_from: 2, log_length: 3 }));
    expect(b.state.board?.width).toBe(2);
    expect(b.log.map((e) => e.text)).toEqual(["a", "b", "c"]);
    expect(b.fresh.map((e) => e.text)).toEqual(["c"]);
    expect(b.log[2].n).toBe(2);
  });

  it("restarts the log on log_from 0 and plays nothing back after an undo", () => {
    const a = merge(null, msg({ log: [ev("a"), ev("b"), ev("c")] }));
    const b = merge(a, msg({ log: [ev("a")], log_from: 0 }));
    expect(b.log.map((e) => e.text)).toEqual(["a"]);
    expect(b.fresh).toEqual([]);
  });
});

describe("nameOf", () => {
  it("prefers the server's names, then figures, then the catalogue, then the id", () => {
    const st = msg({ names: { "door-1": "the red door" }, seats: { h1: { id: "h1", heroes: ["hero1"] } } });
    expect(nameOf("door-1", st, null)).toBe("the red door");
    expect(nameOf("hero1", st, null)).toBe("Brannoc Ironvow");
    expect(nameOf("h1", st, null)).toBe("Brannoc Ironvow");
    expect(nameOf("hand-crossbow", st, null)).toBe("hand crossbow");
    const cat = { heroes: {}, skills: {}, items: { "hand-crossbow": { id: "hand-crossbow", name: "Hand Crossbow" } }, monsters: {},
                  named_monsters: {}, familiars: {}, overlord_cards: {}, glossary: {} };
    expect(nameOf("hand-crossbow", st, cat)).toBe("Hand Crossbow");
  });
});
