import type { JsonObject, JsonValue } from "../spec/json.js";
import { appendNote, dropKeywords } from "./constraints-to-description.js";
import { defineKey, isObject, jsonEqual, own, renderValue, uniqueValues, without } from "./json-utils.js";
import { ALL_TYPE_KEYWORDS } from "./keywords.js";
import type { RepairContext } from "./repair-context.js";
import { keywordsFor, typesOf } from "./type-utils.js";

const LABELS = new Set(["description", "title"]);
const CONSTRAINT_BRANCH_KEYS = new Set([
  "required",
  "description",
  "title",
  "not",
  "minProperties",
  "maxProperties",
  "dependentRequired",
]);

/** `{not: {}}` (or `{not: true}`): matches nothing (zod's `undefined` inside a union). */
export function isNever(value: JsonValue): boolean {
  if (!isObject(value)) return false;
  const not = value.not;
  if (not !== true && !(isObject(not) && Object.keys(not).every((key) => LABELS.has(key)))) return false;
  return Object.keys(value).every((key) => key === "not" || LABELS.has(key));
}

/** `{anyOf: [...]}` with nothing else that matters: its branches can join the parent's. */
function isWrapper(value: JsonValue): value is JsonObject & { anyOf: JsonValue[] } {
  if (!isObject(value) || !Array.isArray(value.anyOf)) return false;
  return Object.keys(value).every((key) => key === "anyOf" || LABELS.has(key));
}

function flatten(branches: readonly JsonValue[], depth = 0): JsonValue[] {
  return branches.flatMap((branch) => {
    if (isNever(branch)) return [];
    if (isWrapper(branch) && depth < 8) return flatten(branch.anyOf, depth + 1);
    return [branch];
  });
}

/**
 * Lossless `anyOf` cleanup (silent): never-matching branches removed, nested pure `anyOf` flattened,
 * duplicates removed, a single remaining branch merged into the node. With `oneOfToAnyOf`, `oneOf` becomes
 * `anyOf` (warning: "exactly one" loosens to "at least one", which for disjoint branches is the same).
 */
export function simplifyCombinators(
  input: JsonObject,
  path: string,
  ctx: RepairContext,
  oneOfToAnyOf: boolean,
): JsonObject {
  let node = input;
  if (oneOfToAnyOf && Object.hasOwn(node, "oneOf")) {
    if (Object.hasOwn(node, "anyOf"))
      node = dropKeywords(node, ["oneOf"], path, ctx, "cannot sit beside anyOf here");
    else {
      ctx.warn("oneof-to-anyof", path, "oneOf rewritten as anyOf");
      const { oneOf, ...rest } = node;
      node = { ...rest, anyOf: oneOf as JsonValue };
    }
  }
  const anyOf = own(node, "anyOf");
  if (!Array.isArray(anyOf)) return node;
  // A branch that accepts anything makes the whole anyOf accept anything.
  if (anyOf.some((branch) => isObject(branch) && Object.keys(branch).every((key) => LABELS.has(key)))) {
    return without(node, "anyOf");
  }
  const branches = uniqueValues(flatten(anyOf));
  if (branches.length === 0) {
    ctx.warn("combinator-described", path, "anyOf has no branch that can match; removed");
    return without(node, "anyOf");
  }
  if (branches.length === 1 && isObject(branches[0])) return mergeSingleBranch(node, branches[0]);
  const same = branches.length === anyOf.length && branches.every((branch, index) => branch === anyOf[index]);
  return same ? node : { ...node, anyOf: branches };
}

/** `node` without `anyOf`, with its one remaining branch merged in (kept as `anyOf` when keywords clash). */
export function mergeSingleBranch(node: JsonObject, branch: JsonObject): JsonObject {
  const merged = without(node, "anyOf");
  for (const key of Object.keys(branch)) {
    const value = branch[key] as JsonValue;
    if (!Object.hasOwn(merged, key)) defineKey(merged, key, value);
    else if (!LABELS.has(key) && !jsonEqual(merged[key], value)) return { ...node, anyOf: [branch] };
  }
  return merged;
}

/**
 * `anyOf`/`oneOf` whose branches only add `required`-style constraints to the node's own object (the
 * "at least one of a, b" idiom) become a sentence in the description: Gemini rejects `required` naming a
 * property the branch does not define, and strict grammars need typed branches.
 */
export function describeConstraintBranches(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  let node = input;
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = own(node, keyword);
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const onlyConstraints = branches.every(
      (branch) =>
        isObject(branch) &&
        Object.keys(branch).some((key) => !LABELS.has(key)) &&
        Object.keys(branch).every((key) => CONSTRAINT_BRANCH_KEYS.has(key)),
    );
    if (!onlyConstraints) continue;
    const parts = (branches as JsonObject[]).map(
      (branch, index) => `(${index + 1}) ${describeBranch(branch)}`,
    );
    const quantity = keyword === "oneOf" ? "exactly one" : "at least one";
    ctx.warn("combinator-described", path, `${keyword} of constraint-only branches moved to the description`);
    node = appendNote(without(node, keyword), `${quantity} of: ${parts.join("; ")}`);
  }
  return node;
}

function describeBranch(branch: JsonObject): string {
  const parts: string[] = [];
  if (Array.isArray(branch.required)) parts.push(`requires ${branch.required.join(", ")}`);
  for (const key of Object.keys(branch).sort()) {
    if (key !== "required") parts.push(`${key}: ${renderValue(branch[key] as JsonValue, 80)}`);
  }
  return parts.join(", ") || "anything";
}

/**
 * A node with both `type` and `anyOf` (Gemini's client rejects the pair; strict grammars need each branch
 * typed): untyped branches take the node's type and its type-specific keywords, then the node drops them.
 */
export function pushTypeIntoBranches(node: JsonObject): JsonObject {
  const anyOf = own(node, "anyOf");
  const types = typesOf(node);
  if (!Array.isArray(anyOf) || types.length === 0) return node;
  const specific = Object.keys(node).filter((key) => ALL_TYPE_KEYWORDS.has(key));
  const branches = anyOf.map((branch) => {
    if (!isObject(branch)) return branch;
    const typed: JsonObject = Object.hasOwn(branch, "type")
      ? { ...branch }
      : { type: node.type as JsonValue, ...branch };
    const branchTypes = typesOf(typed);
    for (const key of specific) {
      if (!branchTypes.some((type) => keywordsFor(type).includes(key))) continue;
      const mine = own(typed, key);
      const theirs = node[key] as JsonValue;
      if (mine === undefined) defineKey(typed, key, theirs);
      else if (key === "properties" && isObject(mine) && isObject(theirs))
        typed.properties = { ...theirs, ...mine };
      else if (key === "required" && Array.isArray(mine) && Array.isArray(theirs)) {
        typed.required = [...theirs, ...mine.filter((name) => !theirs.includes(name))];
      }
    }
    return typed;
  });
  return { ...without(node, "type", ...specific), anyOf: branches };
}
