import { describe, expect, it } from "vitest";
import { categoryOf, groupLog, listed } from "../src/logic/loggroup";
import { boardTargets, groupChoices, spendSteps } from "../src/logic/choices";
import { linkify } from "../src/logic/mentions";
import { abbreviation, monsterShape } from "../src/logic/symbols";
import type { LogEvent, Pending } from "../src/protocol/types";

describe("log grouping", () => {
  it("groups by round and turn from the server's fields", () => {
    const log: LogEvent[] = [
      { kind: "game_started", text: "go", round: 0, turn: null, turn_name: "Setup" },
      { kind: "figure_moved", text: "a", round: 1, turn: "hero1", turn_name: "Brannoc" },
      { kind: "attack_hit", text: "b", round: 1, turn: "hero1", turn_name: "Brannoc" },
      { kind: "figure_moved", text: "c", round: 1, turn: "overlord", turn_name: "Overlord" },
      { kind: "card_drawn", text: "d", round: 1, turn: null, turn_name: "Round 1" },
    ];
    const g = groupLog(log);
    expect(g.map((r) => r.title)).toEqual(["Setup", "Round 1"]);
    expect(g[1].turns.map((t) => [t.title, t.events.length])).toEqual([["Brannoc", 2], ["Overlord", 1], ["Between turns", 1]]);
    expect(groupLog(log, (e) => categoryOf(e) === "combat")[0].turns[0].events[0].text).toBe("b");
  });

  it("files a gained skill under cards, not combat (its kind holds 'kill')", () => {
    expect(categoryOf({ kind: "skill_gained", text: "Sela gains the skill Tumble." })).toBe("cards");
    expect(categoryOf({ kind: "figure_killed", text: "The goblin dies." })).toBe("combat");
  });

  it("falls back to the turn-start events of older servers", () => {
    const log: LogEvent[] = [
      { kind: "round_started", text: "Round 1 begins.", data: { round: 1 } },
      { kind: "hero_turn_started", text: "Sela Quickreed's turn begins.", data: { hero: "hero2" } },
      { kind: "figure_moved", text: "x" },
      { kind: "overlord_turn_started", text: "The overlord's turn begins." },
    ];
    const turns = groupLog(log)[0].turns.map((t) => t.title);
    expect(turns).toEqual(["Start of the round", "Sela Quickreed", "Overlord"]);
  });
});

describe("choices", () => {
  const p: Pending = { seat: "h1", kind: "hero_turn", serial: 1, yours: true, choices: [
    { id: "move:1,1", label: "Move", data: { x: 1, y: 1 } },
    { id: "attack:axe:2,2", label: "Attack", data: { x: 2, y: 2 } },
    { id: "attack:bow:2,2", label: "Shoot", data: { x: 2, y: 2 }, target: { space: [2, 2] } },
    { id: "end_turn", label: "End", data: {} },
  ] };
  it("puts choices that point at a space on the board, grouped by space", () => {
    const t = boardTargets(p);
    expect([...t.keys()]).toEqual(["1,1", "2,2"]);
    expect(t.get("2,2")?.attack).toBe(true);
    expect(t.get("2,2")?.choices).toHaveLength(2);
    expect(boardTargets({ ...p, yours: false }).size).toBe(0);
  });
  it("groups the panel's list and orders surge spending by surges used", () => {
    expect(groupChoices(p.choices!).map((g) => g.name)).toEqual(["Moves", "Attacks", "Other"]);
    // fatigue spent for a movement point is a move; for a power die, a die
    const fatigue = groupChoices([{ id: "move:1,1", label: "" }, { id: "fatigue:move", label: "" }, { id: "fatigue:power", label: "" }]);
    expect(fatigue.map((g) => [g.name, g.choices.map((c) => c.id)])).toEqual([["Moves", ["move:1,1", "fatigue:move"]], ["Dice", ["fatigue:power"]]]);
    const spends = spendSteps([{ id: "spend:0:1,0", label: "" }, { id: "spend:0:", label: "" }, { id: "spend:0:1", label: "" }]);
    expect(spends.map((c) => c.id)).toEqual(["spend:0:", "spend:0:1", "spend:0:1,0"]);
  });
});

describe("mentions and symbols", () => {
  it("links each mentioned name", () => {
    const segs = linkify("Brannoc Ironvow attacks the Hollow Archer.", [
      { name: "Brannoc Ironvow", ref: { kind: "hero", id: "hero1" } }, { name: "Hollow Archer", ref: { kind: "hero", id: "m6" } }]);
    expect(segs.map((s) => [s.text, s.ref?.id])).toEqual([["Brannoc Ironvow", "hero1"], [" attacks the ", undefined], ["Hollow Archer", "m6"], [".", undefined]]);
  });
  it("gives monster kinds on one board different shapes and two-letter marks", () => {
    const kinds = ["blood-flitter", "hollow-archer", "cave-brute"];
    expect(new Set(kinds.map((k) => monsterShape(k, kinds))).size).toBe(3);
    expect(abbreviation("Blood Flitter")).toBe("BF");
    expect(abbreviation("Brannoc")).toBe("Br");
    expect(abbreviation("master Hollow Archer")).toBe("HA");
  });
});

describe("an attack's roll in the log", () => {
  it("is listed once: the unchanged repeat the server marks is left out, under every filter", () => {
    const rolled: LogEvent = { kind: "dice_rolled", text: "Ogre's attack: rolled red 2/1S." };
    const again: LogEvent = { kind: "attack_rolled", text: "Ogre rolled 2/1S.", repeat: true };
    const changed: LogEvent = { kind: "attack_rolled", text: "Ogre rolled 2/1S, surge." };
    for (const filter of ["all", "combat"] as const) {
      expect([rolled, again, changed].filter((e) => listed(e, filter))).toEqual([rolled, changed]);
    }
    expect(listed(changed, "movement")).toBe(false);
  });
});
