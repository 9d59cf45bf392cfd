/**
 * Readers that give, for plain JSON (what JSON.parse makes of a server's answer), exactly what the SDK's zod
 * schemas (zod 4, the legacy 2025-era codec) return for it, or undefined when they cannot be sure. The behaviours
 * they follow, measured on that codec (initialize-result and list-result property tests hold them equal):
 *
 * - an object's output has the schema's members first, in the schema's order (not the input's), then, for a
 *   `z.looseObject`, the other members in the input's order, their values as they are (the same references);
 * - a `z.object` drops members it does not know; here such a member makes the reader give up instead, so that a
 *   member a newer SDK learns to read is never silently dropped;
 * - a `z.record` and a JSON value are copied member by member, in the input's order;
 * - every one of them drops a `__proto__` member; an object with one is left to the SDK;
 * - optional members that are absent stay absent.
 *
 * Anything else JSON.parse cannot make (another prototype, a symbol or accessor or non-enumerable key, an
 * undefined member, a hole, a non-finite number) is left to the SDK too.
 */

/** A member's value as the SDK's schema returns it, or undefined when the reader is not sure. */
export type Read<T = unknown> = (value: unknown) => T | undefined;

/** One member of an object schema, in the schema's order. */
export interface Member {
  readonly key: string;
  readonly read: Read;
  readonly required?: boolean;
}

/** A required member. */
export function required(key: string, read: Read): Member {
  return { key, read, required: true };
}

/** An optional member. */
export function optional(key: string, read: Read): Member {
  return { key, read };
}

/**
 * An object schema: `z.object` when `others` is "refuse" (a member it does not know makes the reader give up),
 * `z.looseObject` when it is "keep" (such members follow the known ones, as they are).
 */
export function objectOf(
  members: readonly Member[],
  others: "refuse" | "keep",
): Read<Record<string, unknown>> {
  const known = new Set(members.map(({ key }) => key));
  return (value) => {
    if (!isPlainRecord(value)) return undefined;
    const out: Record<string, unknown> = {};
    for (const { key, read, required: mandatory } of members) {
      if (!Object.hasOwn(value, key)) {
        if (mandatory === true) return undefined;
        continue;
      }
      const member = read(value[key]);
      if (member === undefined) return undefined;
      out[key] = member;
    }
    for (const key of Object.keys(value)) {
      if (known.has(key)) continue;
      if (others === "refuse") return undefined;
      out[key] = value[key];
    }
    return out;
  };
}

/** `z.array(item)`: a dense array, each item read. */
export function arrayOf(item: Read): Read<unknown[]> {
  return (value) => {
    if (!isDenseArray(value)) return undefined;
    const out: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const read = item(value[index]);
      if (read === undefined) return undefined;
      out[index] = read;
    }
    return out;
  };
}

/** `z.record(z.string(), member)`: every member read, in the input's order. */
export function recordOf(member: Read): Read<Record<string, unknown>> {
  return (value) => {
    if (!isPlainRecord(value)) return undefined;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const read = member(value[key]);
      if (read === undefined) return undefined;
      out[key] = read;
    }
    return out;
  };
}

/** `z.enum(values)`. */
export function oneOf<T extends string>(values: readonly T[]): Read<T> {
  return (value) => (values.includes(value as T) ? (value as T) : undefined);
}

/** `z.string()`. */
export const string: Read<string> = (value) => (typeof value === "string" ? value : undefined);

/** `z.boolean()`. */
export const boolean: Read<boolean> = (value) => (typeof value === "boolean" ? value : undefined);

/** `z.number()`, which refuses the non-finite ones. */
export const finiteNumber: Read<number> = (value) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** The schemas' `JSONObjectSchema`, `z.record(z.string(), JSONValue)`: a copy, member by member. */
export const jsonObject: Read<Record<string, unknown>> = (value) => jsonCopy(value, 0);

/** `IconSchema`'s array (`icons` of an implementation, a resource, a template or a prompt). */
export const icons: Read<unknown[]> = arrayOf(
  objectOf(
    [
      required("src", string),
      optional("mimeType", string),
      optional("sizes", arrayOf(string)),
      optional("theme", oneOf(["light", "dark"])),
    ],
    "refuse",
  ),
);

/** Far deeper than any capability or metadata; deeper nesting is left to the SDK (which recurses too). */
const MAX_DEPTH = 64;

/** A JSON object's copy; undefined for any other value and for anything JSON.parse cannot make. */
function jsonCopy(value: unknown, depth: number): Record<string, unknown> | undefined {
  if (depth >= MAX_DEPTH || !isPlainRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = jsonValue(value[key], depth + 1);
    if (member === undefined) return undefined;
    out[key] = member;
  }
  return out;
}

/** `JSONValueSchema`: primitives as they are, objects and arrays copied. */
function jsonValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (!Array.isArray(value)) return jsonCopy(value, depth);
  if (depth >= MAX_DEPTH || !isDenseArray(value)) return undefined;
  const out: unknown[] = new Array(value.length);
  for (let index = 0; index < value.length; index += 1) {
    const member = jsonValue(value[index], depth + 1);
    if (member === undefined) return undefined;
    out[index] = member;
  }
  return out;
}

/**
 * A plain object as JSON.parse makes one: Object.prototype, and only string keys naming enumerable data members
 * that are not undefined; no `__proto__` member (which every schema drops).
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== "string" || key === "__proto__") return false;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !descriptor.enumerable || !("value" in descriptor)) return false;
    if (descriptor.value === undefined) return false;
  }
  return true;
}

/** An array as JSON.parse makes one: Array.prototype, no holes, nothing but its indexes and `length`. */
function isDenseArray(value: unknown): value is unknown[] {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
  if (Reflect.ownKeys(value).length !== value.length + 1) return false;
  for (let index = 0; index < value.length; index += 1) if (!Object.hasOwn(value, index)) return false;
  return true;
}
