import { describe, expect, it } from "vitest";
import type { JsonObject } from "../spec/json.js";
import { codes, providerErrors, repairOk } from "./__fixtures__/provider-check.js";
import { repairSchema } from "./index.js";

const object = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: "object",
  properties,
  ...extra,
});

describe("openai (non-strict)", () => {
  it("adds items to an array without them (§9 #12)", () => {
    const input = object({ texts: { type: "array", description: "词汇列表" } });
    expect(providerErrors("openai", input)[0]).toMatch(/array schema missing items/);
    const result = repairOk(input, "openai");
    expect(result.schema.properties).toEqual({
      texts: { type: "array", description: "词汇列表", items: {} },
    });
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: "items-added", path: "/properties/texts" }),
    ]);
    expect(providerErrors("openai", result.schema)).toEqual([]);
  });

  it("adds items when array is one entry of a type list (§9 #13)", () => {
    const value = { type: ["string", "number", "boolean", "object", "array", "null"] };
    const input = object({ meta_data: { type: "array", items: object({ value }) } });
    expect(providerErrors("openai", input)[0]).toMatch(/'type', '4'\), array schema missing items/);
    expect(providerErrors("openai", repairOk(input, "openai").schema)).toEqual([]);
  });

  it("lifts a root combinator and types a typeless root (§9 #18, #19)", () => {
    for (const input of [
      { anyOf: [object({ a: { type: "string" } })] },
      { properties: { a: { type: "string" } } },
    ]) {
      expect(providerErrors("openai", input as JsonObject)).not.toEqual([]);
      expect(providerErrors("openai", repairOk(input, "openai").schema)).toEqual([]);
    }
  });

  it("keeps what non-strict OpenAI accepts: free-form objects, formats, bounds, defaults, oneOf", () => {
    const input = object({
      tool_input: { type: "object" },
      url: { type: "string", format: "uri", default: "https://x" },
      n: { type: "integer", minimum: 1 },
      either: { oneOf: [{ type: "string" }, { type: "number" }] },
    });
    expect(repairOk(input, "openai")).toEqual({ ok: true, schema: input, warnings: [] });
  });
});

describe("openai-strict", () => {
  it("quarantines a free-form object (§9 #14) with the location, which non-strict accepts", () => {
    const input = object({ tool_input: { type: "object" } }, { required: ["tool_input"] });
    const result = repairSchema(input, "openai-strict");
    expect(result).toEqual({
      ok: false,
      reason: "cannot be made strict: free-form object at /properties/tool_input",
      warnings: [
        {
          code: "strict-unrepresentable",
          path: "/properties/tool_input",
          message: "free-form object cannot be expressed in OpenAI strict mode",
        },
      ],
    });
    expect(repairSchema(input, "openai").ok).toBe(true);
  });

  it("requires every property and makes the optional ones nullable (§9 #15)", () => {
    const input = object(
      {
        sql: { type: "string" },
        params: { type: "array", items: { type: "string" } },
        mode: { type: "string", enum: ["read", "write"] },
        kind: { const: "query" },
        either: { anyOf: [{ type: "string" }, { type: "integer" }] },
      },
      { required: ["sql"] },
    );
    expect(providerErrors("openai-strict", input)[0]).toMatch(/additionalProperties/);
    const result = repairOk(input, "openai-strict");
    expect(result.schema).toEqual({
      type: "object",
      properties: {
        sql: { type: "string" },
        params: { type: ["array", "null"], items: { type: "string" } },
        mode: { type: ["string", "null"], enum: ["read", "write", null] },
        kind: { enum: ["query", null] },
        either: { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
      },
      required: ["sql", "params", "mode", "kind", "either"],
      additionalProperties: false,
    });
    expect(result.warnings.filter((w) => w.code === "optional-made-nullable").map((w) => w.path)).toEqual([
      "/properties/params",
      "/properties/mode",
      "/properties/kind",
      "/properties/either",
    ]);
    expect(providerErrors("openai-strict", result.schema)).toEqual([]);
  });

  it("removes a required key that names no property (§9 #16)", () => {
    const input = object({ a: { type: "string" } }, { required: ["a", "function_arguments"] });
    const result = repairOk(input, "openai-strict");
    expect(result.schema.required).toEqual(["a"]);
    expect(codes(result)).toContain("required-fixed");
  });

  it("moves an unsupported format to the description (§9 #17), keeping supported ones", () => {
    const input = object(
      { url: { type: "string", format: "uri" }, at: { type: "string", format: "date-time" } },
      { required: ["url", "at"] },
    );
    const result = repairOk(input, "openai-strict");
    expect(result.schema.properties).toEqual({
      url: { type: "string", description: "format: uri" },
      at: { type: "string", format: "date-time" },
    });
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: "format-dropped", path: "/properties/url" }),
    ]);
  });

  it("rewrites oneOf, allOf, type lists and unsupported keywords", () => {
    const input = object(
      {
        choice: { oneOf: [{ type: "string" }, { type: "number" }] },
        merged: {
          allOf: [
            object({ a: { type: "string" } }, { required: ["a"] }),
            { properties: { b: { type: "string" } } },
          ],
        },
        multi: { type: ["string", "number"], minLength: 2, minimum: 0 },
        text: { type: "string", minLength: 1, default: "x", pattern: "^[a-z]+$" },
        closed: {
          type: "object",
          properties: { k: { type: "string" } },
          required: ["k"],
          additionalProperties: { type: "string" },
        },
      },
      { required: ["choice", "merged", "multi", "text", "closed"] },
    );
    const result = repairOk(input, "openai-strict");
    const props = result.schema.properties as Record<string, JsonObject>;
    expect(props.choice).toEqual({ anyOf: [{ type: "string" }, { type: "number" }] });
    expect(props.merged).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: ["string", "null"] } },
      required: ["a", "b"],
      additionalProperties: false,
    });
    expect(props.multi).toEqual({
      anyOf: [
        { type: "string", description: "minLength: 2" },
        { type: "number", minimum: 0 },
      ],
    });
    expect(props.text).toEqual({
      type: "string",
      pattern: "^[a-z]+$",
      description: 'minLength: 1; default: "x"',
    });
    expect(props.closed?.additionalProperties).toBe(false);
    expect(codes(result)).toEqual(
      expect.arrayContaining([
        "oneof-to-anyof",
        "allof-merged",
        "type-array-converted",
        "additional-properties-closed",
      ]),
    );
    expect(providerErrors("openai-strict", result.schema)).toEqual([]);
  });

  it("closes nullable objects too (openai-agents-python#4114 shape)", () => {
    const input = object(
      { filter: { type: ["object", "null"], properties: { q: { type: "string" } } } },
      { required: ["filter"] },
    );
    const props = repairOk(input, "openai-strict").schema.properties as Record<string, JsonObject>;
    expect(props.filter).toEqual({
      type: ["object", "null"],
      properties: { q: { type: ["string", "null"] } },
      required: ["q"],
      additionalProperties: false,
    });
  });

  it("quarantines untyped values and arrays without items, listing every location", () => {
    const input = object({
      any: { description: "anything" },
      list: { type: "array" },
      map: { type: "object", additionalProperties: { type: "string" } },
    });
    const result = repairSchema(input, "openai-strict");
    expect(result).toMatchObject({
      ok: false,
      reason:
        "cannot be made strict: schema without a type (any JSON value) at /properties/any; array without items (any items) at /properties/list; map (additionalProperties schema) at /properties/map",
    });
    expect(codes(result).filter((code) => code === "strict-unrepresentable")).toHaveLength(3);
  });

  it("makes a zero-argument tool an empty closed object", () => {
    for (const input of [{ type: "object" }, { type: "object", properties: {} }, null]) {
      expect(repairOk(input, "openai-strict").schema).toEqual({
        type: "object",
        properties: {},
        additionalProperties: false,
        required: [],
      });
    }
  });

  it("quarantines schemas over OpenAI's size limits", () => {
    let deep: JsonObject = object({ leaf: { type: "string" } }, { required: ["leaf"] });
    for (let i = 0; i < 10; i += 1) deep = object({ next: deep }, { required: ["next"] });
    expect(repairSchema(deep, "openai-strict")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/nested 11 levels/),
    });
    const enums = object(
      { e: { type: "string", enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) } },
      { required: ["e"] },
    );
    expect(repairSchema(enums, "openai-strict")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/1001 enum values/),
    });
    expect(repairSchema(enums, "openai").ok).toBe(true);
  });

  it("keeps zod's optional idiom (anyOf with a never branch) valid", () => {
    const input = object({
      rpe: { anyOf: [{ anyOf: [{ not: {} }, { type: "number" }] }, { type: "null" }] },
    });
    const result = repairOk(input, "openai-strict");
    expect((result.schema.properties as Record<string, unknown>).rpe).toEqual({
      anyOf: [{ type: "number" }, { type: "null" }],
    });
    expect(providerErrors("openai-strict", result.schema)).toEqual([]);
  });
});
