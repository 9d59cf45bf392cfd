import type { JsonObject, JsonValue } from "../spec/json.js";
import { defineKey, isObject, own, without } from "./json-utils.js";
import { ALL_TYPE_KEYWORDS, type JsonType, keywordGroup, TYPE_KEYWORDS } from "./keywords.js";
import type { RepairContext } from "./repair-context.js";

/** The types listed by `type` (a string or an array), empty when there is none. */
export function typesOf(node: JsonObject): string[] {
  const type = own(node, "type");
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === "string") : [];
}

/** The type-specific keywords that apply to `type` (none for boolean and null). */
export function keywordsFor(type: string): readonly string[] {
  const group = keywordGroup(type);
  return group === undefined ? [] : TYPE_KEYWORDS[group];
}

/** Whether a JSON value is an instance of a JSON Schema type. */
export function matchesType(value: JsonValue, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      return false;
  }
}

/** The JSON type of a value (integers as `integer`). */
export function typeOfValue(value: JsonValue): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as "string" | "boolean" | "object";
}

/** The single type a typeless node's keywords imply, if they imply exactly one. */
export function inferType(node: JsonObject): JsonType | undefined {
  const values = Array.isArray(node.enum)
    ? node.enum
    : Object.hasOwn(node, "const")
      ? [node.const as JsonValue]
      : [];
  if (values.length > 0) {
    const types = new Set(values.filter((value) => value !== null).map(typeOfValue));
    if (types.has("integer") && types.has("number")) types.delete("integer");
    return types.size === 1 ? [...types][0] : undefined;
  }
  const groups = new Set<string>();
  for (const key of Object.keys(node)) {
    for (const group of ["object", "array", "string", "number"] as const) {
      if (TYPE_KEYWORDS[group].includes(key) && key !== "format") groups.add(group);
    }
  }
  return groups.size === 1 ? ([...groups][0] as JsonType) : undefined;
}

/**
 * Removes keywords that belong only to types the node does not have (`properties` on a string,
 * docs/provider-rules.md#regressions #31; `minLength` on an integer). JSON Schema ignores them; Gemini and strict grammars reject them.
 */
export function dropInapplicable(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const types = typesOf(node);
  if (types.length === 0) return node;
  const stray = Object.keys(node).filter(
    (key) => ALL_TYPE_KEYWORDS.has(key) && !types.some((type) => keywordsFor(type).includes(key)),
  );
  if (stray.length === 0) return node;
  const objectOnly = stray.filter((key) => TYPE_KEYWORDS.object.includes(key));
  if (objectOnly.length > 0) {
    ctx.warn(
      "properties-on-non-object-dropped",
      path,
      `${objectOnly.join(", ")} removed: only allowed for object type`,
    );
  }
  const others = stray.filter((key) => !objectOnly.includes(key));
  if (others.length > 0) {
    ctx.warn(
      "keyword-dropped",
      path,
      `${others.join(", ")} removed: does not apply to type ${types.join("|")}`,
    );
  }
  return without(node, ...stray);
}

/**
 * A node with several non-null types (`["string","number"]`) as `anyOf` of one branch per type, each with the
 * keywords (and enum values) that apply to it; a `"null"` type becomes a `{type:"null"}` branch. Nodes with
 * at most one non-null type, or that already have an `anyOf`, are returned unchanged.
 */
export function splitTypeArray(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const types = typesOf(node);
  const nonNull = types.filter((type) => type !== "null");
  if (nonNull.length < 2 || Object.hasOwn(node, "anyOf")) return node;
  const enumValues = Array.isArray(node.enum) ? node.enum : undefined;
  const branches: JsonObject[] = [];
  for (const type of types) {
    const branch: JsonObject = { type };
    for (const key of keywordsFor(type)) {
      const value = own(node, key);
      if (value !== undefined) defineKey(branch, key, value);
    }
    if (enumValues !== undefined) {
      const allowed = enumValues.filter((value) => matchesType(value, type));
      if (allowed.length === 0) continue;
      if (type !== "null") branch.enum = allowed;
    }
    branches.push(branch);
  }
  ctx.warn("type-array-converted", path, `type ${JSON.stringify(types)} split into anyOf branches`);
  const moved = [...ALL_TYPE_KEYWORDS, "type", "enum"];
  const rest = without(node, ...moved);
  return branches.length === 1 ? { ...rest, ...(branches[0] as JsonObject) } : { ...rest, anyOf: branches };
}
