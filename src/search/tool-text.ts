import type { JsonObject, JsonValue } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { splitIdentifier } from "./tokenize.js";

/** The searchable text of one tool, one string per field. */
export interface ToolText {
  /** Tool name split into words, plus its title. */
  name: string;
  description: string;
  /** Parameter names (split) and their descriptions and enum values, nested ones too. */
  params: string;
  /** Server name split into words. */
  server: string;
}

// Enough to find a tool by its parameters without letting a 100 kB schema drown the other fields.
const MAX_PARAM_CHARS = 4_000;
const MAX_DEPTH = 4;

export function toolText(item: ServerTool): ToolText {
  const { tool } = item;
  const title = tool.title ?? tool.annotations?.title;
  return {
    name: [splitIdentifier(tool.name).join(" "), title ?? ""].join(" ").trim(),
    description: tool.description ?? "",
    params: parameterText(tool.inputSchema),
    server: splitIdentifier(item.server).join(" "),
  };
}

/** Parameter names and descriptions of a JSON Schema, breadth-first, capped in length. */
export function parameterText(schema: JsonObject | null | undefined): string {
  const parts: string[] = [];
  let size = 0;
  let level: JsonValue[] = [schema ?? null];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && size < MAX_PARAM_CHARS; depth += 1) {
    const next: JsonValue[] = [];
    for (const node of level) {
      for (const [name, property] of propertiesOf(node)) {
        const text = [splitIdentifier(name).join(" "), describe(property)].filter(Boolean).join(" ");
        parts.push(text);
        size += text.length + 1;
        next.push(property);
        if (size >= MAX_PARAM_CHARS) break;
      }
      if (size >= MAX_PARAM_CHARS) break;
    }
    level = next;
  }
  return parts.join("\n").slice(0, MAX_PARAM_CHARS);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Properties of an object schema, looking through `items` and `anyOf`/`oneOf`/`allOf` branches. */
function propertiesOf(node: JsonValue, found: [string, JsonValue][] = []): [string, JsonValue][] {
  if (!isObject(node)) return found;
  const { properties, items } = node;
  if (isObject(properties)) for (const name in properties) found.push([name, properties[name] ?? null]);
  if (isObject(items)) propertiesOf(items, found);
  for (const key of COMBINATORS) {
    const branches = node[key];
    if (Array.isArray(branches)) for (const branch of branches) propertiesOf(branch, found);
  }
  return found;
}

const COMBINATORS = ["anyOf", "oneOf", "allOf"] as const;

function describe(property: JsonValue): string {
  if (!isObject(property)) return "";
  const parts: string[] = [];
  if (typeof property.title === "string") parts.push(property.title);
  if (typeof property.description === "string") parts.push(property.description);
  const values = Array.isArray(property.enum)
    ? property.enum
    : isObject(property.items) && Array.isArray(property.items.enum)
      ? property.items.enum
      : [];
  const words = values.filter((value): value is string => typeof value === "string").slice(0, 20);
  if (words.length > 0) parts.push(words.join(" "));
  return parts.join(" ");
}
