import { describe, expect, it } from "vitest";
import { argumentProblems } from "./validate-arguments.js";

const schema = {
  type: "object",
  properties: { city: { type: "string" }, units: { enum: ["c", "f"] } },
  required: ["city"],
  additionalProperties: false,
};

describe("argumentProblems", () => {
  it("accepts fitting arguments", () => {
    expect(argumentProblems(schema, { city: "Paris", units: "c" })).toBeUndefined();
  });

  it("names each problem with its path", () => {
    expect(argumentProblems(schema, { units: "k", extra: 1 })).toEqual([
      'arguments: missing required property "city"',
      'arguments: unexpected property "extra" (not in the schema)',
      'arguments/units: must be one of ["c","f"]',
    ]);
  });

  it("checks schemas that share one $id and differ, and keeps $ref to that $id working", () => {
    const shared = (field: string) => ({
      $id: "https://example.test/shared.json",
      type: "object",
      $defs: { text: { type: "string" } },
      properties: { [field]: { $ref: "https://example.test/shared.json#/$defs/text" } },
      required: [field],
    });
    for (const field of ["one", "two", "three"]) {
      expect(argumentProblems(shared(field), { [field]: 1 })).toEqual([`arguments/${field}: must be string`]);
    }
  });

  it("reads draft-07 and 2020-12 schemas alike", () => {
    const draft7 = { $schema: "http://json-schema.org/draft-07/schema#", ...schema };
    const draft2020 = { $schema: "https://json-schema.org/draft/2020-12/schema", ...schema };
    expect(argumentProblems(draft7, { city: 3 })).toEqual(["arguments/city: must be string"]);
    expect(argumentProblems(draft2020, { city: 3 })).toEqual(["arguments/city: must be string"]);
  });

  it("leaves a schema it cannot compile to the server", () => {
    expect(argumentProblems({ type: "object", $ref: "#/nowhere" }, { anything: true })).toBeUndefined();
  });
});
