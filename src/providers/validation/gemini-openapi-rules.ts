import { geminiFormats, geminiSchemaFields } from "../rules/gemini.js";
import { isRecord, type JsonRecord } from "./json-values.js";

/**
 * Gemini's second gate for `parameters` (docs/provider-rules.md#gemini-parameters): rules on the parsed `Schema`. Returns one
 * `path: text` line per failing node — only a node's first failing rule, which is how #30 and #35 are both
 * observed alone — with properties addressed by name (`properties[url]`) as in the observed texts.
 */
export function geminiSchemaRuleLines(schema: JsonRecord, path: string): string[] {
  const out: string[] = [];
  visit(schema, path, out);
  return out;
}

function visit(node: JsonRecord, path: string, out: string[]): void {
  const problem = firstProblem(node, path);
  if (problem !== undefined) out.push(problem);
  const properties = node.properties;
  if (isRecord(properties)) {
    for (const [name, child] of Object.entries(properties)) {
      if (isRecord(child)) visit(child, `${path}.properties[${name}]`, out);
    }
  }
  if (isRecord(node.items)) visit(node.items, `${path}.items`, out);
  const anyOf = node.anyOf ?? node.any_of;
  if (Array.isArray(anyOf)) {
    anyOf.forEach((child, index) => {
      if (isRecord(child)) visit(child, `${path}.any_of[${index}]`, out);
    });
  }
}

function typeOf(node: JsonRecord): string | undefined {
  if (typeof node.type !== "string") return undefined;
  const upper = node.type.toUpperCase();
  return geminiSchemaFields.types.includes(upper) && upper !== "TYPE_UNSPECIFIED" ? upper : undefined;
}

function nonEmptyList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

function firstProblem(node: JsonRecord, path: string): string | undefined {
  const type = typeOf(node);
  const anyOf = node.anyOf ?? node.any_of;
  if (type === undefined) {
    // [O] danny-avila/LibreChat#6971
    return nonEmptyList(anyOf)
      ? undefined
      : `${path}.type: must be specified when not using one_of, any_of or all_of fields`;
  }
  const properties = isRecord(node.properties) ? node.properties : undefined;
  const required = node.required;
  if (type === "OBJECT") {
    if (Array.isArray(required)) {
      const missing = required.findIndex(
        (key) => typeof key !== "string" || !properties || !Object.hasOwn(properties, key),
      );
      if (missing >= 0) return `${path}.required[${missing}]: property is not defined`; // [O] AIStudioToAPI#154
    }
    if (properties && Object.keys(properties).length === 0) {
      return `${path}.properties: should be non-empty for OBJECT type`; // [O] CherryHQ/cherry-studio#3270
    }
  } else {
    if (properties && Object.keys(properties).length > 0) {
      return `${path}.properties: only allowed for OBJECT type`; // [O] anomalyco/opencode#11889
    }
    if (nonEmptyList(required)) return `${path}.required: only allowed for OBJECT type`; // [U] by analogy
  }
  if (type === "ARRAY" && !isRecord(node.items)) return `${path}.items: missing field.`; // [O] cline/cline#7339
  if (type !== "ARRAY" && isRecord(node.items)) return `${path}.items: only allowed for ARRAY type`; // [U] by analogy
  return enumProblem(node, type, path) ?? formatProblem(node, type, path);
}

function enumProblem(node: JsonRecord, type: string, path: string): string | undefined {
  const values = node.enum;
  if (type !== "STRING") {
    return nonEmptyList(values) ? `${path}.enum: only allowed for STRING type` : undefined; // [O] nanbingxyz/5ire#218
  }
  if (node.format === "enum" && !nonEmptyList(values)) {
    return `${path}.enum: should be non-empty for STRING type with enum format`; // [O] elastic/kibana#286302
  }
  if (Array.isArray(values)) {
    const empty = values.indexOf("");
    if (empty >= 0) return `${path}.enum[${empty}]: cannot be empty`; // [O] sbroenne/mcp-server-excel#607
  }
  return undefined;
}

function formatProblem(node: JsonRecord, type: string, path: string): string | undefined {
  const format = node.format;
  if (typeof format !== "string" || format === "") return undefined;
  const allowed = geminiFormats.byType[type];
  if (allowed === undefined) return `${path}.format: only allowed for STRING, NUMBER and INTEGER type`; // [U]
  if (allowed.includes(format)) return undefined;
  // [O] google-gemini/gemini-cli#2237 for STRING; the NUMBER and INTEGER wordings are [U] by analogy.
  const list = allowed.map((f) => `'${f}'`).join(" and ");
  return `${path}.format: only ${list} are supported for ${type} type`;
}
