import { type GeminiFieldKind, geminiSchemaFields } from "../rules/gemini.js";
import { isRecord, type JsonRecord } from "./json-values.js";

/**
 * Gemini's first gate: the JSON body is parsed into protos, so any key the proto lacks and any value of the
 * wrong shape is rejected before a rule is checked. One line per problem, in document order, joined with
 * `\n` [O google/adk-python#1277]. Paths use proto field names (`function_declarations`, `any_of`) and address
 * map entries by position (`properties[2].value`) [O openswarm-ai/openswarm#24, ax-llm/ax#293].
 */
export function geminiParseErrors(tools: unknown): string[] {
  const out: string[] = [];
  if (!Array.isArray(tools)) {
    if (tools !== undefined && tools !== null) out.push(invalidValue("tools", messageType("Tool"), tools));
    return out;
  }
  tools.forEach((tool, i) => {
    toolErrors(tool, `tools[${i}]`, out);
  });
  return out;
}

const PROTO = "type.googleapis.com/google.ai.generativelanguage.v1beta";

function messageType(name: string): string {
  return `${PROTO}.${name}`;
}

/** Built-in tools: message-valued fields whose contents the emulator does not model. */
const BUILT_IN_TOOL_FIELDS = new Set([
  "googleSearchRetrieval",
  "google_search_retrieval",
  "codeExecution",
  "code_execution",
  "googleSearch",
  "google_search",
  "urlContext",
  "url_context",
  "retrieval",
  "computerUse",
  "computer_use",
  "fileSearch",
  "file_search",
  "googleMaps",
  "google_maps",
  "enterpriseWebSearch",
  "enterprise_web_search",
]);

function toolErrors(tool: unknown, path: string, out: string[]): void {
  if (!isRecord(tool)) {
    if (tool !== null) out.push(invalidValue(path, messageType("Tool"), tool));
    return;
  }
  for (const [key, value] of Object.entries(tool)) {
    if (key === "functionDeclarations" || key === "function_declarations") {
      if (value === null) continue;
      if (!Array.isArray(value)) {
        out.push(invalidValue(`${path}.function_declarations`, messageType("FunctionDeclaration"), value));
        continue;
      }
      value.forEach((decl, j) => {
        declarationErrors(decl, `${path}.function_declarations[${j}]`, out);
      });
    } else if (!BUILT_IN_TOOL_FIELDS.has(key)) {
      out.push(unknownName(key, path));
    }
  }
}

function declarationErrors(decl: unknown, path: string, out: string[]): void {
  if (!isRecord(decl)) {
    if (decl !== null) out.push(invalidValue(path, messageType("FunctionDeclaration"), decl));
    return;
  }
  for (const [key, value] of Object.entries(decl)) {
    if (value === null) continue; // proto JSON treats null as "not set"
    switch (key) {
      case "name":
      case "description":
        scalarErrors("string", key, value, path, out);
        break;
      case "behavior":
        if (Array.isArray(value)) out.push(notRepeating(key, path));
        else if (typeof value !== "string")
          out.push(invalidValue(`${path}.behavior`, messageType("FunctionDeclaration.Behavior"), value));
        break;
      case "parameters":
      case "response":
        schemaFieldErrors(key, value, path, out);
        break;
      case "parametersJsonSchema":
      case "parameters_json_schema":
      case "responseJsonSchema":
      case "response_json_schema":
        break; // google.protobuf.Value: any JSON parses
      default:
        out.push(unknownName(key, path));
    }
  }
}

/** A field of message type `Schema` named `field` on the message at `parentPath`. */
function schemaFieldErrors(field: string, value: unknown, parentPath: string, out: string[]): void {
  if (Array.isArray(value)) out.push(notRepeating(field, parentPath));
  else if (!isRecord(value))
    out.push(invalidValue(`${parentPath}.${snake(field)}`, messageType("Schema"), value));
  else schemaErrors(value, `${parentPath}.${snake(field)}`, out);
}

function schemaErrors(schema: JsonRecord, path: string, out: string[]): void {
  for (const [key, value] of Object.entries(schema)) {
    const kind: GeminiFieldKind | undefined = geminiSchemaFields.fields[key];
    if (kind === undefined) {
      out.push(unknownName(key, path));
      continue;
    }
    if (value === null || kind === "value") continue;
    const fieldPath = `${path}.${snake(key)}`;
    switch (kind) {
      case "type":
        if (Array.isArray(value))
          out.push(notRepeating(key, path)); // [O] nanbingxyz/5ire#218
        else if (typeof value !== "string" || !geminiSchemaFields.types.includes(value.toUpperCase())) {
          out.push(invalidValue(fieldPath, messageType("Type"), value)); // [O] zereight/gitlab-mcp#166 (tail [U])
        }
        break;
      case "map":
        if (Array.isArray(value)) out.push(notRepeating(key, path));
        else if (!isRecord(value)) out.push(invalidValue(fieldPath, messageType("Schema"), value));
        else {
          Object.entries(value).forEach(([, child], index) => {
            schemaFieldErrors("value", child, `${fieldPath}[${index}]`, out);
          });
        }
        break;
      case "schema":
        schemaFieldErrors(key, value, path, out);
        break;
      case "schemas":
        if (!Array.isArray(value)) out.push(invalidValue(fieldPath, messageType("Schema"), value));
        else {
          value.forEach((child, index) => {
            const at = `${fieldPath}[${index}]`;
            if (isRecord(child)) schemaErrors(child, at, out);
            else if (child !== null) out.push(invalidValue(at, messageType("Schema"), child));
          });
        }
        break;
      case "strings":
        if (!Array.isArray(value)) out.push(invalidValue(fieldPath, "TYPE_STRING", value));
        else {
          value.forEach((item, index) => {
            if (!isScalarText(item)) out.push(invalidValue(`${fieldPath}[${index}]`, "TYPE_STRING", item));
          });
        }
        break;
      default:
        scalarErrors(kind, key, value, path, out);
    }
  }
}

const SCALAR_TYPE: Record<string, string> = {
  string: "TYPE_STRING",
  bool: "TYPE_BOOL",
  int64: "TYPE_INT64",
  double: "TYPE_DOUBLE",
};

function scalarErrors(kind: GeminiFieldKind, key: string, value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    out.push(notRepeating(key, path));
    return;
  }
  const numeric = (v: unknown) =>
    typeof v === "number" || (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)));
  const ok =
    (kind === "string" && isScalarText(value)) ||
    (kind === "bool" && typeof value === "boolean") ||
    (kind === "double" && numeric(value)) ||
    (kind === "int64" && numeric(value) && Number.isInteger(Number(value)));
  if (!ok) out.push(invalidValue(`${path}.${snake(key)}`, SCALAR_TYPE[kind] ?? "TYPE_STRING", value));
}

/**
 * String fields take numbers and booleans too, as protobuf's JSON parser reads any primitive as text: a numeric
 * `enum` gets past parsing and fails the STRING-only rule instead [O nanbingxyz/5ire#218]. Leniency is [U].
 */
function isScalarText(value: unknown): boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** [O] `Invalid JSON payload received. Unknown name "$schema" at '…parameters': Cannot find field.` */
function unknownName(key: string, path: string): string {
  return `Invalid JSON payload received. Unknown name ${JSON.stringify(key)} at '${path}': Cannot find field.`;
}

/** [O] nanbingxyz/5ire#218: a JSON list where the proto field holds one value. */
function notRepeating(key: string, path: string): string {
  return `Invalid JSON payload received. Unknown name ${JSON.stringify(key)} at '${path}': Proto field is not repeating, cannot start list.`;
}

/** [O] head `Invalid value at '…any_of[0].type' (…v1beta.Type)` (gitlab-mcp#166); the `, <value>` tail is [U]. */
function invalidValue(path: string, type: string, value: unknown): string {
  return `Invalid value at '${path}' (${type}), ${JSON.stringify(value)}`;
}

/** Proto paths use the proto field names: `anyOf` → `any_of`, `maxItems` → `max_items`. */
function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
