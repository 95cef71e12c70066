import { describe, expect, it } from "vitest";
import { automatedSide, difficultyText, difficultyWord, levelMeasureText, MAX_SEED, randomSeed, requestBody, type HeroSheet, type LobbyForm,
  type QuestCardData } from "../src/logic/lobbyform";

const hero = (id: string, name: string): HeroSheet => ({ id, name, speed: 4, wounds: 12, fatigue: 4, armor: 1, traits: {}, skills: {} });
const HEROES = [hero("brannoc", "Brannoc Ironvow"), hero("sela", "Sela Quickreed"), hero("orla", "Orla"), hero("tam", "Tam"), hero("ivo", "Ivo")];
const QUEST: QuestCardData = { id: "first-steps", name: "First Steps", ruleset: "1e", size: { width: 20, height: 14, areas: 5, max_heroes: 3 } };
const form = (over: Partial<LobbyForm> = {}): LobbyForm => ({
  mode: "solo", ruleset: "1e", quest: "", heroes: [], level: "easy", humanOverlord: true, seed: "1234", physical: false, quick: false, ...over,
});

describe("requestBody", () => {
  it("turns the default form into the solo tutorial at the chosen level", () => {
    expect(requestBody(form(), QUEST, HEROES)).toEqual({ errors: [], body: {
      mode: "solo", ruleset: "1e", quest: null, heroes: [], seed: 1234, physical_dice: false, quick: false, level: "easy" } });
  });
  it("sends hero ids in the order picked, the quest id and the options", () => {
    const { body } = requestBody(form({ quest: "first-steps", heroes: ["sela", "brannoc"], quick: true, physical: true, level: "hard" }), QUEST, HEROES);
    expect(body).toMatchObject({ quest: "first-steps", heroes: ["sela", "brannoc"], quick: true, physical_dice: true, level: "hard" });
  });
  it("a networked game with a person as overlord sends no level (it would override him)", () => {
    const { body } = requestBody(form({ mode: "network", heroes: ["brannoc"], humanOverlord: true }), QUEST, HEROES);
    expect(body).toMatchObject({ mode: "network", overlord: "human" });
    expect(body).not.toHaveProperty("level");
    const auto = requestBody(form({ mode: "network", heroes: ["brannoc", "sela"], humanOverlord: false, level: "normal" }), QUEST, HEROES).body;
    expect(auto).toMatchObject({ level: "normal" });
    expect(auto).not.toHaveProperty("overlord");
  });
  it("hot-seat has no automated side", () => {
    expect(requestBody(form({ mode: "hotseat" }), QUEST, HEROES).body).not.toHaveProperty("level");
    expect(automatedSide({ mode: "overlord", humanOverlord: false })).toBe("heroes");
  });
  it("refuses bad seeds, too many heroes, repeats and strangers, in words", () => {
    expect(requestBody(form({ seed: "abc" }), QUEST, HEROES).errors[0]).toMatch(/seed must be a whole number/);
    expect(requestBody(form({ seed: String(MAX_SEED + 1) }), QUEST, HEROES).body).toBeNull();
    expect(requestBody(form({ seed: "-3" }), QUEST, HEROES).body).toBeNull();
    expect(requestBody(form({ heroes: ["brannoc", "sela", "orla", "tam"] }), QUEST, HEROES).errors).toEqual(["First Steps starts at most 3 heroes."]);
    expect(requestBody(form({ heroes: ["sela", "sela"] }), QUEST, HEROES).errors).toContain("Each hero can be picked once.");
    const stranger = requestBody(form({ heroes: ["nobody"] }), QUEST, HEROES).errors.join(" ");
    expect(stranger).toMatch(/not in this edition's box/);
    expect(stranger).not.toContain("nobody"); // names, never ids
    expect(requestBody(form({ mode: "network", heroes: ["sela"], humanOverlord: false }), QUEST, HEROES).errors[0]).toMatch(/two people/);
  });
});

describe("seeds and difficulty", () => {
  it("a new seed is a short positive whole number", () => {
    expect(randomSeed(() => 0)).toBe("1");
    expect(randomSeed(() => 0.999999999)).toBe("999999");
    expect(Number(randomSeed())).toBeGreaterThan(0);
  });
  it("words the overlord's share of wins", () => {
    expect(difficultyWord({ games: 225, overlord_won: 13, run: "" })).toBe("easy");
    expect(difficultyWord({ games: 1000, overlord_won: 246, run: "" })).toBe("fair");
    expect(difficultyWord({ games: 1000, overlord_won: 569, run: "" })).toBe("hard");
    expect(difficultyWord({ games: 1000, overlord_won: 827, run: "" })).toBe("very hard");
    expect(difficultyWord(undefined)).toBe("not measured");
    expect(difficultyText({ games: 1000, overlord_won: 431, run: "" })).toBe("overlord won 43% of 1,000 games");
    expect(difficultyText({ games: 4, overlord_won: 2, run: "" })).toMatch(/50% of 4 games \(few games/);
    expect(levelMeasureText("hard", { games: 300, overlord_won: 245, run: "" }))
      .toBe("On this quest the hard overlord beat the computer's heroes in 82% of 300 simulated games.");
    expect(levelMeasureText("easy", { games: 0, overlord_won: 0, run: "" })).toBe("");
    expect(levelMeasureText("easy", undefined)).toBe("");
  });
});

describe("rematch", () => {
  it("a game's request fills the form that sends it again", async () => {
    const { formOf } = await import("../src/logic/lobbyform");
    for (const f of [form({ mode: "network", heroes: ["sela", "brannoc"], humanOverlord: true, seed: "77", quick: true }),
      form({ mode: "overlord", level: "hard", seed: "5", physical: true, quest: "first-steps" }), form({ mode: "hotseat", seed: "0" })]) {
      const body = requestBody(f, QUEST, HEROES).body!;
      expect(requestBody(formOf(body), QUEST, HEROES).body).toEqual(body);
    }
  });
  it("keeps the setups of the games started here, newest first", async () => {
    const { keepSetup, keptSetups } = await import("../src/lobby/setups");
    const data = new Map<string, string>();
    const store = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    keepSetup("g1", { seed: 1 }, store);
    keepSetup("g2", { seed: 2 }, store);
    keepSetup("g1", { seed: 3 }, store);
    expect(Object.keys(keptSetups(store))).toEqual(["g1", "g2"]);
    expect(keptSetups(store).g1).toEqual({ seed: 3 });
    data.set("delve.setups", "[]");
    expect(keptSetups(store)).toEqual({});
  });
});
