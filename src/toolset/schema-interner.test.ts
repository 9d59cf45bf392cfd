import { describe, expect, it } from "vitest";
import { deepFreeze } from "../connect/plain-json.js";
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
