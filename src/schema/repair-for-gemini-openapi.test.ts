import { describe, expect, it } from "vitest";
import type { JsonObject } from "../spec/json.js";
import { codes, providerErrors, repairOk } from "./__fixtures__/provider-check.js";
import { GEMINI_SCHEMA_FIELDS } from "./index.js";
import { forEachSubschema } from "./walk-schema.js";

const object = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: "object",
  properties,
  ...extra,
});
const gemini = (input: unknown) => repairOk(input, "gemini-openapi");
const props = (input: unknown) => gemini(input).schema.properties as Record<string, JsonObject>;

/** Schema keywords used anywhere in a schema (property names excluded). */
function schemaKeywords(schema: JsonObject, out = new Set<string>()): Set<string> {
  for (const key of Object.keys(schema)) out.add(key);
  forEachSubschema(schema, "", (child) => schemaKeywords(child, out));
  return out;
}

/** Asserts the validator rejected the fragment before repair and accepts it after. */
function fixes(input: JsonObject, before: RegExp): JsonObject {
  expect(providerErrors("gemini-openapi", input).join("\n")).toMatch(before);
  const { schema } = gemini(input);
  expect(providerErrors("gemini-openapi", schema)).toEqual([]);
  return schema;
}

describe("gemini-openapi (functionDeclarations.parameters)", () => {
  it("moves STRING formats other than enum/date-time to the description (§9 #28)", () => {
    const schema = fixes(
      object({
        url: { type: "string", format: "uri" },
        at: { type: "string", format: "date-time" },
        n: { type: "integer", format: "int64" },
      }),
      /only 'enum' and 'date-time' are supported for STRING type/,
    );
    expect(schema.properties).toEqual({
      url: { type: "string", description: "format: uri" },
      at: { type: "string", format: "date-time" },
      n: { type: "integer", format: "int64" },
    });
  });

  it("keeps only proto fields for zod-to-json-schema output (§9 #29)", () => {
    const input = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        count: { type: "number", exclusiveMinimum: 0, multipleOf: 1 },
        kind: { type: "string", const: "a" },
        tags: { type: "object", propertyNames: { pattern: "^x" }, additionalProperties: { type: "string" } },
        "x-note": { type: "string", examples: ["e"], "x-internal": true },
      },
      additionalProperties: false,
    };
    const schema = fixes(input, /Unknown name "exclusiveMinimum"/);
    expect([...schemaKeywords(schema)].filter((key) => !GEMINI_SCHEMA_FIELDS.has(key))).toEqual([]);
    expect(schema.properties).toEqual({
      count: { type: "number", description: "exclusiveMinimum: 0; multipleOf: 1" },
      kind: { type: "string", enum: ["a"] },
      tags: { type: "object", description: 'additional properties: {"type":"string"}' },
      "x-note": { type: "string", description: 'examples: "e"' },
    });
  });

  it("writes a zero-argument tool as {type:'object'} without empty properties (§9 #30)", () => {
    expect(fixes(object({}), /should be non-empty for OBJECT type/)).toEqual({ type: "object" });
    expect(props(object({ opts: object({}) })).opts).toEqual({ type: "object" });
  });

  it("removes properties and required from non-objects (§9 #31)", () => {
    const schema = fixes(
      object({ data: { type: "string", properties: { x: { type: "string" } }, required: ["x"] } }),
      /only allowed for OBJECT type/,
    );
    expect(schema.properties).toEqual({ data: { type: "string" } });
  });

  it("writes type lists as one type + nullable and moves number enums to the description (§9 #32)", () => {
    const schema = fixes(
      object({ name: { type: ["string", "null"] }, direction: { type: "integer", enum: [0, 90, 180] } }),
      /Proto field is not repeating/,
    );
    expect(schema.properties).toEqual({
      name: { type: "string", nullable: true },
      direction: { type: "integer", description: "allowed values: 0, 90, 180" },
    });
  });

  it("drops an empty-string enum member with a note (§9 #33)", () => {
    const schema = fixes(
      object({ action: { type: "string", enum: ["list", "open", "close", "create", ""] } }),
      /enum\[4\]: cannot be empty/,
    );
    expect(schema.properties).toEqual({
      action: {
        type: "string",
        enum: ["list", "open", "close", "create"],
        description: 'an empty string "" is also accepted',
      },
    });
  });

  it("adds items to an array without them (§9 #34)", () => {
    const schema = fixes(object({ includeTags: { type: "array" } }), /items: missing field/);
    expect(schema.properties).toEqual({ includeTags: { type: "array", items: { type: "string" } } });
  });

  it("removes required names that are not defined (§9 #35)", () => {
    const schema = fixes(object({}, { required: ["ref"] }), /required\[0\]: property is not defined/);
    expect(schema).toEqual({ type: "object" });
  });

  it("drops format enum when the enum is empty (§9 #41)", () => {
    const schema = fixes(
      object({ x: { type: "string", format: "enum", enum: [] } }),
      /should be non-empty for STRING type with enum format/,
    );
    expect(schema.properties).toEqual({ x: { type: "string" } });
  });

  it("turns null branches into nullable, several types into anyOf, and pushes a type into anyOf branches", () => {
    const result = props(
      object({
        maybe: { anyOf: [{ type: "integer" }, { type: "null" }] },
        multi: { type: ["string", "number", "null"], minLength: 1, minimum: 0 },
        dated: { type: "string", anyOf: [{ format: "date-time" }, { pattern: "^\\d{4}$" }] },
      }),
    );
    expect(result.maybe).toEqual({ type: "integer", nullable: true });
    expect(result.multi).toEqual({
      nullable: true,
      anyOf: [
        { type: "string", minLength: 1 },
        { type: "number", minimum: 0 },
      ],
    });
    expect(result.dated).toEqual({
      anyOf: [
        { type: "string", format: "date-time" },
        { type: "string", pattern: "^\\d{4}$" },
      ],
    });
  });

  it("gives untyped schemas a type and stringifies mixed enums with a warning", () => {
    const result = gemini(
      object({
        any: { description: "anything" },
        mixed: { enum: ["a", 1, true] },
        obj: { properties: { a: {} } },
      }),
    );
    expect(result.schema.properties).toEqual({
      any: { type: "string", description: "anything" },
      mixed: { type: "string", enum: ["a", "1", "true"] },
      obj: { type: "object", properties: { a: { type: "string" } } },
    });
    expect(codes(result)).toEqual(expect.arrayContaining(["type-inferred", "enum-stringified"]));
    expect(providerErrors("gemini-openapi", result.schema)).toEqual([]);
  });

  it("writes tuples as items: anyOf and merges allOf", () => {
    const result = props(
      object({
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] },
        both: { allOf: [object({ a: { type: "string" } }), object({ b: { type: "string" } })] },
      }),
    );
    expect(result.pair).toEqual({
      type: "array",
      items: { anyOf: [{ type: "string" }, { type: "number" }] },
    });
    expect(result.both).toEqual(object({ a: { type: "string" }, b: { type: "string" } }));
  });
});
