import type { JsonObject, JsonValue } from "../spec/json.js";
import { appendNote } from "./constraints-to-description.js";
import {
  defineKey,
  isObject,
  jsonEqual,
  own,
  pointer,
  pointerTokens,
  renderValue,
  without,
} from "./json-utils.js";
import { ANNOTATIONS } from "./keywords.js";
import { quarantine, type RepairContext, type SchemaWarningCode } from "./repair-context.js";
import { mapSubschemas } from "./walk-schema.js";

/** Schema nesting deeper than this after inlining is cut (OpenAI strict allows 10 levels, Gemini fewer than 100). */
export const MAX_SCHEMA_DEPTH = 64;
/**
 * Inlining that would produce more schema nodes than this is retried with half the recursion depth (the
 * largest corpus schema has 11,602 nodes after inlining; the next largest 1,759).
 */
export const INLINE_NODE_BUDGET = 20_000;

const REF_KEYS = ["$ref", "$dynamicRef", "$recursiveRef"];
const DEFS: ReadonlySet<string> = new Set(["$defs", "definitions"]);

/** Builds the schema that stands in for a recursive `$ref` cut at the depth cap, from the ref's target. */
export type TruncatedLeaf = (target: JsonObject) => JsonObject;

/** Default cut: a permissive schema of the target's type (no type when the target has none). */
export const permissiveLeaf: TruncatedLeaf = (target) => {
  const type = own(target, "type");
  return typeof type === "string" || Array.isArray(type) ? { type } : {};
};

interface Resolved {
  node: JsonObject;
  path: string;
}

class BudgetExceeded {}

interface Run {
  ctx: RepairContext;
  maxRefDepth: number;
  count: number;
  pending: [SchemaWarningCode, string, string][];
  /** Whether a definition was used inside itself: only then can a smaller depth shrink the output. */
  recursive: boolean;
  resolve(ref: string): Resolved | undefined;
  leaf: TruncatedLeaf;
}

/**
 * Replaces every local `$ref` (`#`, `#/json/pointer`, `#anchor`, or the root `$id` plus a fragment) by a copy
 * of its target and removes `$defs`/`definitions`. A definition may appear inside itself at most
 * `ctx.maxRefDepth` times along one path; the next use becomes `leaf(target)` with a note. External and
 * dangling refs become a typeless schema (siblings kept) with a note. When inlining would exceed
 * `INLINE_NODE_BUDGET` nodes the depth is halved and inlining retried; below depth 1 the tool is quarantined.
 */
export function inlineRefs(root: JsonObject, ctx: RepairContext, leaf: TruncatedLeaf): JsonObject {
  const resolve = resolver(root, ctx);
  for (let depth = ctx.maxRefDepth; ; depth = Math.floor(depth / 2)) {
    const run: Run = { ctx, maxRefDepth: depth, count: 0, pending: [], recursive: false, resolve, leaf };
    try {
      const out = expand(root, "", [], 0, run);
      for (const [code, path, message] of run.pending) ctx.warn(code, path, message);
      if (depth < ctx.maxRefDepth) {
        ctx.warn("ref-depth-reduced", "", `recursive $ref inlined only ${depth} levels deep to stay small`);
      }
      return isObject(out) ? out : {};
    } catch (error) {
      if (!(error instanceof BudgetExceeded)) throw error;
      if (depth <= 1 || !run.recursive)
        quarantine(`inlining $ref would produce more than ${INLINE_NODE_BUDGET} schema nodes`);
    }
  }
}

function expand(node: JsonValue, path: string, stack: readonly string[], depth: number, run: Run): JsonValue {
  if (!isObject(node)) return node;
  run.count += 1;
  if (run.count > INLINE_NODE_BUDGET) throw new BudgetExceeded();
  const here = run.ctx.pathOf(node, path);
  if (depth > MAX_SCHEMA_DEPTH) {
    run.pending.push(["depth-capped", here, `schema nesting deeper than ${MAX_SCHEMA_DEPTH} levels was cut`]);
    return run.ctx.keepPath({}, here);
  }
  const refKey = REF_KEYS.find((key) => typeof own(node, key) === "string");
  if (refKey === undefined) return expandChildren(node, here, stack, depth, run);
  const ref = node[refKey] as string;
  const siblings = expandChildren(without(node, refKey), here, stack, depth, run);
  const target = run.resolve(ref);
  if (target === undefined) {
    run.pending.push([
      "ref-unresolvable",
      here,
      `${refKey} ${renderValue(ref, 120)} cannot be resolved; replaced by {}`,
    ]);
    return run.ctx.keepPath(appendNote(siblings, `unresolved reference ${renderValue(ref, 120)}`), here);
  }
  const uses = stack.filter((entry) => entry === target.path).length;
  if (uses > 0) run.recursive = true;
  if (uses >= run.maxRefDepth) {
    const text = `recursive definition cut after ${run.maxRefDepth} levels`;
    run.pending.push(["ref-recursion-truncated", here, `${refKey} ${renderValue(ref, 120)}: ${text}`]);
    let cut = mergeSiblings(run.leaf(target.node), siblings);
    const description = own(target.node, "description");
    if (!Object.hasOwn(cut, "description") && typeof description === "string") cut = { ...cut, description };
    return run.ctx.keepPath(appendNote(cut, text), here);
  }
  run.pending.push(["ref-inlined", here, `${refKey} ${renderValue(ref, 120)} inlined`]);
  const expanded = expand(target.node, target.path, [...stack, target.path], depth, run);
  const merged = mergeSiblings(isObject(expanded) ? expanded : {}, siblings);
  return run.ctx.keepPath(merged, Object.keys(siblings).length === 0 ? target.path : here);
}

function expandChildren(node: JsonObject, here: string, stack: readonly string[], depth: number, run: Run) {
  const out = mapSubschemas(
    node,
    here,
    (child, childPath) => expand(child, childPath, stack, depth + 1, run),
    DEFS,
  );
  return run.ctx.keepPath(out, here);
}

/**
 * A `$ref` with sibling keywords (allowed since 2019-09): annotations and new keywords are merged into the
 * target; a conflicting constraint keeps both sides under `allOf`.
 */
function mergeSiblings(target: JsonObject, siblings: JsonObject): JsonObject {
  const keys = Object.keys(siblings);
  if (keys.length === 0) return target;
  const merged: JsonObject = { ...target };
  const conflicts: JsonObject = {};
  for (const key of keys) {
    const value = siblings[key] as JsonValue;
    if (ANNOTATIONS.has(key) || !Object.hasOwn(target, key)) defineKey(merged, key, value);
    else if (!jsonEqual(target[key], value)) defineKey(conflicts, key, value);
  }
  if (Object.keys(conflicts).length === 0) return merged;
  const annotations: JsonObject = {};
  for (const key of keys)
    if (!Object.hasOwn(conflicts, key)) defineKey(annotations, key, siblings[key] as JsonValue);
  return { ...annotations, allOf: [target, conflicts] };
}

/** Resolution of local refs against the (pre-inlining) root. */
function resolver(root: JsonObject, ctx: RepairContext): (ref: string) => Resolved | undefined {
  const rootId = typeof root.$id === "string" ? root.$id.split("#")[0] : undefined;
  let anchors: Map<string, Resolved> | undefined;
  return (ref) => {
    const hash = ref.indexOf("#");
    const base = hash === -1 ? ref : ref.slice(0, hash);
    if (base !== "" && base !== rootId) return undefined;
    let fragment = hash === -1 ? "" : ref.slice(hash + 1);
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      // Keep the raw fragment: a stray `%` is more likely literal than an encoding.
    }
    const tokens = pointerTokens(fragment);
    if (tokens === undefined) {
      anchors ??= collectAnchors(root, ctx);
      return anchors.get(fragment);
    }
    let current: JsonValue | undefined = root;
    for (const token of tokens) {
      if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined;
      else current = isObject(current) ? own(current, token) : undefined;
    }
    if (current === true) return { node: {}, path: fragment };
    if (current === false) return { node: { not: {} }, path: fragment };
    return isObject(current) ? { node: current, path: ctx.pathOf(current, fragment) } : undefined;
  };
}

/** `$anchor: "name"` and draft-7 `$id: "#name"` targets, found anywhere in the document. */
function collectAnchors(root: JsonObject, ctx: RepairContext): Map<string, Resolved> {
  const anchors = new Map<string, Resolved>();
  const visit = (value: JsonValue, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, pointer(path, index));
      });
    }
    if (!isObject(value)) return;
    const anchor = own(value, "$anchor");
    const id = own(value, "$id");
    const name =
      typeof anchor === "string" ? anchor : typeof id === "string" && id.startsWith("#") ? id.slice(1) : "";
    if (name !== "" && !anchors.has(name)) anchors.set(name, { node: value, path: ctx.pathOf(value, path) });
    for (const key of Object.keys(value)) visit(value[key] as JsonValue, pointer(path, key));
  };
  visit(root, "");
  return anchors;
}
