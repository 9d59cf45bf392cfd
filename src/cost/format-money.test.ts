import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatMoney, formatRate, formatTokens } from "./format-money.js";

describe("formatMoney", () => {
  it("shows amounts of $1 and more with two decimals and thousands separators", () => {
    expect(formatMoney(468)).toBe("$468.00");
    expect(formatMoney(3120)).toBe("$3,120.00");
    expect(formatMoney(1234567.891)).toBe("$1,234,567.89");
    expect(formatMoney(1)).toBe("$1.00");
  });

  it("keeps at least four decimals and two significant digits below $1", () => {
    expect(formatMoney(0.0156)).toBe("$0.0156");
    expect(formatMoney(0.00234)).toBe("$0.0023");
    expect(formatMoney(0.0504)).toBe("$0.0504");
    expect(formatMoney(0.0000234)).toBe("$0.000023");
    expect(formatMoney(0.5)).toBe("$0.5000");
  });

  it("formats zero, negatives, and values that reach $1 only by rounding", () => {
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(-3120)).toBe("-$3,120.00");
    expect(formatMoney(-0.00234)).toBe("-$0.0023");
    expect(formatMoney(0.99996)).toBe("$1.00");
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });

  it("property: the display is within half a unit of its last digit of the exact value", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 1e9, noNaN: true }), (value) => {
        const text = formatMoney(value);
        const shown = Number(text.replace(/[$,]/g, ""));
        const decimals = text.split(".")[1]?.length ?? 0;
        expect(Math.abs(shown - value)).toBeLessThanOrEqual(0.5 * 10 ** -decimals * (1 + 1e-9));
      }),
    );
  });

  it("property: below $1 the display keeps at least two significant digits", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 0.9999, noNaN: true }), (value) => {
        const digits = formatMoney(value).replace(/^\$0\.0*/, "");
        expect(digits.length).toBeGreaterThanOrEqual(2);
      }),
    );
  });
});

describe("token and count formatting", () => {
  it("rounds tokens to whole numbers, groups thousands and marks estimates with ≈", () => {
    expect(formatTokens(5200)).toBe("5,200");
    expect(formatTokens(1949.6, true)).toBe("≈1,950");
    expect(formatCount(200000)).toBe("200,000");
    expect(formatRate(3)).toBe("$3/M");
    expect(formatRate(0.30000000000000004)).toBe("$0.3/M");
    expect(formatRate(1.25)).toBe("$1.25/M");
  });
});
