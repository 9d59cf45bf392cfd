import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GEMINI_SCHEMA_FIELDS, repairSchema } from "../../schema/index.js";
import { anthropicStrictProblem } from "../validation/anthropic-strict.js";
import { openaiSchemaProblem } from "../validation/openai-schema.js";
import { anthropicStrictKeywords, anthropicStrictUnsupported } from "./anthropic.js";
import { geminiSchemaFields } from "./gemini.js";
import { openaiStrictKeywords, openaiStrictUnsupportedKeywords } from "./openai.js";

/**
 * What strict repair keeps (the documented accept lists) and what the validators reject (the observed reject
 * lists) are two tables that cannot be one constant; these tests keep them consistent.
 */
describe("provider rule tables", () => {
  it("strict repair keeps no keyword the Anthropic validator rejects", () => {
    const rejected = Object.values(anthropicStrictUnsupported.byType).flat();
    expect(
      rejected.filter((key) => (anthropicStrictKeywords.values as readonly string[]).includes(key)),
    ).toEqual([]);
  });

  it("strict repair keeps no keyword the OpenAI validator rejects", () => {
    const kept: readonly string[] = openaiStrictKeywords.values;
    expect(openaiStrictUnsupportedKeywords.values.filter((key) => kept.includes(key))).toEqual([]);
  });

  it("a schema using every rejected keyword leaves strict repair in a form the strict validators accept", () => {
    const every = (keys: readonly string[]): Record<string, unknown> =>
      Object.fromEntries(keys.map((key) => [key, valueFor(key)]));
    const properties: Record<string, unknown> = {};
    const shape: Record<string, unknown> = {
      object: { properties: { x: { type: "string" } } },
      array: { items: { type: "string" } },
    };
    for (const [type, keys] of Object.entries(anthropicStrictUnsupported.byType)) {
      properties[type] = { type, ...every(keys), ...(shape[type] as object | undefined) };
    }
    properties.items = {
      type: "array",
      items: { type: "string" },
      minItems: anthropicStrictUnsupported.maxMinItems + 1,
    };
    properties.other = { type: "string", ...every(openaiStrictUnsupportedKeywords.values) };
    const schema = { type: "object", properties, required: Object.keys(properties) };

    const anthropic = repairSchema(schema, "anthropic-strict");
    expect(anthropic.ok ? "" : anthropic.reason).toBe("");
    if (anthropic.ok) expect(anthropicStrictProblem(anthropic.schema)).toBeUndefined();
    const openai = repairSchema(schema, "openai-strict");
    expect(openai.ok ? "" : openai.reason).toBe("");
    if (openai.ok) expect(openaiSchemaProblem(openai.schema, true)).toBeUndefined();
  });

  it("Gemini repair keeps exactly the camelCase fields the proto parser reads, each snake_case one has its twin", () => {
    const fields = geminiSchemaFields.fields;
    const snake = Object.keys(fields).filter((name) => name.includes("_"));
    for (const name of snake) {
      const camel = name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      expect([name, fields[camel]]).toEqual([name, fields[name]]);
    }
    expect([...GEMINI_SCHEMA_FIELDS].sort()).toEqual(
      Object.keys(fields)
        .filter((name) => !snake.includes(name))
        .sort(),
    );
  });

  it("the rule tables are data: they import nothing but spec types", () => {
    const folder = new URL("./", import.meta.url);
    for (const file of readdirSync(folder).filter(
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"),
    )) {
      const text = readFileSync(new URL(file, folder), "utf8");
      const imports = [...text.matchAll(/^import[^;]*from "([^"]+)";/gm)].map((match) => match[0]);
      for (const line of imports)
        expect([file, line]).toEqual([
          file,
          expect.stringMatching(/^import type .* from "\.\.\/\.\.\/spec\//),
        ]);
    }
  });
});

/** A value each keyword accepts in a server's schema. */
function valueFor(key: string): unknown {
  if (["allOf", "oneOf"].includes(key)) return [{ type: "string" }, { minLength: 1 }];
  if (["not", "if", "then", "else", "contains"].includes(key)) return { type: "string", minLength: 2 };
  if (key === "dependentRequired") return { x: ["y"] };
  if (key === "dependentSchemas") return { x: { required: ["y"] } };
  if (key === "uniqueItems") return true;
  if (key === "default") return "d";
  return 2;
}
