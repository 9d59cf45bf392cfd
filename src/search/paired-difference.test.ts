import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "../../test/fast-check-seed.js";
import { pairedDifference, wilsonInterval } from "./paired-difference.js";

describe("pairedDifference", () => {
  it("gives the mean difference and a 95% interval from the paired spread", () => {
    // Differences 1, 0, 0, -1, 1, 1, 0, 0: mean 0.25, sample sd 0.7071, se 0.25.
    const a = [1, 1, 0, 0, 1, 1, 0, 1];
    const b = [0, 1, 0, 1, 0, 0, 0, 1];
    const result = pairedDifference(a, b);
    expect(result.mean).toBeCloseTo(0.25, 12);
    expect(result.high - result.mean).toBeCloseTo(1.959964 * 0.25, 5);
    expect(result.mean - result.low).toBeCloseTo(1.959964 * 0.25, 5);
  });

  it("has zero width when every query moves the same way, and refuses unpaired samples", () => {
    expect(pairedDifference([1, 1, 1], [0, 0, 0])).toEqual({ mean: 1, low: 1, high: 1 });
    expect(pairedDifference([], [])).toEqual({ mean: 0, low: 0, high: 0 });
    expect(() => pairedDifference([1], [1, 0])).toThrow(RangeError);
  });

  it("is antisymmetric and its interval holds the mean", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })), { maxLength: 60 }),
        (pairs) => {
          const a = pairs.map(([x]) => x);
          const b = pairs.map(([, y]) => y);
          const forward = pairedDifference(a, b);
          const backward = pairedDifference(b, a);
          expect(forward.mean).toBeCloseTo(-backward.mean, 12);
          expect(forward.low).toBeLessThanOrEqual(forward.mean + 1e-12);
          expect(forward.high).toBeGreaterThanOrEqual(forward.mean - 1e-12);
        },
      ),
    );
  });
});

describe("wilsonInterval", () => {
  it("brackets the share and stays within 0..1", () => {
    const { low, high } = wilsonInterval(0.5, 100);
    expect(low).toBeCloseTo(0.4038, 3);
    expect(high).toBeCloseTo(0.5962, 3);
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(1, 10).high).toBeCloseTo(1, 12);
  });
});
