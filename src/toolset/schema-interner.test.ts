import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../connect/plain-json.js";
import type { JsonValue } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";
import { canonicalSchema } from "./canonical-schema.js";
import { SchemaInterner } from "./schema-interner.js";

const cursor = () => ({ type: "string", description: "Opaque cursor." });

describe("SchemaInterner through canonicalSchema", () => {
  it("makes equal subschemas of different schemas one frozen object, with the same bytes", () => {
    const intern = new SchemaInterner();
    const a = canonicalSchema(
      { type: "object", properties: { cursor: cursor(), q: { type: "string" } } },
      { freeze: true, intern },
    ) as { properties: Record<string, unknown> };
    const b = canonicalSchema(
      { properties: { cursor: cursor(), n: { type: "integer" } }, type: "object" },
      { freeze: true, intern },
    ) as { properties: Record<string, unknown> };
    expect(a.properties.cursor).toBe(b.properties.cursor);
    expect(Object.isFrozen(a.properties.cursor)).toBe(true);
    expect(a.properties.q).not.toBe(b.properties.n);
    expect(JSON.stringify(b)).toBe(
      '{"properties":{"cursor":{"description":"Opaque cursor.","type":"string"},"n":{"type":"integer"}},"type":"object"}',
    );
  });

  it("keeps apart what differs: a value, a type, an array from an object, -0 from 0", () => {
    const intern = new SchemaInterner();
    const make = (value: unknown) =>
      (canonicalSchema({ const: value } as never, { freeze: true, intern }) as { const: unknown }).const;
    expect(make([1, 2])).not.toBe(make({ 0: 1, 1: 2 }));
    expect(make(["1"])).not.toBe(make([1]));
    expect(make([0])).not.toBe(make([-0]));
    expect(make([null])).not.toBe(make(["null"]));
    expect(make({ a: [1] })).toBe(make({ a: [1] }));
  });

  it("shares nothing without an interner", () => {
    const a = canonicalSchema({ p: cursor() }, { freeze: true }) as { p: unknown };
    const b = canonicalSchema({ p: cursor() }, { freeze: true }) as { p: unknown };
    expect(a.p).not.toBe(b.p);
    expect(a.p).toEqual(b.p);
  });
});

describe("buildToolset's translations", () => {
  it("hold a subschema that tools repeat once, and serialise as before", () => {
    const tool = (name: string): ServerTool => ({
      server: "s",
      tool: {
        name,
        inputSchema: { type: "object", properties: { cursor: cursor(), [name]: { type: "number" } } },
      },
    });
    const tools = deepFreeze([tool("a"), tool("b")]);
    const built = buildToolset(tools, "anthropic");
    const [a, b] = built.tools as unknown as { input_schema: { properties: Record<string, unknown> } }[];
    expect(a?.input_schema.properties.cursor).toBe(b?.input_schema.properties.cursor);
    expect(built.json).toBe(
      '[{"name":"s__a","input_schema":{"properties":{"a":{"type":"number"},"cursor":{"description":"Opaque cursor.","type":"string"}},"type":"object"}},' +
        '{"name":"s__b","input_schema":{"properties":{"b":{"type":"number"},"cursor":{"description":"Opaque cursor.","type":"string"}},"type":"object"}}]',
    );
  });
});

describe("SchemaInterner (property)", () => {
  const everyObjectFrozen = (value: unknown): boolean =>
    value === null ||
    typeof value !== "object" ||
    (Object.isFrozen(value) && Object.values(value).every(everyObjectFrozen));
  /** JSON text that tells `-0` from `0` (JSON.stringify writes both as 0). */
  const signed = (value: unknown) =>
    JSON.stringify(value, (_key, item) => (Object.is(item, -0) ? "minus zero" : item));
  /** JSON values with repeats (so sharing happens), `-0`, `required` lists, integer-like and `__proto__` keys. */
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      fc.constantFrom(0, -0, 1, "a", "", true, false, null),
      fc.string({ maxLength: 3 }),
      fc.dictionary(fc.constantFrom("a", "b", "10", "9", "__proto__", "required", "é"), tie("node"), {
        maxKeys: 5,
      }),
      fc.array(tie("node"), { maxLength: 3 }),
      fc.array(fc.constantFrom("x", "y", "z"), { maxLength: 4 }).map((required) => ({ required })),
    ),
  })).node;

  it("gives each value canonicalSchema's bytes (-0 kept apart), deep-frozen, the input untouched", () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (inputs) => {
        const intern = new SchemaInterner();
        // Each value beside its mirror with every 0 and -0 swapped: the two must never be shared.
        const mirror = (item: unknown): unknown => {
          if (typeof item === "number") return Object.is(item, 0) ? -0 : Object.is(item, -0) ? 0 : item;
          if (item === null || typeof item !== "object") return item;
          if (Array.isArray(item)) return item.map(mirror);
          const out: Record<string, unknown> = {};
          for (const [key, member] of Object.entries(item)) {
            Object.defineProperty(out, key, {
              value: mirror(member),
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
          return out;
        };
        for (const input of inputs.flatMap((item) => [item, mirror(item)]) as JsonValue[]) {
          const before = signed(input);
          const shared = canonicalSchema(input, { freeze: true, intern });
          expect(signed(shared)).toBe(signed(canonicalSchema(input)));
          expect(everyObjectFrozen(shared)).toBe(true);
          expect(signed(input)).toBe(before);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("makes an equal value, and each equal subtree, into the same object", () => {
    /** Every array and object of a value. */
    const nodes = (root: unknown, out: object[] = []) => {
      if (root !== null && typeof root === "object") {
        out.push(root);
        for (const item of Object.values(root)) nodes(item, out);
      }
      return out;
    };
    fc.assert(
      fc.property(value, value, (a, b) => {
        const intern = new SchemaInterner();
        const first = canonicalSchema(a as JsonValue, { intern });
        const other = canonicalSchema(b as JsonValue, { intern });
        const again = canonicalSchema(structuredClone(a) as JsonValue, { intern });
        if (first !== null && typeof first === "object") expect(again).toBe(first);
        // Two subtrees with the same signed bytes are one object (key order is canonical, so bytes decide).
        const bySign = new Map<string, object>();
        for (const node of [...nodes(first), ...nodes(other)]) {
          const sign = `${Array.isArray(node)}${signed(node)}`;
          expect(bySign.get(sign) ?? node).toBe(node);
          bySign.set(sign, node);
        }
      }),
      { numRuns: 400 },
    );
  });
});
