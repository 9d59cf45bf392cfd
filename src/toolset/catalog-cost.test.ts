import { describe, expect, it } from "vitest";
import { parseConfig } from "../config/index.js";
import { FACADE_TOOLS } from "../cost/facade-definition.js";
import { PRICES } from "../cost/price-table.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";
import { catalogCost, estimateRequest } from "./catalog-cost.js";

const config = parseConfig(
  JSON.stringify({
    mcpServers: {
      big: { command: "x", tools: { deny: ["b"] } },
      small: { command: "x" },
    },
    agents: { ops: { servers: ["big"] } },
  }),
  "/x/switchboard.json",
);
const tool = (server: string, name: string, schema: object = { type: "object" }): ServerTool => ({
  server,
  tool: {
    name,
    description: `${name} does things`,
    inputSchema: schema as ServerTool["tool"]["inputSchema"],
  },
});
const TOOLS = [tool("big", "a"), tool("big", "b"), tool("small", "c")];
const MODEL = "claude-sonnet-4-5";
const price = { ...(PRICES[MODEL] as NonNullable<(typeof PRICES)[string]>), model: MODEL };
const base = {
  tools: TOOLS,
  config,
  target: "anthropic" as const,
  model: MODEL,
  price,
  requestsPerMonth: 100,
  turns: 4,
};

describe("estimateRequest", () => {
  it("the built array, its estimate and a sendable verdict", () => {
    const built = estimateRequest(TOOLS, "anthropic", MODEL);
    expect(built.toolset.json).toBe(buildToolset(TOOLS, "anthropic").json);
    expect(built.tokens.tools).toHaveLength(3);
    expect(built.verdict).toEqual({ sendable: true, limits: [] });
  });
});

describe("catalogCost", () => {
  it("prices the configured selection beside every server and the facade", () => {
    const { report, arrays } = catalogCost(base);
    expect(report.tools.map((row) => `${row.server}/${row.tool}`)).toEqual(["big/a", "small/c"]);
    expect(report.alternatives.map((row) => [row.id, row.tools])).toEqual([
      ["all-servers", 3],
      ["allow-listed", 2],
      ["search-facade", FACADE_TOOLS.length],
    ]);
    expect(report.request.tokens).toBe(report.alternatives[1]?.tokens);
    expect(report.cacheTtl).toBe("5m");
    expect(report.cacheMinimum?.tokens).toBeGreaterThan(0);
    // The sent request first, then each alternative, each with the array the provider would receive.
    expect(arrays.map((array) => array.label)).toEqual([
      "the sent request",
      ...report.alternatives.map((row) => row.label),
    ]);
    expect(arrays[0]?.estimate).toBe(report.request.tokens);
    expect(arrays[1]?.tools).toHaveLength(3);
  });

  it("with an agent: only its servers are sent, and its unfiltered servers are an alternative", () => {
    const { report } = catalogCost({ ...base, agent: "ops", failedServers: ["gone"] });
    expect(report.tools.map((row) => row.tool)).toEqual(["a"]);
    expect(report.alternatives.map((row) => [row.id, row.tools])).toEqual([
      ["all-servers", 3],
      ["agent-servers", 2],
      ["allow-listed", 1],
      ["search-facade", FACADE_TOOLS.length],
    ]);
    expect(report.failedServers).toEqual(["gone"]);
  });

  it("lists a quarantined tool and does not price it", () => {
    const broken = tool("small", "d", ["not", "a", "schema"]); // not an object schema: quarantined
    const { report } = catalogCost({ ...base, tools: [...TOOLS, broken] });
    expect(report.quarantined).toEqual([{ server: "small", tool: "d", reason: expect.any(String) }]);
    expect(report.tools.map((row) => row.tool)).not.toContain("d");
  });
});
