import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExactSection } from "../../src/cli/commands/cost.js";
import type { CostReport } from "../../src/cost/cost-report.js";
import { type Emulator, scripted, startEmulator } from "../../src/testing/index.js";
import { runCli } from "./run-cli.js";

const DEMO = ["cost", "--config", "examples/demo.json"];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ script: scripted([{ text: "ok" }]) });
});
afterAll(() => emulator.close());

describe("switchboard cost --exact", () => {
  it("without a key: one line naming ANTHROPIC_API_KEY, exit 2, no servers started", async () => {
    const result = await runCli([...DEMO, "--exact"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("ANTHROPIC_API_KEY");
  });

  it("with a key: the provider's counts beside the estimates, in text and JSON", async () => {
    const env = { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic };
    const before = emulator.requests.length;
    const text = await runCli([...DEMO, "--exact"], { env });
    expect(text.stderr).toBe("");
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/exact \(provider count\)\s+tokens\s+estimate\s+\$\/request/);
    expect(text.stdout).toMatch(/the sent request\s+[\d,]+\s+≈[\d,]+\s+\$/);
    expect(text.stdout).toContain("exact: counted by anthropic count_tokens");
    const counts = emulator.requests.slice(before);
    expect(counts.length).toBeGreaterThan(1);
    expect(
      counts.every((request) => request.path === "/v1/messages/count_tokens" && request.status === 200),
    ).toBe(true);

    const json = await runCli([...DEMO, "--exact", "--json"], { env });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as CostReport & { exact: ExactSection };
    expect(report.exact.source).toBe("anthropic count_tokens");
    const [sent, ...alternatives] = report.exact.rows;
    expect(sent?.label).toBe("the sent request");
    expect(sent?.estimate).toBe(report.request.tokens);
    expect(sent?.tokens).toBeGreaterThan(0);
    expect(sent?.cost.perMonth).toBeCloseTo(((sent?.tokens ?? 0) * report.price.input * 200_000) / 1e6, 9);
    // every server's tools are more than the allow-listed ones, and the provider counts them as more
    const all = alternatives.find((row) => row.label === "all servers, no filters");
    expect(all?.tokens).toBeGreaterThan(sent?.tokens ?? Number.POSITIVE_INFINITY);
  });

  it("Gemini: exact counting of tools is not supported, the estimate stands with a note", async () => {
    const result = await runCli([...DEMO, "--exact", "--provider", "gemini"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("not supported for Gemini");
    expect(result.stdout).not.toContain("exact (provider count)");
    expect(result.stdout).toContain("every token count is an estimate");
  });
});
