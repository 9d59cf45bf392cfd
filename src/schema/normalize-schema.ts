import type { JsonObject, JsonValue } from "../spec/json.js";
import { canonicalText, defineKey, isObject, own, pointer, renderValue, without } from "./json-utils.js";
import { BOOLEAN_OK_KEYWORDS, META_KEYWORDS, TYPE_KEYWORDS, VALUE_CONSTRAINTS } from "./keywords.js";
import { isStringArray, normalizeContainers } from "./normalize-containers.js";
import { normalizeValues, readTypeName } from "./normalize-values.js";
import type { RepairContext } from "./repair-context.js";
import { requiredWithinProperties } from "./required-within-properties.js";
import { isNever } from "./simplify-combinators.js";
import { mapSubschemas } from "./walk-schema.js";

/** Names that are schema keywords: a non-schema value under `properties` with one of these names is a misplaced keyword. */
const KEYWORD_NAMES = new Set([
  ...Object.values(TYPE_KEYWORDS).flat(),
  ...VALUE_CONSTRAINTS,
  "type",
  "description",
  "title",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "$ref",
  "$schema",
]);

/**
 * Makes every node valid JSON Schema 2020-12 (pre-order, so a parent sees its children's draft-3
 * `required: true` before they are normalised): meta keywords (`$schema`, `$id`, `$comment`, ...) removed
 * silently; values of known keywords fixed or removed; draft-4/7 forms converted (tuple `items`,
 * `dependencies`, boolean `exclusiveMinimum`); non-schema values where a schema belongs coerced. Unknown
 * keywords are kept: each dialect decides about them.
 */
export function normalizeSchema(root: JsonObject, ctx: RepairContext): JsonObject {
  return normalizeNode(root, "", ctx);
}

function normalizeNode(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const here = ctx.pathOf(input, path);
  let node = without(input, ...META_KEYWORDS);
  for (const key of ["$ref", "$dynamicRef", "$recursiveRef"]) {
    if (Object.hasOwn(node, key)) {
      ctx.warn(
        "invalid-keyword-value",
        here,
        `${key} ${renderValue(canonicalText(node[key]), 80)} is not a reference; removed`,
      );
      node = without(node, key);
    }
  }
  node = normalizeValues(node, here, ctx);
  node = normalizeContainers(node, here, ctx);
  node = normalizeRequired(node, here, ctx);
  node = normalizeProperties(node, here, ctx);
  const out = mapSubschemas(node, here, (child, childPath, keyword) => {
    const schema = isObject(child) ? child : coerceSchema(child, keyword, childPath, ctx);
    return isObject(schema) ? normalizeNode(schema, childPath, ctx) : schema;
  });
  return ctx.keepPath(requiredWithinProperties(dropNeverProperties(out, here, ctx), here, ctx), here);
}

/** A property whose (normalised) schema matches nothing can never be sent: it is removed, like `false`. */
function dropNeverProperties(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const properties = own(node, "properties");
  if (!isObject(properties)) return node;
  const never = Object.keys(properties).filter((key) => isNever(properties[key] as JsonValue));
  if (never.length === 0) return node;
  for (const key of never) {
    ctx.warn(
      "schema-coerced",
      pointer(path, "properties", key),
      `property ${JSON.stringify(key)} matches nothing ({"not":{}}); removed`,
    );
  }
  const required = own(node, "required");
  const out: JsonObject = { ...node, properties: without(properties, ...never) };
  if (Array.isArray(required))
    out.required = required.filter((name) => typeof name !== "string" || !never.includes(name));
  return out;
}

/** A non-object where a schema belongs: `true` → `{}`, `false` → `{not:{}}`, `"string"` → `{type:"string"}`. */
function coerceSchema(value: JsonValue, keyword: string, path: string, ctx: RepairContext): JsonValue {
  if (typeof value === "boolean") {
    if (BOOLEAN_OK_KEYWORDS.has(keyword)) return value;
    return value ? {} : { not: {} };
  }
  const type = readTypeName(value);
  if (type !== undefined) {
    ctx.warn(
      "schema-coerced",
      path,
      `${renderValue(canonicalText(value), 80)} is not a schema; read as {"type":"${type}"}`,
    );
    return { type };
  }
  ctx.warn(
    "schema-coerced",
    path,
    `${renderValue(canonicalText(value), 80)} is not a schema; replaced by {}`,
  );
  return typeof value === "string" && value.trim() !== "" ? { description: value } : {};
}

/**
 * Per property: draft-3 `required: true` moves to the parent's `required`; a `false` schema (the property
 * may never appear) is removed; a misplaced keyword (`properties: {type: "object"}`, docs/provider-rules.md#regressions #20) is
 * removed; any other non-schema value is coerced.
 */
function normalizeProperties(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const properties = own(node, "properties");
  if (!isObject(properties)) return node;
  const out: JsonObject = {};
  const lifted: string[] = [];
  const removed: string[] = [];
  for (const key of Object.keys(properties)) {
    const value = properties[key] as JsonValue;
    const at = pointer(path, "properties", key);
    if (isObject(value)) {
      const flag = own(value, "required");
      if (typeof flag !== "boolean") {
        defineKey(out, key, value);
        continue;
      }
      ctx.warn("draft-converted", at, `draft-3 required: ${flag} moved to the parent's required list`);
      if (flag) lifted.push(key);
      defineKey(out, key, ctx.keepPath(without(value, "required"), ctx.pathOf(value, at)));
    } else if (value === false || (KEYWORD_NAMES.has(key) && value !== true)) {
      const why =
        value === false ? "is the false schema (can never be present)" : "looks like a misplaced keyword";
      ctx.warn("schema-coerced", at, `property ${JSON.stringify(key)} ${why}; removed`);
      removed.push(key);
    } else defineKey(out, key, coerceSchema(value, "properties", at, ctx));
  }
  let result: JsonObject = { ...node, properties: out };
  const required = own(node, "required");
  if (lifted.length > 0 || removed.length > 0) {
    const names = (isStringArray(required) ? required : []).filter((name) => !removed.includes(name));
    const merged = [...names, ...lifted.filter((name) => !names.includes(name))];
    result = Array.isArray(required) || lifted.length > 0 ? { ...result, required: merged } : result;
  }
  return result;
}

function normalizeRequired(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const required = own(node, "required");
  if (required === undefined) return node;
  if (typeof required === "string") {
    ctx.warn("required-fixed", path, "required is a string; read as a one-element list");
    return { ...node, required: [required] };
  }
  if (!Array.isArray(required)) {
    ctx.warn(
      "required-fixed",
      path,
      `required ${renderValue(canonicalText(required), 80)} is not a list; removed`,
    );
    return without(node, "required");
  }
  const strings = required.filter((name): name is string => typeof name === "string");
  if (strings.length !== required.length)
    ctx.warn("required-fixed", path, "non-string entries removed from required");
  const names = [...new Set(strings)];
  return names.length === required.length ? node : { ...node, required: names };
}
