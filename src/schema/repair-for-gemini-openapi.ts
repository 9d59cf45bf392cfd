import { geminiFormats, geminiSchemaFields } from "../providers/rules/gemini.js";
import type { JsonObject } from "../spec/json.js";
import { appendNote, dropKeywords } from "./constraints-to-description.js";
import { constToEnum, geminiEnum, nullableFromAnyOf, nullableFromType } from "./gemini-values.js";
import { canonicalText, isObject, own, renderValue, uniqueValues, without } from "./json-utils.js";
import { mergeAllOf } from "./merge-all-of.js";
import type { RepairContext } from "./repair-context.js";
import { requiredWithinProperties } from "./required-within-properties.js";
import {
  describeConstraintBranches,
  pushTypeIntoBranches,
  simplifyCombinators,
} from "./simplify-combinators.js";
import { keepOnly } from "./strict-common.js";
import { dropInapplicable, inferType, splitTypeArray, typesOf } from "./type-utils.js";
import { untilStable, walkObject } from "./walk-schema.js";

/** The fields of the Gemini `Schema` proto in their camelCase spelling; any other key is a 400. */
export const GEMINI_SCHEMA_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(geminiSchemaFields.fields).filter((name) => !name.includes("_")),
);

const WHY = "is not accepted by Gemini parameters";

/**
 * Gemini `functionDeclarations[].parameters` (OpenAPI-subset proto). Input: refs inlined, normalised, root
 * lifted. Every node ends with proto fields only, a single lowercase `type` (+ `nullable`), string-only
 * non-empty enums, `items` on every array, no empty `properties` (a zero-argument tool is `{type:"object"}`,
 * which Gemini accepts: docs/provider-rules.md#gemini-parameters rule 3), `required` ⊆ `properties`.
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
  return keepOnly(node, GEMINI_SCHEMA_FIELDS, path, ctx, WHY, geminiFormatAllowed(node) ? [] : ["format"]);
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
    node = appendNote(node, `additional properties: ${renderValue(canonicalText(extra), 200)}`);
  }
  node = without(node, "additionalProperties");
  const properties = own(node, "properties");
  const names = isObject(properties) ? Object.keys(properties) : [];
  node = requiredWithinProperties(node, path, ctx, true);
  const required = own(node, "required");
  if (Array.isArray(required) && required.length === 0) node = without(node, "required"); // requires nothing
  if (isObject(properties) && names.length === 0) node = without(node, "properties");
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

/** STRING: enum (with a non-empty enum) and date-time; NUMBER: float, double; INTEGER: int32, int64. */
function geminiFormatAllowed(node: JsonObject): boolean {
  const format = own(node, "format");
  if (format === undefined) return true;
  const type = (typesOf(node)[0] ?? "").toUpperCase();
  const allowed = Object.hasOwn(geminiFormats.byType, type) ? (geminiFormats.byType[type] ?? []) : [];
  return (
    typeof format === "string" && allowed.includes(format) && (format !== "enum" || Array.isArray(node.enum))
  );
}
