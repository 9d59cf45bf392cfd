import type { JsonObject, JsonValue } from "../spec/json.js";
import { canonicalText, compiles, defineKey, isObject, own, renderValue, without } from "./json-utils.js";
import type { RepairContext } from "./repair-context.js";

/**
 * Container keywords made valid 2020-12: maps and lists of the right shape (`anyOf: {…}` wrapped, empty lists
 * removed), `patternProperties` keys that compile, duplicate-free `dependentRequired`, and the draft-7 forms
 * (tuple `items`, `dependencies`) converted.
 */
export function normalizeContainers(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = input;
  for (const key of ["properties", "patternProperties", "dependentSchemas", "dependentRequired"]) {
    if (Object.hasOwn(node, key) && !isObject(node[key])) node = dropInvalid(node, key, path, ctx);
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const value = own(node, key);
    if (value === undefined) continue;
    if (isObject(value) && key !== "prefixItems") {
      ctx.warn("invalid-keyword-value", path, `${key} is a single schema; wrapped in an array`);
      node = { ...node, [key]: [value] };
    } else if (!Array.isArray(value) || value.length === 0) node = dropInvalid(node, key, path, ctx);
  }
  const patterns = own(node, "patternProperties");
  if (isObject(patterns)) {
    const bad = Object.keys(patterns).filter((key) => !compiles(key));
    if (bad.length > 0) {
      ctx.warn(
        "invalid-keyword-value",
        path,
        `patternProperties ${renderValue(canonicalText(bad), 80)} do not compile; removed`,
      );
      node = { ...node, patternProperties: without(patterns, ...bad) };
    }
  }
  const dependent = own(node, "dependentRequired");
  if (isObject(dependent)) {
    if (!Object.values(dependent).every(isStringArray))
      node = dropInvalid(node, "dependentRequired", path, ctx);
    else node = { ...node, dependentRequired: uniqueLists(dependent) };
  }
  return convertDependencies(convertTuple(node, path, ctx), path, ctx);
}

function dropInvalid(node: JsonObject, key: string, path: string, ctx: RepairContext): JsonObject {
  ctx.warn(
    "invalid-keyword-value",
    path,
    `${key} ${renderValue(canonicalText(node[key]), 80)} is not valid; removed`,
  );
  return without(node, key);
}

/** 2020-12 wants each `dependentRequired` list free of duplicates. */
function uniqueLists(map: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(map)) defineKey(out, key, [...new Set(map[key] as string[])]);
  return out;
}

export function isStringArray(value: JsonValue | undefined): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** Draft-7 tuple `items: [A, B]` (+ `additionalItems`) becomes 2020-12 `prefixItems` (+ `items`). */
function convertTuple(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const items = own(node, "items");
  const extra = own(node, "additionalItems");
  if (!Array.isArray(items)) return extra === undefined ? node : without(node, "additionalItems");
  ctx.warn("draft-converted", path, "tuple items (draft-7) converted to prefixItems");
  const out = without(node, "items", "additionalItems");
  if (items.length > 0 && !Object.hasOwn(out, "prefixItems")) defineKey(out, "prefixItems", items);
  if (extra !== undefined) defineKey(out, "items", extra);
  return out;
}

/** Draft-7 `dependencies` splits into `dependentRequired` (arrays) and `dependentSchemas` (schemas). */
function convertDependencies(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const dependencies = own(node, "dependencies");
  if (dependencies === undefined) return node;
  const out = without(node, "dependencies");
  if (!isObject(dependencies)) return dropInvalid(node, "dependencies", path, ctx);
  ctx.warn("draft-converted", path, "dependencies (draft-7) converted to dependentRequired/dependentSchemas");
  const required: JsonObject = {};
  const schemas: JsonObject = {};
  for (const key of Object.keys(dependencies)) {
    const value = dependencies[key] as JsonValue;
    if (isStringArray(value)) defineKey(required, key, [...new Set(value)]);
    else if (isObject(value) || typeof value === "boolean") defineKey(schemas, key, value);
  }
  if (Object.keys(required).length > 0 && !Object.hasOwn(out, "dependentRequired"))
    defineKey(out, "dependentRequired", required);
  if (Object.keys(schemas).length > 0 && !Object.hasOwn(out, "dependentSchemas"))
    defineKey(out, "dependentSchemas", schemas);
  return out;
}
