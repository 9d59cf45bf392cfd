import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.js";

/** The same object with its keys inserted in reverse order, recursively. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === "object") {
    const reversed: Record<string, unknown> = {};
    for (const key of Object.keys(value).reverse()) {
      const member = reverseKeys((value as Record<string, unknown>)[key]);
      // Defined, not assigned: `reversed.__proto__ = …` would set the prototype instead of a member.
      Object.defineProperty(reversed, key, { value: member, enumerable: true, writable: true });
    }
    return reversed;
  }
  return value;
}

describe("canonicalJson", () => {
  it("keeps a member named __proto__ as a member (JSON.parse makes it an own property)", () => {
    const parsed = JSON.parse('{"properties":{"__proto__":{"type":"string"},"a":{"type":"number"}}}');
    expect(canonicalJson(parsed)).toBe(
      '{"properties":{"__proto__":{"type":"string"},"a":{"type":"number"}}}',
    );
  });

  it("sorts keys recursively and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("does not depend on key insertion order (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(reverseKeys(value))).toBe(canonicalJson(value));
      }),
    );
  });

  it("round-trips JSON values to an equal value (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("is equal exactly for deep-equal values (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        // JSON round trip first: canonical JSON is about JSON values (-0 and 0 serialise alike).
        const same = isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
        expect(canonicalJson(a) === canonicalJson(b)).toBe(same);
      }),
    );
  });
});
