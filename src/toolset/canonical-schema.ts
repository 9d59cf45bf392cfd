import { defineKey } from "../schema/json-utils.js";
import type { JsonValue } from "../spec/json.js";
import type { SchemaInterner } from "./schema-interner.js";

/**
 * Canonical form of a JSON Schema for byte-stable serialisation: object keys sorted (so a server that reorders
 * keys does not change a byte), `required` sorted and de-duplicated (it is a set). Every other array keeps its
 * order: `enum`, `items` tuples, `anyOf` branches and `type` lists carry meaning in their order for the model.
 * Returns a new value; the input is not touched. `freeze`: every array and object of the result is frozen.
 * `intern`: frozen, and every subtree is the same object as an equal one the interner made before.
 */
export function canonicalSchema(
  value: JsonValue,
  options: { freeze?: boolean; intern?: SchemaInterner } = {},
): JsonValue {
  if (options.intern !== undefined) return options.intern.canonical(value);
  return canonicalise(value, undefined, options.freeze === true ? Object.freeze : undefined);
}

/** What happens to each finished array and object (frozen, or nothing). */
type Finish = <T extends object>(value: T) => T;

/** `finish`: every array and object is frozen as it is made (one walk instead of a copy and a deep freeze). */
function canonicalise(value: JsonValue, key: string | undefined, finish: Finish | undefined): JsonValue {
  if (Array.isArray(value)) {
    if (key === "required" && value.every((item) => typeof item === "string")) {
      return done([...new Set(value as string[])].sort(), finish);
    }
    return done(
      value.map((item) => canonicalise(item, undefined, finish)),
      finish,
    );
  }
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: JsonValue } = {};
    const names = sortedNames(Object.keys(value));
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index] as string;
      defineKey(out, name, canonicalise(value[name] as JsonValue, name, finish));
    }
    return done(out, finish);
  }
  return value;
}

/**
 * `names` in `Array.prototype.sort`'s order (UTF-16 code units), sorted in place. A schema object has a handful
 * of keys: insertion sort allocates nothing, where `sort` copies its elements to a work array on every call
 * (43 MB of the 80 MB a first translation of 5,000 tools allocated in this function). Keys are distinct, so the
 * order is the same.
 */
export function sortedNames(names: string[]): string[] {
  if (names.length > 16) return names.sort();
  for (let index = 1; index < names.length; index += 1) {
    const name = names[index] as string;
    let at = index - 1;
    while (at >= 0 && (names[at] as string) > name) {
      names[at + 1] = names[at] as string;
      at -= 1;
    }
    names[at + 1] = name;
  }
  return names;
}

function done<T extends object>(value: T, finish: Finish | undefined): T {
  return finish === undefined ? value : finish(value);
}
