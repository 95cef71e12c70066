import { describe, expect, it } from "vitest";
import { takeEarly, type Early } from "../src/protocol/connection";

const early = (id: string, token: string): Early =>
  ({ id, token, ws: {} as WebSocket, opened: false, messages: [], catalog: null });

describe("the early start (public/boot.js)", () => {
  it("is taken once, for its own game and token only", () => {
    const holder: { __delveEarly?: Early } = { __delveEarly: early("g1", "t1") };
    expect(takeEarly("g1", "t1", holder)?.id).toBe("g1");
    expect(takeEarly("g1", "t1", holder)).toBeNull();
    holder.__delveEarly = early("g1", "t1");
    expect(takeEarly("g2", "t1", holder)).toBeNull();
    expect(holder.__delveEarly).toBeUndefined();  // never left for a later page state
    holder.__delveEarly = early("g1", "t1");
    expect(takeEarly("g1", "other", holder)).toBeNull();
  });
});
