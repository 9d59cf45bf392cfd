import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainCopy } from "./plain-copy.js";

function roundTrip(value: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    const text = JSON.stringify(value);
    return { ok: true, value: text === undefined ? undefined : JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
}

function attempt(
  value: unknown,
  freeze: boolean,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: plainCopy(value, freeze) };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
}

function deeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

describe("plainCopy", () => {
  it("is exactly the JSON round trip, key order included, for any value (property)", () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withSparseArray: true, withBigInt: true }),
        fc.boolean(),
        (value, freeze) => {
          const expected = roundTrip(value);
          const actual = attempt(value, freeze);
          expect(actual.ok).toBe(expected.ok);
          if (!expected.ok || !actual.ok) return;
          expect(isDeepStrictEqual(actual.value, expected.value)).toBe(true);
          expect(JSON.stringify(actual.value)).toBe(JSON.stringify(expected.value));
          if (freeze) expect(deeplyFrozen(actual.value)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("copies, never aliases, and handles what JSON rewrites through JSON itself", () => {
    const source = { a: { b: [1, -0, "x"] }, c: null };
    const out = plainCopy(source) as typeof source;
    expect(out).toEqual({ a: { b: [1, 0, "x"] }, c: null });
    expect(Object.is((out.a.b as number[])[1], 0)).toBe(true);
    expect(out.a).not.toBe(source.a);
    expect(plainCopy({ when: new Date(0), gone: undefined, n: Number.NaN })).toEqual({
      when: "1970-01-01T00:00:00.000Z",
      n: null,
    });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => plainCopy(cycle)).toThrow(TypeError);
  });
});
