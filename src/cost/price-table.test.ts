import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { PRICES, priceFor, withPriceOverrides } from "./price-table.js";
import { resolvePrice } from "./resolve-price.js";

describe("bundled prices", () => {
  it("dates and sources every row, with cache prices ordered read < input <= write", () => {
    const rows = Object.entries(PRICES);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const [model, row] of rows) {
      expect(row.checkedOn, model).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.source.length, model).toBeGreaterThan(3);
      if (row.cacheRead !== undefined) expect(row.cacheRead, model).toBeLessThan(row.input);
      if (row.cacheWrite !== undefined) expect(row.cacheWrite, model).toBeGreaterThanOrEqual(row.input);
    }
  });

  it("holds docs/provider-rules.md#prices's Anthropic rows (write ×1.25, 1h ×2, read ×0.1 for Sonnet 4.5)", () => {
    expect(PRICES["claude-sonnet-4-5"]).toMatchObject({
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
      cacheRead: 0.3,
    });
    expect(PRICES["claude-opus-4-1"]).toMatchObject({ input: 15, output: 75, cacheRead: 1.5 });
  });

  it("finds dated model ids by their base id", () => {
    expect(priceFor("claude-sonnet-4-5-20250929")?.model).toBe("claude-sonnet-4-5");
    expect(priceFor("claude-opus-4-1@20250805")?.model).toBe("claude-opus-4-1");
    expect(priceFor("gpt-4o-2024-08-06")?.model).toBe("gpt-4o");
    expect(priceFor("no-such-model")).toBeUndefined();
  });
});

describe("withPriceOverrides", () => {
  it("merges a partial override field by field and records where it came from", () => {
    const table = withPriceOverrides(PRICES, { "claude-sonnet-4-5": { input: 2.5 } }, "/etc/sb.json");
    expect(table["claude-sonnet-4-5"]).toMatchObject({ input: 2.5, output: 15, cacheRead: 0.3 });
    expect(table["claude-sonnet-4-5"]?.source).toContain("/etc/sb.json (overrides input");
    expect(PRICES["claude-sonnet-4-5"]?.input).toBe(3); // the bundled table is untouched
  });

  it("adds a new model when it names input and output", () => {
    const table = withPriceOverrides(PRICES, {
      "my-model": { input: 1, output: 2, cacheRead: 0.1, checkedOn: "2026-12-01", source: "contract" },
    });
    expect(table["my-model"]).toEqual({
      provider: "other",
      input: 1,
      output: 2,
      cacheRead: 0.1,
      checkedOn: "2026-12-01",
      source: "contract",
    });
  });

  it("rejects bad values with the JSON path of each", () => {
    let error: unknown;
    try {
      withPriceOverrides(
        PRICES,
        { "gpt-4.1": { input: -1 }, fresh: { input: 1 }, odd: { inptu: 1, input: 1, output: 1 } } as never,
        "cfg.json",
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.map((issue) => issue.path);
    expect(issues).toEqual(['$.prices["gpt-4.1"].input', "$.prices.fresh.output", "$.prices.odd.inptu"]);
    expect((error as ConfigError).message).toContain(
      "expected a price in USD per 1M tokens (a number >= 0), got -1",
    );
  });
});

describe("resolvePrice", () => {
  it("uses the table row, or --price with the row's cache multipliers kept", () => {
    expect(resolvePrice("claude-sonnet-4-5", PRICES, undefined, "2026-12-01")).toMatchObject({
      model: "claude-sonnet-4-5",
      input: 3,
    });
    const scaled = resolvePrice("claude-sonnet-4-5", PRICES, 6, "2026-12-01");
    expect(scaled).toMatchObject({
      input: 6,
      cacheWrite: 7.5,
      cacheWrite1h: 12,
      cacheRead: 0.6,
      checkedOn: "2026-12-01",
    });
    expect(scaled?.output).toBeUndefined(); // --price says nothing about output
    expect(resolvePrice("mystery", PRICES, 2, "2026-12-01", "--price")).toEqual({
      model: "mystery",
      provider: "unknown",
      input: 2,
      checkedOn: "2026-12-01",
      source: "--price (input only)",
    });
    expect(resolvePrice("mystery", PRICES, undefined, "2026-12-01")).toBeUndefined();
  });
});
