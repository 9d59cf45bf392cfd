import { describe, expect, it } from "vitest";
import type { SchemaDialect } from "../spec/provider-profile.js";
import { codes, DIALECTS, deepFreeze, providerErrors, repairOk } from "./__fixtures__/provider-check.js";
import { repairSchema } from "./index.js";

/** A realistic schema touching most repairs: refs, formats, bounds, optional fields, a type list. */
const sample = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    url: { type: "string", format: "uri" },
    limit: { type: "integer", minimum: 1, maximum: 100 },
    tags: { type: "array", items: { type: "string" } },
    owner: { $ref: "#/$defs/User" },
    note: { type: ["string", "null"] },
  },
  required: ["url"],
  additionalProperties: false,
  $defs: { User: { type: "object", properties: { email: { type: "string", format: "email" } } } },
};

function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe("repairSchema contract", () => {
  it.each(DIALECTS)("does not mutate a deep-frozen input and returns a fresh object (%s)", (dialect) => {
    const input = deepFreeze(structuredClone(sample));
    const result = repairOk(input, dialect);
    expect(input).toEqual(sample);
    expect(result.schema).not.toBe(input);
    expect(Object.isFrozen(result.schema)).toBe(false);
  });

  it("treats a missing schema (null, undefined, true) as a tool without arguments", () => {
    for (const input of [null, undefined, true]) {
      const result = repairOk(input, "openai");
      expect(result.schema).toEqual({ type: "object" });
      expect(codes(result)).toEqual(["input-not-object"]);
    }
  });

  it("quarantines inputs that are not schemas at all, without throwing", () => {
    for (const input of ["string", 5, [], false, Symbol("s"), () => 1]) {
      const result = repairSchema(input, "anthropic");
      expect(result.ok).toBe(false);
    }
    expect(repairSchema("x", "gemini-openapi")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/string/),
    });
  });

  it("quarantines an unknown dialect instead of throwing", () => {
    const result = repairSchema(sample, "cohere" as SchemaDialect);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/unknown schema dialect/) });
  });

  it("breaks object cycles in the input with a warning at the cycle's pointer", () => {
    const node: Record<string, unknown> = { type: "object", properties: {} };
    (node.properties as Record<string, unknown>).self = node;
    const result = repairOk(node, "openai");
    expect(result.schema).toEqual({ type: "object", properties: { self: {} } });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: "cycle-broken", path: "/properties/self" }),
    );
  });

  it("survives 1000-deep nesting and 100,000-deep arrays, cutting depth with a warning", () => {
    let deep: unknown = { type: "string" };
    for (let i = 0; i < 1000; i += 1) deep = { type: "object", properties: { x: deep } };
    for (const dialect of DIALECTS) {
      const result = repairSchema(deep, dialect);
      expect(codes(result)).toContain("depth-capped");
      if (!result.ok) {
        // 64 optional parameters, or objects nested deeper than OpenAI's 10 levels: strict cannot take it.
        expect([dialect, result.reason]).toEqual([dialect, expect.stringMatching(/^cannot be made strict/)]);
        continue;
      }
      expect(depthOf(result.schema)).toBeLessThanOrEqual(140);
      expect(providerErrors(dialect, result.schema)).toEqual([]);
    }
    let array: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) array = [array];
    expect(repairSchema({ type: "object", default: array }, "anthropic").ok).toBe(true);
  });

  it("handles a 100,000-value enum for every dialect", () => {
    const values = Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? `v${i}` : i));
    const input = { type: "object", properties: { pick: { enum: values } } };
    for (const dialect of DIALECTS) {
      const result = repairSchema(input, dialect);
      if (result.ok) expect(JSON.stringify(result.schema).length).toBeGreaterThan(0);
      else expect(result.reason).toMatch(/^cannot be made strict/);
    }
    const gemini = repairOk(input, "gemini-openapi").schema.properties as Record<string, { enum: string[] }>;
    expect(gemini.pick?.enum).toHaveLength(100_000);
    expect(gemini.pick?.enum[1]).toBe("1");
  });

  it("drops non-JSON values (functions, symbols, NaN, bigint, throwing getters and proxies) with warnings", () => {
    const input = {
      type: "object",
      properties: {
        a: { type: "number", minimum: Number.NaN, maximum: 10n },
        b: { type: "string", format: () => "uri" },
        get c() {
          throw new Error("getter");
        },
        d: new Proxy(
          {},
          {
            ownKeys() {
              throw new Error("trap");
            },
          },
        ),
      },
    };
    const result = repairOk(input, "anthropic");
    expect(result.schema.properties).toEqual({
      a: { type: "number", maximum: 10 },
      b: { type: "string" },
      d: {},
    });
    expect(codes(result).filter((code) => code === "non-json-value").length).toBeGreaterThanOrEqual(4);
  });

  it("keeps a property named __proto__ as data and never touches Object.prototype", () => {
    const input = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
    );
    for (const dialect of DIALECTS) {
      const result = repairOk(input, dialect);
      const properties = result.schema.properties as Record<string, unknown>;
      expect(Object.keys(properties)).toEqual(["__proto__"]);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    }
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it("reports paths into the original schema, including inside inlined definitions", () => {
    const result = repairOk(sample, "openai-strict");
    const paths = result.warnings.map((warning) => `${warning.code} ${warning.path}`);
    expect(paths).toContain("ref-inlined /properties/owner");
    expect(paths).toContain("format-dropped /properties/url");
    expect(paths).toContain("optional-made-nullable /$defs/User/properties/email");
  });

  it("clamps maxRefDepth and never throws on odd values", () => {
    const tree = {
      type: "object",
      properties: { root: { $ref: "#/$defs/N" } },
      $defs: { N: { type: "object", properties: { next: { $ref: "#/$defs/N" } } } },
    };
    const depth = (d: number | undefined) =>
      depthOf(repairOk(tree, "anthropic", d === undefined ? {} : { maxRefDepth: d }).schema);
    expect(depth(1)).toBeLessThan(depth(3));
    expect(depth(Number.NaN)).toBe(depth(8));
    expect(depth(undefined)).toBe(depth(8));
    expect(depth(1e9)).toBe(depth(32));
    expect(depth(-5)).toBe(depth(0));
  });
});

describe("mcp dialect", () => {
  it("passes refs, combinators and unknown keywords through, fixing only what MCP clients check", () => {
    const input = {
      properties: { a: { $ref: "#/$defs/A" } },
      required: "a",
      anyOf: [{ required: ["a"] }],
      "x-extra": 1,
      $defs: { A: { type: "string" } },
    };
    const result = repairOk(input, "mcp");
    expect(result.schema).toEqual({ ...input, type: "object", required: ["a"] });
    expect(codes(result)).toEqual(["root-type-fixed", "required-fixed"]);
  });

  it("removes a non-object properties value", () => {
    expect(repairOk({ type: "object", properties: [] }, "mcp").schema).toEqual({ type: "object" });
  });
});
