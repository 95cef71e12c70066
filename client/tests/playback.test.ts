import { describe, expect, it } from "vitest";
import { PlaybackQueue, showOf, startPositions, stepsOf, summarise } from "../src/logic/playback";
import type { LogEvent } from "../src/protocol/types";

const moved = (figure: string, x: number, y: number): LogEvent => ({ kind: "figure_moved", text: `${figure} moves`, data: { figure, x, y } });

describe("playback", () => {
  it("uses the server's show field, or derives one from older events", () => {
    expect(showOf({ kind: "k", text: "", show: { type: "kill", figure: "m1" } })?.type).toBe("kill");
    expect(showOf(moved("m1", 3, 4))).toEqual({ type: "move", figure: "m1", from: null, to: [3, 4] });
    expect(showOf({ kind: "dice_rolled", text: "", data: { faces: ["X", "2"] } })?.faces).toEqual(["X", "2"]);
    expect(showOf({ kind: "card_drawn", text: "" })).toBeNull();
  });

  it("paces steps by speed; instant takes no time", () => {
    const events = [moved("m1", 1, 1), { kind: "card_drawn", text: "" }];
    expect(stepsOf(events, 1)).toHaveLength(1);
    expect(stepsOf(events, 2)[0].ms).toBe(stepsOf(events, 1)[0].ms / 2);
    expect(stepsOf(events, 0)[0].ms).toBe(0);
  });

  it("starts each moving figure where the last message had it", () => {
    const steps = stepsOf([moved("m1", 2, 2), moved("m1", 3, 3), moved("m2", 5, 5)], 1);
    const start = startPositions(steps, new Map([["m1", [1, 1]], ["m2", [4, 4]]]));
    expect(start.get("m1")).toEqual([1, 1]);
    expect(start.get("m2")).toEqual([4, 4]);
  });

  it("plays steps in order and stops on skip", async () => {
    const seen: string[] = [];
    const q = new PlaybackQueue(async () => { if (seen.length === 2) q.skip(); });
    await q.play(stepsOf([moved("a", 1, 1), moved("b", 1, 1), moved("c", 1, 1), moved("d", 1, 1)], 1), (s) => seen.push(s.show.figure!));
    expect(seen).toEqual(["a", "b"]);
  });

  it("summarises an automated stretch", () => {
    const events: LogEvent[] = [moved("m1", 1, 1), moved("m1", 1, 2),
      { kind: "wounds_suffered", text: "", data: { figure: "hero1", wounds: 2 } },
      { kind: "wounds_suffered", text: "", data: { figure: "hero1", wounds: 1 } },
      { kind: "figure_killed", text: "Brannoc dies.", data: { figure: "hero1" } }];
    const s = summarise(events, (id) => ({ m1: "Hollow Archer", hero1: "Brannoc" })[id] ?? id);
    expect(s.lines).toEqual(["Hollow Archer moved.", "Brannoc suffered 3 wounds.", "Brannoc dies."]);
    expect(s.kills).toBe(1);
  });

  it("names a figure killed meanwhile from its own events, never by its id", () => {
    const events: LogEvent[] = [
      { kind: "wounds_suffered", text: "Ragged Goblin suffers 3 wounds (attack by Wren).", data: { figure: "m5", wounds: 3 } },
      { kind: "figure_killed", text: "Ragged Goblin is killed.", data: { figure: "m5" } }];
    const s = summarise(events, (id) => id);  // m5 has left the names the page holds
    expect(s.lines).toEqual(["Ragged Goblin suffered 3 wounds.", "Ragged Goblin is killed."]);
  });
});

import { summaryOf } from "../src/logic/summary";
describe("end summary fallback", () => {
  it("counts kills and deaths from the log when the server sends no summary", () => {
    const state = { winner: "overlord", round: 9, figures: [{ id: "hero1", kind: "hero", name: "Brannoc", footprint: { x: 0, y: 0, w: 1, h: 1 }, wounds: 0, max_wounds: 5 }] };
    const log: LogEvent[] = [
      { kind: "figure_killed", text: "", data: { figure: "m1", killer: "hero1" } },
      { kind: "figure_killed", text: "", data: { figure: "hero1", killer: "m2" } },
      { kind: "game_over", text: "The heroes are out of conquest.", data: { winner: "overlord" } },
    ];
    const s = summaryOf(state as never, log, (id) => id)!;
    expect(s.reason).toBe("The heroes are out of conquest.");
    expect(s.figures.find((f) => f.id === "hero1")).toMatchObject({ kills: 1, deaths: 1 });
    expect(s.monsters_killed).toBe(1);
    expect(s.heroes_died).toBe(1);
  });
});
