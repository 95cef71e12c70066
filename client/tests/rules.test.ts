import { describe, expect, it } from "vitest";
import { RulesCache, refLabel, rulesUrl, sourceName, statusText } from "../src/logic/rules";

describe("rulebook references", () => {
  it("asks for a section by its reference and ruleset, encoded", () => {
    expect(rulesUrl("Step 3: Activate Monsters", "1e")).toBe("/api/rules?ref=Step%203%3A%20Activate%20Monsters&ruleset=1e");
  });
  it("cites a rulebook section by its heading and a rule of Delve's own without its file path", () => {
    expect(refLabel("Step 3: Activate Monsters")).toBe("(rulebook: Step 3: Activate Monsters)");
    expect(refLabel("Move (4. Ready)")).toBe("(rulebook: Move (4. Ready))");
    expect(refLabel("Solo variant (docs/solo-overlord.md)")).toBe("(rules: Solo variant)");
  });
  it("says what each coverage status means, and names the rules files", () => {
    expect(statusText("done")).toMatch(/^Implemented/);
    expect(statusText("partial")).toMatch(/^Partly/);
    expect(statusText("not yet")).toMatch(/^Not implemented/);
    expect(statusText("odd")).toBe("Coverage: odd.");
    expect(sourceName("descent-1e-rulebook.md")).toBe("the 1st edition rulebook");
    expect(sourceName("other.txt")).toBe("other.txt");
  });
  it("fetches each section once and gives null for an unknown one or a failed request", async () => {
    const asked: string[] = [];
    const cache = new RulesCache(async (url) => {
      asked.push(url);
      if (url.includes("Bleed")) return new Response(JSON.stringify({ section: "Bleed", status: "done" }), { status: 200 });
      if (url.includes("Broken")) throw new Error("offline");
      return new Response("{}", { status: 404 });
    });
    expect((await cache.get("Bleed", "1e"))?.section).toBe("Bleed");
    expect((await cache.get("Bleed", "1e"))?.status).toBe("done");
    expect(await cache.get("Nope", "1e")).toBeNull();
    expect(await cache.get("Broken", "1e")).toBeNull();
    expect(asked.filter((u) => u.includes("Bleed"))).toHaveLength(1);
  });
});
