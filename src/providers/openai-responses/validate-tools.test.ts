import { describe, expect, it } from "vitest";
import { smitheryTool } from "../../../test/support/smithery-sample.js";
import { toolRegressionCases } from "../validation/regression-cases.js";
import { validateOpenAIResponsesTools } from "./validate-tools.js";

const fn = (name: string, parameters: unknown, extra: Record<string, unknown> = {}) => ({
  type: "function",
  name,
  parameters,
  ...extra,
});

const optionalParam = {
  type: "object",
  properties: { sql: { type: "string" }, limit: { type: "integer" } },
  required: ["sql"],
  additionalProperties: false,
};

describe("validateOpenAIResponsesTools: docs/provider-rules.md#regressions regressions", () => {
  for (const c of toolRegressionCases().filter((r) => r.target === "openai-responses")) {
    it(`#${c.id} ${c.source}: ${c.fragment}`, () => {
      const [first] = validateOpenAIResponsesTools(c.tools);
      expect(first).toEqual({ provider: "openai", status: 400, ...c.expected });
    });
  }

  it("#15 also fires with strict: null and stays silent with strict: false", () => {
    expect(validateOpenAIResponsesTools([fn("q", optionalParam, { strict: null })])[0]?.message).toMatch(
      /Missing 'limit'\.$/,
    );
    expect(validateOpenAIResponsesTools([fn("q", optionalParam, { strict: false })])).toEqual([]);
  });
});

describe("validateOpenAIResponsesTools", () => {
  it("accepts a real strict-ready Smithery tool with strict left to its default", () => {
    const real = smitheryTool("@AbdallahAHO/lokalise-mcp", "lokalise_create_comments");
    expect(
      validateOpenAIResponsesTools([fn(real.name, real.inputSchema, { description: real.description })]),
    ).toEqual([]);
  });

  it("accepts a real non-strict Smithery tool with strict: false", () => {
    const real = smitheryTool("@0xzapata/firecrawl-mcp-server", "firecrawl_scrape");
    expect(validateOpenAIResponsesTools([fn(real.name, real.inputSchema, { strict: false })])).toEqual([]);
  });

  it("passes built-in tools through and validates only function tools", () => {
    const tools = [
      { type: "web_search" },
      { type: "mcp", server_label: "docs" },
      fn("ok", null, { strict: true }),
    ];
    expect(validateOpenAIResponsesTools(tools)).toEqual([]);
  });

  it("uses flat param paths for names and schemas", () => {
    const errors = validateOpenAIResponsesTools([
      fn("a.b", {}),
      fn("c", { type: "object", properties: { x: { type: "array" } } }, { strict: false }),
    ]);
    expect(errors.map((e) => [e.param, e.code])).toEqual([
      ["tools[0].name", "invalid_value"],
      ["tools[1].parameters", "invalid_function_parameters"],
    ]);
    expect(errors[0]?.message).toBe(
      "Invalid 'tools[0].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    );
  });

  it("reports a nested-style function tool as unknown parameters", () => {
    const [error] = validateOpenAIResponsesTools([{ type: "function", function: { name: "a" } }]);
    expect(error).toMatchObject({ param: "tools[0].function", code: "unknown_parameter" });
  });

  it("caps the array at 128 tools", () => {
    const tools = Array.from({ length: 129 }, (_, i) => fn(`t${i}`, null));
    expect(validateOpenAIResponsesTools(tools)[0]?.message).toBe(
      "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.",
    );
  });
});
