import { describe, expect, it } from "vitest";
import { answeringText, isYourTurn, levelText, pageTitle, passesScreen, shouldBeep, SLOW_ANSWER_MS, turnText, YOUR_TURN_TITLE } from "../src/logic/turn";
import { chatError, mergeChat } from "../src/logic/chat";
import { forgetSeat, hostToken, keepSeats, keptSeats } from "../src/protocol/kept";
import type { StateMessage } from "../src/protocol/types";

function state(over: { yours?: boolean; winner?: string | null; turn?: StateMessage["table"]["turn"]; pending?: boolean } = {}): StateMessage {
  return {
    seat: "h1", ruleset: "1e", quest: "first-steps", round: 1, conquest: 5, winner: over.winner ?? null, board: null, figures: [],
    overlord: { threat: 0, hand_size: 3, deck_size: 20 }, log: [], log_from: 0, log_length: 0,
    pending: over.pending === false ? null : { seat: "h1", kind: "hero_turn", serial: 3, yours: over.yours ?? false },
    table: { id: "g", mode: "network", ruleset: "1e", you: { name: "Hero player 1", seats: ["h1", "table"] }, people: [], automated: [],
      choices_made: 3, can_undo: false, physical_dice: false, turn: over.turn ?? null },
  } as StateMessage;
}

describe("the your-turn signal", () => {
  it("marks the title while this page has a decision", () => {
    expect(pageTitle(state({ yours: true }), "First Steps")).toBe(YOUR_TURN_TITLE);
    expect(YOUR_TURN_TITLE).toBe("● Your turn - Delve");
    expect(pageTitle(state({ yours: false }), "First Steps")).toBe("First Steps - Delve");
    expect(pageTitle(null, "")).toBe("Delve table");
  });
  it("a finished game is nobody's turn", () => {
    expect(isYourTurn(state({ yours: true, winner: "heroes" }))).toBe(false);
    expect(isYourTurn(state({ pending: false }))).toBe(false);
  });
  it("beeps only when the decision comes back from someone else", () => {
    expect(shouldBeep(null, true)).toBe(false); // the page's first message
    expect(shouldBeep(false, true)).toBe(true);
    expect(shouldBeep(true, true)).toBe(false); // two decisions of yours in a row
    expect(shouldBeep(true, false)).toBe(false);
  });
  it("says who decides, by name", () => {
    expect(turnText(state({ yours: true, turn: { seat: "h1", side: "heroes", name: "Brannoc Ironvow", person: "Hero player 1" } })))
      .toBe("Your turn (Brannoc Ironvow)");
    expect(turnText(state({ turn: { seat: "h2", side: "heroes", name: "Sela Quickreed", person: "Hero player 2" } })))
      .toBe("Hero player 2 decides (Sela Quickreed)");
    expect(turnText(state({ turn: { seat: "overlord", side: "overlord", name: "Overlord", person: null } }))).toBe("Overlord (automated) is playing");
    expect(turnText(state({ winner: "heroes" }))).toBe("The quest is over.");
  });
});

describe("chat", () => {
  const line = (n: number, text = `line ${n}`) => ({ n, name: "A", seats: ["h1"], text, at: 0 });
  it("merges kept and fresh lines by number, oldest first", () => {
    expect(mergeChat([line(0), line(1)], [line(1, "again"), line(2)]).map((l) => [l.n, l.text]))
      .toEqual([[0, "line 0"], [1, "again"], [2, "line 2"]]);
    expect(mergeChat([line(0)], undefined)).toHaveLength(1);
    expect(mergeChat([], Array.from({ length: 250 }, (_, i) => line(i)))).toHaveLength(200);
  });
  it("words a refusal", () => {
    expect(chatError(429, "you are sending chat lines too fast")).toMatch(/Slow down/);
    expect(chatError(422, "")).toMatch(/300 characters/);
    expect(chatError(400, "an empty chat line")).toBe("an empty chat line");
  });
});

describe("kept host links", () => {
  class Mem { data: Record<string, string> = {}; getItem(k: string) { return this.data[k] ?? null; } setItem(k: string, v: string) { this.data[k] = v; } }
  it("finds the host token of a game and forgets replaced seats", () => {
    const store = new Mem();
    keepSeats([{ id: "g1", name: "Hero player 1", token: "a" }, { id: "g1", name: "Host", token: "h" }], store);
    expect(hostToken("g1", store)).toBe("h");
    expect(hostToken("g2", store)).toBeNull();
    forgetSeat("a", store);
    expect(keptSeats(store).map((s) => s.token)).toEqual(["h"]);
  });
});

describe("the wait after a choice", () => {
  function automated(seats: string[]): StateMessage {
    const st = state({ yours: true });
    st.table.automated = seats;
    return st;
  }
  it("names who is thinking in answer: the automated overlord or heroes", () => {
    expect(answeringText(automated(["overlord"]))).toBe("Your choice is in. The overlord is thinking...");
    expect(answeringText(automated(["h1", "h2"]))).toBe("Your choice is in. The heroes are thinking...");
    expect(answeringText(automated(["overlord", "h1"]))).toBe("Your choice is in. The automated players are thinking...");
  });
  it("waits for the table when nobody is automated", () => {
    expect(answeringText(automated([]))).toBe("Your choice is in. Waiting for the table's answer...");
    expect(answeringText(null)).toBe("Your choice is in. Waiting for the table's answer...");
  });
  it("speaks only after a noticeable wait", () => {
    expect(SLOW_ANSWER_MS).toBeGreaterThanOrEqual(200);
    expect(SLOW_ANSWER_MS).toBeLessThanOrEqual(1000);
  });
});

describe("the level played against", () => {
  function levelled(levels: Record<string, string> | undefined): StateMessage {
    const st = state({ yours: true });
    st.table.levels = levels;
    return st;
  }
  it("names the automated overlord's or heroes' level", () => {
    expect(levelText(levelled({ overlord: "hard" }))).toBe("hard overlord");
    expect(levelText(levelled({ h1: "normal", h2: "normal" }))).toBe("normal heroes");
  });
  it("says nothing when people play both sides or an older server sends no levels", () => {
    expect(levelText(levelled({}))).toBe("");
    expect(levelText(levelled(undefined))).toBe("");
    expect(levelText(null)).toBe("");
  });
});

describe("hot-seat hand-over", () => {
  const msg = (mode: string, side: string) => ({ table: { mode, side } }) as unknown as Pick<StateMessage, "table">;
  it("passes the screen only for a hot-seat message of the other side", () => {
    expect(passesScreen(msg("hotseat", "overlord"), "heroes")).toBe(true);
    expect(passesScreen(msg("hotseat", "heroes"), "heroes")).toBe(false);
    expect(passesScreen(msg("hotseat", "overlord"), null)).toBe(false);  // the first message: nothing on screen yet
    expect(passesScreen(msg("solo", "overlord"), "heroes")).toBe(false);
  });
});
