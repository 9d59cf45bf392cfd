import type { JsonSchemaType } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AjvEngine, ajvSchemaValidator } from "./ajv-schema-validator.js";

/** The engine the SDK's default builds (its options), one per side so neither sees the other's compiled ids. */
function engine(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

const schemas: JsonSchemaType[] = [
  { type: "object", properties: { total: { type: "integer", minimum: 0 } }, required: ["total"] },
  { type: "array", items: { type: "string", format: "email" }, maxItems: 2 },
  {
    anyOf: [
      { type: "string", minLength: 2 },
      { type: "number", multipleOf: 3 },
    ],
  },
  { $id: "urn:test:point", type: "object", additionalProperties: { type: "number" } },
];

describe("ajvSchemaValidator", () => {
  it("gives the SDK's AjvJsonSchemaValidator's verdict, data and message for any JSON value", () => {
    const ours = ajvSchemaValidator(engine() as unknown as AjvEngine);
    const sdks = new AjvJsonSchemaValidator(
      engine() as ConstructorParameters<typeof AjvJsonSchemaValidator>[0],
    );
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.jsonValue(), (schema, value) => {
        expect(ours.getValidator(schema)(value)).toEqual(sdks.getValidator(schema)(value));
      }),
    );
  });

  it("compiles a schema with an $id once: asking again is not ajv's duplicate-id error", () => {
    const ours = ajvSchemaValidator(engine() as unknown as AjvEngine);
    const schema = schemas[3] as JsonSchemaType;
    const first = ours.getValidator(schema);
    const second = ours.getValidator(schema);
    expect(first({ x: 1 }).valid).toBe(true);
    expect(second({ x: "1" })).toEqual({
      valid: false,
      data: undefined,
      errorMessage: "data/x must be number",
    });
  });
});
