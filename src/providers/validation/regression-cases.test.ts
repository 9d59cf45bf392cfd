import { describe, expect, it } from "vitest";
import { toolRegressionCases } from "./regression-cases.js";

describe("toolRegressionCases", () => {
  it("covers every tool-definition row of docs/provider-rules.md#regressions", () => {
    const rows = new Set(toolRegressionCases().map((c) => c.id.replace(/[a-z]$/, "")));
    const expected = [1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23];
    expected.push(28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 41);
    expect([...rows].sort((a, b) => Number(a) - Number(b))).toEqual(expected.map(String));
  });

  it("has unique ids and returns fresh arrays on every call", () => {
    const first = toolRegressionCases();
    expect(new Set(first.map((c) => c.id)).size).toBe(first.length);
    (first[0]?.tools as unknown[]).length = 0;
    expect(toolRegressionCases()[0]?.tools.length).toBeGreaterThan(0);
  });
});
