import { describe, expect, it } from "vitest";
import { smitheryTool } from "../../../test/support/smithery-sample.js";
import { toolRegressionCases } from "../validation/regression-cases.js";
import { countToolCacheBreakpoints, validateAnthropicTools } from "./validate-tools.js";

const messages = (tools: unknown, options?: Parameters<typeof validateAnthropicTools>[1]) =>
  validateAnthropicTools(tools, options).map((e) => e.message);

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `Does ${name}.`,
  input_schema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
  ...extra,
});

const strictTool = (
  name: string,
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
) => ({
  name,
  strict: true,
  input_schema: { type: "object", properties, required, additionalProperties: false },
});

describe("validateAnthropicTools: docs/provider-rules.md#regressions regressions", () => {
  for (const c of toolRegressionCases().filter((r) => r.target === "anthropic")) {
    it(`#${c.id} ${c.source}: ${c.fragment}`, () => {
      const [first] = validateAnthropicTools(c.tools, c.options);
      expect(first).toEqual({ provider: "anthropic", status: 400, message: c.expected.message });
    });
  }
});

describe("validateAnthropicTools: accepted tools", () => {
  it("accepts a real Smithery tool as its input_schema", () => {
    const real = smitheryTool("@0xzapata/firecrawl-mcp-server", "firecrawl_scrape");
    expect(
      validateAnthropicTools([
        { name: real.name, description: real.description, input_schema: real.inputSchema },
      ]),
    ).toEqual([]);
  });

  it("accepts every optional field the SDK types, and server tools by their versioned type", () => {
    const tools = [
      { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" },
      tool("search", {
        type: "custom",
        cache_control: { type: "ephemeral", ttl: "1h" },
        defer_loading: true,
      }),
      tool("fetch", { input_examples: [{ q: "x" }], eager_input_streaming: true, strict: false }),
      { type: "web_search_20250305", name: "web_search", max_uses: 3 },
      { type: "mcp_toolset", mcp_server_name: "docs" },
    ];
    expect(validateAnthropicTools(tools.slice(1))).toEqual([]);
    expect(validateAnthropicTools([tools[0], tools[1], tools[3], tools[4]])).toEqual([]);
  });

  it("accepts root not/if-then-else and a draft-07 $schema (the observed workaround)", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      not: { required: ["a", "b"] },
    };
    expect(validateAnthropicTools([{ name: "x", input_schema: schema }])).toEqual([]);
  });

  it("accepts a strict tool within the grammar subset", () => {
    const ok = strictTool("create", {
      when: { type: "string", format: "date-time" },
      kind: { enum: ["a", "b"] },
      tags: { type: "array", items: { type: "string" }, minItems: 1 },
      note: { anyOf: [{ type: "string" }, { type: "null" }] },
    });
    expect(validateAnthropicTools([ok])).toEqual([]);
  });
});

describe("validateAnthropicTools: per-tool rules", () => {
  it("uses the 64 bound when asked and the 128 bound by default", () => {
    const long = "a".repeat(100);
    expect(messages([tool(long)])).toEqual([]);
    expect(messages([tool(long)], { nameMaxLength: 64 })).toEqual([
      "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    ]);
    expect(messages([tool("")])).toEqual([
      "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    ]);
  });

  it("requires input_schema with a root type object", () => {
    expect(messages([{ name: "a" }])).toEqual(["tools.0.custom.input_schema: Field required"]);
    expect(messages([{ name: "a", input_schema: { properties: {} } }])).toEqual([
      "tools.0.custom.input_schema.type: Field required",
    ]);
    expect(messages([{ name: "a", input_schema: { type: "array" } }])).toEqual([
      "tools.0.custom.input_schema.type: Input should be 'object'",
    ]);
  });

  it("rejects 2020-12-invalid schemas: required not a list, non-schema inside properties, tuple items", () => {
    const invalid = [
      { type: "object", required: "q" },
      { type: "object", properties: { q: { type: "string" }, type: "object" } },
      { type: "object", properties: { p: { type: "array", items: [{ type: "number" }] } } },
    ];
    for (const input_schema of invalid) {
      expect(messages([{ name: "a", input_schema }])[0]).toMatch(
        /^tools\.0\.custom\.input_schema: JSON schema is invalid\./,
      );
    }
  });

  it("rejects unknown fields and malformed cache_control", () => {
    expect(messages([tool("a", { parameters: {} })])).toEqual([
      "tools.0.custom.parameters: Extra inputs are not permitted",
    ]);
    expect(messages([tool("a", { cache_control: { type: "persistent", ttl: "2h" } })])).toEqual([
      "tools.0.custom.cache_control.type: Input should be 'ephemeral'",
      "tools.0.custom.cache_control.ttl: Input should be '5m' or '1h'",
    ]);
  });

  it("rejects an unknown tool type and a non-list tools value", () => {
    expect(messages([{ type: "function", name: "x" }])[0]).toMatch(
      /^tools\.0: Input tag 'function' found using 'type'/,
    );
    expect(messages({})).toEqual(["tools: Input should be a valid list"]);
  });
});

describe("validateAnthropicTools: strict rules", () => {
  it("requires additionalProperties:false on every object, nested ones too", () => {
    const nested = strictTool("a", { inner: { type: "object", properties: {} } });
    expect(messages([nested])).toEqual([
      "tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
    ]);
  });

  it("names one unsupported keyword in the singular form and several sorted in the plural form", () => {
    expect(messages([strictTool("a", { n: { type: "number", multipleOf: 5 } })])).toEqual([
      "tools.0.custom: For 'number' type, property 'multipleOf' is not supported",
    ]);
    expect(
      messages([strictTool("a", { s: { type: ["string", "null"], minLength: 1, maxLength: 5 } })]),
    ).toEqual(["tools.0.custom: For 'string' type, properties maxLength, minLength are not supported"]);
    expect(
      messages([strictTool("a", { l: { type: "array", items: { type: "string" }, minItems: 2 } })]),
    ).toEqual(["tools.0.custom: For 'array' type, property 'minItems' is not supported"]);
  });

  it("does not apply strict rules to non-strict tools", () => {
    const loose = { ...strictTool("a", { n: { type: "integer", minimum: 0 } }), strict: false };
    expect(messages([loose])).toEqual([]);
  });

  it("rejects recursive schemas but accepts a shared non-recursive $defs entry", () => {
    const node = {
      type: "object",
      properties: { child: { $ref: "#/$defs/node" } },
      required: ["child"],
      additionalProperties: false,
    };
    const recursive = { name: "tree", strict: true, input_schema: { ...node, $defs: { node } } };
    expect(messages([recursive])).toEqual(["tools.0.custom: Recursive schemas are not supported"]);
    const leaf = { type: "string" };
    const shared = strictTool("pair", { a: { $ref: "#/$defs/leaf" }, b: { $ref: "#/$defs/leaf" } });
    expect(messages([{ ...shared, input_schema: { ...shared.input_schema, $defs: { leaf } } }])).toEqual([]);
  });

  const tooComplex =
    "Schema is too complex for compilation. Try reducing the number of tools or simplifying tool schemas.";

  it("allows exactly 20 strict tools and 24 optional parameters", () => {
    expect(
      messages(Array.from({ length: 20 }, (_, i) => strictTool(`t${i}`, { q: { type: "string" } }))),
    ).toEqual([]);
    const optional = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(messages([strictTool("a", optional, [])])).toEqual([]);
    expect(messages([strictTool("a", { ...optional, extra: { type: "string" } }, [])])).toEqual([tooComplex]);
  });

  it("counts union-typed parameters across strict tools (17 > 16)", () => {
    const unions = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, { type: ["string", "null"] }]));
    expect(messages([strictTool("a", unions(8)), strictTool("b", unions(8))])).toEqual([]);
    expect(messages([strictTool("a", unions(8)), strictTool("b", unions(9))])).toEqual([tooComplex]);
  });
});

describe("validateAnthropicTools: request-level rules", () => {
  it("rejects duplicate names, server tools included", () => {
    expect(messages([tool("a"), tool("a")])).toEqual(["tools: Tool names must be unique."]);
    expect(messages([{ type: "web_search_20250305", name: "web_search" }, tool("web_search")])).toEqual([
      "tools: Tool names must be unique.",
    ]);
  });

  it("accepts deferred tools while the tool search tool stays loaded", () => {
    const deferred = [tool("a", { defer_loading: true }), tool("b", { defer_loading: true })];
    expect(
      messages([{ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" }, ...deferred]),
    ).toEqual([]);
    expect(messages(deferred)).toEqual([
      "All tools have defer_loading set. At least one tool must be non-deferred.",
    ]);
  });

  it("counts cache_control breakpoints within tools: 4 pass, 5 fail", () => {
    const cached = Array.from({ length: 5 }, (_, i) =>
      tool(`t${i}`, { cache_control: { type: "ephemeral" } }),
    );
    expect(messages(cached.slice(0, 4))).toEqual([]);
    expect(messages(cached)).toEqual(["A maximum of 4 blocks with cache_control may be provided. Found 5."]);
    expect(countToolCacheBreakpoints(cached.slice(0, 3))).toBe(3);
  });

  it("reports per-tool errors in tool order before request-level ones", () => {
    const tools = [tool("a"), tool("bad name"), tool("a"), { name: "c" }];
    expect(messages(tools)).toEqual([
      "tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
      "tools.3.custom.input_schema: Field required",
      "tools: Tool names must be unique.",
    ]);
  });
});
