import type { JsonObject, JsonValue } from "../spec/json.js";
import { defineKey, isObject, jsonEqual, pointer } from "./json-utils.js";
import { ARRAY_KEYWORDS, MAP_KEYWORDS, SINGLE_KEYWORDS } from "./keywords.js";
import type { RepairContext } from "./repair-context.js";

/** Maps one subschema to its replacement; `undefined` removes it (the map entry, array element or keyword). */
export type ChildMapper = (child: JsonValue, path: string, keyword: string) => JsonValue | undefined;

const MAPS = new Set(MAP_KEYWORDS);
const ARRAYS = new Set(ARRAY_KEYWORDS);
const SINGLES = new Set(SINGLE_KEYWORDS);

/**
 * `node` with every direct subschema replaced by `map(child, pointer, keyword)`; `undefined` removes it.
 * Copy-on-write: when nothing changes (and no `omit` key is present) `node` itself is returned, so unchanged
 * subtrees are shared between passes instead of copied. Values of the wrong container shape (e.g.
 * `properties: "x"`) are left untouched: normalisation fixes them. Never mutates `node`.
 */
export function mapSubschemas(
  node: JsonObject,
  path: string,
  map: ChildMapper,
  omit?: ReadonlySet<string>,
): JsonObject {
  // The copy is made at the first change: an unchanged node (most of them, on most passes) allocates nothing.
  let out: JsonObject | undefined;
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const value = node[key] as JsonValue;
    const replaced = omit?.has(key) ? undefined : mapKeyword(key, value, path, map);
    if (replaced === value) continue;
    out ??= { ...node };
    if (replaced === undefined) delete out[key];
    else defineKey(out, key, replaced);
  }
  return out ?? node;
}

function mapKeyword(key: string, value: JsonValue, path: string, map: ChildMapper): JsonValue | undefined {
  if (MAPS.has(key) && isObject(value)) {
    let changed = false;
    const entries: JsonObject = {};
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const child = value[name] as JsonValue;
      const mapped = map(child, pointer(path, key, name), key);
      if (mapped !== child) changed = true;
      if (mapped !== undefined) defineKey(entries, name, mapped);
    }
    return changed ? entries : value;
  }
  if ((ARRAYS.has(key) || key === "items") && Array.isArray(value)) {
    let changed = false;
    const items: JsonValue[] = [];
    for (let index = 0; index < value.length; index += 1) {
      const child = value[index] as JsonValue;
      const mapped = map(child, pointer(path, key, index), key);
      if (mapped !== child) changed = true;
      if (mapped !== undefined) items.push(mapped);
    }
    return changed ? items : value;
  }
  if (SINGLES.has(key)) return map(value, pointer(path, key), key);
  return value;
}

/**
 * Post-order rebuild of a schema tree: children first, then `visit` on the rebuilt node. `visit` receives the
 * node's pointer into the ORIGINAL schema (from `ctx.origins`, falling back to the computed pointer for nodes
 * a repair created). Non-object subschemas (`true`, `"string"`) are not visited; their parent's visit sees
 * them. Recursion depth equals schema depth, which the pipeline caps before any walk runs.
 */
export function walkSchema(
  node: JsonValue,
  path: string,
  ctx: RepairContext,
  visit: (node: JsonObject, path: string) => JsonValue,
): JsonValue {
  if (!isObject(node)) return node;
  const here = ctx.pathOf(node, path);
  const rebuilt = ctx.keepPath(
    mapSubschemas(node, here, (child, childPath) => walkSchema(child, childPath, ctx, visit)),
    here,
  );
  const result = visit(rebuilt, here);
  return isObject(result) ? ctx.keepPath(result, here) : result;
}

/** Walks an object schema and asserts the result is still an object (visits never turn a node into a non-object). */
export function walkObject(
  node: JsonObject,
  path: string,
  ctx: RepairContext,
  visit: (node: JsonObject, path: string) => JsonValue,
): JsonObject {
  const result = walkSchema(node, path, ctx, visit);
  return isObject(result) ? result : {};
}

/** A schema object of any provenance: repair's JSON trees and the validators' untyped wire input alike. */
export type SchemaRecord = Readonly<Record<string, unknown>>;

/**
 * Calls `fn` for each direct object subschema of `node`, in the node's key order, with the keyword holding it and,
 * under a map or list keyword, the name or index (read-only traversal). The one reading of the keyword tables
 * that repair, the strict checks and the provider validators share; boolean and malformed subschemas are skipped.
 */
export function eachSubschema<Node extends SchemaRecord>(
  node: Node,
  fn: (child: Node, keyword: string, entry?: string | number) => void,
): void {
  for (const key of Object.keys(node)) {
    const value = node[key];
    // A child of a JSON object is a JSON object, and a child of untyped input is untyped: the same kind as `node`.
    if (MAPS.has(key) && isObject(value)) {
      for (const name of Object.keys(value)) {
        const child = value[name];
        if (isObject(child)) fn(child as unknown as Node, key, name);
      }
    } else if ((ARRAYS.has(key) || key === "items") && Array.isArray(value)) {
      value.forEach((child, index) => {
        if (isObject(child)) fn(child as unknown as Node, key, index);
      });
    } else if (SINGLES.has(key) && isObject(value)) fn(value as unknown as Node, key);
  }
}

/** Calls `fn` for each direct object subschema of `node` with its pointer (read-only traversal). */
export function forEachSubschema(
  node: JsonObject,
  path: string,
  fn: (child: JsonObject, path: string) => void,
): void {
  eachSubschema(node, (child, keyword, entry) =>
    fn(child, entry === undefined ? pointer(path, keyword) : pointer(path, keyword, entry)),
  );
}

/** The direct subschemas of `node` that are objects. */
export function subschemasOf<Node extends SchemaRecord>(node: Node): Node[] {
  const out: Node[] = [];
  eachSubschema(node, (child) => out.push(child));
  return out;
}

/**
 * Applies a node repair until it stops changing (at most `limit` times). Steps can enable each other (a keyword
 * dropped late lets an earlier step infer a type), and repeating makes one pass a fixed point: repairing the
 * output again finds nothing to do.
 */
export function untilStable(node: JsonObject, step: (node: JsonObject) => JsonObject, limit = 4): JsonObject {
  let current = node;
  for (let round = 0; round < limit; round += 1) {
    const next = step(current);
    if (jsonEqual(next, current)) return next;
    current = next;
  }
  return current;
}
