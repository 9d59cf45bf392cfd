import type { JsonObject, JsonValue } from "../spec/json.js";
import { defineKey, isObject, jsonEqual, own, without } from "./json-utils.js";
import type { RepairContext } from "./repair-context.js";

const LOWER_BOUNDS = new Set([
  "minimum",
  "exclusiveMinimum",
  "minLength",
  "minItems",
  "minProperties",
  "minContains",
]);
const UPPER_BOUNDS = new Set([
  "maximum",
  "exclusiveMaximum",
  "maxLength",
  "maxItems",
  "maxProperties",
  "maxContains",
]);

/**
 * `node` with its `allOf` branches merged into it (for dialects without `allOf`, and for the root): properties
 * united (a name in two branches merges recursively), `required` united, `type` and `enum` intersected, the
 * tighter bound kept, descriptions joined. A contradiction keeps the first value and warns `allof-conflict`.
 */
export function mergeAllOf(node: JsonObject, path: string, ctx: RepairContext, depth = 0): JsonObject {
  const branches = own(node, "allOf");
  if (!Array.isArray(branches)) return node;
  let merged = without(node, "allOf");
  for (const branch of branches) {
    if (!isObject(branch)) continue;
    merged = mergeTwo(merged, mergeAllOf(branch, path, ctx, depth + 1), path, ctx, depth);
  }
  if (depth === 0)
    ctx.warn("allof-merged", path, `allOf with ${branches.length} branches merged into one schema`);
  return merged;
}

function mergeTwo(a: JsonObject, b: JsonObject, path: string, ctx: RepairContext, depth: number): JsonObject {
  const out: JsonObject = { ...a };
  for (const key of Object.keys(b)) {
    const right = b[key] as JsonValue;
    if (!Object.hasOwn(a, key)) {
      defineKey(out, key, right);
      continue;
    }
    const left = a[key] as JsonValue;
    if (jsonEqual(left, right)) continue;
    const value = mergeValue(key, left, right, path, ctx, depth);
    if (value === undefined)
      ctx.warn("allof-conflict", path, `allOf branches disagree on ${key}; the first is kept`);
    else defineKey(out, key, value);
  }
  return out;
}

/** The merged value of one keyword present on both sides, or `undefined` for "keep the left one". */
function mergeValue(
  key: string,
  left: JsonValue,
  right: JsonValue,
  path: string,
  ctx: RepairContext,
  depth: number,
): JsonValue | undefined {
  if (LOWER_BOUNDS.has(key) && typeof left === "number" && typeof right === "number")
    return Math.max(left, right);
  if (UPPER_BOUNDS.has(key) && typeof left === "number" && typeof right === "number")
    return Math.min(left, right);
  switch (key) {
    case "description":
    case "title":
      return typeof left === "string" && typeof right === "string" ? `${left}\n${right}` : undefined;
    case "required":
      return Array.isArray(left) && Array.isArray(right)
        ? [...left, ...right.filter((name) => !left.includes(name))]
        : undefined;
    case "type":
      return intersectTypes(left, right);
    case "enum": {
      if (!Array.isArray(left) || !Array.isArray(right)) return undefined;
      const both = left.filter((value) => right.some((other) => jsonEqual(value, other)));
      return both.length > 0 ? both : undefined;
    }
    case "properties":
      return isObject(left) && isObject(right) ? mergeProperties(left, right, path, ctx, depth) : undefined;
    case "additionalProperties":
      if (left === false || right === false) return false;
      return mergeSchemas(left, right, path, ctx, depth);
    case "items":
    case "not":
    case "propertyNames":
    case "contains":
      return mergeSchemas(left, right, path, ctx, depth);
    default:
      return undefined;
  }
}

function mergeSchemas(left: JsonValue, right: JsonValue, path: string, ctx: RepairContext, depth: number) {
  if (!isObject(left)) return right;
  if (!isObject(right)) return left;
  return mergeAllOf({ allOf: [left, right] }, path, ctx, depth + 1);
}

function mergeProperties(
  left: JsonObject,
  right: JsonObject,
  path: string,
  ctx: RepairContext,
  depth: number,
) {
  const out: JsonObject = { ...left };
  for (const name of Object.keys(right)) {
    const value = right[name] as JsonValue;
    const existing = own(left, name);
    defineKey(
      out,
      name,
      existing === undefined ? value : (mergeSchemas(existing, value, path, ctx, depth) ?? existing),
    );
  }
  return out;
}

function intersectTypes(left: JsonValue, right: JsonValue): JsonValue | undefined {
  const a = Array.isArray(left) ? left : [left];
  const b = Array.isArray(right) ? right : [right];
  const both: JsonValue[] = [];
  for (const type of a) {
    if (b.includes(type)) both.push(type);
    else if (type === "number" && b.includes("integer")) both.push("integer");
    else if (type === "integer" && b.includes("number")) both.push("integer");
  }
  const unique = [...new Set(both)];
  if (unique.length === 0) return undefined;
  return unique.length === 1 ? (unique[0] as JsonValue) : unique;
}
