/**
 * `redactValue` walks every listing without allocating when nothing changes; it must still give exactly what
 * the plain walk below gives (a map over `Object.entries`, rebuilt with `Object.fromEntries`): same keys, order
 * and values, `__proto__` an own member, a key two redacted keys share keeping the last value, and the input
 * itself back (arrays and objects alike) wherever nothing in it changed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redact, redactValue } from "./redact.js";

function reference<T>(
  value: T,
  redactText: (text: string) => string,
  keep: ReadonlySet<string>,
  depth = 0,
): T {
  if (typeof value === "string") return redactText(value) as T;
  if (value === null || typeof value !== "object" || depth > 64) return value;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => reference(item, redactText, keep, depth + 1));
    return items.every((item, index) => item === value[index]) ? value : (items as T);
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const cleanKey = redactText(key);
    const cleanItem =
      keep.has(key) && typeof item === "string" ? item : reference(item, redactText, keep, depth + 1);
    if (cleanKey !== key || cleanItem !== item) changed = true;
    return [cleanKey, cleanItem] as const;
  });
  return changed ? (Object.fromEntries(entries) as T) : value;
}

const secrets = ["hunter22", "s3cret-token"];
const text = fc.oneof(
  fc.constantFrom(
    "name",
    "uri",
    "description",
    "__proto__",
    "a",
    "b",
    "hunter22",
    "s3cret-token",
    "x-hunter22",
  ),
  fc.string({ maxLength: 6 }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 4 },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(text, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Same JSON text, and `__proto__` an own member wherever the reference has one. */
function expectSame(actual: unknown, expected: unknown): void {
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  expect(Object.keys(actual ?? {})).toEqual(Object.keys(expected ?? {}));
}

/** Where the reference hands the input back, so must `redactValue` (identity at every level). */
function expectSameIdentity(input: unknown, actual: unknown, expected: unknown): void {
  expect(actual === input).toBe(expected === input);
  if (typeof input !== "object" || input === null || typeof actual !== "object" || actual === null) return;
  if (expected === input) return;
  for (const key of Object.keys(input)) {
    const from = (input as Record<string, unknown>)[key];
    const got = (actual as Record<string, unknown>)[key];
    const want = (expected as Record<string, unknown>)[key];
    if (Object.hasOwn(actual, key) && Object.hasOwn(expected as object, key))
      expectSameIdentity(from, got, want);
  }
}

describe("redactValue", () => {
  it("gives what the plain Object.entries walk gives, and the input itself where nothing changed", () => {
    const redactText = (value: string) => redact(value, secrets);
    const keep = new Set(["name", "uri"]);
    fc.assert(
      fc.property(json, (value) => {
        const actual = redactValue(value, redactText, keep);
        const expected = reference(value, redactText, keep);
        expectSame(actual, expected);
        expectSameIdentity(value, actual, expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps __proto__ an own member and a shared redacted key's last value", () => {
    const input = JSON.parse(
      '{"__proto__":{"k":"hunter22"},"hunter22":1,"s3cret-token":2,"z":[3,"hunter22"]}',
    );
    const out = redactValue(input, (value) => redact(value, secrets));
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"k":"[redacted]"},"[redacted]":2,"z":[3,"[redacted]"]}');
    const clean = { a: [1, { b: "c" }] };
    expect(redactValue(clean, (value) => redact(value, secrets))).toBe(clean);
  });
});
