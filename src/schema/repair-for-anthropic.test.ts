import { describe, expect, it } from "vitest";
import type { JsonObject } from "../spec/json.js";
import { codes, providerErrors, repairOk } from "./__fixtures__/provider-check.js";
import { repairSchema, strictBudget } from "./index.js";

const object = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: "object",
  properties,
  ...extra,
});

describe("anthropic (non-strict)", () => {
  it("keeps valid 2020-12 as it is: unknown keywords, x- annotations, nested combinators, bounds", () => {
    const input = object({
      mode: { oneOf: [{ const: "a" }, { const: "b" }], "x-order": 1 },
      n: { type: "integer", minimum: 1, maximum: 300000 },
      both: { allOf: [{ type: "string" }, { minLength: 2 }] },
      optional: { type: "string", optional: true },
    });
    expect(repairOk(input, "anthropic")).toEqual({ ok: true, schema: input, warnings: [] });
  });

  it("accepts what the Anthropic validator rejected before repair (root oneOf, §9 #1)", () => {
    const input = { oneOf: [object({ a: { type: "string" } }), object({ b: { type: "string" } })] };
    expect(providerErrors("anthropic", input as JsonObject)).not.toEqual([]);
    expect(providerErrors("anthropic", repairOk(input, "anthropic").schema)).toEqual([]);
  });
});

describe("anthropic-strict", () => {
  it("moves numeric bounds into the description (§9 #5)", () => {
    const input = object({ timeoutMs: { type: "integer", minimum: 1, maximum: 300000 } });
    expect(providerErrors("anthropic-strict", input)).toEqual([
      "tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
    ]);
    const result = repairOk(input, "anthropic-strict");
    expect(result.schema).toEqual({
      type: "object",
      properties: { timeoutMs: { type: "integer", description: "minimum: 1; maximum: 300000" } },
      additionalProperties: false,
    });
    expect(codes(result)).toEqual(["constraint-dropped", "constraint-dropped"]);
    expect(providerErrors("anthropic-strict", result.schema)).toEqual([]);
  });

  it("keeps optional properties optional and closes every object", () => {
    const input = object(
      { q: { type: "string" }, opts: object({ limit: { type: "integer" } }) },
      { required: ["q", "ghost"] },
    );
    const result = repairOk(input, "anthropic-strict");
    expect(result.schema).toEqual({
      type: "object",
      properties: {
        q: { type: "string" },
        opts: { type: "object", properties: { limit: { type: "integer" } }, additionalProperties: false },
      },
      required: ["q"],
      additionalProperties: false,
    });
    expect(strictBudget(result.schema)).toEqual({ optionalParams: 2, unionParams: 0 });
  });

  it("keeps uri and the other supported formats; moves the rest; keeps minItems 0/1 only", () => {
    const input = object({
      url: { type: "string", format: "uri" },
      re: { type: "string", format: "regex" },
      one: { type: "array", items: { type: "string" }, minItems: 1 },
      two: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 5, uniqueItems: true },
      name: { type: "string", minLength: 1, pattern: "^[a-z]+$" },
    });
    const props = repairOk(input, "anthropic-strict").schema.properties as Record<string, JsonObject>;
    expect(props.url).toEqual({ type: "string", format: "uri" });
    expect(props.re).toEqual({ type: "string", description: "format: regex" });
    expect(props.one).toEqual({ type: "array", items: { type: "string" }, minItems: 1 });
    expect(props.two).toEqual({
      type: "array",
      items: { type: "string" },
      description: "minItems: 2; maxItems: 5; items must be unique",
    });
    expect(props.name).toEqual({ type: "string", pattern: "^[a-z]+$", description: "minLength: 1" });
  });

  it("allows untyped values and arrays without items (not on Anthropic's unsupported list)", () => {
    const input = object({ any: { description: "anything" }, list: { type: "array" } });
    const result = repairOk(input, "anthropic-strict");
    expect(result.schema.properties).toEqual(input.properties);
    expect(providerErrors("anthropic-strict", result.schema)).toEqual([]);
  });

  it("quarantines free-form objects and maps, which must be closed in strict mode", () => {
    const input = object({
      meta: { type: "object" },
      labels: { type: "object", additionalProperties: { type: "string" } },
    });
    expect(repairSchema(input, "anthropic-strict")).toMatchObject({
      ok: false,
      reason:
        "cannot be made strict: free-form object at /properties/meta; map (additionalProperties schema) at /properties/labels",
    });
  });

  it("quarantines one tool that alone exceeds the per-request optional-parameter cap", () => {
    const properties: JsonObject = {};
    for (let i = 0; i < 25; i += 1) properties[`p${i}`] = { type: "string" };
    const result = repairSchema(object(properties), "anthropic-strict");
    expect(result).toMatchObject({
      ok: false,
      reason: "cannot be made strict: 25 optional parameters (limit 24 per request)",
    });
    expect(codes(result)).toContain("strict-limit-exceeded");
    expect(
      repairSchema(object(properties, { required: Object.keys(properties) }), "anthropic-strict").ok,
    ).toBe(true);
  });

  it("moves an enum with object members to the description and rewrites oneOf as anyOf", () => {
    const input = object({
      preset: { enum: [{ a: 1 }, "plain"] },
      choice: { oneOf: [{ type: "string" }, { type: "integer" }] },
    });
    const result = repairOk(input, "anthropic-strict");
    expect(result.schema.properties).toEqual({
      preset: { description: 'allowed values: {"a":1}, "plain"' },
      choice: { anyOf: [{ type: "string" }, { type: "integer" }] },
    });
    expect(providerErrors("anthropic-strict", result.schema)).toEqual([]);
  });
});
