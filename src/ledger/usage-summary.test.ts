import { describe, expect, it } from "vitest";
import { PRICES } from "../cost/price-table.js";
import { callDollars } from "./usage-cost.js";
import type { UsageRecord } from "./usage-record.js";
import { summariseConversations, summariseDays, totalsOf } from "./usage-summary.js";

const record = (extra: Partial<UsageRecord>): UsageRecord => ({
  time: "2026-11-30T10:00:00.000Z",
  conversation: "a",
  call: 1,
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  inputTokens: 10_000,
  outputTokens: 1_000,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  toolsTokens: 2_500,
  toolCount: 20,
  toolsHash: "h1",
  servers: { github: 20 },
  ...extra,
});

describe("callDollars", () => {
  it("prices uncached input, cache writes, cache reads and output separately ($3, $3.75, $0.30, $15 per M)", () => {
    const cost = callDollars(
      record({ inputTokens: 10_000, cacheWriteTokens: 4_000, cacheReadTokens: 5_000, outputTokens: 1_000 }),
      PRICES,
    );
    // 1,000 × 3 + 4,000 × 3.75 + 5,000 × 0.3 + 1,000 × 15 = 3,000 + 15,000 + 1,500 + 15,000 = 34,500 / 1M
    expect(cost).toBeCloseTo(0.0345, 12);
  });

  it("has no price for a model missing from the table", () => {
    expect(callDollars(record({ model: "my-local-llama" }), PRICES)).toBeUndefined();
  });
});

describe("summaries", () => {
  const records = [
    record({ conversation: "b", time: "2026-11-30T11:00:00.000Z", toolsHash: "h1" }),
    record({ conversation: "a", call: 1, cacheWriteTokens: 8_000 }),
    record({ conversation: "a", call: 2, time: "2026-11-30T10:01:00.000Z", cacheReadTokens: 8_000 }),
    record({
      conversation: "a",
      call: 3,
      time: "2026-12-01T00:00:01.000Z",
      cacheReadTokens: 0,
      toolsHash: "h2",
      toolCount: 25,
      servers: { github: 20, docs: 5 },
      model: "unknown-model",
    }),
  ];

  it("sums per conversation, ordered by first call, with the tools at the last call and cache rewrites", () => {
    const rows = summariseConversations(records, PRICES);
    expect(rows.map((row) => [row.conversation, row.calls])).toEqual([
      ["a", 3],
      ["b", 1],
    ]);
    const [a] = rows;
    expect(a).toMatchObject({
      started: "2026-11-30T10:00:00.000Z",
      ended: "2026-12-01T00:00:01.000Z",
      models: ["claude-sonnet-4-5", "unknown-model"],
      toolCount: 25,
      servers: { github: 20, docs: 5 },
      toolsArrays: 2,
      inputPerCall: 10_000,
      toolsShare: 0.25,
      cacheHitRate: 8_000 / 30_000,
      unpricedCalls: 1,
    });
  });

  it("groups by UTC day", () => {
    expect(summariseDays(records, PRICES).map((row) => [row.day, row.calls])).toEqual([
      ["2026-11-30", 3],
      ["2026-12-01", 1],
    ]);
  });

  it("gives zero ratios, not NaN, for nothing", () => {
    expect(totalsOf([], PRICES)).toMatchObject({ calls: 0, inputPerCall: 0, toolsShare: 0, cacheHitRate: 0 });
  });
});
