import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../agent/agent-events.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { ledgerRecorder, recordConversation } from "./record-usage.js";
import type { UsageRecord } from "./usage-record.js";

const tools: ServerTool[] = [
  { server: "github", tool: { name: "search", description: "Search", inputSchema: { type: "object" } } },
  { server: "github", tool: { name: "issue", description: "Issue", inputSchema: { type: "object" } } },
  { server: "docs", tool: { name: "fetch", description: "Fetch", inputSchema: { type: "object" } } },
];
const usage = { inputTokens: 3000, outputTokens: 40, cacheReadTokens: 2000, cacheWriteTokens: 0 };

function events(hash: string, count: number): AgentEvent[] {
  return Array.from({ length: count }, (_, index) => [
    { type: "request", turn: index + 1, messages: 1, tools: 3, toolsetHash: hash } as const,
    { type: "usage", turn: index + 1, usage, totals: usage } as const,
  ]).flat();
}

describe("recordConversation", () => {
  it("appends one row per model call with the tools estimate, count, hash and per-server counts", async () => {
    const rows: UsageRecord[] = [];
    const toolset = buildToolset(tools, "anthropic");
    const watch = recordConversation(() => toolset, {
      ledger: { append: (row) => rows.push(row) },
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      agent: "support",
      conversation: "conv-1",
      now: () => new Date("2026-11-30T10:00:00Z"),
    });
    await watch.buildTools();
    for (const event of events(toolset.hash, 2)) watch.onEvent(event);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      time: "2026-11-30T10:00:00.000Z",
      conversation: "conv-1",
      call: 2,
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      agent: "support",
      ...usage,
      toolCount: 3,
      toolsHash: toolset.hash,
      servers: { docs: 1, github: 2 },
    });
    expect(rows[0]!.toolsTokens).toBeGreaterThan(100);
    expect(watch.conversation).toBe("conv-1");
  });
});

describe("ledgerRecorder", () => {
  it("reports the first failed append once and stops writing; without onError it throws", () => {
    const errors: unknown[] = [];
    let attempts = 0;
    const failing = {
      append: () => {
        attempts += 1;
        throw new Error("disk full");
      },
    };
    const recorder = ledgerRecorder(failing, {
      provider: "p",
      model: "m",
      onError: (error) => errors.push(error),
    });
    const call = { call: 1, turn: 1, usage, toolsHash: "h", toolCount: 0, time: new Date() };
    recorder.record(call);
    recorder.record({ ...call, call: 2 });
    expect(attempts).toBe(1);
    expect(errors.map(String)).toEqual(["Error: disk full"]);
    expect(recorder.conversation).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => ledgerRecorder(failing, { provider: "p", model: "m" }).record(call)).toThrow("disk full");
  });
});
