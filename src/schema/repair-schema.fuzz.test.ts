/**
 * Fuzzing schema repair with hostile inputs a server could publish: nesting thousands of levels deep, enums of
 * tens of thousands of members, `$ref` cycles through long chains of definitions, and values no JSON schema
 * holds (functions, symbols, bigints, dates, maps, real object cycles, getters that throw). Through every
 * dialect, `repairSchema` must never throw, and either return a schema the provider's own validator accepts or
 * quarantine the tool with a reason; `buildToolset` must put each tool in the array or in quarantine, never both
 * and never neither. Fixed seed in CI; `npm run fuzz` raises the run count (FUZZ_SCALE) and FUZZ_SEED picks
 * another seed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TARGET_IDS, TARGETS } from "../providers/targets.js";
import { validateTargetTools } from "../providers/validate-target-tools.js";
import type { McpTool } from "../spec/tool.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { DIALECTS, providerErrors } from "./__fixtures__/provider-check.js";
import { rootArbitrary } from "./__fixtures__/schema-arbitrary.js";
import { repairSchema } from "./index.js";

const seed = Number(process.env.FUZZ_SEED ?? 20_260_811);
const scale = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (numRuns: number) => ({ seed, numRuns: Math.max(1, Math.round(numRuns * scale)) });

const keyword = fc.constantFrom(
  "properties",
  "items",
  "anyOf",
  "allOf",
  "oneOf",
  "not",
  "additionalProperties",
);

/** A schema nested `depth` levels through a random keyword per level, built without recursion. */
const deepSchema = fc
  .tuple(fc.integer({ min: 50, max: 2_500 }), fc.array(keyword, { minLength: 1, maxLength: 8 }))
  .map(([depth, keywords]) => {
    let node: Record<string, unknown> = { type: "string", description: "the bottom" };
    for (let level = 0; level < depth; level += 1) {
      const key = keywords[level % keywords.length]!;
      if (key === "properties") node = { type: "object", properties: { [`p${level}`]: node } };
      else if (key === "items") node = { type: "array", items: node };
      else if (key === "anyOf" || key === "allOf" || key === "oneOf")
        node = { [key]: [node, { type: "null" }] };
      else if (key === "not") node = { type: "object", properties: { n: { not: node } } };
      else node = { type: "object", additionalProperties: node };
    }
    return { type: "object", properties: { root: node } };
  });

const enumMember = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constant(null),
  fc.boolean(),
  fc.constant({ nested: [1, 2] }),
);

/** Enums of up to 20,000 members, typed or untyped, with duplicates and mixed member types. */
const hugeEnum = fc
  .tuple(
    fc.integer({ min: 1_000, max: 20_000 }),
    fc.array(enumMember, { minLength: 1, maxLength: 20 }),
    fc.constantFrom(undefined, "string", "integer", "number", ["string", "null"]),
  )
  .map(([size, members, type]) => {
    const values = Array.from({ length: size }, (_, index) => members[index % members.length]);
    const property: Record<string, unknown> = { enum: values };
    if (type !== undefined) property.type = type;
    return { type: "object", properties: { choice: property }, required: ["choice"] };
  });

/** `$defs` D0 → D1 → … → Dk → D0 through properties, items and unions, referenced from the root and from `#`. */
const recursiveRefs = fc
  .tuple(
    fc.integer({ min: 1, max: 60 }),
    fc.array(fc.constantFrom("prop", "items", "anyOf", "self"), { minLength: 1 }),
  )
  .map(([length, shapes]) => {
    const defs: Record<string, unknown> = {};
    for (let index = 0; index < length; index += 1) {
      const next = { $ref: `#/$defs/D${(index + 1) % length}` };
      const shape = shapes[index % shapes.length];
      defs[`D${index}`] =
        shape === "prop"
          ? { type: "object", properties: { next, label: { type: "string" } } }
          : shape === "items"
            ? { type: "array", items: next }
            : shape === "anyOf"
              ? { anyOf: [next, { type: "integer" }] }
              : { type: "object", properties: { again: { $ref: "#" }, next } };
    }
    return { type: "object", properties: { start: { $ref: "#/$defs/D0" } }, $defs: defs };
  });

/** Values a JSON document cannot hold, and objects that fight back. */
const alien = fc.oneof(
  fc.constant(() => "a function"),
  fc.constant(Symbol("s")),
  fc.bigInt(),
  fc.constant(new Date(0)),
  fc.constant(new Map([["type", "string"]])),
  fc.constant(new Set(["a"])),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0),
  fc.constant(Object.create(null) as object),
  fc.constant(new Uint8Array([1, 2])),
  // biome-ignore lint/suspicious/noSparseArray: a sparse array is the point.
  fc.constant([1, , 3]),
  fc.constant(
    Object.defineProperty({}, "type", {
      enumerable: true,
      get() {
        throw new Error("a getter that throws");
      },
    }),
  ),
  fc.constant(
    new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("a proxy that throws");
        },
      },
    ),
  ),
);

/** Nesting depth of plain objects and arrays, iteratively (a deep value would overflow a recursive walk). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** A real (non-JSON) object cycle: a schema that contains itself. */
const cyclic = fc.constantFrom("properties", "items", "anyOf").map((key) => {
  const schema: Record<string, unknown> = { type: "object" };
  if (key === "properties") schema.properties = { self: schema };
  else if (key === "items") schema.properties = { list: { type: "array", items: schema } };
  else schema.properties = { either: { anyOf: [schema, { type: "string" }] } };
  return schema;
});

/** An ordinary generated schema with an alien value planted at some property. */
const planted = fc
  .tuple(rootArbitrary, alien, fc.constantFrom("type", "properties", "items", "enum", "x"))
  .map(([root, value, at]) => {
    const copy: Record<string, unknown> = { ...root, properties: { a: { [at]: value }, b: value } };
    return copy;
  });

const hostile = fc.oneof(deepSchema, hugeEnum, recursiveRefs, alien, cyclic, planted, fc.anything());

describe("repairSchema fuzz: hostile schemas through every dialect", () => {
  it("never throws; the output is accepted by the provider's validator, or the tool is quarantined", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(...DIALECTS), (input, dialect) => {
        const result = repairSchema(input, dialect);
        if (!result.ok) {
          expect(typeof result.reason).toBe("string");
          expect(result.reason.length).toBeGreaterThan(0);
          return;
        }
        expect(result.schema.type).toBe("object");
        // Plain JSON out, whatever came in.
        expect(JSON.parse(JSON.stringify(result.schema))).toEqual(result.schema);
        expect(providerErrors(dialect, result.schema)).toEqual([]);
      }),
      runs(60),
    );
  });

  it("the biggest cases finish in bounded time (a server cannot stall the toolset with one schema)", () => {
    const largest = (arbitrary: fc.Arbitrary<unknown>, size: (value: unknown) => number) =>
      fc.sample(arbitrary, { seed, numRuns: 20 }).sort((a, b) => size(b) - size(a))[0];
    const worst = [
      largest(deepSchema, (value) => depthOf(value)),
      largest(hugeEnum, (value) => JSON.stringify(value).length),
      largest(recursiveRefs, (value) => Object.keys((value as { $defs: object }).$defs).length),
    ];
    for (const input of worst) {
      for (const dialect of DIALECTS) {
        const started = performance.now();
        repairSchema(input, dialect);
        expect(performance.now() - started, dialect).toBeLessThan(5_000);
      }
    }
  });
});

describe("buildToolset fuzz: every tool ends up offered or quarantined, and the array is provider-valid", () => {
  const tool = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/),
    description: fc.oneof(fc.string({ maxLength: 40 }), fc.constant(undefined)),
    inputSchema: hostile,
  });
  it("for every target", () => {
    fc.assert(
      fc.property(fc.uniqueArray(tool, { maxLength: 6, selector: (entry) => entry.name }), (tools) => {
        const items = tools.map((entry) => ({
          server: "fuzz",
          tool: {
            name: entry.name,
            inputSchema: entry.inputSchema,
            ...(entry.description === undefined ? {} : { description: entry.description }),
          } as McpTool,
        }));
        for (const target of TARGET_IDS) {
          const toolset = buildToolset(items, target);
          const offered = toolset.entries.filter((entry) => entry.status === "ok").map((entry) => entry.tool);
          const withheld = toolset.entries
            .filter((entry) => entry.status === "quarantined")
            .map((entry) => entry.tool);
          expect([...offered, ...withheld].sort(), target).toEqual(tools.map((entry) => entry.name).sort());
          // Gemini carries every declaration inside one tools element.
          const wire =
            TARGETS[target].wire === "gemini"
              ? toolset.tools.flatMap(
                  (entry) => (entry as { functionDeclarations: unknown[] }).functionDeclarations,
                )
              : toolset.tools;
          expect(wire).toHaveLength(offered.length);
          // An empty array is left out of a request (OpenAI rejects `tools: []`), so only a non-empty one is checked.
          if (offered.length > 0)
            expect(validateTargetTools(TARGETS[target], toolset.tools), target).toEqual([]);
        }
      }),
      runs(12),
    );
  });
});
