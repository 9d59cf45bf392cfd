import type { JsonSchemaType, jsonSchemaValidator } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { describe, expect, it } from "vitest";
import { lazyValidator } from "./lazy-validator.js";

function counting(): { validator: jsonSchemaValidator; compiled: () => number } {
  const inner = new AjvJsonSchemaValidator();
  let count = 0;
  return {
    validator: {
      getValidator(schema) {
        count += 1;
        return inner.getValidator(schema);
      },
    },
    compiled: () => count,
  };
}

const schema: JsonSchemaType = {
  type: "object",
  properties: { total: { type: "integer", minimum: 0 } },
  required: ["total"],
};

describe("lazyValidator", () => {
  it("compiles nothing until a value is validated, then exactly once", () => {
    const { validator, compiled } = counting();
    const lazy = lazyValidator(validator);
    const validators = Array.from({ length: 50 }, () => lazy.getValidator(schema));
    expect(compiled()).toBe(0);
    const check = validators[0];
    expect(check?.({ total: 3 }).valid).toBe(true);
    expect(check?.({ total: -1 }).valid).toBe(false);
    expect(compiled()).toBe(1);
  });

  it("gives the eager validator's verdicts and messages", () => {
    const eager = new AjvJsonSchemaValidator().getValidator(schema);
    const lazy = lazyValidator().getValidator(schema);
    for (const value of [{ total: 1 }, { total: "1" }, {}, null, { total: 2.5 }]) {
      expect(lazy(value)).toEqual(eager(value));
    }
  });
});
