import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffDelay, defaultRestartPolicy } from "./backoff.js";

describe("backoffDelay", () => {
  it("doubles from 250 ms and caps at 30 s by default", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempt) => backoffDelay(attempt, defaultRestartPolicy));
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(defaultRestartPolicy.maxAttempts).toBe(5);
  });

  it("is non-decreasing, starts at the initial delay and never exceeds the cap (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_000 }),
        (initialDelayMs, maxDelayMs, attempt) => {
          const policy = { initialDelayMs, maxDelayMs };
          expect(backoffDelay(1, policy)).toBe(Math.min(initialDelayMs, maxDelayMs));
          expect(backoffDelay(attempt + 1, policy)).toBeGreaterThanOrEqual(backoffDelay(attempt, policy));
          expect(backoffDelay(attempt, policy)).toBeLessThanOrEqual(maxDelayMs);
        },
      ),
    );
  });
});
