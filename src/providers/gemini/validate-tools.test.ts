import { describe, expect, it } from "vitest";
import { smitheryTool } from "../../../test/support/smithery-sample.js";
import { toolRegressionCases } from "../validation/regression-cases.js";
import { validateGeminiTools } from "./validate-tools.js";

const declare = (...declarations: unknown[]) => [{ functionDeclarations: declarations }];
const messages = (tools: unknown, options?: Parameters<typeof validateGeminiTools>[1]) =>
  validateGeminiTools(tools, options).map((e) => e.message);
const line = (text: string) => `* GenerateContentRequest.tools[0].function_declarations[0].${text}\n`;

describe("validateGeminiTools: docs/provider-rules.md#regressions regressions", () => {
  for (const c of toolRegressionCases().filter((r) => r.target === "gemini")) {
    it(`#${c.id} ${c.source}: ${c.fragment}`, () => {
      const [first] = validateGeminiTools(c.tools, c.options);
      expect(first).toEqual({
        provider: "gemini",
        status: 400,
        code: "INVALID_ARGUMENT",
        message: c.expected.message,
      });
    });
  }
});

describe("validateGeminiTools: accepted tools", () => {
  it("accepts a real Smithery tool both as parameters and as parametersJsonSchema", () => {
    const real = smitheryTool("@0xzapata/firecrawl-mcp-server", "firecrawl_scrape");
    expect(
      validateGeminiTools(
        declare({ name: real.name, description: real.description, parameters: real.inputSchema }),
      ),
    ).toEqual([]);
    expect(validateGeminiTools(declare({ name: real.name, parametersJsonSchema: real.inputSchema }))).toEqual(
      [],
    );
  });

  it("accepts upper- and lower-case types, snake_case field names, nullable and anyOf", () => {
    const parameters = {
      type: "OBJECT",
      properties: {
        when: { type: "string", format: "date-time", nullable: true },
        count: { type: "INTEGER", format: "int32", minimum: 0, maximum: "10" },
        tags: { type: "array", items: { type: "string" }, max_items: 5 },
        either: { any_of: [{ type: "string" }, { type: "number" }] },
      },
      required: ["when"],
      property_ordering: ["when", "count", "tags", "either"],
    };
    expect(messages([{ function_declarations: [{ name: "ns:tool.v2", parameters }] }])).toEqual([]);
  });

  it("accepts a declaration without parameters, an object without properties, and built-in tools", () => {
    expect(
      messages([
        { googleSearch: {} },
        ...declare({ name: "ping" }, { name: "noop", parameters: { type: "object" } }),
      ]),
    ).toEqual([]);
  });

  it("accepts parametersJsonSchema with resolvable $defs, pointer and anchor refs, and unknown keywords", () => {
    const parametersJsonSchema = {
      type: "object",
      additionalProperties: false,
      properties: {
        lang: { $ref: "#/$defs/Lang" },
        alias: { $ref: "#lang" },
        self: { $ref: "#" },
        weird: { $ref: "#/$defs/a~1b" },
      },
      $defs: { Lang: { $anchor: "lang", enum: ["ts", "py"] }, "a/b": { type: "string" } },
    };
    expect(messages(declare({ name: "run", parametersJsonSchema }))).toEqual([]);
  });
});

describe("validateGeminiTools: parse gate", () => {
  it("reports every unknown key in document order, joined by newlines", () => {
    const parameters = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        a: { type: "string", const: "x" },
        b: { type: "array", items: { type: "object", additionalProperties: false } },
      },
      additionalProperties: false,
    };
    const at = "tools[0].function_declarations[0].parameters";
    expect(messages(declare({ name: "f", parameters }))[0]).toBe(
      [
        `Invalid JSON payload received. Unknown name "$schema" at '${at}': Cannot find field.`,
        `Invalid JSON payload received. Unknown name "const" at '${at}.properties[0].value': Cannot find field.`,
        `Invalid JSON payload received. Unknown name "additionalProperties" at '${at}.properties[1].value.items': Cannot find field.`,
        `Invalid JSON payload received. Unknown name "additionalProperties" at '${at}': Cannot find field.`,
      ].join("\n"),
    );
  });

  it("addresses anyOf branches by the proto name any_of and rejects an unknown type name", () => {
    const parameters = { type: "object", properties: { x: { anyOf: [{ type: "text" }, { type: "null" }] } } };
    expect(messages(declare({ name: "f", parameters }))[0]).toBe(
      `Invalid value at 'tools[0].function_declarations[0].parameters.properties[0].value.any_of[0].type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "text"`,
    );
  });

  it("rejects unknown declaration and tool fields ($ref too)", () => {
    expect(messages([{ functionDeclarations: [{ name: "f", strict: true }], mcp: {} }])[0]).toBe(
      [
        `Invalid JSON payload received. Unknown name "strict" at 'tools[0].function_declarations[0]': Cannot find field.`,
        `Invalid JSON payload received. Unknown name "mcp" at 'tools[0]': Cannot find field.`,
      ].join("\n"),
    );
    const withRef = { type: "object", properties: { a: { $ref: "#/$defs/A" } } };
    expect(messages(declare({ name: "f", parameters: withRef }))[0]).toContain(`Unknown name "$ref" at`);
  });
});

describe("validateGeminiTools: schema rules", () => {
  it("joins every failing node, each ending in a newline", () => {
    const parameters = {
      type: "object",
      properties: {
        a: { description: "no type" },
        b: { type: "string", format: "email" },
        c: { type: "array", items: { type: "object", properties: {} } },
      },
    };
    expect(messages(declare({ name: "f", parameters }))).toEqual([
      line(
        "parameters.properties[a].type: must be specified when not using one_of, any_of or all_of fields",
      ) +
        line("parameters.properties[b].format: only 'enum' and 'date-time' are supported for STRING type") +
        line("parameters.properties[c].items.properties: should be non-empty for OBJECT type"),
    ]);
  });

  it("checks names against the current 128 bound by default, and duplicates", () => {
    const long = `a${"b".repeat(100)}`;
    expect(messages(declare({ name: long }))).toEqual([]);
    expect(messages(declare({ name: long }), { nameMaxLength: 64 })[0]).toMatch(
      /with a maximum length of 64\.\n$/,
    );
    expect(messages(declare({ name: "a" }, { name: "a" }))).toEqual([
      "* GenerateContentRequest.tools[0].function_declarations[1].name: duplicate function name 'a'\n",
    ]);
  });

  it("rejects parameters and parametersJsonSchema together", () => {
    const both = { name: "f", parameters: { type: "object" }, parametersJsonSchema: { type: "object" } };
    expect(messages(declare(both))).toEqual([
      line("parameters_json_schema: cannot be set together with parameters"),
    ]);
  });

  it("reports each gate as its own error, parse first", () => {
    const bad = {
      name: "9lives",
      parameters: { type: "object", properties: {}, additionalProperties: false },
    };
    const errors = messages(declare(bad, ...Array.from({ length: 512 }, (_, i) => ({ name: `t${i}` }))));
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^Invalid JSON payload received\. Unknown name "additionalProperties"/);
    expect(errors[1]).toMatch(
      /^The GenerateContentRequest proto is invalid:\n {2}\* tools\[0\]\.function_declarations: /,
    );
    expect(errors[2]).toMatch(
      /^\* GenerateContentRequest\.tools\[0\]\.function_declarations\[0\]\.name: Invalid function name/,
    );
  });

  it("reports a dangling ref in parametersJsonSchema at a dotted path, external refs too", () => {
    const items = {
      type: "object",
      properties: { list: { type: "array", items: { $ref: "https://example.com/x.json" } } },
    };
    expect(messages(declare({ name: "f", parametersJsonSchema: items }))).toEqual([
      "reference to undefined schema at properties.list.items",
    ]);
  });
});
