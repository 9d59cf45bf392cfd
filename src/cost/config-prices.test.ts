import { describe, expect, it } from "vitest";
import { priceTableOf } from "./config-prices.js";
import { PRICES } from "./price-table.js";

describe("priceTableOf", () => {
  it("the shipped table without a config or without its prices", () => {
    expect(priceTableOf(undefined)).toBe(PRICES);
    expect(priceTableOf({ file: "/x/switchboard.json" })).toBe(PRICES);
  });

  it("the config's entries over the table, their source naming the file; a bad field names its path", () => {
    const table = priceTableOf({
      file: "/x/switchboard.json",
      prices: { "my-model": { input: 1, output: 2, provider: "other" } },
    });
    expect(table["my-model"]).toMatchObject({
      input: 1,
      source: expect.stringContaining("/x/switchboard.json"),
    });
    expect(table["claude-sonnet-4-5"]).toEqual(PRICES["claude-sonnet-4-5"]);
    expect(() => priceTableOf({ file: "/x/switchboard.json", prices: { m: { input: "cheap" } } })).toThrow(
      /prices\.m\.input|\$\.prices\.m/,
    );
  });
});
