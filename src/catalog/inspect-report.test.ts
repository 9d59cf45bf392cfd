import { describe, expect, it } from "vitest";
import type { ServerStatus } from "../connect/connection-pool.js";
import type { ServerTool } from "../spec/tool.js";
import { buildInspectReport, parametersOf } from "./inspect-report.js";
import type { CatalogSnapshot } from "./types.js";

const tool = (server: string, name: string, description: string): ServerTool => ({
  server,
  tool: {
    name,
    description,
    inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
  },
});
const TOOLS = [tool("a", "find", "finds\n  things"), tool("a", "drop", "drops"), tool("b", "ping", "")];
const snapshot: CatalogSnapshot = {
  generation: 3,
  servers: [
    { server: "a", tools: TOOLS.slice(0, 2), resources: [], resourceTemplates: [], prompts: [] },
    { server: "b", tools: TOOLS.slice(2), resources: [], resourceTemplates: [], prompts: [] },
  ],
  tools: TOOLS,
  resources: [],
  resourceTemplates: [],
  prompts: [],
};
const statuses: ServerStatus[] = [
  {
    name: "a",
    state: "ready",
    transport: "stdio",
    restarts: 0,
    info: {
      transport: "stdio",
      protocolVersion: "2025-11-25",
      serverInfo: { name: "srv-a", version: "1.0.0" },
      capabilities: {},
      readyInMs: 12.6,
    },
  },
  { name: "b", state: "failed", transport: "stdio", restarts: 0, reason: "exited", stderrTail: "" },
];
const denyDrop = (item: ServerTool) => (item.tool.name === "drop" ? "denied" : undefined);

describe("buildInspectReport", () => {
  it("one row per status and per tool; descriptions on one line, exclusions named", () => {
    const report = buildInspectReport("/x/s.json", statuses, snapshot, denyDrop);
    expect(report.generation).toBe(3);
    expect(report.servers[0]).toEqual({
      name: "a",
      status: "ready",
      transport: "stdio",
      protocolVersion: "2025-11-25",
      serverName: "srv-a",
      serverVersion: "1.0.0",
      readyInMs: 13,
      tools: 2,
      resources: 0,
      resourceTemplates: 0,
      prompts: 0,
    });
    // An empty stderr tail is left out; a failed server keeps its reason.
    expect(report.servers[1]).toMatchObject({ name: "b", status: "failed", reason: "exited", tools: 1 });
    expect(report.servers[1]).not.toHaveProperty("stderrTail");
    expect(report.tools.map((row) => [row.name, row.description, row.excluded])).toEqual([
      ["find", "finds things", undefined],
      ["drop", "drops", "denied"],
      ["ping", "", undefined],
    ]);
    expect(report.tokens).toBeUndefined();
  });

  it("with an estimate: tokens per server and tool, and the sent tools plus the overhead per request", () => {
    const estimate = {
      tokenizer: "o200k_base" as const,
      target: "anthropic",
      model: "m",
      tools: [
        { server: "a", tool: "find", tokens: 10 },
        { server: "a", tool: "drop", tokens: 20 },
      ],
      servers: [{ server: "a", tokens: 30 }],
      overheads: { perRequest: 100 },
    };
    const report = buildInspectReport("/x/s.json", statuses, snapshot, denyDrop, estimate);
    expect(report.servers.map((row) => row.tokens)).toEqual([30, 0]);
    // ping has no estimate (quarantined by the translation): no tokens, and not counted as sent.
    expect(report.tools.map((row) => row.tokens)).toEqual([10, 20, undefined]);
    expect(report.tokens).toEqual({
      estimate: true,
      tokenizer: "o200k_base",
      target: "anthropic",
      model: "m",
      overheadTokens: 100,
      sentTokens: 110,
    });
    const none = buildInspectReport("/x/s.json", statuses, snapshot, () => "denied", estimate);
    expect(none.tokens).toMatchObject({ overheadTokens: 0, sentTokens: 0 });
  });
});

describe("parametersOf", () => {
  it("names each top-level property with a short type and whether it is required", () => {
    expect(
      parametersOf({
        type: "object",
        properties: {
          a: { type: "string" },
          b: { type: ["string", "null"] },
          c: { enum: [1, 2] },
          d: { anyOf: [{ type: "string" }] },
          e: {},
          f: true,
        },
        required: ["a", 7, "e"],
      }),
    ).toEqual([
      { name: "a", required: true, type: "string" },
      { name: "b", required: false, type: "string|null" },
      { name: "c", required: false, type: "enum" },
      { name: "d", required: false, type: "union" },
      { name: "e", required: true, type: "any" },
      { name: "f", required: false, type: "any" },
    ]);
    expect(parametersOf({ type: "object", properties: [] })).toEqual([]);
  });
});
