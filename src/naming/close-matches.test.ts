import { describe, expect, it } from "vitest";
import { boundedDistance, closeMatches, tokensOf } from "./close-matches.js";

describe("tokensOf", () => {
  it("splits on separators and camelCase, lowercased", () => {
    expect(tokensOf("getUserName__v2")).toEqual(["get", "user", "name", "v2"]);
    expect(tokensOf("mcp.tickets/search-all")).toEqual(["mcp", "tickets", "search", "all"]);
    expect(tokensOf("__")).toEqual([]);
  });
});

describe("boundedDistance", () => {
  it("is Levenshtein distance up to the cap, and cap + 1 beyond it", () => {
    expect(boundedDistance("kitten", "sitting", 5)).toBe(3);
    expect(boundedDistance("", "abc", 5)).toBe(3);
    expect(boundedDistance("abc", "abc", 0)).toBe(0);
    expect(boundedDistance("kitten", "sitting", 2)).toBe(3);
    expect(boundedDistance("a", "a".repeat(100), 8)).toBe(9);
  });
});

describe("closeMatches", () => {
  const names = [
    "tickets__search",
    "tickets__create",
    "tickets__list",
    "files__read",
    "files__write",
    "weather",
  ];

  it("ranks names sharing more words first, then by edit distance", () => {
    expect(closeMatches("mcp__tickets__search", names)).toEqual([
      "tickets__search",
      "tickets__create",
      "tickets__list",
    ]);
    expect(closeMatches("tickets__serch", names)[0]).toBe("tickets__search");
    expect(closeMatches("search", names)).toEqual(["tickets__search"]);
  });

  it("finds typos by edit distance, case-insensitively", () => {
    expect(closeMatches("wether", names)).toEqual(["weather"]);
    expect(closeMatches("WEATHER", names)).toEqual(["weather"]);
  });

  it("returns at most `limit` names and nothing for an unrelated query", () => {
    const many = Array.from({ length: 20 }, (_, i) => `tool_${String(i).padStart(2, "0")}`);
    expect(closeMatches("tool", many)).toEqual(["tool_00", "tool_01", "tool_02", "tool_03", "tool_04"]);
    expect(closeMatches("tool", many, 2)).toHaveLength(2);
    expect(closeMatches("zzzzzz", names)).toEqual([]);
  });

  it("copes with a 10,000-character query", () => {
    expect(closeMatches(`tickets_${"x".repeat(10_000)}`, names)).toEqual([
      "tickets__create",
      "tickets__list",
      "tickets__search",
    ]);
  });
});
