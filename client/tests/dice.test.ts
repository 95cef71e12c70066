import { describe, expect, it } from "vitest";
import { faceWords } from "../src/logic/dice";

describe("faceWords", () => {
  it("reads combat faces as range, damage and surges", () => {
    expect(faceWords("1/3S")).toBe("range 1, 3 damage and a surge");
    expect(faceWords("0/4")).toBe("4 damage");
    expect(faceWords("2/0S")).toBe("range 2 and a surge");
    expect(faceWords("0/0S")).toBe("a surge");
  });
  it("reads the power die and the miss", () => {
    expect(faceWords("enh")).toBe("an enhancement");
    expect(faceWords("surge")).toBe("a surge");
    expect(faceWords("blank")).toBe("a blank");
    expect(faceWords("X")).toBe("a miss");
  });
  it("leaves an unknown label as it is", () => {
    expect(faceWords("3")).toBe("3");
  });
});
