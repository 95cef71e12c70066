import { describe, expect, it } from "vitest";
import { canAskHint, hasScores, moreText, sentence, shownRows, type Advice, type AdviceRow } from "../src/logic/advice";
import type { StateMessage } from "../src/protocol/types";

const row = (choice: string, top: boolean, score = ""): AdviceRow =>
  ({ choice, label: choice.toUpperCase(), value: score ? Number(score) : null, score, said: "", marks: [], top });

describe("the hint and why tables", () => {
  it("show the top rows first and the rest behind the toggle", () => {
    const a = { rows: [row("a", true, "2"), row("b", true, "1"), row("c", false)], more: 1, more_why: "not scored" } as Advice;
    expect(shownRows(a, false).map((r) => r.choice)).toEqual(["a", "b"]);
    expect(shownRows(a, true).map((r) => r.choice)).toEqual(["a", "b", "c"]);
    expect(moreText(a)).toBe("1 more option (not scored)");
    expect(moreText({ more: 31, more_why: "lower scores" })).toBe("31 more options (lower scores)");
    expect(moreText({ more: 0, more_why: "" })).toBe("");
    expect(hasScores(a)).toBe(true);
    expect(hasScores({ rows: [row("x", true)] })).toBe(false);
  });

  it("reads a server's error as a sentence", () => {
    expect(sentence("that entry follows a person's decision")).toBe("That entry follows a person's decision.");
    expect(sentence("Done.")).toBe("Done.");
  });
});

describe("the Hint button", () => {
  const state = (over: Partial<{ yours: boolean; side: string; screen: string }>) => ({
    pending: { seat: "hero1", kind: "hero_turn", serial: 3, yours: over.yours ?? true, side: over.side ?? "heroes",
               choices: [{ id: "end_turn", label: "End" }] },
    table: { side: over.screen ?? "heroes" },
  }) as unknown as Pick<StateMessage, "pending" | "table">;
  const idle = { replaying: false, playing: false, handover: null };

  it("shows on the person's own decision only", () => {
    expect(canAskHint(state({}), idle)).toBe(true);
    expect(canAskHint(state({ yours: false }), idle)).toBe(false);  // the other side (or the AI) decides
    expect(canAskHint(null, idle)).toBe(false);
  });

  it("hides on the other side's screen, while the screen passes, in replays and playbacks", () => {
    expect(canAskHint(state({ side: "overlord", screen: "heroes" }), idle)).toBe(false);
    expect(canAskHint(state({}), { ...idle, handover: "overlord" })).toBe(false);
    expect(canAskHint(state({}), { ...idle, replaying: true })).toBe(false);
    expect(canAskHint(state({}), { ...idle, playing: true })).toBe(false);
    expect(canAskHint(state({}), { ...idle, sending: true })).toBe(false);  // the choice is in: the overlord thinks
  });
});
