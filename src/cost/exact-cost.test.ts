import { describe, expect, it } from "vitest";
import { costOf } from "./cost-model.js";
import { exactCost } from "./exact-cost.js";
import type { ExactCounter } from "./exact-counter.js";

/** A counter that counts one token per tool and records what it was asked, in order. */
function countingCounter(): ExactCounter & { asked: unknown[][] } {
  const asked: unknown[][] = [];
  return {
    source: "test counter",
    asked,
    async count(tools) {
      asked.push([...tools]);
      return { exact: true, withTools: 10 + tools.length, withoutTools: 10, total: tools.length };
    },
  };
}

describe("exactCost", () => {
  it("counts each array in order and prices the counts like the report", async () => {
    const counter = countingCounter();
    const report = {
      pricing: { input: 3, cache: { write: 3.75, read: 0.3 } },
      requestsPerMonth: 1000,
      turns: 4,
      cacheMinimum: { tokens: 2, checkedOn: "2026-12-01", source: "test", assumed: false },
    };
    const section = await exactCost(counter, report, [
      { label: "sent", estimate: 5, tools: ["x", "y", "z"] },
      { label: "none", estimate: 1, tools: [] },
    ]);
    expect(counter.asked).toEqual([["x", "y", "z"], []]);
    expect(section.source).toBe("test counter");
    expect(section.rows.map((row) => [row.label, row.tokens, row.estimate])).toEqual([
      ["sent", 3, 5],
      ["none", 0, 1],
    ]);
    expect(section.rows[0]?.cost).toEqual(
      costOf(3, report.pricing, { requestsPerMonth: 1000, turns: 4, cacheMinimumTokens: 2 }),
    );
  });
});
