import { describe, expect, it } from "vitest";
import { cacheMinimumFor } from "./cache-rules.js";
import { CostInputError } from "./cost-errors.js";
import { PRICES } from "./price-table.js";
import { familyOfProvider, pricedWhatIf } from "./priced-what-if.js";

const TODAY = "2026-12-01";

describe("pricedWhatIf", () => {
  it("an input price alone: the assumed Anthropic cache multipliers, no flag named", () => {
    const report = pricedWhatIf({
      tokens: 1000,
      requestsPerMonth: 10,
      turns: 2,
      inputPrice: 3,
      today: TODAY,
    });
    expect(report.price).toBe(3);
    expect(report.cache.write).toBeCloseTo(3.75, 12);
    expect(report.cache.read).toBeCloseTo(0.3, 12);
    expect(report.cache.source).toMatch(/^assumed: Anthropic's 5-minute cache/);
    expect(report.cache.source).not.toContain("--");
  });

  it("a model: its own row's cache prices and minimum; with an input price, the row scaled to it", () => {
    const row = PRICES["claude-sonnet-4-5"];
    const minimum = cacheMinimumFor("anthropic", "claude-sonnet-4-5");
    const report = pricedWhatIf({
      tokens: 100,
      requestsPerMonth: 1,
      turns: 4,
      model: "claude-sonnet-4-5",
      today: TODAY,
    });
    expect(report.price).toBe(row?.input);
    expect(report.cache).toMatchObject({
      write: row?.cacheWrite,
      read: row?.cacheRead,
      minimumTokens: minimum?.tokens,
    });
    expect(report.cost.cached?.applies).toBe(false); // 100 tokens are below the minimum
    const scaled = pricedWhatIf({
      tokens: 100,
      requestsPerMonth: 1,
      turns: 4,
      model: "claude-sonnet-4-5",
      inputPrice: 6,
      today: TODAY,
      inputPriceLabel: "my price",
    });
    expect(scaled.price).toBe(6);
    expect(scaled.cache.source).toMatch(/^claude-sonnet-4-5: my price; cache prices scaled/);
  });

  it("says what is missing as a typed error with the data", () => {
    const missing = () => pricedWhatIf({ tokens: 1, requestsPerMonth: 1, turns: 1, today: TODAY });
    expect(missing).toThrow(CostInputError);
    expect(missing).toThrow(expect.objectContaining({ code: "COST_INPUT", problem: "price-missing" }));
    expect(() =>
      pricedWhatIf({ tokens: 1, requestsPerMonth: 1, turns: 1, model: "mystery", today: TODAY }),
    ).toThrow(expect.objectContaining({ problem: "model-unpriced", model: "mystery" }));
    expect(() =>
      pricedWhatIf({ tools: 2, requestsPerMonth: 1, turns: 1, inputPrice: 1, today: TODAY }),
    ).toThrow(expect.objectContaining({ problem: "tokens-missing" }));
  });

  it("knows the cache rules of three provider families", () => {
    expect(["anthropic", "openai", "gemini", "other"].map(familyOfProvider)).toEqual([
      "anthropic",
      "openai",
      "gemini",
      undefined,
    ]);
  });
});
