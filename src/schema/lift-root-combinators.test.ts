import { describe, expect, it } from "vitest";
import { codes, DIALECTS, providerErrors, repairOk } from "./__fixtures__/provider-check.js";

/** §9 #1: a zod union at the root (zereight/gitlab-mcp#551 shape). */
const rootOneOf = {
  oneOf: [
    {
      type: "object",
      title: "By id",
      properties: { project_id: { type: "string" }, issue_iid: { type: "integer" } },
      required: ["project_id", "issue_iid"],
      additionalProperties: false,
    },
    {
      type: "object",
      properties: { project_id: { type: "string" }, search: { type: "string" } },
      required: ["project_id", "search"],
      additionalProperties: false,
    },
  ],
};

describe("lifting root combinators (§9 #1, #18)", () => {
  it("merges oneOf branches: properties united, required = what every branch requires, alternatives described", () => {
    expect(providerErrors("anthropic", rootOneOf as never)).toEqual([
      "tools.0.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level",
    ]);
    const result = repairOk(rootOneOf, "anthropic");
    expect(result.schema).toEqual({
      type: "object",
      properties: {
        project_id: { type: "string" },
        issue_iid: { type: "integer" },
        search: { type: "string" },
      },
      required: ["project_id"],
      description:
        "arguments must match exactly one of: (1) By id: requires project_id, issue_iid; (2) requires project_id, search",
    });
    expect(codes(result)).toEqual(["root-combinator-lifted", "root-type-fixed"]);
  });

  it("gives every dialect a root the provider accepts", () => {
    for (const dialect of DIALECTS) {
      const result = repairOk(rootOneOf, dialect);
      expect(result.schema.type).toBe("object");
      expect(providerErrors(dialect, result.schema)).toEqual([]);
    }
  });

  it("turns the 'at least one of' idiom (required-only anyOf branches) into a description", () => {
    const input = {
      type: "object",
      anyOf: [{ required: ["tasks"] }, { required: ["task_id"] }],
      properties: { tasks: { type: "array", items: { type: "string" } }, task_id: { type: "string" } },
    };
    const result = repairOk(input, "openai");
    expect(result.schema).toEqual({
      type: "object",
      properties: input.properties,
      description: "arguments must match at least one of: (1) requires tasks; (2) requires task_id",
    });
  });

  it("merges root allOf with required united", () => {
    const input = {
      allOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { properties: { b: { type: "number" } }, required: ["b"] },
      ],
    };
    const result = repairOk(input, "openai");
    expect(result.schema).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
      required: ["a", "b"],
    });
    expect(codes(result)).toContain("allof-merged");
  });

  it("drops non-object branches and keeps a property's differing schemas as anyOf", () => {
    const input = {
      anyOf: [
        { type: "object", properties: { v: { type: "string" } } },
        { type: "object", properties: { v: { type: "number" } } },
        { type: "null" },
        { type: "string" },
      ],
    };
    const result = repairOk(input, "anthropic");
    expect(result.schema.properties).toEqual({ v: { anyOf: [{ type: "string" }, { type: "number" }] } });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: "root-branch-dropped", path: "/anyOf" }),
    );
  });

  it("adds a missing root type (§9 #19) and narrows or replaces a wrong one", () => {
    expect(repairOk({ properties: { a: { type: "string" } } }, "openai").schema.type).toBe("object");
    expect(repairOk({ type: ["object", "null"] }, "openai").schema).toEqual({ type: "object" });
    const wrong = repairOk({ type: "string", description: "a city", minLength: 2 }, "openai");
    expect(wrong.schema).toEqual({
      type: "object",
      description: 'a city (the server declared the arguments as "string")',
    });
    expect(codes(wrong)).toEqual(["root-type-fixed"]);
  });

  it("moves a root enum to the description; drops a root not for OpenAI only", () => {
    const input = { type: "object", enum: [{}], not: { required: ["x"] }, properties: {} };
    const openai = repairOk(input, "openai");
    expect(openai.schema).toEqual({ type: "object", properties: {}, description: "allowed values: {}" });
    expect(providerErrors("openai", openai.schema)).toEqual([]);
    expect(repairOk(input, "anthropic").schema.not).toEqual({ required: ["x"] });
  });
});
