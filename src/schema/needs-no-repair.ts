import { compiles } from "./json-utils.js";
import { JSON_TYPES, META_KEYWORDS } from "./keywords.js";

/** More schema nodes or deeper nesting than this is never proven clean (the full pipeline caps and budgets it). */
const MAX_NODES = 5_000;
const MAX_DEPTH = 32;

const TYPES: ReadonlySet<string> = new Set(JSON_TYPES);
const COUNTS = new Set(["minLength", "maxLength", "minItems", "maxItems"]);
const NUMBERS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);
const TEXTS = new Set(["description", "title", "format"]);
const META: ReadonlySet<string> = new Set(META_KEYWORDS);

/**
 * `repairSchema(input, "anthropic").schema` when that is provably `input` itself, or `input` without its meta
 * keywords (`$schema`, `$id`, `$comment`, ..., which repair removes silently: most zod-made schemas carry a root
 * `$schema`): same content otherwise, no warning. Else `undefined` (repair it).
 *
 * A cheap read-only walk over an allow-list of keywords whose values are already what every normalisation step
 * wants (an exact lower-case `type`, unique `required` names `properties` defines, a non-empty unique string
 * `enum` its type admits, finite bounds (2020-12's numeric `exclusiveMinimum` too), compiling `pattern`,
 * `propertyNames` a clean schema, plain JSON `default`), with an object root of `type: "object"` and no `$ref`,
 * combinator or anything else. Anything outside the list answers `undefined`, so the answer can be too
 * cautious but never wrong; `needs-no-repair.test.ts` checks it against the real pipeline on the Smithery
 * corpus and on generated schemas. A build then skips the pipeline (copy, inlining, normalisation, fixed-point
 * re-run) for such schemas. The result shares the input's objects: copy it before editing.
 */
export function cleanForAnthropic(input: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(input) || input.type !== "object" || Object.hasOwn(input, "enum")) return undefined;
  const state = { nodes: 0, meta: false };
  if (!cleanNode(input, 0, state)) return undefined;
  return state.meta ? withoutMeta(input) : input;
}

/** Whether `cleanForAnthropic` proves the repair trivial. */
export function isCleanForAnthropic(input: unknown): boolean {
  return cleanForAnthropic(input) !== undefined;
}

/** Each name has a schema in `properties` (when there is one): repair removes the others from `required`. */
function definedNames(required: unknown, properties: unknown): boolean {
  if (!isPlainObject(properties)) return true;
  return (
    Array.isArray(required) &&
    required.every((name) => typeof name === "string" && Object.hasOwn(properties, name))
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

interface WalkState {
  nodes: number;
  /** A meta keyword was seen (the result is a copy without them). */
  meta: boolean;
}

function cleanNode(node: Record<string, unknown>, depth: number, budget: WalkState): boolean {
  budget.nodes += 1;
  if (budget.nodes > MAX_NODES || depth > MAX_DEPTH) return false;
  // `for...in` makes no key array; an inherited enumerable key (a polluted prototype) is never proven clean.
  for (const key in node) {
    if (!Object.hasOwn(node, key)) return false;
    const value = node[key];
    if (META.has(key)) {
      // Removed whatever its value, but a value the JSON copy would rewrite warns first.
      if (!plainJson(value, 0)) return false;
      budget.meta = true;
    } else if (TEXTS.has(key)) {
      if (typeof value !== "string") return false;
    } else if (COUNTS.has(key)) {
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || Object.is(value, -0))
        return false;
    } else if (NUMBERS.has(key)) {
      if (typeof value !== "number" || !Number.isFinite(value) || Object.is(value, -0)) return false;
    } else {
      switch (key) {
        case "type":
          if (!cleanType(value)) return false;
          break;
        case "required":
          if (!uniqueStrings(value) || !definedNames(value, node.properties)) return false;
          break;
        case "enum":
          if (!cleanEnum(value, node.type)) return false;
          break;
        case "pattern":
          if (typeof value !== "string" || !compiles(value)) return false;
          break;
        case "default":
          if (!plainJson(value, 0)) return false;
          break;
        case "properties": {
          if (!isPlainObject(value)) return false;
          for (const name in value) {
            if (!Object.hasOwn(value, name)) return false;
            const child = value[name];
            if (!isPlainObject(child) || !cleanNode(child, depth + 1, budget)) return false;
          }
          break;
        }
        case "items":
        case "propertyNames":
          if (!isPlainObject(value) || !cleanNode(value, depth + 1, budget)) return false;
          break;
        case "additionalProperties":
          if (typeof value === "boolean") break;
          if (!isPlainObject(value) || !cleanNode(value, depth + 1, budget)) return false;
          break;
        default:
          return false;
      }
    }
  }
  return true;
}

/** One exact type name, or a list of two or more distinct ones (a one-element list is rewritten). */
function cleanType(value: unknown): boolean {
  if (typeof value === "string") return TYPES.has(value);
  if (!Array.isArray(value) || value.length < 2) return false;
  for (const entry of value) if (typeof entry !== "string" || !TYPES.has(entry)) return false;
  return distinct(value as string[]);
}

function uniqueStrings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const entry of value) if (typeof entry !== "string") return false;
  return distinct(value as string[]);
}

/** No string twice: pairwise for the short lists schemas have (no allocation), through a Set beyond. */
function distinct(values: readonly string[]): boolean {
  if (values.length > 16) return new Set(values).size === values.length;
  for (let index = 1; index < values.length; index += 1) {
    for (let before = 0; before < index; before += 1) if (values[before] === values[index]) return false;
  }
  return true;
}

/** Distinct strings on a node that admits strings (untyped, `string`, or a type list with `string`). */
function cleanEnum(value: unknown, type: unknown): boolean {
  const admitsStrings =
    type === undefined || type === "string" || (Array.isArray(type) && type.includes("string"));
  return admitsStrings && uniqueStrings(value) && (value as string[]).length > 0;
}

/** Strings, finite numbers (not -0), booleans, null, and plain arrays and objects of them. */
function plainJson(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1) {
          if (!Object.hasOwn(value, index) || !plainJson(value[index], depth + 1)) return false;
        }
        return true;
      }
      if (!isPlainObject(value)) return false;
      for (const key of Object.keys(value)) if (!plainJson(value[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * `node` without meta keywords at any schema position (what `normalizeSchema` removes). Only the nodes on the way
 * to one are copied; every other subtree is shared: zod's schemas carry a root `$schema` and nothing below it.
 */
function withoutMeta(node: Record<string, unknown>): Record<string, unknown> {
  return stripMeta(node) ?? node;
}

/** `node` copied without its meta keywords, or `undefined` when neither it nor a subschema has one. */
function stripMeta(node: Record<string, unknown>): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  // `cleanNode` proved every key own and every object plain.
  for (const key in node) {
    const value = node[key];
    let kept: unknown = value;
    if (META.has(key)) kept = DROP;
    else if (key === "properties") kept = stripProperties(value as Record<string, unknown>) ?? value;
    else if (
      (key === "items" || key === "additionalProperties" || key === "propertyNames") &&
      isPlainObject(value)
    )
      kept = stripMeta(value) ?? value;
    if (out === undefined && kept !== value) out = keysBefore(node, key);
    if (out !== undefined && kept !== DROP) setKey(out, key, kept);
  }
  return out;
}

function stripProperties(properties: Record<string, unknown>): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const name in properties) {
    const child = properties[name] as Record<string, unknown>;
    const kept = stripMeta(child);
    if (out === undefined && kept !== undefined) out = keysBefore(properties, name);
    if (out !== undefined) setKey(out, name, kept ?? child);
  }
  return out;
}

const DROP = Symbol("drop");

/** A new object with `record`'s members before `stop`. */
function keysBefore(record: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in record) {
    if (key === stop) break;
    setKey(out, key, record[key]);
  }
  return out;
}

/** An own member, `__proto__` included (a property may be named so). */
function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
