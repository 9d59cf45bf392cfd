/**
 * For property tests that hold a reader of server answers to the SDK's legacy-era result validator: the codec,
 * generators of answers as a server writes them (JSON text, members in any order), and a strict comparison.
 */
import { Client } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { expect } from "vitest";
import { type Codec, LEGACY_ERA } from "../../src/connect/memo-result-validator.js";

/** The legacy era's codec, as a fresh client negotiates it before any session. */
export function legacyCodec(method: string): Codec {
  const internals = new Client({ name: "t", version: "1" }) as unknown as {
    _resolveOutboundCodec(method: string): Codec;
  };
  const codec = internals._resolveOutboundCodec(method);
  expect(codec.era).toBe(LEGACY_ERA);
  return codec;
}

/** JSON text with the members in the order given, parsed as a server's answer is. */
export function parsed(entries: readonly (readonly [string, unknown])[]): unknown {
  return JSON.parse(
    `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`,
  );
}

/** A member left out. */
export const ABSENT = Symbol("absent");

/** A member left out most of the time (one that makes an answer unusual). */
export const rare = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 20, arbitrary: fc.constant(ABSENT) }, { weight: 1, arbitrary });

/** Mostly `valid`, sometimes `invalid`. */
export const mostly = (valid: fc.Arbitrary<unknown>, invalid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 20, arbitrary: valid }, { weight: 1, arbitrary: invalid });

/**
 * Members in a random order, each perhaps left out but those `required` (`ABSENT` ones are). Sometimes (one in
 * nine) the required ones may be left out too.
 */
export function shuffled(
  members: Record<string, fc.Arbitrary<unknown>>,
  required: readonly string[] = [],
): fc.Arbitrary<unknown> {
  const count = Object.keys(members).length;
  return fc
    .tuple(
      mostly(fc.record(members, { requiredKeys: [...required] }), fc.record(members, { requiredKeys: [] })),
      fc.array(fc.integer(), { minLength: count, maxLength: count }),
    )
    .map(([value, order]) => {
      const entries = Object.entries(value as Record<string, unknown>).filter(
        ([, member]) => member !== ABSENT,
      );
      const ranked = entries.map((entry, index) => ({ entry, rank: order[index] ?? 0 }));
      ranked.sort((a, b) => a.rank - b.rank);
      return parsed(ranked.map(({ entry }) => entry));
    });
}

/** Values of the wrong kind for most members. */
export const odd: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, 1, "x", true, [], {}),
  fc.jsonValue({ maxDepth: 1 }),
);

/** Keys that JSON objects order specially, that the schemas drop, or that they know elsewhere. */
export const key: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom("1", "0", "list", "call", "constructor", "__proto__") },
);
/** A JSON object (`JSONObjectSchema`), sometimes nested, sometimes with a `__proto__` member. */
export const jsonObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  key,
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 2 },
);
/** An icon (`IconSchema`), mostly well formed. */
export const icon: fc.Arbitrary<unknown> = mostly(
  shuffled(
    {
      src: mostly(fc.constantFrom("https://example.com/icon.png", "data:image/png;base64,AA=="), odd),
      mimeType: mostly(fc.constantFrom("image/png", "image/svg+xml"), odd),
      sizes: mostly(fc.array(fc.constantFrom("32x32", "any", "48x48 96x96"), { maxLength: 3 }), odd),
      theme: mostly(fc.constantFrom("light", "dark"), fc.oneof(fc.constantFrom("Light", "auto"), odd)),
      extra: rare(odd),
    },
    ["src"],
  ),
  odd,
);

/**
 * Where `mine` and `theirs` first differ (a path), or undefined when they have the same prototypes, the same own
 * keys in the same order, and the same primitives (`Object.is`). Stricter than `toStrictEqual` about key order,
 * and unlike it not misled by a JSON object's own `constructor` member (which its type check reads).
 */
export function firstDifference(mine: unknown, theirs: unknown, path = "$"): string | undefined {
  if (typeof mine !== "object" || mine === null || typeof theirs !== "object" || theirs === null)
    return Object.is(mine, theirs) ? undefined : path;
  if (Object.getPrototypeOf(mine) !== Object.getPrototypeOf(theirs)) return `${path} (prototype)`;
  const keys = Reflect.ownKeys(mine);
  const others = Reflect.ownKeys(theirs);
  if (keys.length !== others.length || keys.some((key, index) => key !== others[index]))
    return `${path} (keys ${String(keys)} against ${String(others)})`;
  for (const key of keys) {
    const difference = firstDifference(
      Reflect.get(mine, key),
      Reflect.get(theirs, key),
      `${path}.${String(key)}`,
    );
    if (difference !== undefined) return difference;
  }
  return undefined;
}

/** `mine` is what the codec returns for `value` under `method`: same members, same key order, same JSON text. */
export function expectSdkAnswer(codec: Codec, method: string, value: unknown, mine: unknown): void {
  const outcome = codec.validateResult(method, value);
  expect(outcome.ok ? [] : outcome.message).toEqual([]);
  const theirs = outcome.ok ? outcome.value : undefined;
  expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs));
  expect(mine).toEqual(theirs);
  expect(firstDifference(mine, theirs)).toBeUndefined();
}
