import { describe, expect, it } from "vitest";
import { smitheryTool } from "../../../test/support/smithery-sample.js";
import { toolRegressionCases } from "../validation/regression-cases.js";
import { validateOpenAIChatTools } from "./validate-tools.js";

const fn = (name: string, parameters?: unknown, strict?: boolean) => ({
  type: "function",
  function: {
    name,
    description: `Does ${name}.`,
    ...(parameters === undefined ? {} : { parameters }),
    ...(strict === undefined ? {} : { strict }),
  },
});

const messages = (tools: unknown) => validateOpenAIChatTools(tools).map((e) => e.message);
const strictOk = (properties: Record<string, unknown>) => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe("validateOpenAIChatTools: docs/provider-rules.md#regressions regressions", () => {
  for (const c of toolRegressionCases().filter((r) => r.target === "openai-chat")) {
    it(`#${c.id} ${c.source}: ${c.fragment}`, () => {
      const [first] = validateOpenAIChatTools(c.tools);
      expect(first).toEqual({ provider: "openai", status: 400, ...c.expected });
    });
  }
});

describe("validateOpenAIChatTools: accepted tools", () => {
  it("accepts a real Smithery tool as non-strict parameters", () => {
    const real = smitheryTool("@0xzapata/firecrawl-mcp-server", "firecrawl_scrape");
    expect(validateOpenAIChatTools([fn(real.name, real.inputSchema)])).toEqual([]);
  });

  it("accepts a real strict-ready Smithery tool with strict: true", () => {
    const real = smitheryTool("@AbdallahAHO/lokalise-mcp", "lokalise_create_comments");
    expect(validateOpenAIChatTools([fn(real.name, real.inputSchema, true)])).toEqual([]);
  });

  it("accepts omitted parameters, custom tools and exactly 128 tools", () => {
    expect(messages([fn("ping"), { type: "custom", custom: { name: "sql" } }])).toEqual([]);
    expect(messages(Array.from({ length: 128 }, (_, i) => fn(`t${i}`)))).toEqual([]);
  });

  it("accepts a strict schema using anyOf, $defs/$ref, nullable types and supported formats", () => {
    const parameters = {
      ...strictOk({
        when: { type: "string", format: "date-time" },
        note: { type: ["string", "null"] },
        owner: { $ref: "#/$defs/user" },
        either: { anyOf: [{ type: "string" }, { type: "integer", minimum: 0 }] },
      }),
      $defs: { user: strictOk({ id: { type: "string", format: "uuid" } }) },
    };
    expect(messages([fn("create", parameters, true)])).toEqual([]);
  });

  it("does not apply strict rules when strict is absent or false", () => {
    const loose = { type: "object", properties: { url: { type: "string", format: "uri", default: "x" } } };
    expect(messages([fn("a", loose), fn("b", loose, false)])).toEqual([]);
  });
});

describe("validateOpenAIChatTools: rules", () => {
  it("checks the name length at 64 and the pattern without dots", () => {
    expect(messages([fn("a".repeat(64))])).toEqual([]);
    expect(messages([fn("mcp.server.tool")])).toEqual([
      "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    ]);
  });

  it("reports a missing name and unknown keys with their param", () => {
    const [missing] = validateOpenAIChatTools([{ type: "function", function: {} }]);
    expect(missing).toMatchObject({
      param: "tools[0].function.name",
      code: "missing_required_parameter",
      message: "Missing required parameter: 'tools[0].function.name'.",
    });
    expect(
      validateOpenAIChatTools([{ type: "function", function: { name: "a", input_schema: {} } }])[0],
    ).toMatchObject({
      param: "tools[0].function.input_schema",
      code: "unknown_parameter",
    });
  });

  it("reports shape errors for all tools before any schema error", () => {
    const tools = [fn("first", { type: "object", properties: { x: { type: "array" } } }), fn("bad/name")];
    expect(validateOpenAIChatTools(tools).map((e) => e.param)).toEqual([
      "tools[1].function.name",
      "tools[0].function.parameters",
    ]);
  });

  it("finds arrays without items in nested positions and addresses them by Python tuple", () => {
    const parameters = {
      type: "object",
      properties: { a: { anyOf: [{ type: "string" }, { type: "array" }] } },
    };
    expect(messages([fn("f", parameters)])).toEqual([
      "Invalid schema for function 'f': In context=('properties', 'a', 'anyOf', '1'), array schema missing items.",
    ]);
  });

  it("renders Python reprs in meta-schema errors", () => {
    expect(messages([fn("f", { type: "object", properties: { a: [] } })])).toEqual([
      "Invalid schema for function 'f': [] is not of type 'object', 'boolean'",
    ]);
    expect(messages([fn("f", { type: "object", properties: { a: { type: "text" } } })])).toEqual([
      "Invalid schema for function 'f': 'text' is not valid under any of the given schemas",
    ]);
  });

  it("reports a non-object root type the way Python prints it", () => {
    expect(messages([fn("f", { type: "array", items: {} })])).toEqual([
      `Invalid schema for function 'f': schema must be a JSON Schema of 'type: "object"', got 'type: "array"'.`,
    ]);
  });

  it("strict: rejects default, oneOf, missing properties and nested optional keys", () => {
    const withDefault = strictOk({ n: { type: "integer", default: 1 } });
    expect(messages([fn("f", withDefault, true)])).toEqual([
      "Invalid schema for function 'f': In context=('properties', 'n'), 'default' is not permitted.",
    ]);
    const noProps = { type: "object", additionalProperties: false };
    expect(messages([fn("f", noProps, true)])).toEqual([
      "Invalid schema for function 'f': In context=(), object schema missing properties.",
    ]);
    const nested = strictOk({
      o: { type: "object", properties: { k: { type: "string" } }, additionalProperties: false },
    });
    expect(messages([fn("f", nested, true)])).toEqual([
      "Invalid schema for function 'f': In context=('properties', 'o'), 'required' is required to be supplied and to be an array including every key in properties. Missing 'k'.",
    ]);
  });

  it("strict: enforces the nesting depth of 10 objects", () => {
    const nest = (levels: number): Record<string, unknown> =>
      levels === 1 ? strictOk({ leaf: { type: "string" } }) : strictOk({ next: nest(levels - 1) });
    expect(messages([fn("f", nest(10), true)])).toEqual([]);
    expect(messages([fn("f", nest(11), true)])[0]).toMatch(/maximum nesting depth of 10\.$/);
  });

  it("rejects a tools value that is not a list, and an empty list", () => {
    expect(validateOpenAIChatTools("x")[0]).toMatchObject({ param: "tools", code: "invalid_type" });
    expect(validateOpenAIChatTools([])[0]).toMatchObject({ param: "tools", code: "empty_array" });
  });
});
