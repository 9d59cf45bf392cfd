import type { JsonObject, JsonValue } from "../spec/json.js";
import { canonicalText, own, renderList, renderValue, without } from "./json-utils.js";
import { VALUE_CONSTRAINTS } from "./keywords.js";
import type { RepairContext, SchemaWarningCode } from "./repair-context.js";

/** `node` with `note` appended to its description as ` (note)`, or as the description when it has none. */
export function appendNote(node: JsonObject, note: string): JsonObject {
  const description = own(node, "description");
  const text =
    typeof description === "string" && description.trim() !== "" ? `${description} (${note})` : note;
  return { ...node, description: text };
}

/** How a dropped constraint reads in a description, e.g. `format: uri`, `allowed values: "a", "b"`. */
export function describeConstraint(keyword: string, value: JsonValue): string | undefined {
  switch (keyword) {
    case "enum":
      return Array.isArray(value) ? `allowed values: ${renderList(value)}` : undefined;
    case "const":
      return `must be ${renderValue(canonicalText(value))}`;
    case "default":
    case "example":
      return `${keyword}: ${renderValue(canonicalText(value))}`;
    case "examples":
      return Array.isArray(value) ? `examples: ${renderList(value, 5)}` : undefined;
    case "uniqueItems":
      return value === true ? "items must be unique" : undefined;
    case "deprecated":
    case "readOnly":
    case "writeOnly":
      return value === true ? keyword : undefined;
    default:
      return `${keyword}: ${renderValue(value)}`;
  }
}

function codeFor(keyword: string): SchemaWarningCode {
  if (keyword === "format") return "format-dropped";
  if (keyword === "enum") return "enum-moved-to-description";
  return "constraint-dropped";
}

/**
 * Removes `keywords` from `node` and keeps each as text in its description, one warning per keyword
 * (`format-dropped`, `enum-moved-to-description` or `constraint-dropped`). Notes follow `VALUE_CONSTRAINTS`
 * order so the text does not depend on the input's key order. Keywords absent from `node` are ignored.
 */
export function moveToDescription(
  node: JsonObject,
  keywords: Iterable<string>,
  path: string,
  ctx: RepairContext,
  why: string,
): JsonObject {
  const present = [...new Set(keywords)].filter((keyword) => Object.hasOwn(node, keyword));
  if (present.length === 0) return node;
  present.sort((a, b) => rank(a) - rank(b));
  const notes: string[] = [];
  for (const keyword of present) {
    const value = node[keyword] as JsonValue;
    const note = describeConstraint(keyword, value);
    if (note !== undefined) notes.push(note);
    const fate = note === undefined ? "removed" : "kept in the description";
    ctx.warn(codeFor(keyword), path, `${keyword} ${renderValue(canonicalText(value), 120)} ${why}; ${fate}`);
  }
  const stripped = without(node, ...present);
  return notes.length === 0 ? stripped : appendNote(stripped, notes.join("; "));
}

function rank(keyword: string): number {
  const index = VALUE_CONSTRAINTS.indexOf(keyword);
  return index === -1 ? VALUE_CONSTRAINTS.length : index;
}

/** Removes `keywords` with a `keyword-dropped` warning each (structural keywords a dialect rejects). */
export function dropKeywords(
  node: JsonObject,
  keywords: Iterable<string>,
  path: string,
  ctx: RepairContext,
  why: string,
): JsonObject {
  const present = [...new Set(keywords)].filter((keyword) => Object.hasOwn(node, keyword));
  if (present.length === 0) return node;
  for (const keyword of present) ctx.warn("keyword-dropped", path, `${keyword} ${why}; removed`);
  return without(node, ...present);
}
