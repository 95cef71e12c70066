import { describe, expect, it } from "vitest";
import { automatedSeatOf, canAskWhy, detailsText, marksOf, valueText, type WhyAnswer } from "../src/logic/why";
import type { LogEvent, StateMessage } from "../src/protocol/types";

const state = {
  seats: { hero1: { id: "hero1", heroes: ["brannoc"] }, overlord: { id: "overlord" } },
  table: { automated: ["overlord"] },
} as unknown as Pick<StateMessage, "seats" | "table">;

describe("why? on the log", () => {
  it("is offered on the automated overlord's decisions only", () => {
    const move: LogEvent = { n: 4, kind: "figure_moved", text: "Goblin moves", turn: "overlord" };
    expect(canAskWhy(move, state)).toBe(true);
    expect(canAskWhy({ ...move, kind: "attack_rolled" }, state)).toBe(false);  // the dice decide that, not him
    expect(canAskWhy({ ...move, turn: "brannoc" }, state)).toBe(false);  // a person's hero
    expect(canAskWhy({ ...move, n: undefined }, state)).toBe(false);
    const human = { ...state, table: { automated: [] } } as unknown as typeof state;
    expect(canAskWhy(move, human)).toBe(false);
    // a trap he springs in a hero's turn
    expect(automatedSeatOf({ n: 9, kind: "card_played", text: "The overlord plays", turn: "brannoc" }, state)).toBe("overlord");
  });

  it("asks about automated heroes too", () => {
    const heroesAi = { ...state, table: { automated: ["hero1"] } } as unknown as typeof state;
    expect(automatedSeatOf({ n: 1, kind: "attack_declared", text: "", turn: "brannoc" }, heroesAi)).toBe("hero1");
  });

  it("reads values, details and marks", () => {
    expect(valueText(null)).toBe("");
    expect(valueText(3)).toBe("3");
    expect(valueText(1.4567)).toBe("1.46");
    expect(detailsText({ expected_wounds: 1.4, kill: 0.3, nested: { a: 1 } })).toBe("expected wounds 1.4, kill 30%");
    expect(detailsText({ attack_from_here: "hero2" }, (id) => (id === "hero2" ? "Sela" : id))).toBe("attack from here Sela");
    const a = { winner: "b", chosen: "a", ties: ["c"] } as WhyAnswer;
    expect(marksOf({ choice: "a", label: "", value: 1, details: {} }, a)).toEqual(["chosen"]);
    expect(marksOf({ choice: "b", label: "", value: 2, details: {} }, a)).toEqual(["best now"]);
    expect(marksOf({ choice: "c", label: "", value: 2, details: {} }, a)).toEqual(["tie"]);
  });
});
