import { describe, expect, it } from "vitest";
import type { SearchEvalReport } from "../../src/cli/commands/search-eval.js";
import { sharedDataFile } from "../support/shared-data.js";
import { runCli } from "./run-cli.js";

const tools = sharedDataFile("mcptoolbench-pp", "tools.jsonl");
const queries = sharedDataFile("mcptoolbench-pp", "queries.jsonl");
const distractors = sharedDataFile("smithery", "tools.jsonl");
const slice = ["--tools", tools, "--queries", queries, "--query-limit", "150"];

describe("switchboard search-eval", () => {
  it("reports recall, MRR, latency and token costs as JSON, at least the honest baseline on an MCPToolBench++ slice", async () => {
    const result = await runCli([
      "search-eval",
      ...slice,
      "--distractors",
      distractors,
      "--distractor-limit",
      "300",
      "--k",
      "5,1",
      "--json",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as SearchEvalReport;
    expect(report.catalogue).toEqual({ tools: 387, fromTools: 87, distractors: 300 });
    expect(report.queries).toBe(150);
    expect(report.ks).toEqual([1, 5]);
    const [ours, baseline] = report.retrievers;
    expect(ours?.name).toBe("switchboard");
    expect(baseline?.name).toBe("baseline plain BM25");
    expect(baseline?.vsBaseline).toBeUndefined();
    // The paired difference is the two recalls' difference, its interval around it.
    const delta = ours?.vsBaseline?.recallAny[1];
    expect(delta?.mean).toBeCloseTo(
      (ours?.metrics.recallAny[1] ?? 0) - (baseline?.metrics.recallAny[1] ?? 0),
      12,
    );
    expect(delta?.low).toBeLessThanOrEqual(delta?.mean ?? -1);
    expect(delta?.high).toBeGreaterThanOrEqual(delta?.mean ?? 2);
    expect(ours?.vsBaseline?.mrr.mean).toBeCloseTo(
      (ours?.metrics.mrr ?? 0) - (baseline?.metrics.mrr ?? 0),
      12,
    );
    for (const row of report.retrievers) {
      expect(row.metrics.recallAny[0]).toBeLessThanOrEqual(row.metrics.recallAny[1] ?? 0);
      expect(row.metrics.recallAll[1]).toBeLessThanOrEqual(row.metrics.recallAny[1] ?? 0);
      expect(row.medianQueryMs).toBeGreaterThan(0);
      expect(row.buildMs).toBeGreaterThan(0);
    }
    expect(ours?.metrics.recallAny[1]).toBeGreaterThanOrEqual(baseline?.metrics.recallAny[1] ?? 1);
    expect(report.tokens.facade).toBeLessThan(400);
    expect(report.tokens.fullArray).toBeGreaterThan(20 * report.tokens.facade);
    expect(report.tokens.facadeSaving).toBeGreaterThan(0.95);
    expect(report.tokens.meanSearchResult).toBeGreaterThan(0);
  });

  it("prints a table with a baseline row and the token line", async () => {
    const result = await runCli(["search-eval", ...slice, "--query-limit", "40"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^catalogue: 87 tools/m);
    expect(result.stdout).toMatch(/^queries: +40 /m);
    expect(result.stdout).toMatch(/^retriever +R@1 any +R@3 any +R@5 any +R@10 any +R@1 all/m);
    expect(result.stdout).toMatch(/^switchboard +\d+\.\d/m);
    expect(result.stdout).toMatch(/^baseline plain BM25 +\d+\.\d/m);
    expect(result.stdout).toMatch(
      /^switchboard − baseline: R@1 [+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\] · R@3 .* · MRR [+-]\d\.\d{3} \[/m,
    );
    expect(result.stdout).toMatch(/full tools array [\d,]+ · facade definitions \d+ \(\d+\.\d% less\)/);
  });

  it("rejects bad options with exit code 2", async () => {
    const badK = await runCli(["search-eval", ...slice, "--k", "0,5"]);
    expect(badK.code).toBe(2);
    expect(badK.stderr).toMatch(/--k expects positive integers/);
    const missing = await runCli(["search-eval", "--tools", "/nonexistent.jsonl", "--queries", queries]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read \/nonexistent\.jsonl/);
  });
});
