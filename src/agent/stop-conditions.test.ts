import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenUsage } from "../spec/model-adapter.js";
import { addUsage, budgetExceeded, ZERO_USAGE } from "./stop-conditions.js";

const usage = (inputTokens: number, outputTokens: number): TokenUsage => ({
  ...ZERO_USAGE,
  inputTokens,
  outputTokens,
});
const state = (value: TokenUsage) => ({ usage: value, turns: 1, provider: "p", model: "m" });

describe("budgetExceeded", () => {
  it("is silent without a budget and at the limit, and says which limit went past", () => {
    expect(budgetExceeded(undefined, state(usage(1e9, 1e9)))).toBeUndefined();
    expect(budgetExceeded({ maxInputTokens: 100 }, state(usage(100, 0)))).toBeUndefined();
    expect(budgetExceeded({ maxInputTokens: 100 }, state(usage(101, 0)))).toBe(
      "input tokens 101 exceed maxInputTokens 100",
    );
    expect(budgetExceeded({ maxOutputTokens: 5 }, state(usage(0, 6)))).toContain("maxOutputTokens 5");
    expect(budgetExceeded({ maxTotalTokens: 10 }, state(usage(6, 5)))).toBe(
      "total tokens 11 exceed maxTotalTokens 10",
    );
  });

  it("consults the hook only when no token limit is exceeded", () => {
    const calls: number[] = [];
    const check = ({ usage: spent }: { usage: TokenUsage }) => {
      calls.push(spent.inputTokens);
      return "dollars";
    };
    expect(budgetExceeded({ maxInputTokens: 1, check }, state(usage(2, 0)))).toContain("maxInputTokens");
    expect(budgetExceeded({ check }, state(usage(1, 0)))).toBe("dollars");
    expect(calls).toEqual([1]);
  });
});

describe("addUsage", () => {
  it("adds field by field, with ZERO_USAGE as identity", () => {
    const count = fc.nat({ max: 1e9 });
    const arbitrary = fc.record({
      inputTokens: count,
      outputTokens: count,
      cacheReadTokens: count,
      cacheWriteTokens: count,
    });
    fc.assert(
      fc.property(arbitrary, arbitrary, (a, b) => {
        expect(addUsage(a, ZERO_USAGE)).toEqual(a);
        expect(addUsage(a, b)).toEqual(addUsage(b, a));
        expect(addUsage(a, b).inputTokens).toBe(a.inputTokens + b.inputTokens);
      }),
    );
  });
});
