import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { cacheMinimumFor } from "./cache-rules.js";
import { COST_CSV_COLUMNS, costReportCsv, whatIfCsv } from "./cost-csv.js";
import { pricingOf } from "./cost-model.js";
import { buildCostReport } from "./cost-report.js";
import { estimateToolsetTokens } from "./estimate-tokens.js";
import { FACADE_TOOLS } from "./facade-definition.js";
import { PRICES } from "./price-table.js";
import { whatIf } from "./what-if.js";

function tool(server: string, name: string, words: number): ServerTool {
  const description = Array.from({ length: words }, (_, index) => `word${index}`).join(" ");
  return {
    server,
    tool: { name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } },
  };
}

const ALL = [
  tool("big", "a", 400),
  tool("big", "b", 400),
  tool("small", "c", 10),
  tool("small", 'd,"e"', 10),
];
const MODEL = "claude-sonnet-4-6";

function report() {
  const estimate = (tools: ServerTool[]) =>
    estimateToolsetTokens(buildToolset(tools, "anthropic"), { model: MODEL });
  const selected = estimate(ALL.filter((item) => item.server === "small"));
  const price = PRICES[MODEL];
  if (price === undefined) throw new Error("price missing");
  const minimum = cacheMinimumFor("anthropic", MODEL);
  return buildCostReport({
    config: "/x/switchboard.json",
    selected,
    alternatives: [
      { id: "all-servers", label: "all", estimate: estimate(ALL) },
      { id: "allow-listed", label: "sent", estimate: selected },
      {
        id: "search-facade",
        label: "facade",
        estimate: estimate([...FACADE_TOOLS]),
        note: "definitions only",
      },
    ],
    price: { ...price, model: MODEL },
    pricing: pricingOf(price),
    cacheTtl: "5m",
    ...(minimum === undefined ? {} : { cacheMinimum: minimum }),
    requestsPerMonth: 1000,
    turns: 3,
  });
}

describe("buildCostReport", () => {
  it("prices the selected request as its servers plus the overhead, exactly", () => {
    const built = report();
    const parts = [...built.servers.map((row) => row.cost.perMonth), built.overhead.cost.perMonth];
    expect(parts.reduce((a, b) => a + b, 0)).toBeCloseTo(built.request.cost.perMonth, 12);
    expect(built.request.tokens).toBe((built.servers[0]?.tokens ?? Number.NaN) + built.overhead.tokens);
    expect(built.overhead.tokens).toBe(497);
  });

  it("applies the cache minimum per request: a small selection is not cached, every server included", () => {
    const built = report();
    expect(built.request.tokens).toBeLessThan(2048);
    expect(built.request.cost.cached?.applies).toBe(false);
    expect(built.servers.every((row) => row.cost.cached?.applies === false)).toBe(true);
    const all = built.alternatives.find((row) => row.id === "all-servers");
    expect(all?.tokens).toBeGreaterThan(2048);
    expect(all?.cost.cached?.applies).toBe(true);
    expect(all?.cost.cached?.perMonth).toBeLessThan(all?.cost.perMonth ?? 0);
  });

  it("labels everything an estimate and carries prices with their date and source", () => {
    const built = report();
    expect(built.estimate).toBe(true);
    expect(built.price).toMatchObject({ model: MODEL, checkedOn: "2026-11-30" });
    expect(built.overhead.parts[0]).toMatchObject({ tokens: 497, per: "request" });
  });
});

describe("CSV", () => {
  it("has one row per tool, server, overhead, request and alternative, with unrounded numbers and quoting", () => {
    const built = report();
    const lines = costReportCsv(built).split("\n");
    expect(lines[0]).toBe(COST_CSV_COLUMNS.join(","));
    const kinds = lines.slice(1).map((line) => line.split(",")[0]);
    expect(kinds).toEqual([
      "tool",
      "tool",
      "server",
      "overhead",
      "request",
      "alternative",
      "alternative",
      "alternative",
    ]);
    expect(lines.some((line) => line.includes('"d,""e"""'))).toBe(true);
    expect(lines[5]).toContain(String(built.request.cost.perMonth));
  });

  it("writes one what-if row with estimate false", () => {
    const csv = whatIfCsv(
      whatIf({ tools: 6, tokensPerTool: 130, price: 3, requestsPerMonth: 200_000, turns: 4 }),
    );
    const [header, row] = csv.split("\n");
    const record = Object.fromEntries(
      header?.split(",").map((key, index) => [key, row?.split(",")[index]]) ?? [],
    );
    expect(record).toMatchObject({
      kind: "what-if",
      tools: "6",
      tokens: "780",
      estimate: "false",
      per_request: "0.00234",
      per_month: "468",
    });
  });
});
