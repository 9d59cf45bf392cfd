import {
  openaiStrictFormats,
  openaiStrictSizeLimits,
  openaiStrictUnsupportedKeywords,
} from "../rules/openai.js";
import { metaSchemaErrors } from "./json-schema-meta.js";
import { hasOwn, isRecord, type JsonRecord, schemaTypes } from "./json-values.js";
import { pythonRepr, pythonStr, pythonTuple } from "./python-repr.js";
import { pythonSchemaMessage } from "./python-schema-message.js";
import { childSchemas, type SchemaPath } from "./schema-walk.js";

/**
 * The first problem OpenAI reports for one function's `parameters`, without the
 * `Invalid schema for function 'NAME': ` prefix, or undefined when the schema is accepted. Shared by Chat
 * Completions and Responses; `strict` switches on the Structured Outputs subset (docs/provider-rules.md#openai-tools, #openai-strict).
 */
export function openaiSchemaProblem(parameters: JsonRecord, strict: boolean): string | undefined {
  return (
    pythonSchemaMessage(metaSchemaErrors(parameters)) ??
    rootProblem(parameters) ??
    nodeProblem(parameters, [], 1, strict) ??
    (strict ? strictSizeProblem(parameters) : undefined)
  );
}

const ROOT_FORBIDDEN = ["oneOf", "anyOf", "allOf", "enum", "not"];

function rootProblem(root: JsonRecord): string | undefined {
  if (ROOT_FORBIDDEN.some((key) => hasOwn(root, key))) {
    // [O] langchain-ai/langchainjs#9804
    return "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.";
  }
  if (root.type !== "object") {
    // [O] browserbase/stagehand#1159 (`None` is Python's rendering of a missing type)
    return `schema must be a JSON Schema of 'type: "object"', got 'type: "${pythonStr(root.type ?? null)}"'.`;
  }
  return undefined;
}

/** Pre-order: a node's own problems before its children's, children in the node's key order. */
function nodeProblem(node: JsonRecord, path: SchemaPath, depth: number, strict: boolean): string | undefined {
  const own = ownProblem(node, path, depth, strict);
  if (own !== undefined) return `In context=${pythonTuple(own.context)}, ${own.text}`;
  const childDepth = schemaTypes(node).includes("object") ? depth + 1 : depth;
  for (const child of childSchemas(node, path)) {
    const problem = nodeProblem(child.node, child.path, childDepth, strict);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

interface OwnProblem {
  context: SchemaPath;
  text: string;
}

function ownProblem(
  node: JsonRecord,
  path: SchemaPath,
  depth: number,
  strict: boolean,
): OwnProblem | undefined {
  const types = schemaTypes(node);
  if (strict) {
    const text = strictOwnProblem(node, types, depth);
    if (text !== undefined) return { context: path, text };
  }
  if (types.includes("array") && !hasOwn(node, "items")) {
    // [O] mark3labs/mcphost#35; inside a type list the context names the list entry, [O] wordpress-mcp#103
    const context = Array.isArray(node.type) ? [...path, "type", String(node.type.indexOf("array"))] : path;
    return { context, text: "array schema missing items." };
  }
  return undefined;
}

function strictOwnProblem(node: JsonRecord, types: string[], depth: number): string | undefined {
  const forbidden = openaiStrictUnsupportedKeywords.values.find((key) => hasOwn(node, key));
  // [O] `'default' is not permitted` (response_format); the same wording for the other keywords is [U].
  if (forbidden !== undefined) return `${pythonRepr(forbidden)} is not permitted.`;
  if (!hasOwn(node, "type") && !["anyOf", "$ref", "enum", "const"].some((key) => hasOwn(node, key))) {
    return "schema must have a 'type' key."; // [U] not observed
  }
  if (types.includes("object")) {
    if (node.additionalProperties !== false) {
      return "'additionalProperties' is required to be supplied and to be false."; // [O] mcphub.nvim#124
    }
    if (!isRecord(node.properties)) return "object schema missing properties."; // [O] spring-ai#4776 (per table)
    const keys = Object.keys(node.properties);
    const required = Array.isArray(node.required) ? node.required : [];
    const lead =
      "'required' is required to be supplied and to be an array including every key in properties.";
    const missing = keys.find((key) => !required.includes(key));
    if (missing !== undefined) return `${lead} Missing ${pythonRepr(missing)}.`; // [O] kevinwatt/mysql-mcp#5
    const extra = required.find((key) => typeof key !== "string" || !keys.includes(key));
    if (extra !== undefined) return `${lead} Extra required key ${pythonRepr(extra)} supplied.`; // [O] camel#2629
    if (depth > openaiStrictSizeLimits.nestingDepth) {
      return `object schema exceeds the maximum nesting depth of ${openaiStrictSizeLimits.nestingDepth}.`; // [U]
    }
  }
  if (
    typeof node.format === "string" &&
    !(openaiStrictFormats.values as readonly string[]).includes(node.format)
  ) {
    return `${pythonRepr(node.format)} is not a valid format.`; // [O] can1357/oh-my-pi#206
  }
  return undefined;
}

/** Whole-schema budgets (docs/provider-rules.md#openai-strict rule 5). Every message here is [U] not observed. */
function strictSizeProblem(root: JsonRecord): string | undefined {
  const limits = openaiStrictSizeLimits;
  let properties = 0;
  let enumValues = 0;
  let chars = 0;
  const stack: JsonRecord[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as JsonRecord;
    if (isRecord(node.properties)) {
      const keys = Object.keys(node.properties);
      properties += keys.length;
      chars += keys.reduce((sum, key) => sum + key.length, 0);
    }
    for (const defs of [node.$defs, node.definitions]) {
      if (isRecord(defs)) chars += Object.keys(defs).reduce((sum, key) => sum + key.length, 0);
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      const enumChars = node.enum.reduce((sum: number, v) => sum + String(v).length, 0);
      chars += enumChars;
      if (node.enum.length > limits.largeEnumValues && enumChars > limits.largeEnumChars) {
        return `an enum with more than ${limits.largeEnumValues} values may have at most ${limits.largeEnumChars} characters in total, got ${enumChars}.`;
      }
    }
    if (hasOwn(node, "const")) chars += String(node.const).length;
    for (const child of childSchemas(node, [])) stack.push(child.node);
  }
  if (properties > limits.objectProperties) {
    return `the schema has ${properties} object properties, more than the maximum of ${limits.objectProperties}.`;
  }
  if (enumValues > limits.enumValues) {
    return `the schema has ${enumValues} enum values, more than the maximum of ${limits.enumValues}.`;
  }
  if (chars > limits.totalChars) {
    return `the total length of property names, definition names, enum values and const values is ${chars}, more than the maximum of ${limits.totalChars}.`;
  }
  return undefined;
}
