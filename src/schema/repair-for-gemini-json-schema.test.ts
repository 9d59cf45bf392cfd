import { describe, expect, it } from "vitest";
import type { JsonObject } from "../spec/json.js";
import { codes, providerErrors, repairOk } from "./__fixtures__/provider-check.js";

const object = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: "object",
  properties,
  ...extra,
});
const props = (input: unknown) =>
  repairOk(input, "gemini-json-schema").schema.properties as Record<string, JsonObject>;

describe("gemini-json-schema (functionDeclarations.parametersJsonSchema)", () => {
  it("keeps the documented keywords, type lists and additionalProperties", () => {
    const input = object(
      {
        name: { type: ["string", "null"], title: "Name" },
        tags: { type: "array", items: { type: "string" }, minItems: 1 },
        meta: { type: "object", additionalProperties: { type: "number", minimum: 0 } },
        pick: {
          oneOf: [
            { type: "string", format: "date" },
            { type: "integer", maximum: 9 },
          ],
        },
      },
      { required: ["name"], propertyOrdering: ["name", "tags"] },
    );
    expect(repairOk(input, "gemini-json-schema")).toEqual({ ok: true, schema: input, warnings: [] });
  });

  it("moves undocumented value constraints to the description and drops the other keywords", () => {
    const result = repairOk(
      object({
        q: { type: "string", pattern: "^a", minLength: 1, default: "a", not: { const: "b" }, "x-ui": "big" },
      }),
      "gemini-json-schema",
    );
    expect(result.schema.properties).toEqual({
      q: { type: "string", description: 'pattern: ^a; minLength: 1; default: "a"' },
    });
    // The `not` subschema is repaired (post-order) before its parent drops it.
    expect(codes(result)).toEqual([
      "const-to-enum",
      "constraint-dropped",
      "constraint-dropped",
      "constraint-dropped",
      "keyword-dropped",
      "keyword-dropped",
    ]);
  });

  it("writes const as a one-value enum, merges allOf, and splits a null enum member into a null branch", () => {
    const result = props(
      object({
        kind: { const: "a" },
        flag: { const: true },
        both: { allOf: [object({ a: { type: "string" } }), object({ b: { type: "string" } })] },
        level: { type: ["string", "null"], enum: ["low", "high", null] },
      }),
    );
    expect(result.kind).toEqual({ enum: ["a"] });
    expect(result.flag).toEqual({ description: "must be true" });
    expect(result.both).toEqual(object({ a: { type: "string" }, b: { type: "string" } }));
    expect(result.level).toEqual({ anyOf: [{ type: "string", enum: ["low", "high"] }, { type: "null" }] });
  });

  it("never sends a $ref Gemini cannot resolve (§9 #38)", () => {
    const input = object(
      { language: { $ref: "#/definitions/Language" }, ok: { $ref: "#/$defs/Ok" } },
      { $defs: { Ok: { type: "string" } } },
    );
    expect(providerErrors("gemini-json-schema", input)).toEqual([
      "reference to undefined schema at properties.language",
    ]);
    const result = repairOk(input, "gemini-json-schema");
    expect(result.schema.properties).toEqual({
      language: { description: "unresolved reference #/definitions/Language" },
      ok: { type: "string" },
    });
    expect(providerErrors("gemini-json-schema", result.schema)).toEqual([]);
  });
});
