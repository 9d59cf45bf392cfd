import {
  validateAnthropicTools,
  validateGeminiTools,
  validateOpenAIChatTools,
  validateOpenAIResponsesTools,
} from "../../providers/validation/index.js";
import type { JsonObject } from "../../spec/json.js";
import type { SchemaDialect } from "../../spec/provider-profile.js";
import { type RepairOptions, repairSchema } from "../index.js";

/**
 * The provider validators' verdict on one repaired schema, wrapped in the smallest wire-shape tool for the
 * dialect's provider. `[]` means accepted. The `mcp` dialect has no provider: always `[]`.
 */
export function providerErrors(dialect: SchemaDialect, schema: JsonObject): string[] {
  const messages = (errors: { message: string }[]) => errors.map((error) => error.message);
  switch (dialect) {
    case "anthropic":
      return messages(validateAnthropicTools([{ name: "t", input_schema: schema }]));
    case "anthropic-strict":
      return messages(validateAnthropicTools([{ name: "t", input_schema: schema, strict: true }]));
    case "openai":
      return messages([
        ...validateOpenAIChatTools([{ type: "function", function: { name: "t", parameters: schema } }]),
        ...validateOpenAIResponsesTools([{ type: "function", name: "t", parameters: schema, strict: false }]),
      ]);
    case "openai-strict":
      return messages([
        ...validateOpenAIChatTools([
          { type: "function", function: { name: "t", parameters: schema, strict: true } },
        ]),
        ...validateOpenAIResponsesTools([{ type: "function", name: "t", parameters: schema, strict: true }]),
      ]);
    case "gemini-openapi":
      return messages(validateGeminiTools([{ functionDeclarations: [{ name: "t", parameters: schema }] }]));
    case "gemini-json-schema":
      return messages(
        validateGeminiTools([{ functionDeclarations: [{ name: "t", parametersJsonSchema: schema }] }]),
      );
    case "mcp":
      return [];
  }
}

export const DIALECTS: readonly SchemaDialect[] = [
  "anthropic",
  "anthropic-strict",
  "openai",
  "openai-strict",
  "gemini-openapi",
  "gemini-json-schema",
  "mcp",
];

export const STRICT_DIALECTS: ReadonlySet<SchemaDialect> = new Set(["anthropic-strict", "openai-strict"]);

/** Freezes a value and everything reachable from it, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (typeof value !== "object" || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  return Object.freeze(value);
}

/** Repairs and asserts success (test helper): the error names the reason, which beats `result.ok` being false. */
export function repairOk(input: unknown, dialect: SchemaDialect, options?: RepairOptions) {
  const result = repairSchema(input, dialect, options);
  if (!result.ok) throw new Error(`expected ok, got quarantine: ${result.reason}`);
  return result;
}

/** Warning codes of a result, in order. */
export function codes(result: { warnings: { code: string }[] }): string[] {
  return result.warnings.map((warning) => warning.code);
}

/** Every key used anywhere in a JSON value (to assert what a dialect's output may contain). */
export function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysDeep(item, out);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      keysDeep(item, out);
    }
  }
  return out;
}
