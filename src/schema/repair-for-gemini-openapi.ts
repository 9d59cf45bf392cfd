import type { JsonObject, JsonValue } from "../spec/json.js";
import { appendNote, dropKeywords, moveToDescription } from "./constraints-to-description.js";
import { isObject, own, renderList, renderValue, uniqueValues, without } from "./json-utils.js";
import { VALUE_CONSTRAINTS } from "./keywords.js";
import { mergeAllOf } from "./merge-all-of.js";
import type { RepairContext } from "./repair-context.js";
import {
  describeConstraintBranches,
  mergeSingleBranch,
  pushTypeIntoBranches,
  simplifyCombinators,
} from "./simplify-combinators.js";
import { dropInapplicable, inferType, splitTypeArray, typesOf } from "./type-utils.js";
import { untilStable, walkObject } from "./walk-schema.js";

/** The fields of the Gemini `Schema` proto (providers.md §3.2); any other key is a 400. */
export const GEMINI_SCHEMA_FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);

/** STRING `format` values Gemini 2.x accepts (providers.md §3.2 rule 7, §9 #28); NUMBER/INTEGER likewise. */
const FORMATS: Readonly<Record<string, readonly string[]>> = {
  string: ["date-time", "enum"],
  number: ["float", "double"],
  integer: ["int32", "int64"],
};

const WHY = "is not accepted by Gemini parameters";

/**
 * Gemini `functionDeclarations[].parameters` (OpenAPI-subset proto). Input: refs inlined, normalised, root
 * lifted. Every node ends with proto fields only, a single lowercase `type` (+ `nullable`), string-only
 * non-empty enums, `items` on every array, no empty `properties` (a zero-argument tool is `{type:"object"}`,
 * which Gemini accepts: providers.md §3.2 rule 3), `required` ⊆ `properties`.
 */
export function repairForGeminiOpenApi(root: JsonObject, ctx: RepairContext): JsonObject {
  const out = walkObject(root, "", ctx, (node, path) =>
    untilStable(node, (current) => geminiNode(current, path, ctx)),
  );
  return without(out, "nullable");
}

function geminiNode(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = mergeAllOf(input, path, ctx);
  node = describeConstraintBranches(node, path, ctx);
  node = simplifyCombinators(node, path, ctx, true);
  node = splitTypeArray(node, path, ctx);
  node = nullableFromType(node);
  node = nullableFromAnyOf(node);
  node = pushTypeIntoBranches(node);
  if (Array.isArray(node.anyOf)) {
    node = {
      ...node,
      anyOf: node.anyOf.map((branch) => (isObject(branch) ? geminiNode(branch, path, ctx) : branch)),
    };
  }
  node = constToEnum(node, path, ctx);
  node = geminiEnum(node, path, ctx);
  node = inferMissingType(node, path, ctx);
  node = dropInapplicable(node, path, ctx);
  node = geminiObject(node, path, ctx);
  node = geminiArray(node, path, ctx);
  node = geminiFormat(node, path, ctx);
  const extra = Object.keys(node).filter((key) => !GEMINI_SCHEMA_FIELDS.has(key));
  node = moveToDescription(
    node,
    extra.filter((key) => VALUE_CONSTRAINTS.includes(key)),
    path,
    ctx,
    WHY,
  );
  return dropKeywords(
    node,
    extra.filter((key) => !VALUE_CONSTRAINTS.includes(key)),
    path,
    ctx,
    WHY,
  );
}

/** `type: ["string","null"]` → `type: "string", nullable: true` (a type list is a 400: §9 #32). Lossless: silent. */
function nullableFromType(node: JsonObject): JsonObject {
  const type = own(node, "type");
  // A lone "null" stays: the proto has NULL, and a parent anyOf turns such a branch into `nullable`.
  if (!Array.isArray(type)) return node;
  const nonNull = typesOf(node).filter((entry) => entry !== "null");
  const rest = without(node, "type");
  const withType = nonNull.length === 1 ? { ...rest, type: nonNull[0] as string } : rest;
  return nonNull.length === typesOf(node).length ? withType : { ...withType, nullable: true };
}

function isNullBranch(branch: JsonValue): boolean {
  return (
    isObject(branch) &&
    (branch.type === "null" || (Object.keys(branch).length === 1 && branch.nullable === true))
  );
}

/** `anyOf: [X, {type:"null"}]` → X with `nullable: true`. */
function nullableFromAnyOf(node: JsonObject): JsonObject {
  const anyOf = own(node, "anyOf");
  if (!Array.isArray(anyOf) || !anyOf.some(isNullBranch)) return node;
  const rest = anyOf.filter((branch) => !isNullBranch(branch));
  const base = { ...without(node, "anyOf"), nullable: true };
  if (rest.length === 0) return base;
  return rest.length === 1 && isObject(rest[0]) ? mergeSingleBranch(base, rest[0]) : { ...base, anyOf: rest };
}

function constToEnum(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  if (!Object.hasOwn(node, "const")) return node;
  const value = node.const as JsonValue;
  if (typeof value !== "string" || Object.hasOwn(node, "enum"))
    return moveToDescription(node, ["const"], path, ctx, WHY);
  ctx.warn(
    "const-to-enum",
    path,
    `const ${renderValue(JSON.stringify(value), 80)} written as a one-value enum`,
  );
  return { ...without(node, "const"), enum: [value] };
}

/**
 * Gemini enums are non-empty lists of non-empty strings on STRING nodes (§9 #32, #33, #41). A `null` member
 * becomes `nullable`; an enum on a number/boolean node moves to the description so the model still sends a
 * number (stringified numbers would fail the MCP server's own validation); a typeless or string enum with
 * non-string members is stringified; `""` is dropped with a note.
 */
function geminiEnum(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const values = own(input, "enum");
  if (!Array.isArray(values)) return input.format === "enum" ? without(input, "format") : input;
  let node = input;
  if (values.includes(null)) node = { ...node, nullable: true };
  let members: JsonValue[] = values.filter((value) => value !== null);
  const types = typesOf(node);
  const allStrings = members.every((value) => typeof value === "string");
  if (types.length > 0 && types[0] !== "string")
    return moveToDescription(node, ["enum"], path, ctx, "is only allowed for STRING in Gemini");
  if (
    types.length === 0 &&
    !allStrings &&
    members.every((value) => typeof value === "number" || typeof value === "boolean")
  ) {
    return moveToDescription(node, ["enum"], path, ctx, "has non-string values, which Gemini rejects");
  }
  if (!allStrings) {
    ctx.warn(
      "enum-stringified",
      path,
      `enum values ${renderList(members, 20)} stringified (Gemini enums are strings)`,
    );
    members = uniqueValues(
      members.map((value) => (typeof value === "string" ? value : JSON.stringify(value))),
    );
  }
  if (members.includes("")) {
    ctx.warn(
      "enum-empty-string-dropped",
      path,
      "empty string removed from enum (Gemini rejects it); noted in the description",
    );
    members = members.filter((value) => value !== "");
    node = appendNote(node, 'an empty string "" is also accepted');
  }
  if (members.length === 0) {
    ctx.warn("enum-empty-dropped", path, "enum left without values; removed");
    return without(node, "enum", ...(node.format === "enum" ? ["format"] : []));
  }
  return { ...node, type: "string", enum: members };
}

/**
 * Gemini requires a type on every node without `anyOf` ([O] LibreChat#6971). When the keywords do not imply
 * one, the node accepted any JSON value, so `string` is a sound choice: whatever the model sends then is
 * still a value the server accepts (only the other kinds of value become unavailable).
 */
function inferMissingType(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  if (Object.hasOwn(node, "type") || Object.hasOwn(node, "anyOf")) return node;
  const type = inferType(node);
  if (type !== undefined) {
    ctx.warn("type-inferred", path, `type "${type}" added (implied by the keywords)`);
    return { ...node, type };
  }
  ctx.warn("type-inferred", path, 'untyped schema (any value) given type "string": Gemini requires a type');
  return { ...node, type: "string" };
}

/** OBJECT: no empty `properties` (§9 #30), `required` ⊆ `properties` (§9 #35), no `additionalProperties`. */
function geminiObject(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = input;
  const extra = own(node, "additionalProperties");
  if (isObject(extra) && Object.keys(extra).length > 0) {
    ctx.warn("keyword-dropped", path, `additionalProperties ${WHY}; its schema is kept in the description`);
    node = appendNote(node, `additional properties: ${renderValue(JSON.stringify(extra), 200)}`);
  }
  node = without(node, "additionalProperties");
  const properties = own(node, "properties");
  const names = isObject(properties) ? Object.keys(properties) : [];
  if (isObject(properties) && names.length === 0) node = without(node, "properties");
  const required = own(node, "required");
  if (Array.isArray(required)) {
    const kept = required.filter((name) => typeof name === "string" && names.includes(name));
    if (kept.length < required.length) {
      const gone = required.filter((name) => !kept.includes(name));
      ctx.warn(
        "required-fixed",
        path,
        `required ${renderValue(JSON.stringify(gone), 120)} not defined in properties; removed`,
      );
    }
    node = kept.length > 0 ? { ...node, required: kept } : without(node, "required");
  }
  const order = own(node, "propertyOrdering");
  if (order !== undefined) {
    const valid =
      Array.isArray(order) && order.every((name) => typeof name === "string" && names.includes(name));
    if (!valid || new Set(order).size !== order.length)
      node = dropKeywords(node, ["propertyOrdering"], path, ctx, "names undefined properties");
  }
  return node;
}

/** ARRAY: `items` required (§9 #34); tuples (`prefixItems`) become `items: anyOf` of their members. */
function geminiArray(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  if (input.type !== "array") return input;
  let node = input;
  const prefix = own(node, "prefixItems");
  if (Array.isArray(prefix)) {
    const members = uniqueValues([...prefix, ...(isObject(node.items) ? [node.items] : [])]);
    ctx.warn("tuple-to-items", path, "prefixItems (tuple) written as items: anyOf of the member schemas");
    const items = members.length === 1 ? members[0] : { anyOf: members };
    node = {
      ...without(node, "prefixItems"),
      items: isObject(items) ? geminiNode(items, `${path}/items`, ctx) : {},
    };
  }
  if (!isObject(node.items)) {
    ctx.warn(
      "items-added",
      path,
      'array without items: items {"type":"string"} added (Gemini requires items)',
    );
    node = { ...node, items: { type: "string" } };
  }
  return node;
}

function geminiFormat(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const format = own(node, "format");
  if (format === undefined) return node;
  const allowed = FORMATS[typesOf(node)[0] ?? ""] ?? [];
  const ok =
    typeof format === "string" && allowed.includes(format) && (format !== "enum" || Array.isArray(node.enum));
  return ok
    ? node
    : moveToDescription(node, ["format"], path, ctx, "is not supported by Gemini for this type");
}
