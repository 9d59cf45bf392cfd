import type { JsonObject, JsonValue } from "../spec/json.js";
import { appendNote, moveToDescription } from "./constraints-to-description.js";
import {
  canonicalText,
  isObject,
  own,
  renderList,
  renderValue,
  uniqueValues,
  without,
} from "./json-utils.js";
import type { RepairContext } from "./repair-context.js";
import { mergeSingleBranch } from "./simplify-combinators.js";
import { typesOf } from "./type-utils.js";

// Gemini `parameters` value rules: one type plus `nullable`, string-only non-empty enums (docs/provider-rules.md#gemini-parameters).
const WHY = "is not accepted by Gemini parameters";

/** `type: ["string","null"]` → `type: "string", nullable: true` (a type list is a 400: §9 #32). Lossless: silent. */
export function nullableFromType(node: JsonObject): JsonObject {
  const type = own(node, "type");
  // A lone "null" stays: the proto has NULL, and a parent anyOf turns such a branch into `nullable`.
  if (!Array.isArray(type)) return node;
  const nonNull = typesOf(node).filter((entry) => entry !== "null");
  const rest = without(node, "type");
  const withType = nonNull.length === 1 ? { ...rest, type: nonNull[0] as string } : rest;
  return nonNull.length === typesOf(node).length ? withType : { ...withType, nullable: true };
}

function isNullBranch(branch: JsonValue): boolean {
  return (
    isObject(branch) &&
    (branch.type === "null" || (Object.keys(branch).length === 1 && branch.nullable === true))
  );
}

/** `anyOf: [X, {type:"null"}]` → X with `nullable: true`. */
export function nullableFromAnyOf(node: JsonObject): JsonObject {
  const anyOf = own(node, "anyOf");
  if (!Array.isArray(anyOf) || !anyOf.some(isNullBranch)) return node;
  const rest = anyOf.filter((branch) => !isNullBranch(branch));
  const base = { ...without(node, "anyOf"), nullable: true };
  if (rest.length === 0) return base;
  return rest.length === 1 && isObject(rest[0]) ? mergeSingleBranch(base, rest[0]) : { ...base, anyOf: rest };
}

export function constToEnum(node: JsonObject, path: string, ctx: RepairContext): JsonObject {
  if (!Object.hasOwn(node, "const")) return node;
  const value = node.const as JsonValue;
  if (typeof value !== "string" || Object.hasOwn(node, "enum"))
    return moveToDescription(node, ["const"], path, ctx, WHY);
  ctx.warn(
    "const-to-enum",
    path,
    `const ${renderValue(canonicalText(value), 80)} written as a one-value enum`,
  );
  return { ...without(node, "const"), enum: [value] };
}

/**
 * Gemini enums are non-empty lists of non-empty strings on STRING nodes (§9 #32, #33, #41). A `null` member
 * becomes `nullable`; an enum on a number/boolean node moves to the description so the model still sends a
 * number (stringified numbers would fail the MCP server's own validation); a typeless or string enum with
 * non-string members is stringified; `""` is dropped with a note.
 */
export function geminiEnum(input: JsonObject, path: string, ctx: RepairContext): JsonObject {
  const values = own(input, "enum");
  if (!Array.isArray(values)) return input.format === "enum" ? without(input, "format") : input;
  let node = input;
  if (values.includes(null)) node = { ...node, nullable: true };
  let members: JsonValue[] = values.filter((value) => value !== null);
  const types = typesOf(node);
  const allStrings = members.every((value) => typeof value === "string");
  if (types.length > 0 && types[0] !== "string")
    return moveToDescription(node, ["enum"], path, ctx, "is only allowed for STRING in Gemini");
  if (
    types.length === 0 &&
    !allStrings &&
    members.every((value) => typeof value === "number" || typeof value === "boolean")
  ) {
    return moveToDescription(node, ["enum"], path, ctx, "has non-string values, which Gemini rejects");
  }
  if (!allStrings) {
    ctx.warn(
      "enum-stringified",
      path,
      `enum values ${renderList(members, 20)} stringified (Gemini enums are strings)`,
    );
    members = uniqueValues(
      members.map((value) => (typeof value === "string" ? value : canonicalText(value))),
    );
  }
  if (members.includes("")) {
    ctx.warn(
      "enum-empty-string-dropped",
      path,
      "empty string removed from enum (Gemini rejects it); noted in the description",
    );
    members = members.filter((value) => value !== "");
    node = appendNote(node, 'an empty string "" is also accepted');
  }
  if (members.length === 0) {
    ctx.warn("enum-empty-dropped", path, "enum left without values; removed");
    return without(node, "enum", ...(node.format === "enum" ? ["format"] : []));
  }
  return { ...node, type: "string", enum: members };
}
