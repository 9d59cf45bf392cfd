import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../spec/json.js";
import { canonicalSchema } from "./canonical-schema.js";

function everyObjectFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  return Object.isFrozen(value) && Object.values(value).every(everyObjectFrozen);
}

describe("canonicalSchema", () => {
  it("keeps a property named __proto__ (JSON.parse makes it an own property), frozen or not", () => {
    const parsed = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    for (const freeze of [false, true]) {
      expect(JSON.stringify(canonicalSchema(parsed, { freeze }))).toBe(
        '{"properties":{"__proto__":{"type":"string"}},"type":"object"}',
      );
    }
  });

  it("sorts keys and required, keeps other arrays in order", () => {
    const out = canonicalSchema({
      type: "object",
      required: ["b", "a", "b"],
      enum: ["z", "a"],
      a: { y: 1, x: 2 },
    });
    expect(JSON.stringify(out)).toBe(
      '{"a":{"x":2,"y":1},"enum":["z","a"],"required":["a","b"],"type":"object"}',
    );
  });

  it("orders every object's keys as Array.prototype.sort does, whatever the keys (property)", () => {
    // The reference: keys sorted by `sort`'s own order (UTF-16 code units), at every depth.
    const reference = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reference);
      if (value === null || typeof value !== "object") return value;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value).sort()) {
        Object.defineProperty(out, key, {
          value: reference((value as Record<string, unknown>)[key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    };
    const key = fc.oneof(
      fc.string({ unit: "binary", maxLength: 4 }),
      fc.constantFrom("a", "B", "_", "10", "9", "é"),
    );
    const object = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.integer(),
        fc.dictionary(key, tie("node"), { maxKeys: 24 }),
        fc.array(tie("node"), { maxLength: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(object, (value) => {
        expect(JSON.stringify(canonicalSchema(value as JsonValue))).toBe(JSON.stringify(reference(value)));
      }),
      { numRuns: 500 },
    );
  });

  it("with freeze gives the same bytes, deep-frozen, and leaves the input alone (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const input = value as JsonValue;
        const before = JSON.stringify(input);
        const frozen = canonicalSchema(input, { freeze: true });
        expect(JSON.stringify(frozen)).toBe(JSON.stringify(canonicalSchema(input)));
        expect(everyObjectFrozen(frozen)).toBe(true);
        expect(JSON.stringify(input)).toBe(before);
        if (input !== null && typeof input === "object") expect(Object.isFrozen(input)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
