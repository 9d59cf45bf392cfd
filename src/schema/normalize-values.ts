import type { JsonObject, JsonValue } from "../spec/json.js";
import {
  canonicalText,
  compiles,
  defineKey,
  isObject,
  own,
  renderValue,
  uniqueValues,
  without,
} from "./json-utils.js";
import { type JsonType, TYPE_ALIASES } from "./keywords.js";
import type { RepairContext } from "./repair-context.js";
import { matchesType, typesOf } from "./type-utils.js";

const NUMBER_KEYWORDS = ["minimum", "maximum", "multipleOf"];
const COUNT_KEYWORDS = [
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
];
const STRING_KEYWORDS = ["format", "description", "title", "contentEncoding", "contentMediaType"];
const BOOLEAN_KEYWORDS = ["uniqueItems", "deprecated", "readOnly", "writeOnly", "nullable"];

/**
 * Fixes the values of the scalar keywords so the node is valid JSON Schema 2020-12: `type` names (aliases
 * and case), `enum` shape, numbers and counts, strings, booleans, draft-4 boolean `exclusiveMinimum`,
 * `pattern` that does not compile. Invalid values that cannot be read are removed with a warning.
 */
export function normalizeValues(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = normalizeType(input, path, ctx);
  node = normalizeEnum(node, path, ctx);
  node = normalizeExclusive(node, path, ctx);
  // Indexed loops: a repair runs this on every node of every pass, mostly unoptimised, and each step of an
  // array iterator there is an object.
  for (let index = 0; index < NUMBER_KEYWORDS.length; index += 1) {
    node = normalizeNumber(node, NUMBER_KEYWORDS[index] as string, path, ctx, false);
  }
  for (let index = 0; index < COUNT_KEYWORDS.length; index += 1) {
    node = normalizeNumber(node, COUNT_KEYWORDS[index] as string, path, ctx, true);
  }
  for (let index = 0; index < STRING_KEYWORDS.length; index += 1) {
    node = normalizeString(node, STRING_KEYWORDS[index] as string, path, ctx);
  }
  for (let index = 0; index < BOOLEAN_KEYWORDS.length; index += 1) {
    const key = BOOLEAN_KEYWORDS[index] as string;
    if (Object.hasOwn(node, key) && typeof node[key] !== "boolean") node = invalid(node, key, path, ctx);
  }
  const pattern = own(node, "pattern");
  if (pattern !== undefined && (typeof pattern !== "string" || !compiles(pattern)))
    node = invalid(node, "pattern", path, ctx);
  node = readNullable(node);
  node = pruneEnumByType(node, path, ctx);
  node = pruneConstByType(node, path, ctx);
  const examples = own(node, "examples");
  if (examples !== undefined && !Array.isArray(examples)) {
    ctx.warn("invalid-keyword-value", path, "examples is not an array; wrapped in one");
    node = { ...node, examples: [examples] };
  }
  return node;
}

function invalid(node: JsonObject, key: string, path: string, ctx: RepairContext): JsonObject {
  ctx.warn(
    "invalid-keyword-value",
    path,
    `${key} ${renderValue(canonicalText(node[key]), 120)} is not valid; removed`,
  );
  return without(node, key);
}

/** The JSON Schema type a server meant by `name`, if any (`"String"`, `"int"`, `"dict"` ...). */
export function readTypeName(name: JsonValue | undefined): JsonType | undefined {
  return typeof name === "string" ? TYPE_ALIASES.get(name.trim().toLowerCase()) : undefined;
}

function normalizeType(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  if (!Object.hasOwn(node, "type")) return node;
  const raw = node.type as JsonValue;
  const entries = Array.isArray(raw) ? raw : [raw];
  const types: JsonType[] = [];
  const unread: JsonValue[] = [];
  for (const entry of entries) {
    const type = readTypeName(entry);
    if (type === undefined) unread.push(entry);
    else if (!types.includes(type)) types.push(type);
  }
  const renamed = entries.some((entry) => {
    const type = readTypeName(entry);
    return type !== undefined && type !== entry;
  });
  if (unread.length > 0 || renamed) {
    const dropped = unread.length > 0 ? `; unknown ${renderValue(canonicalText(unread), 80)} removed` : "";
    ctx.warn(
      "invalid-keyword-value",
      path,
      `type ${renderValue(canonicalText(raw), 80)} read as ${JSON.stringify(types)}${dropped}`,
    );
  }
  if (types.length === 0) return without(node, "type");
  return { ...node, type: types.length === 1 ? (types[0] as JsonType) : types };
}

function normalizeEnum(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  if (!Object.hasOwn(node, "enum")) return node;
  const raw = node.enum as JsonValue;
  if (!Array.isArray(raw)) {
    ctx.warn("invalid-keyword-value", path, "enum is not an array; read as a single allowed value");
    return { ...node, enum: [raw] };
  }
  if (raw.length === 0) {
    ctx.warn("enum-empty-dropped", path, "empty enum (no value could ever match) removed");
    return without(node, "enum");
  }
  const unique = uniqueValues(raw);
  return unique.length === raw.length ? node : { ...node, enum: unique };
}

/** Draft-4 `exclusiveMinimum: true` + `minimum: n` becomes 2020-12 `exclusiveMinimum: n`. */
function normalizeExclusive(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = input;
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    const flag = own(node, exclusive);
    if (typeof flag !== "boolean") {
      node = normalizeNumber(node, exclusive, path, ctx, false);
      continue;
    }
    const limit = own(node, bound);
    if (flag && typeof limit === "number") {
      ctx.warn(
        "draft-converted",
        path,
        `draft-4 ${exclusive}: true with ${bound} converted to ${exclusive}: ${limit}`,
      );
      node = without(node, bound);
      defineKey(node, exclusive, limit);
    } else {
      ctx.warn("draft-converted", path, `draft-4 boolean ${exclusive} removed`);
      node = without(node, exclusive);
    }
  }
  return node;
}

function normalizeNumber(
  node: JsonObject,
  key: string,
  path: string,
  ctx: RepairContext,
  count: boolean,
): JsonObject {
  if (!Object.hasOwn(node, key)) return node;
  const raw = node[key];
  let value =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  if (count && Number.isFinite(value)) value = key.startsWith("min") ? Math.ceil(value) : Math.floor(value);
  const valid = Number.isFinite(value) && (!count || value >= 0) && (key !== "multipleOf" || value > 0);
  if (!valid) return invalid(node, key, path, ctx);
  if (value === raw) return node;
  ctx.warn("invalid-keyword-value", path, `${key} ${renderValue(canonicalText(raw), 80)} read as ${value}`);
  return { ...node, [key]: value };
}

function normalizeString(node: JsonObject, key: string, path: string, ctx: RepairContext): JsonObject {
  const raw = own(node, key);
  if (raw === undefined || typeof raw === "string") return node;
  if (typeof raw === "number" || typeof raw === "boolean") {
    ctx.warn("invalid-keyword-value", path, `${key} ${String(raw)} read as a string`);
    return { ...node, [key]: String(raw) };
  }
  return invalid(node, key, path, ctx);
}

/** OpenAPI `nullable: true` (meaningless in JSON Schema) becomes a `"null"` type: lossless, so silent. */
function readNullable(node: JsonObject): JsonObject {
  if (!Object.hasOwn(node, "nullable")) return node;
  const rest = without(node, "nullable");
  const types = typesOf(node);
  if (node.nullable !== true || types.includes("null")) return rest;
  const out: JsonObject = types.length > 0 ? { ...rest, type: [...types, "null"] } : rest;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  const anyOf = out.anyOf;
  const nullBranch = (branch: JsonValue) => isObject(branch) && typesOf(branch).includes("null");
  if (types.length === 0 && Array.isArray(anyOf) && !anyOf.some(nullBranch))
    out.anyOf = [...anyOf, { type: "null" }];
  return out;
}

/** Enum members that contradict the node's own `type` can never validate; they are removed. */
function pruneEnumByType(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const values = own(node, "enum");
  const types = typesOf(node);
  if (!Array.isArray(values) || types.length === 0) return node;
  const kept = values.filter((value) => types.some((type) => matchesType(value, type)));
  if (kept.length === values.length) return node;
  const gone = values.filter((value) => !kept.includes(value));
  ctx.warn(
    "invalid-keyword-value",
    path,
    `enum values ${renderValue(canonicalText(gone), 80)} do not match type ${JSON.stringify(node.type)}; removed`,
  );
  // No member matches: the node could never validate; the type is the likelier intent.
  return kept.length === 0 ? without(node, "enum") : { ...node, enum: kept };
}

/** A `const` that contradicts the node's own `type` makes it unsatisfiable; the type is kept. */
function pruneConstByType(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const types = typesOf(node);
  if (!Object.hasOwn(node, "const") || types.length === 0) return node;
  const value = node.const as JsonValue;
  if (types.some((type) => matchesType(value, type))) return node;
  ctx.warn(
    "invalid-keyword-value",
    path,
    `const ${renderValue(canonicalText(value), 80)} does not match type ${JSON.stringify(node.type)}; removed`,
  );
  return without(node, "const");
}
