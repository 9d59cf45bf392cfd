import type { JsonObject, JsonValue } from "../spec/json.js";

/** A JSON object that is not an array (schemas, `properties` maps). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Own-property read: `required: ["constructor"]` must not find `Object.prototype.constructor`. */
export function own(node: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/** Whether `pattern` compiles as a JavaScript regular expression (what repair keeps and what it drops). */
export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Sets `key` on an object this module just created (never on input), safe for `__proto__`. */
export function defineKey(target: JsonObject, key: string, value: JsonValue): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** `node` without `keys`: a copy, or `node` itself when it has none of them. */
export function without(node: JsonObject, ...keys: string[]): JsonObject {
  if (!keys.some((key) => Object.hasOwn(node, key))) return node;
  const copy: JsonObject = {};
  for (const key of Object.keys(node)) {
    if (!keys.includes(key)) defineKey(copy, key, node[key] as JsonValue);
  }
  return copy;
}

/** Structural equality of two JSON values (key order ignored). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

/** Structural equality with key order too (two trees that serialise to the same JSON text). */
export function sameTree(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameTree(a[index], b[index])) return false;
    return true;
  }
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    if (key !== other[index] || !sameTree(a[key], b[key])) return false;
  }
  return true;
}

/** Values deduplicated by structural equality, first occurrence kept. */
export function uniqueValues(values: readonly JsonValue[]): JsonValue[] {
  if (values.length <= 32) {
    // Pairwise: cheaper than serialising whole subschemas, and differences show up in the first keys.
    const out: JsonValue[] = [];
    for (const value of values) if (!out.some((kept) => jsonEqual(kept, value))) out.push(value);
    return out.length === values.length ? (values as JsonValue[]) : out;
  }
  const seen = new Set<unknown>();
  const out: JsonValue[] = [];
  for (const value of values) {
    // Primitives are their own key (a string and a number never collide in a Set); objects get a stable text.
    const key = typeof value === "object" && value !== null ? `\u0000${canonicalText(value)}` : value;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * Canonical JSON text of a value: object keys sorted by code unit, no whitespace, arrays in order. Whatever
 * repair writes into a description or a warning from a schema value goes through this, so a server that lists
 * the same schema with its keys in another order gets the same bytes (and a warm prompt cache).
 */
export function canonicalText(value: JsonValue | undefined): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalText(value[key] as JsonValue)}`).join(",")}}`;
}

/** A value rendered for a description or a warning, clipped so a huge enum cannot blow up the text. */
export function renderValue(value: JsonValue, limit = 200): string {
  const text = typeof value === "string" ? value : canonicalText(value);
  return text.length > limit ? `${text.slice(0, limit - 3)}...` : text;
}

/** A list of values rendered for a description: at most `max` items, then a count of the rest. */
export function renderList(values: readonly JsonValue[], max = 50): string {
  const shown = values.slice(0, max).map((value) => renderValue(canonicalText(value), 80));
  const rest = values.length - shown.length;
  return rest > 0 ? `${shown.join(", ")}, ... (${rest} more)` : shown.join(", ");
}

/** JSON pointer (RFC 6901) of `base` extended by one token, or two. */
export function pointer(base: string, first: string | number, second?: string | number): string {
  // No rest array or iterator: every walk of a repair calls this for every child, on every pass.
  const out = `${base}/${pointerToken(first)}`;
  return second === undefined ? out : `${out}/${pointerToken(second)}`;
}

function pointerToken(token: string | number): string {
  if (typeof token === "number") return String(token);
  return token.includes("~") || token.includes("/")
    ? token.replaceAll("~", "~0").replaceAll("/", "~1")
    : token;
}

/** The tokens of a JSON pointer, unescaped; `undefined` when it is not a pointer. */
export function pointerTokens(text: string): string[] | undefined {
  if (text === "") return [];
  if (!text.startsWith("/")) return undefined;
  return text
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}
