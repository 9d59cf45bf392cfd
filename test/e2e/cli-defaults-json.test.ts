/**
 * One CLI: the default model is the same for `cost`, `inspect` and `run --dry-run`, and numbers in JSON reports
 * mean what they say (tokens are integers, every other fraction has at most 6 decimals).
 */
import { describe, expect, it } from "vitest";
import type { CostReport } from "../../src/cost/cost-report.js";
import { runCli } from "./run-cli.js";

const DEMO = ["--config", "examples/demo.json"];

/** Every number in a JSON value with the key it sits under. */
function numbers(value: unknown, key = ""): [string, number][] {
  if (typeof value === "number") return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item) => numbers(item, key));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([name, item]) => numbers(item, name));
  }
  return [];
}

function expectRounded(json: string): void {
  const found = numbers(JSON.parse(json));
  expect(found.length).toBeGreaterThan(10);
  for (const [key, value] of found) {
    if (/tokens$/i.test(key)) expect(Number.isInteger(value), `${key}: ${value}`).toBe(true);
    expect(Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6, `${key}: ${value}`).toBe(true);
  }
}

describe("one default model and rounded JSON", () => {
  it("cost, inspect and run --dry-run use the same default Anthropic model", async () => {
    const [cost, inspect, run] = await Promise.all([
      runCli(["cost", ...DEMO, "--json"]),
      runCli(["inspect", ...DEMO, "--json"]),
      runCli(["run", "hi", ...DEMO, "--dry-run"]),
    ]);
    const costModel = (JSON.parse(cost.stdout) as CostReport).model;
    const inspectModel = (JSON.parse(inspect.stdout) as { tokens: { model: string } }).tokens.model;
    const runModel = (JSON.parse(run.stdout) as { model: string }).model;
    expect(inspectModel).toBe(costModel);
    expect(runModel).toBe(costModel);
  });

  it("cost --json and inspect --json round tokens to integers and dollars to 6 decimals", async () => {
    const [cost, inspect] = await Promise.all([
      runCli(["cost", ...DEMO, "--json"]),
      runCli(["inspect", ...DEMO, "--json"]),
    ]);
    expectRounded(cost.stdout);
    expectRounded(inspect.stdout);
  });
});
