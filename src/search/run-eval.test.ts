import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { evaluateRetriever, percentile, type Retriever } from "./run-eval.js";
import { toolKey } from "./tool-index.js";

describe("evaluateRetriever", () => {
  const catalogue: ServerTool[] = ["a", "b", "c"].map((name) => ({
    server: "s",
    tool: { name, inputSchema: { type: "object" } },
  }));
  // Always answers c, b, a, whatever the query.
  const fixed: Retriever = {
    name: "fixed",
    build: (tools) => ({
      search: (_query, limit) =>
        [...tools]
          .reverse()
          .slice(0, limit)
          .map((item, index) => ({ server: item.server, tool: item.tool.name, score: 3 - index })),
    }),
  };

  it("measures recall and MRR of the retriever's rankings", () => {
    const result = evaluateRetriever(
      fixed,
      catalogue,
      [
        { id: "1", query: "x", groups: [[toolKey("s", "c")]] },
        { id: "2", query: "y", groups: [[toolKey("s", "a")], [toolKey("s", "b")]] },
      ],
      [1, 3],
    );
    expect(result.name).toBe("fixed");
    expect(result.metrics.recallAny).toEqual([0.5, 1]);
    expect(result.metrics.recallAll).toEqual([0.5, 1]);
    expect(result.metrics.mrr).toBeCloseTo((1 + 1 / 2) / 2, 12);
    expect(result.buildMs).toBeGreaterThanOrEqual(0);
    expect(result.p99QueryMs).toBeGreaterThanOrEqual(result.medianQueryMs);
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});
