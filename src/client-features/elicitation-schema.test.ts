import { describe, expect, it } from "vitest";
import { applyFormDefaults, formFields, parseFieldInput, validateFormContent } from "./elicitation-schema.js";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", minLength: 2 },
    email: { type: "string", format: "email" },
    age: { type: "integer", minimum: 1, maximum: 120, default: 30 },
    score: { type: "number", default: 95.5 },
    ok: { type: "boolean", default: true },
    status: { type: "string", enum: ["active", "inactive"], default: "active" },
    hero: {
      type: "string",
      oneOf: [
        { const: "h1", title: "Superman" },
        { const: "h2", title: "Batman" },
      ],
    },
    pet: { type: "string", enum: ["p1", "p2"], enumNames: ["Cats", "Dogs"] },
    tags: { type: "array", items: { enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2, default: ["a"] },
  },
  required: ["name"],
};

describe("elicitation schema", () => {
  it("reads each field's kind, label, options and default", () => {
    const fields = formFields(schema);
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ["name", "string", true],
      ["email", "string", false],
      ["age", "integer", false],
      ["score", "number", false],
      ["ok", "boolean", false],
      ["status", "choice", false],
      ["hero", "choice", false],
      ["pet", "choice", false],
      ["tags", "multi-choice", false],
    ]);
    expect(fields[0]?.label).toBe("Name");
    expect(fields[7]?.options).toEqual([
      { value: "p1", label: "Cats" },
      { value: "p2", label: "Dogs" },
    ]);
  });

  it("parses typed answers and rejects invalid ones with a reason", () => {
    const field = (name: string) => formFields(schema).find((entry) => entry.name === name)!;
    expect(parseFieldInput(field("age"), "42")).toEqual({ ok: true, value: 42 });
    expect(parseFieldInput(field("age"), "4.5")).toEqual({ ok: false, error: "expected a whole number" });
    expect(parseFieldInput(field("age"), "200")).toEqual({ ok: false, error: "must be at most 120" });
    expect(parseFieldInput(field("ok"), "no")).toEqual({ ok: true, value: false });
    expect(parseFieldInput(field("hero"), "2")).toEqual({ ok: true, value: "h2" });
    expect(parseFieldInput(field("pet"), "dogs")).toEqual({ ok: true, value: "p2" });
    expect(parseFieldInput(field("tags"), "1, c")).toEqual({ ok: true, value: ["a", "c"] });
    expect(parseFieldInput(field("tags"), "a,b,c")).toEqual({ ok: false, error: "choose at most 2" });
    expect(parseFieldInput(field("email"), "nope").ok).toBe(false);
    expect(parseFieldInput(field("name"), "J")).toEqual({
      ok: false,
      error: "must be at least 2 characters",
    });
  });

  it("applies defaults to omitted fields only, and validates the whole answer", () => {
    const filled = applyFormDefaults(schema, { name: "Jo", age: 50 });
    expect(filled).toEqual({ name: "Jo", age: 50, score: 95.5, ok: true, status: "active", tags: ["a"] });
    expect(validateFormContent(schema, filled)).toEqual([]);
    expect(validateFormContent(schema, { status: "gone", age: 0 })).toEqual([
      "name: required",
      "age: must be at least 1",
      "status: choose one of 1) active, 2) inactive",
    ]);
  });
});
