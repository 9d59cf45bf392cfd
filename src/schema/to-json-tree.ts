import type { JsonObject, JsonValue } from "../spec/json.js";
import { defineKey, pointer } from "./json-utils.js";
import { quarantine, type RepairContext } from "./repair-context.js";

/** Deeper input is cut (the corpus' deepest schema is 26 levels; providers reject far less than 128). */
export const MAX_JSON_DEPTH = 128;
/** More JSON values than this (after expanding shared references) quarantines the tool. */
export const MAX_JSON_VALUES = 2_000_000;

interface CopyState {
  count: number;
  ancestors: Set<object>;
}

/**
 * A fresh, acyclic, JSON-only copy of `input`: the one place that touches the caller's value, so no later
 * step can mutate it. Cycles become `{}`, values beyond `MAX_JSON_DEPTH` become `{}`/`[]`, non-JSON values
 * (functions, symbols, bigint, NaN, throwing getters) are dropped or replaced, each with a warning. Every
 * object copied is recorded in `ctx.origins` under its pointer, which is how later warnings point into the
 * original schema.
 */
export function toJsonTree(input: unknown, ctx: RepairContext): JsonValue | undefined {
  return copy(input, "", 0, ctx, { count: 0, ancestors: new Set() });
}

function copy(
  value: unknown,
  path: string,
  depth: number,
  ctx: RepairContext,
  st: CopyState,
): JsonValue | undefined {
  st.count += 1;
  if (st.count > MAX_JSON_VALUES)
    quarantine(`input schema is too large (more than ${MAX_JSON_VALUES} JSON values)`);
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isFinite(value)) return value === 0 ? 0 : value; // JSON has no -0
      ctx.warn("non-json-value", path, `non-finite number ${String(value)} replaced by null`);
      return null;
    case "bigint": {
      const asNumber = Number(value);
      ctx.warn("non-json-value", path, "bigint converted to a JSON number");
      return Number.isFinite(asNumber) ? asNumber : null;
    }
    case "undefined":
      return undefined;
    case "function":
    case "symbol":
      ctx.warn("non-json-value", path, `${typeof value} value dropped`);
      return undefined;
    default:
      break;
  }
  if (value === null) return null;
  const object = value as object;
  if (st.ancestors.has(object)) {
    ctx.warn("cycle-broken", path, "object refers to itself; the cycle was replaced by {}");
    return ctx.keepPath({}, path);
  }
  if (depth >= MAX_JSON_DEPTH) {
    ctx.warn("depth-capped", path, `nesting deeper than ${MAX_JSON_DEPTH} levels was cut`);
    return Array.isArray(object) ? [] : ctx.keepPath({}, path);
  }
  st.ancestors.add(object);
  try {
    return Array.isArray(object)
      ? copyArray(object, path, depth, ctx, st)
      : copyObject(object, path, depth, ctx, st);
  } finally {
    st.ancestors.delete(object);
  }
}

function copyArray(
  array: unknown[],
  path: string,
  depth: number,
  ctx: RepairContext,
  st: CopyState,
): JsonValue {
  const out: JsonValue[] = [];
  const length = safeLength(array);
  for (let index = 0; index < length; index += 1) {
    const item = read(array, String(index), path, ctx);
    // JSON.stringify semantics: a hole or undefined element becomes null.
    out.push(copy(item, pointer(path, index), depth + 1, ctx, st) ?? null);
  }
  return out;
}

function copyObject(
  object: object,
  path: string,
  depth: number,
  ctx: RepairContext,
  st: CopyState,
): JsonValue {
  const toJson = read(object, "toJSON", path, ctx);
  if (typeof toJson === "function") {
    try {
      return copy(toJson.call(object), path, depth + 1, ctx, st) ?? null;
    } catch {
      ctx.warn("non-json-value", path, "toJSON() threw; value replaced by {}");
      return ctx.keepPath({}, path);
    }
  }
  const out: JsonObject = ctx.keepPath({}, path);
  for (const key of safeKeys(object, path, ctx)) {
    const item = copy(read(object, key, path, ctx), pointer(path, key), depth + 1, ctx, st);
    if (item !== undefined) defineKey(out, key, item);
  }
  return out;
}

function safeLength(array: unknown[]): number {
  try {
    return array.length;
  } catch {
    return 0;
  }
}

function safeKeys(object: object, path: string, ctx: RepairContext): string[] {
  try {
    return Object.keys(object);
  } catch {
    ctx.warn("non-json-value", path, "object keys could not be listed; treated as {}");
    return [];
  }
}

/** Reads a property; a throwing getter or proxy trap yields `undefined` and a warning. */
function read(object: object, key: string, path: string, ctx: RepairContext): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch {
    ctx.warn("non-json-value", pointer(path, key), "reading the value threw; it was dropped");
    return undefined;
  }
}
