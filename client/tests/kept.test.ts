import { describe, expect, it } from "vitest";
import { keepSeats, keptSeats, seatTokensHeader } from "../src/protocol/kept";

function memory(): Pick<Storage, "getItem" | "setItem"> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe("kept seats", () => {
  it("keeps new seats first, once each, and survives garbage", () => {
    const store = memory();
    keepSeats([{ id: "g1", name: "You", token: "a" }], store);
    keepSeats([{ id: "g2", name: "You", token: "b" }, { id: "g1", name: "You", token: "a" }], store);
    expect(keptSeats(store).map((s) => s.token)).toEqual(["b", "a"]);
    store.setItem("delve.seats", "not json");
    expect(keptSeats(store)).toEqual([]);
  });
  it("caps the list at what the server reads", () => {
    const store = memory();
    keepSeats(Array.from({ length: 150 }, (_, i) => ({ id: `g${i}`, name: "You", token: `t${i}` })), store);
    expect(keptSeats(store)).toHaveLength(100);
  });
  it("sends no header without seats", () => {
    expect(seatTokensHeader([])).toEqual({});
    expect(seatTokensHeader([{ id: "g", name: "n", token: "x" }, { id: "h", name: "n", token: "y" }])).toEqual({ "X-Seat-Tokens": "x,y" });
  });
});
