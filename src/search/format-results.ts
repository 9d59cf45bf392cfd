/**
 * Renders search_tools results for the model: per tool its callable name, the head of its description and its
 * input schema as compact JSON, so the model can go straight to call_tool. Big schemas are shortened in steps
 * (nested descriptions first, then everything below the top-level properties) rather than cut mid-JSON.
 */
import type { JsonObject, JsonValue } from "../spec/json.js";

export interface FoundTool {
  /** The name the model passes to call_tool. */
  name: string;
  description?: string;
  inputSchema: JsonObject;
}

export interface FormatOptions {
  /** Characters of description kept per tool (default 300). */
  descriptionChars?: number;
  /** Characters of schema JSON per tool before it is shortened (default 2,000). */
  schemaChars?: number;
}

// Keys that help a person read a schema but not a model fill it in.
const DROPPED_KEYS = new Set(["$schema", "$id", "$comment", "title", "examples"]);
const NESTED_DESCRIPTION_CHARS = 160;

export function formatSearchResults(
  query: string,
  tools: readonly FoundTool[],
  options: FormatOptions = {},
): string {
  if (tools.length === 0) {
    return `No tools matched "${query}". Search again with other words: the action, the object, or the service's name.`;
  }
  const descriptionChars = options.descriptionChars ?? 300;
  const schemaChars = options.schemaChars ?? 2_000;
  const blocks = tools.map((tool, index) => {
    const lines = [`${index + 1}. ${tool.name}`];
    const head = descriptionHead(tool.description ?? "", descriptionChars);
    if (head !== "") lines.push(`   ${head}`);
    lines.push(`   input: ${compactSchema(tool.inputSchema, schemaChars)}`);
    return lines.join("\n");
  });
  const noun = tools.length === 1 ? "tool" : "tools";
  return `${tools.length} ${noun} for "${query}". Use call_tool with the name and arguments fitting the input schema.\n\n${blocks.join("\n\n")}`;
}

/** The description with whitespace folded, cut at a sentence or word boundary within `max` characters. */
export function descriptionHead(description: string, max: number): string {
  const folded = description.replace(/\s+/g, " ").trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  if (sentence >= max / 2) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(" ");
  return `${cut.slice(0, space > max / 2 ? space : max - 1).trimEnd()}…`;
}

/** Minified JSON of the schema, shortened in steps until it fits `max` characters. */
export function compactSchema(schema: JsonObject, max: number): string {
  const full = JSON.stringify(prune(schema, true, 0));
  if (full.length <= max) return full;
  const bare = JSON.stringify(prune(schema, false, 0));
  if (bare.length <= max) return bare;
  return JSON.stringify(outline(schema));
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Drops reader-only keys; clips descriptions below the root, or drops them when `descriptions` is false. */
function prune(value: JsonValue, descriptions: boolean, depth: number): JsonValue {
  if (Array.isArray(value)) return value.map((item) => prune(item, descriptions, depth + 1));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key)) continue;
    if (key === "description" && typeof child === "string") {
      if (depth === 0) continue; // the tool's description is shown above the schema already
      if (!descriptions) continue;
      out[key] = descriptionHead(child, NESTED_DESCRIPTION_CHARS);
      continue;
    }
    // Under `properties` the keys are parameter names, not schema keywords: keep them all.
    out[key] =
      key === "properties" && isObject(child)
        ? Object.fromEntries(
            Object.entries(child).map(([name, sub]) => [name, prune(sub, descriptions, depth + 1)]),
          )
        : prune(child, descriptions, depth + 1);
  }
  return out;
}

/** Top-level parameter names and types only, for schemas too large to show. */
function outline(schema: JsonObject): JsonObject {
  const properties: JsonObject = {};
  if (isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) {
      properties[name] = isObject(sub) && sub.type !== undefined ? { type: sub.type } : {};
    }
  }
  return {
    type: "object",
    properties,
    ...(Array.isArray(schema.required) ? { required: schema.required } : {}),
    $comment: "shortened: nested structure omitted",
  };
}
