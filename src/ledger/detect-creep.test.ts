import { describe, expect, it } from "vitest";
import { detectCreep } from "./detect-creep.js";
import type { ConversationSummary } from "./usage-summary.js";

const session = (
  index: number,
  inputPerCall: number,
  servers: Record<string, number>,
): ConversationSummary => {
  const toolCount = Object.values(servers).reduce((sum, count) => sum + count, 0);
  return {
    conversation: `c${index}`,
    started: `2026-11-2${index}T09:00:00.000Z`,
    ended: `2026-11-2${index}T09:05:00.000Z`,
    provider: "anthropic",
    models: ["claude-sonnet-4-5"],
    toolCount,
    servers,
    toolsArrays: 1,
    calls: 4,
    inputTokens: inputPerCall * 4,
    outputTokens: 100,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    toolsTokens: toolCount * 130 * 4,
    dollars: 0,
    unpricedCalls: 0,
    inputPerCall,
    toolsShare: 0,
    cacheHitRate: 0,
  };
};

describe("detectCreep", () => {
  it("reproduces the issue's sentence: up 38% over 5 sessions, 21 → 40 tools, github added 19", () => {
    const finding = detectCreep([
      session(0, 1000, { docs: 3 }), // outside the window
      session(1, 3800, { docs: 21 }),
      session(2, 3900, { docs: 21 }),
      session(3, 4400, { docs: 21, github: 10 }),
      session(4, 5000, { docs: 21, github: 19 }),
      session(5, 5244, { docs: 21, github: 19 }),
    ]);
    expect(finding?.creep).toBe(true);
    expect(finding?.change).toBeCloseTo(1444 / 3800, 12);
    expect(finding?.message).toBe(
      "input tokens per call up 38% over the last 5 sessions (3,800 → 5,244); the tools array grew from 21 to 40 tools: server `github` added 19",
    );
    expect(finding?.servers).toEqual([{ server: "github", from: 0, to: 19 }]);
    expect(finding?.from).toMatchObject({ conversation: "c1", toolsPerCall: 21 * 130 });
  });

  it("says when the tools did not change, and names removals", () => {
    expect(detectCreep([session(1, 1000, { a: 5 }), session(2, 1500, { a: 5 })])?.message).toBe(
      "input tokens per call up 50% over the last 2 sessions (1,000 → 1,500); the tools array stayed at 5 tools, so the growth is in the conversations themselves (messages and tool results)",
    );
    expect(detectCreep([session(1, 2000, { a: 5, b: 4 }), session(2, 1500, { a: 6 })])?.message).toBe(
      "no creep: input tokens per call down 25% over the last 2 sessions (2,000 → 1,500), below the 10% threshold; the tools array shrank from 9 to 6 tools: server `a` added 1, server `b` removed 4",
    );
  });

  it("respects the window and threshold, and needs two sessions", () => {
    const rows = [session(1, 1000, { a: 1 }), session(2, 1050, { a: 1 }), session(3, 1100, { a: 1 })];
    expect(detectCreep(rows)?.creep).toBe(true); // +10%
    expect(detectCreep(rows, { threshold: 0.2 })?.creep).toBe(false);
    expect(detectCreep(rows, { window: 2 })?.change).toBeCloseTo(50 / 1050, 12);
    expect(detectCreep(rows.slice(0, 1))).toBeUndefined();
    expect(detectCreep([])).toBeUndefined();
  });
});
