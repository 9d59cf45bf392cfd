/**
 * Invariant 3 for the text repair writes: a dropped constraint kept in a description (a schema-valued
 * `additionalProperties` for Gemini, an object `const` or `default`, enum values, constraint-only branches, a
 * root combinator's summary) reads the same whatever the key order inside the server's schema, at any depth.
 * Every target's bytes must be identical for a schema and the same schema with every object's keys shuffled.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TARGET_IDS } from "../providers/targets.js";
import type { JsonObject, JsonValue } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";

/** The same value with the keys of every object, at every depth, in the order `order` picks. */
function reorder(value: JsonValue, order: (keys: string[]) => string[]): JsonValue {
  if (Array.isArray(value)) return value.map((item) => reorder(item, order));
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: JsonValue } = {};
  for (const key of order(Object.keys(value))) out[key] = reorder(value[key] as JsonValue, order);
  return out;
}

const key = fc.constantFrom("a", "b", "c", "zeta", "Alpha", "m_1");
const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.boolean());
/** A JSON object with several keys, nested: what a const, default or example may be. */
const data: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.dictionary(key, tie("value"), { minKeys: 2, maxKeys: 4 }),
    fc.array(tie("value"), { maxLength: 3 }),
  ) as fc.Arbitrary<JsonValue>,
})).value;

const leaf = fc.oneof(
  fc.record({ type: fc.constant("string"), pattern: fc.constant("^[a-z]+$"), format: fc.constant("uri") }),
  fc.record({ type: fc.constant("integer"), minimum: fc.constant(1), maximum: fc.constant(9) }),
  fc.record({ type: fc.constant("object"), const: data.filter((value) => typeof value === "object") }),
  fc.record({ type: fc.constant("object"), default: data }),
  fc.record({ examples: fc.array(data, { minLength: 1, maxLength: 3 }) }),
  fc.record({ enum: fc.array(data, { minLength: 1, maxLength: 3 }) }),
) as fc.Arbitrary<JsonObject>;

/** An object schema whose extra properties have a schema of their own, at some depth. */
const objectSchema: fc.Arbitrary<JsonObject> = fc.letrec<{ node: JsonObject }>((tie) => ({
  node: fc.record(
    {
      type: fc.constant("object"),
      description: fc.constantFrom("Settings", ""),
      properties: fc.dictionary(key, fc.oneof({ depthSize: "small" }, leaf, tie("node")), {
        minKeys: 1,
        maxKeys: 3,
      }),
      additionalProperties: fc.oneof(
        fc.constant(false),
        fc.record({ type: fc.constant("string"), minLength: fc.constant(1), title: fc.constant("Extra") }),
        leaf,
      ),
      anyOf: fc.constant([
        { required: ["a"], minProperties: 1 },
        { required: ["b"], maxProperties: 3 },
      ]),
    },
    { requiredKeys: ["type", "properties"] },
  ) as fc.Arbitrary<JsonObject>,
})).node;

/** A root oneOf of object branches (lifted into one object, summarised in the description). */
const rootCombinator = fc
  .array(objectSchema, { minLength: 2, maxLength: 3 })
  .map((branches): JsonObject => ({ type: "object", oneOf: branches }));

const tool = fc
  .tuple(fc.oneof(objectSchema, rootCombinator), fc.integer())
  .map(([inputSchema, seed]): [ServerTool, number] => [
    { server: "srv", tool: { name: "configure", description: "Configures things", inputSchema } },
    seed,
  ]);

/** Deterministic shuffle of a key list from a seed (xorshift). */
function shuffler(seed: number): (keys: string[]) => string[] {
  let state = seed >>> 0 || 1;
  return (keys) => {
    const out = [...keys];
    for (let i = out.length - 1; i > 0; i -= 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const j = (state >>> 0) % (i + 1);
      [out[i], out[j]] = [out[j] as string, out[i] as string];
    }
    return out;
  };
}

describe("descriptions written by repair", () => {
  it("are the same bytes for every target whatever the key order inside the schema", () => {
    fc.assert(
      fc.property(tool, ([item, seed]) => {
        const schema = item.tool.inputSchema as JsonValue;
        const variants = [
          (keys: string[]) => [...keys].reverse(),
          (keys: string[]) => [...keys].sort(),
          shuffler(seed),
        ].map((order) => ({
          ...item,
          tool: { ...item.tool, inputSchema: reorder(schema, order) as JsonObject },
        }));
        for (const target of TARGET_IDS) {
          const expected = buildToolset([item], target).json;
          for (const variant of variants) expect(buildToolset([variant], target).json, target).toBe(expected);
        }
      }),
      { numRuns: 60 },
    );
  }, 180_000);
});
