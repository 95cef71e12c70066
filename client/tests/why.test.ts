import { describe, expect, it } from "vitest";
import { automatedSeatOf, canAskWhy } from "../src/logic/why";
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

  it("offers no why on a person's hero striking in the overlord's turn (a guard order)", () => {
    const guard: LogEvent = { n: 7, kind: "attack_declared", text: "Brannoc attacks", turn: "overlord", data: { attacker: "brannoc" } };
    expect(canAskWhy(guard, state)).toBe(false);
    const monster: LogEvent = { ...guard, data: { attacker: "m6" } };
    expect(canAskWhy(monster, state)).toBe(true);
    const heroesAi = { ...state, table: { automated: ["hero1"] } } as unknown as typeof state;
    expect(automatedSeatOf(guard, heroesAi)).toBe("hero1");
    const moved: LogEvent = { n: 8, kind: "figure_moved", text: "Brannoc moves", turn: "overlord", data: { figure: "brannoc" } };
    expect(canAskWhy(moved, state)).toBe(false);
  });
});
