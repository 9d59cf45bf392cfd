import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../spec/json.js";
import { canonicalJson } from "./canonical-json.js";
import { canonicalText } from "./json-utils.js";

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
  it("agrees with repair's canonicalText except where a key is an array index (property)", () => {
    const hasIndexKey = (value: unknown): boolean =>
      value !== null &&
      typeof value === "object" &&
      (Array.isArray(value)
        ? value.some(hasIndexKey)
        : Object.entries(value).some(([key, member]) => /^(0|[1-9]\d*)$/.test(key) || hasIndexKey(member)));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        if (!hasIndexKey(value)) expect(canonicalJson(value)).toBe(canonicalText(value as JsonValue));
      }),
    );
    // Where they differ, each keeps the bytes already written with it.
    expect(canonicalJson({ "": false, "0": "" })).toBe('{"0":"","":false}');
    expect(canonicalText({ "": false, "0": "" })).toBe('{"":false,"0":""}');
  });

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
