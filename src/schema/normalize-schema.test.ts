import { describe, expect, it } from "vitest";
import { codes, providerErrors, repairOk } from "./__fixtures__/provider-check.js";

/** Normalisation is shared by every dialect but `mcp`; `anthropic` adds nothing on top, so it shows it bare. */
const props = (input: unknown) =>
  repairOk({ type: "object", properties: input }, "anthropic").schema.properties as Record<string, unknown>;

describe("normalising to valid JSON Schema 2020-12", () => {
  it("reads type names servers write (case, aliases) and removes unknown ones", () => {
    const result = repairOk(
      {
        type: "object",
        properties: {
          a: { type: "String" },
          b: { type: "int" },
          c: { type: ["float", "null", "null"] },
          d: { type: "bogus" },
        },
      },
      "anthropic",
    );
    expect(result.schema.properties).toEqual({
      a: { type: "string" },
      b: { type: "integer" },
      c: { type: ["number", "null"] },
      d: {},
    });
    expect(codes(result)).toEqual([
      "invalid-keyword-value",
      "invalid-keyword-value",
      "invalid-keyword-value",
      "invalid-keyword-value",
    ]);
  });

  it("fixes required: a string, draft-3 `required: true` on a property, duplicates, garbage", () => {
    const result = repairOk(
      {
        type: "object",
        properties: {
          a: { type: "string", required: true },
          b: { type: "string", required: false },
          c: { type: "object", required: 7 },
        },
        required: "b",
      },
      "anthropic",
    );
    expect(result.schema).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "object" } },
      required: ["b", "a"],
    });
    expect(repairOk({ type: "object", required: ["a", "a", 3] }, "anthropic").schema.required).toEqual(["a"]);
  });

  it("converts draft-4/7 forms: boolean exclusiveMinimum, tuple items, dependencies", () => {
    expect(
      props({
        n: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
      }),
    ).toEqual({
      n: { type: "number", exclusiveMinimum: 0, maximum: 9 },
    });
    expect(
      props({
        t: { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false },
      }),
    ).toEqual({
      t: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: { not: {} } },
    });
    expect(props({ o: { type: "object", dependencies: { a: ["b", "b"], c: { required: ["d"] } } } })).toEqual(
      {
        o: { type: "object", dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } },
      },
    );
  });

  it("removes a misplaced keyword inside properties (§9 #20) and coerces other non-schema values", () => {
    const input = { type: "object", properties: { name: { type: "string" }, type: "object" } };
    expect(providerErrors("openai", input)).toContain(
      "Invalid schema for function 't': 'object' is not of type 'object', 'boolean'",
    );
    expect(repairOk(input, "openai").schema.properties).toEqual({ name: { type: "string" } });
    expect(props({ a: "string", b: "The user's name", c: 5, d: true })).toEqual({
      a: { type: "string" },
      b: { description: "The user's name" },
      c: {},
      d: {},
    });
  });

  it("removes a property whose schema is false, and its required entry", () => {
    const result = repairOk(
      { type: "object", properties: { a: false, b: {} }, required: ["a", "b"] },
      "anthropic",
    );
    expect(result.schema).toEqual({ type: "object", properties: { b: {} }, required: ["b"] });
  });

  it("reads numeric strings, removes invalid numbers, counts and patterns", () => {
    expect(
      props({
        a: { type: "string", minLength: "2", maxLength: -1, pattern: "[" },
        n: { type: "number", multipleOf: 0, maximum: "x" },
      }),
    ).toEqual({
      a: { type: "string", minLength: 2 },
      n: { type: "number" },
    });
  });

  it("removes $schema, $id and $comment silently", () => {
    const result = repairOk(
      {
        $schema: "http://json-schema.org/draft-07/schema#",
        $id: "urn:x",
        $comment: "c",
        type: "object",
        properties: {},
      },
      "anthropic",
    );
    expect(result).toEqual({ ok: true, schema: { type: "object", properties: {} }, warnings: [] });
  });

  it("writes OpenAPI nullable as a null type, wraps a scalar enum, drops an empty enum and prunes mismatching members", () => {
    expect(
      props({
        a: { type: "string", nullable: true, enum: ["x"] },
        b: { enum: "only" },
        c: { type: "string", enum: [] },
        d: { type: "integer", enum: [1, "2", 3] },
      }),
    ).toEqual({
      a: { type: ["string", "null"], enum: ["x", null] },
      b: { enum: ["only"] },
      c: { type: "string" },
      d: { type: "integer", enum: [1, 3] },
    });
  });

  it("turns a garbage mix into a schema Anthropic's 2020-12 check accepts", () => {
    const input = {
      type: "object",
      properties: {
        a: { type: "String", required: true, enum: "x", minimum: "1", exclusiveMaximum: true },
        b: { items: [true, "number"], anyOf: { type: "string" }, properties: [] },
        c: { type: ["integer", "bogus"], multipleOf: -2, examples: 5, description: 12 },
      },
      required: "c",
    };
    expect(providerErrors("anthropic", input as never)).not.toEqual([]);
    expect(providerErrors("anthropic", repairOk(input, "anthropic").schema)).toEqual([]);
  });
});
