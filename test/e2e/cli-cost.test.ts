import { describe, expect, it } from "vitest";
import type { CostReport } from "../../src/cost/cost-report.js";
import type { WhatIfReport } from "../../src/cost/what-if.js";
import { runCli } from "./run-cli.js";

const DEMO = ["--config", "examples/demo.json"];

/** Rows of an RFC 4180 CSV text (quoted fields may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split("\n")
    .map((line) =>
      [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) =>
        match[1] === undefined ? (match[2] ?? "") : match[1].replaceAll('""', '"'),
      ),
    );
}

describe("switchboard cost, what-if mode (no servers)", () => {
  it("prints the arithmetic of 40 tools × 130 tokens at $3/M and 200,000 requests", async () => {
    const result = await runCli([
      "cost",
      ...[
        "--tools",
        "40",
        "--tokens-per-tool",
        "130",
        "--price",
        "3",
        "--requests",
        "200000",
        "--turns",
        "4",
      ],
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("40 tools × 130 tokens = 5,200 tokens");
    expect(result.stdout).toMatch(/per request\s+5,200 tokens × \$3\/M = \$0\.0156\n/);
    expect(result.stdout).toMatch(/per month\s+5,200 tokens × \$3\/M × 200,000 requests = \$3,120\.00\n/);
    expect(result.stdout).toContain("4 turns × 5,200 tokens = 20,800 tokens × $3/M = $0.0624");
  });

  it("6 tools: $0.00234 a request, shown $0.0023, and $468.00 a month, not $460", async () => {
    const args = ["cost", "--tools", "6", "--tokens-per-tool", "130", "--price", "3", "--requests", "200000"];
    const text = await runCli(args);
    expect(text.stdout).toContain("= $0.0023 (unrounded $0.00234)");
    expect(text.stdout).toContain("= $468.00");
    expect(text.stdout).not.toContain("$460");
    const json = await runCli([...args, "--json"]);
    const report = JSON.parse(json.stdout) as WhatIfReport;
    expect(report).toMatchObject({ mode: "what-if", estimate: false, tokens: 780 });
    expect(report.cost.perRequest).toBe(0.00234);
    expect(report.cost.perMonth).toBe(468);
  });

  it("560 extra tokens over a 6-call conversation: 3,360 tokens, about $0.05 at $15/M (CSV)", async () => {
    const result = await runCli(["cost", "--tokens", "560", "--price", "15", "--turns", "6", "--csv"]);
    expect(result.code).toBe(0);
    const [header, row, extra] = parseCsv(result.stdout);
    expect(extra).toBeUndefined();
    const record = Object.fromEntries(header?.map((key, index) => [key, row?.[index]]) ?? []);
    expect(record).toMatchObject({ kind: "what-if", tokens: "560", turns: "6", conversation_tokens: "3360" });
    expect(Number(record.per_conversation)).toBeCloseTo(0.0504, 12);
  });

  it("says what is missing, with usage exit code 2", async () => {
    const noPerTool = await runCli(["cost", "--tools", "40", "--price", "3"]);
    expect(noPerTool.code).toBe(2);
    expect(noPerTool.stderr).toContain("needs --tools and --tokens-per-tool");
    const noPrice = await runCli(["cost", "--tools", "40", "--tokens-per-tool", "130"]);
    expect(noPrice.code).toBe(2);
    expect(noPrice.stderr).toContain("needs --price");
    const badTurns = await runCli(["cost", "--tokens", "10", "--price", "3", "--turns", "0"]);
    expect(badTurns.code).toBe(2);
    expect(badTurns.stderr).toContain("--turns expects a whole number >= 1");
  });
});

describe("switchboard cost on the demo servers", () => {
  it("--json: per server, per tool and alternatives, estimated, unrounded", async () => {
    const result = await runCli(["cost", ...DEMO, "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as CostReport;
    expect(report).toMatchObject({
      mode: "estimate",
      estimate: true,
      tokenizer: "o200k_base",
      target: "anthropic",
    });
    expect(report.model).toBe("claude-sonnet-5");
    expect(report.price).toMatchObject({ model: "claude-sonnet-5", input: 2, checkedOn: "2026-11-30" });
    expect(report.servers.map((row) => [row.server, row.tools])).toEqual([
      ["everything", 13],
      ["files", 10], // four denied by the config
      ["memory", 9],
    ]);
    expect(report.tools).toHaveLength(32);
    const serverTokens = report.servers.reduce((sum, row) => sum + row.tokens, 0);
    // Each figure is rounded on its own (tokens to integers, dollars to 6 decimals): sums hold within rounding.
    expect(Math.abs(report.request.tokens - serverTokens - report.overhead.tokens)).toBeLessThanOrEqual(
      (report.servers.length + 1) / 2,
    );
    expect(report.overhead.tokens).toBe(354); // Sonnet 5's hidden tool prompt, tool_choice auto
    expect(
      Math.abs(report.request.cost.perMonth - report.request.cost.perRequest * 200_000),
    ).toBeLessThanOrEqual(200_000 * 5e-7 + 5e-7);
    expect(
      Math.abs(report.request.cost.perConversation - report.request.cost.perRequest * 4),
    ).toBeLessThanOrEqual(4 * 5e-7 + 5e-7);
    expect(report.alternatives.map((row) => [row.id, row.tools])).toEqual([
      ["all-servers", 36],
      ["allow-listed", 32],
      ["search-facade", 2],
    ]);
    const [all, sent, facade] = report.alternatives;
    expect(all?.tokens).toBeGreaterThan(sent?.tokens ?? Number.POSITIVE_INFINITY);
    expect(facade?.tokens).toBeLessThan(sent?.tokens ?? 0);
    expect(sent?.cost.cached?.applies).toBe(true);
    expect(sent?.cost.cached?.perMonth).toBeLessThan(sent?.cost.perMonth ?? 0);
  });

  it("--agent --csv: only the agent's servers are priced, and the agent alternative appears", async () => {
    const result = await runCli(["cost", ...DEMO, "--agent", "researcher", "--csv", "--requests", "1000"]);
    expect(result.code).toBe(0);
    const [header, ...cells] = parseCsv(result.stdout);
    expect(header?.join(",")).toBe(
      "kind,id,server,tool,name,tools,tokens,estimate,per_request,requests_per_month,per_month,turns,conversation_tokens,per_conversation,cached_applies,cached_per_request,cached_per_month,cached_per_conversation",
    );
    expect(cells.every((row) => row.length === header?.length)).toBe(true);
    expect(cells.filter((row) => row[0] === "server").map((row) => row[2])).toEqual(["files", "memory"]);
    expect(cells.filter((row) => row[0] === "alternative").map((row) => row[1])).toEqual([
      "all-servers",
      "agent-servers",
      "allow-listed",
      "search-facade",
    ]);
    expect(cells.find((row) => row[1] === "allow-listed")?.[4]).toBe(
      "agent researcher, allow/deny applied (sent today)",
    );
    expect(cells.every((row) => row[7] === "true" && row[9] === "1000")).toBe(true);
  });

  it("prints tables for another provider and model, every token count marked ≈", async () => {
    const result = await runCli(["cost", ...DEMO, "--provider", "openai-chat", "--model", "gpt-4.1"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Tool definitions for openai-chat, gpt-4.1 at $2/M input");
    expect(result.stdout).toMatch(/^total per request\s+32\s+≈[\d,]+\s+\$/m);
    expect(result.stdout).toMatch(/^search facade \(2 tools\)\s+2\s+≈/m);
    expect(result.stdout).toContain("per-function framing: 7 tokens per tool");
  });

  it("refuses a model it has no price for, before starting any server", async () => {
    const result = await runCli(["cost", ...DEMO, "--model", "mystery-1"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No price for model "mystery-1"');
    expect(result.stdout).toBe("");
  });
});
