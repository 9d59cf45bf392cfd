import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sparkline } from "./sparkline.js";

describe("sparkline", () => {
  it("scales from zero to the largest value", () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe("▁▂▃▄▅▆▇█");
    expect(sparkline([3800, 5244])).toBe("▆█");
    expect(sparkline([0, 0])).toBe("▁▁");
    expect(sparkline([])).toBe("");
  });

  it("property: one character per value, and a larger value never gets a lower block", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { maxLength: 50 }), (values) => {
        const line = Array.from(sparkline(values));
        if (line.length !== values.length) return false;
        const order = "▁▂▃▄▅▆▇█";
        return values.every((a, i) =>
          values.every((b, j) => !(a > b) || order.indexOf(line[i]!) >= order.indexOf(line[j]!)),
        );
      }),
      { numRuns: 50 },
    );
  });
});
