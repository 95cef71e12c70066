import { describe, expect, it } from "vitest";
import { abilityNames, find, parseSpends, readableAbility, readableSpendLabel, start, stepsFrom } from "../src/logic/surges";
import type { Choice } from "../src/protocol/types";

const spend = (toRange: number, buys: number[], label: string): Choice =>
  ({ id: `spend:${toRange}:${buys.join(",")}`, label, data: { to_range: toRange, buys } });

const choices = [
  spend(0, [0, 0], "0 enhancement(s) to range, the rest to damage"),
  spend(1, [0, 0], "1 enhancement(s) to range, the rest to damage"),
  spend(0, [1, 0], "0 enhancement(s) to range, the rest to damage; buy 1x +1 damage"),
  spend(0, [0, 1], "0 enhancement(s) to range, the rest to damage; buy 1x pierce 2"),
  spend(0, [1, 1], "0 enhancement(s) to range, the rest to damage; buy 1x +1 damage, 1x pierce 2"),
];

describe("surge spending step by step", () => {
  it("reads the combinations and what each ability buys", () => {
    const spends = parseSpends(choices)!;
    expect(spends).toHaveLength(5);
    expect(abilityNames(spends)).toEqual(["+1 damage", "pierce 2"]);
    expect(parseSpends([{ id: "done", label: "" }])).toBeNull();
  });

  it("offers only the steps that lead to an offered combination", () => {
    const spends = parseSpends(choices)!;
    const names = abilityNames(spends);
    const s0 = start(spends);
    expect(find(spends, s0)?.id).toBe("spend:0:0,0");
    expect(stepsFrom(spends, s0, names).map((s) => s.label)).toEqual(["+1 enhancement to range", "buy +1 damage", "buy pierce 2"]);
    const s1 = stepsFrom(spends, s0, names)[1].next;
    expect(stepsFrom(spends, s1, names).map((s) => s.id)).toEqual(["spend:0:1,1"]);
    const ranged = stepsFrom(spends, s0, names)[0].next;
    expect(stepsFrom(spends, ranged, names)).toEqual([]);
  });
});

describe("surge abilities in words", () => {
  it("puts the cost after the effect", () => {
    expect(readableAbility("2:+2 damage")).toBe("+2 damage (2 surges)");
    expect(readableAbility("1:pierce 1")).toBe("pierce 1 (1 surge)");
    expect(readableSpendLabel("0 enhancements to range, the rest to damage; buy 1x 2:+2 damage"))
      .toBe("0 enhancements to range, the rest to damage; buy +2 damage (2 surges)");
    expect(readableSpendLabel("1 enhancement to range, the rest to damage; buy 2x 1:+1 damage, 1x 1:pierce 1"))
      .toBe("1 enhancement to range, the rest to damage; buy 2 times +1 damage (1 surge), pierce 1 (1 surge)");
    expect(readableSpendLabel("2 enhancements to range, the rest to damage")).toBe("2 enhancements to range, the rest to damage");
    expect(readableAbility("+1 damage")).toBe("+1 damage");
  });
});
