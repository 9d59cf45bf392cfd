import type { JsonObject } from "../spec/json.js";
import { dropKeywords, moveToDescription } from "./constraints-to-description.js";
import { isObject, own, uniqueValues, without } from "./json-utils.js";
import { VALUE_CONSTRAINTS } from "./keywords.js";
import { quarantine, type RepairContext } from "./repair-context.js";
import type { Unrepresentable } from "./strictify.js";
import { inferType, typesOf } from "./type-utils.js";
import { forEachSubschema } from "./walk-schema.js";

/** Adds the one type a typeless node's keywords imply (`properties` → object, …): strict grammars want types. */
export function addInferredType(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  if (Object.hasOwn(node, "type") || Object.hasOwn(node, "anyOf") || Object.hasOwn(node, "enum")) return node;
  if (Object.hasOwn(node, "const")) return node;
  const type = inferType(node);
  if (type === undefined) return node;
  ctx.warn("type-inferred", path, `type "${type}" added (implied by the keywords)`);
  return { ...node, type };
}

/** Tuples become `items: anyOf` of their members; the new node goes through `visitItems`. */
export function strictArray(
  node: JsonObject,
  path: string,
  ctx: RepairContext,
  visitItems: (items: JsonObject) => JsonObject,
): JsonObject {
  const prefix = own(node, "prefixItems");
  if (!typesOf(node).includes("array") || !Array.isArray(prefix)) return node;
  const members = uniqueValues([...prefix, ...(isObject(node.items) ? [node.items] : [])]);
  ctx.warn("tuple-to-items", path, "prefixItems (tuple) written as items: anyOf of the member schemas");
  const items = members.length === 1 && isObject(members[0]) ? members[0] : { anyOf: members };
  return { ...without(node, "prefixItems"), items: visitItems(items) };
}

export interface StrictNeeds {
  /** Every node needs `type` (or `anyOf`/`enum`/`const`): OpenAI. */
  typed: boolean;
  /** Every array needs `items`: OpenAI. */
  items: boolean;
}

/**
 * The parts of a repaired strict schema no strict grammar can express without losing what the server
 * accepts: objects that allow extra keys (free-form or maps) and, per `needs`, untyped values and arrays
 * without items. Checked on the final tree, so branches a repair removed along the way do not count.
 */
export function findUnrepresentable(
  root: JsonObject,
  ctx: RepairContext,
  needs: StrictNeeds,
): Unrepresentable {
  const found: Unrepresentable = [];
  const visit = (node: JsonObject, fallback: string): void => {
    const path = ctx.pathOf(node, fallback);
    if (typesOf(node).includes("object") && node.additionalProperties !== false) {
      found.push({
        path,
        what: isObject(node.additionalProperties) ? "map (additionalProperties schema)" : "free-form object",
      });
    }
    if (needs.typed && !["type", "anyOf", "enum", "const"].some((key) => Object.hasOwn(node, key))) {
      found.push({ path, what: "schema without a type (any JSON value)" });
    }
    if (needs.items && typesOf(node).includes("array") && !isObject(node.items)) {
      found.push({ path, what: "array without items (any items)" });
    }
    forEachSubschema(node, path, visit);
  };
  visit(root, "");
  return found;
}

/**
 * Keeps `allowed` keywords; the others, plus `also` (allowed keywords with a value the dialect rejects), are
 * removed in one step: value constraints go to the description as one note, the rest with a warning each.
 */
export function keepOnly(
  node: JsonObject,
  allowed: ReadonlySet<string>,
  path: string,
  ctx: RepairContext,
  why: string,
  also: readonly string[] = [],
): JsonObject {
  const extra = [...also, ...Object.keys(node).filter((key) => !allowed.has(key))];
  const constraints = extra.filter((key) => VALUE_CONSTRAINTS.includes(key));
  const described = moveToDescription(node, constraints, path, ctx, why);
  return dropKeywords(
    described,
    extra.filter((key) => !VALUE_CONSTRAINTS.includes(key)),
    path,
    ctx,
    why,
  );
}

/** Whether the node's `format` (if any) is in the dialect's list (docs/provider-rules.md#regressions #17). */
export function formatAllowed(node: JsonObject, formats: readonly string[]): boolean {
  const format = own(node, "format");
  return format === undefined || (typeof format === "string" && formats.includes(format));
}

/**
 * A root without properties is a zero-argument tool (how MCP servers publish them), so it becomes an empty
 * closed object rather than a free-form one; an explicit `additionalProperties` keeps its meaning.
 */
export function closeEmptyRoot(root: JsonObject): JsonObject {
  const properties = own(root, "properties");
  const empty = !isObject(properties) || Object.keys(properties).length === 0;
  if (!empty || Object.hasOwn(root, "additionalProperties")) return root;
  return { ...root, properties: {}, additionalProperties: false };
}

/** Quarantines with every unrepresentable location listed (first three in the reason, all as warnings). */
export function quarantineIfNeeded(found: Unrepresentable, ctx: RepairContext, label: string): void {
  if (found.length === 0) return;
  const seen = new Set<string>();
  const problems = found.filter((problem) => {
    const key = `${problem.path}\u0000${problem.what}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  for (const problem of problems) {
    ctx.warn("strict-unrepresentable", problem.path, `${problem.what} cannot be expressed in ${label}`);
  }
  const shown = problems.slice(0, 3).map((problem) => `${problem.what} at ${problem.path || "/"}`);
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
  quarantine(`cannot be made strict: ${shown.join("; ")}${more}`);
}
